import { paymasterUrlFor } from '../config';
import type { Network } from '../config';
import type { TokenRecord } from '../state/schema';
import type { PaymasterView } from '../ui/homePaymaster';
import type { WalletContext } from '../wallet/context';

/**
 * The current network's paymaster as the page shows it: its host and the
 * tracked tokens it takes that an account of the page holds. Asked beside
 * the node's batch (another server, no added wait); a paymaster that fails
 * offers no token, and the page says nothing more.
 *
 * @param context - The user's context.
 * @param network - The current network.
 * @param held - The tracked tokens some account holds.
 * @returns The view, or undefined without a paymaster.
 */
export async function readPaymasterView(
  context: WalletContext,
  network: Network,
  held: Promise<TokenRecord[]>,
): Promise<PaymasterView | undefined> {
  const paymaster = context.paymaster(network);
  if (!paymaster) {
    return undefined;
  }
  const supported = await paymaster.supportedTokens().catch((): bigint[] => []);
  const tokens = await held;
  return {
    host: paymaster.host,
    feeTokens: tokens
      .filter(({ address }) => supported.includes(BigInt(address)))
      .map(({ address, symbol }) => ({ address, symbol })),
  };
}

/**
 * A network's paymaster as its box shows it.
 *
 * @param network - The network.
 * @returns Its URL and whether it was chosen (not the build's).
 */
export function paymasterOfNetwork(network: Network): {
  paymaster: string | undefined;
  chosen: boolean;
} {
  return {
    paymaster: paymasterUrlFor(network),
    chosen: network.paymasterUrl !== undefined,
  };
}

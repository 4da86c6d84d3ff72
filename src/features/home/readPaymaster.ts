import type { PaymasterView } from './views/paymaster';
import { paymasterUrlFor } from '../../config';
import type { Network } from '../../config';
import type { TokenRecord } from '../../state/schema';
import type { WalletContext } from '../../wallet/context';

/** What the current network's paymaster said: its host and the tokens it takes. */
export type PaymasterAnswer = { host: string; supported: bigint[] };

/**
 * Asks the current network's paymaster which tokens it takes, beside the
 * node's batch (another server: no added wait). A paymaster that fails
 * takes none, and the page says nothing more.
 *
 * @param context - The user's context.
 * @param network - The current network.
 * @returns Its answer, or undefined without a paymaster.
 */
export async function askPaymaster(
  context: WalletContext,
  network: Network,
): Promise<PaymasterAnswer | undefined> {
  const paymaster = context.paymaster(network);
  if (!paymaster) {
    return undefined;
  }
  const supported = await paymaster.supportedTokens().catch((): bigint[] => []);
  return { host: paymaster.host, supported };
}

/**
 * The paymaster as the send form offers it: the tracked tokens it takes
 * that an account of the page holds.
 *
 * @param answer - What it said.
 * @param tokens - The tracked tokens.
 * @param accounts - The accounts' balances, in the order of `tokens`.
 * @returns The view, or undefined without a paymaster.
 */
export function paymasterViewOf(
  answer: PaymasterAnswer | undefined,
  tokens: TokenRecord[],
  accounts: { balances: { amount?: bigint }[] }[],
): PaymasterView | undefined {
  if (!answer) {
    return undefined;
  }
  return {
    host: answer.host,
    feeTokens: tokens
      .filter(
        ({ address }, index) =>
          answer.supported.includes(BigInt(address)) &&
          accounts.some(({ balances }) => (balances[index]?.amount ?? 0n) > 0n),
      )
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

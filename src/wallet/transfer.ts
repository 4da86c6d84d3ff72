import { requestView } from './access';
import type { WalletContext } from './context';
import { sendWithPaymaster } from './paymasterTransaction';
import type { PaymasterChoice } from './paymasterTransaction';
import { sendTransaction } from './transaction';
import type { Network } from '../config';
import { findOwnAccount } from '../keys/ownership';
import type { ShownName } from '../node/names';
import { hiddenFromNode } from '../state/networks';
import type { TokenRecord } from '../state/schema';
import { confirmNodeSeesAccounts } from '../ui/dialogs';

/** A u256 is two felts: the low and the high 128 bits. */
const U128 = 2n ** 128n;

/** A token transfer the user asks for on the home page. */
export type Transfer = {
  network: Network;
  token: TokenRecord;
  from: string;
  to: string;
  /** In the token's smallest unit; a u256. */
  amount: bigint;
  /** The fee in a token, through the network's paymaster; absent: STRK. */
  paymaster?: PaymasterChoice | undefined;
  /** The Starknet ID name the user typed, resolved to `to`. */
  recipientName?: ShownName | undefined;
};

/**
 * Sends tokens from one of the user's accounts: the same sender and the
 * same confirmation as snapnet_executeTxn. On a network a site added, its
 * node sees the sender only after the user agrees.
 *
 * @param context - The user's context (the home page).
 * @param transfer - What to send.
 * @returns The hash of the transfer.
 */
export async function transferToken(
  context: WalletContext,
  transfer: Transfer,
): Promise<string> {
  const { network, token, from, to, amount } = transfer;
  const state = await context.state();
  const account = await findOwnAccount(
    context.keys,
    from,
    state.accounts.filter(({ chainId }) => chainId === network.chainId),
    'from',
  );
  if (hiddenFromNode(state, network, [from]).length > 0) {
    await confirmNodeSeesAccounts({
      request: await requestView(context, network, from),
      title: 'Send from this account',
      accounts: `this account (${from})`,
    });
  }
  const call = {
    contractAddress: token.address,
    entrypoint: 'transfer',
    calldata: [
      to,
      `0x${(amount % U128).toString(16)}`,
      `0x${(amount / U128).toString(16)}`,
    ],
  };
  if (transfer.paymaster) {
    return sendWithPaymaster({
      context,
      network,
      account,
      calls: [call],
      choice: transfer.paymaster,
      field: 'Fee',
      display: { recipientName: transfer.recipientName },
    });
  }
  const { hashes } = await sendTransaction({
    context,
    network,
    account,
    intent: { type: 'INVOKE', calls: [call] },
    details: {},
    field: 'details',
    display: { recipientName: transfer.recipientName },
  });
  return hashes[hashes.length - 1] ?? '';
}

import type { WalletContext } from './context';
import type { Network } from '../config';
import { dateText } from '../prices/dates';
import type { WalletCall } from '../sender/intent';
import { callsKeyOf, openExecutionsOfCalls } from '../state/openExecutions';

/**
 * The warning a transaction's dialog carries when the same calls of the
 * same account, signed earlier as an outside execution and handed to a
 * paymaster, may still run (src/state/openExecutions.ts): sending them
 * again, through a paymaster or as an ordinary transaction, may pay twice.
 * Keyed on the calls, the account and the network, so every path that
 * sends calls shows it; gone once the execution's window has closed or
 * the chain has settled it.
 *
 * @param context - The wallet.
 * @param network - The network.
 * @param account - The account.
 * @param calls - The calls to send (none: a deployment alone, never warned).
 * @returns The warnings (none when nothing is open).
 */
export async function payTwiceWarnings(
  context: WalletContext,
  network: Network,
  account: string,
  calls: readonly WalletCall[],
): Promise<string[]> {
  if (calls.length === 0) {
    return [];
  }
  const open = openExecutionsOfCalls(
    await context.state(),
    network.chainId,
    account,
    callsKeyOf(calls),
    Math.floor(Date.now() / 1000),
  );
  const { locale } = await context.preferences();
  return open.map(
    ({ outsideExecution }) =>
      `The same calls of this account, signed earlier and handed to ${outsideExecution?.paymaster ?? 'a paymaster'}, may still run until ${dateText(outsideExecution?.executeBefore ?? 0, locale, true)}: the wallet has not seen them run or expire. Sending them again may pay twice.`,
  );
}

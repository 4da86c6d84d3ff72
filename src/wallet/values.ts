import type { WalletContext } from './context';
import type { Network } from '../config';
import type { OracleAnswer } from '../prices/pragma';
import { isPriced, priceReads } from '../prices/quotes';
import type { PriceBook } from '../prices/quotes';
import type { Reading } from '../node/answers';
import type { LateValues } from '../ui/values';

/**
 * How long the oracle's answer may be awaited while a dialog is open:
 * past it, the dialog's values say "no recent price" (a stalling oracle or
 * node costs the values, never the dialog).
 */
export const PRICE_READ_MS = 3_000;

/**
 * A batch's answers, or none when it fails or takes longer than the limit.
 *
 * @param sending - The batch on its way.
 * @param limitMs - How long to wait.
 * @returns The answers, or none.
 */
async function answersWithin(
  sending: Promise<PromiseSettledResult<Reading<OracleAnswer>>[]>,
  limitMs: number,
): Promise<PromiseSettledResult<Reading<OracleAnswer>>[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<[]>((resolve) => {
    timer = setTimeout(() => resolve([]), limitMs);
  });
  try {
    return await Promise.race([sending.catch(() => []), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The values of a confirmation's amounts, read while it is open (one
 * round trip of the oracle's reads, bounded in time), in the user's locale
 * and currency. Nothing is read when the user turned external pricing data
 * off, hides balances, or the network has no oracle.
 *
 * @param context - The request's context (its preferences).
 * @param network - The network.
 * @returns The values to read.
 */
export async function lateValues(
  context: WalletContext,
  network: Network,
): Promise<LateValues> {
  const preferences = await context.preferences();
  return {
    display: { locale: preferences.locale, hidden: preferences.hideBalances },
    priced: (token) => isPriced(network, token, preferences),
    read: async (tokens): Promise<PriceBook> => {
      const reads = priceReads(network, tokens, preferences);
      const answers =
        reads.calls.length === 0
          ? []
          : await answersWithin(
              context.node(network).batchSettled(reads.calls),
              PRICE_READ_MS,
            );
      return reads.bookOf(answers, Math.floor(Date.now() / 1000));
    },
  };
}

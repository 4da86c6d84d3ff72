import type { AccountView } from './views/accounts';
import { sumOf } from '../../prices/money';
import type { Money } from '../../prices/money';
import type { PriceBook, Worth } from '../../prices/quotes';

/**
 * What the page's balances are worth: each token line's value (or "no
 * recent price"), each staked total's, each account's total and the
 * network's, from the prices read in the same node batch as the balances.
 * A total counts the lines that have a value (staked amounts too, not the
 * unclaimed rewards: an estimate the overview does not show); it says so
 * when some line has none.
 */

/**
 * A line with its worth, when its token has a pair.
 *
 * @param line - A balance or a staked total.
 * @param line.amount - Its amount, when read.
 * @param line.decimals - Its token's decimals.
 * @param token - Its token's address.
 * @param book - The prices.
 * @returns The line, with `worth` when it has one.
 */
function valued<Line extends { amount?: bigint; decimals: number }>(
  line: Line,
  token: string | undefined,
  book: PriceBook,
): Line & { worth?: Worth } {
  const worth: Worth =
    line.amount === undefined || token === undefined
      ? undefined
      : book.worthOf(token, line.amount, line.decimals);
  return worth === undefined ? line : { ...line, worth };
}

/**
 * The accounts with each balance's and staked total's worth, their totals,
 * and the network's.
 *
 * @param accounts - The accounts as read (balances without worth).
 * @param tokens - The tokens, in the balances' order (their addresses).
 * @param book - The prices.
 * @returns The accounts with worth, and the network's total.
 */
export function withValues(
  accounts: AccountView[],
  tokens: string[],
  book: PriceBook,
): { accounts: AccountView[]; total?: Money; partial: boolean } {
  const valuedAccounts = accounts.map((account) => {
    const balances = account.balances.map((balance, index) =>
      valued(balance, tokens[index], book),
    );
    const staked = account.staked?.map((total) =>
      valued(total, total.token, book),
    );
    const lines = [...balances, ...(staked ?? [])];
    const values = lines.flatMap(({ worth }) =>
      worth !== undefined && 'money' in worth ? [worth.money] : [],
    );
    const partial = lines.some(
      ({ worth }) => worth !== undefined && 'noRecentPrice' in worth,
    );
    const total = sumOf(values);
    return {
      ...account,
      balances,
      ...(staked === undefined ? {} : { staked }),
      ...(total === undefined ? {} : { worth: { total, partial } }),
    };
  });
  const total = sumOf(
    valuedAccounts.flatMap(({ worth }) => (worth ? [worth.total] : [])),
  );
  return {
    accounts: valuedAccounts,
    ...(total === undefined ? {} : { total }),
    partial: valuedAccounts.some(({ worth }) => worth?.partial === true),
  };
}

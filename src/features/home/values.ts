import type { AccountView } from './views/accounts';
import { sumOf } from '../../prices/money';
import type { Money } from '../../prices/money';
import type { PriceBook, Worth } from '../../prices/quotes';

/**
 * What the page's balances are worth: each token line's value (or "no
 * recent price"), each account's total and the network's, from the prices
 * read in the same node batch as the balances. A total counts the lines
 * that have a value; it says so when some line has none.
 */

/**
 * The accounts with each balance's worth, their totals, and the network's.
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
  const valued = accounts.map((account) => {
    const balances = account.balances.map((balance, index) => {
      const token = tokens[index];
      const worth: Worth =
        balance.amount === undefined || token === undefined
          ? undefined
          : book.worthOf(token, balance.amount, balance.decimals);
      return worth === undefined ? balance : { ...balance, worth };
    });
    const values = balances.flatMap(({ worth }) =>
      worth !== undefined && 'money' in worth ? [worth.money] : [],
    );
    const partial = balances.some(
      ({ worth }) => worth !== undefined && 'noRecentPrice' in worth,
    );
    const total = sumOf(values);
    return {
      ...account,
      balances,
      ...(total === undefined ? {} : { worth: { total, partial } }),
    };
  });
  const total = sumOf(
    valued.flatMap(({ worth }) => (worth ? [worth.total] : [])),
  );
  return {
    accounts: valued,
    ...(total === undefined ? {} : { total }),
    partial: valued.some(({ worth }) => worth?.partial === true),
  };
}

import { logger } from '../logger';
import type { MoneyDisplay } from '../prices/money';
import { markTold, releaseNews } from '../state/activity';
import type { Arrival, News } from '../state/activity';
import type { TransactionRecord, WalletState } from '../state/schema';
import { notifyArrival, notifyOutcome } from '../ui/notifications';

/**
 * What a background run found, told to the user in MetaMask's
 * notifications: each piece once, a failed one released for the next run.
 */

/**
 * The account's name as the page shows it.
 *
 * @param state - The state.
 * @param chainId - Its network.
 * @param address - The account.
 * @returns The name.
 */
function accountNameOf(
  state: WalletState,
  chainId: string,
  address: string,
): string {
  const account = state.accounts.find(
    (candidate) =>
      candidate.address === address && candidate.chainId === chainId,
  );
  if (!account) {
    return 'An account of this wallet';
  }
  return account.name ?? `Account ${account.addressIndex}`;
}

/**
 * Tells the user the news of a run, each piece on its own: one failing
 * notification does not hold back the others.
 *
 * @param state - The state the run read.
 * @param news - The outcomes and arrivals to tell.
 * @param news.outcomes - Transactions accepted, reverted or rejected.
 * @param news.arrivals - Tokens that arrived.
 * @param display - The user's locale, and whether balances are hidden.
 * @returns How many notifications were tried.
 */
export async function tellNews(
  state: WalletState,
  news: { outcomes: TransactionRecord[]; arrivals: Arrival[] },
  display: MoneyDisplay,
): Promise<number> {
  const networkName = (chainId: string): string =>
    state.networks.find((network) => network.chainId === chainId)?.name ??
    chainId;
  const notices: { news: News; notify: () => Promise<void> }[] = [
    ...news.outcomes.map((record) => ({
      news: { outcome: record },
      notify: async (): Promise<void> =>
        notifyOutcome({
          record,
          networkName: networkName(record.chainId),
          accountName: accountNameOf(
            state,
            record.chainId,
            record.senderAddress,
          ),
          tokens: state.tokens.filter(
            ({ chainId }) => chainId === record.chainId,
          ),
          display,
        }),
    })),
    ...news.arrivals.flatMap((arrival) => {
      const token = state.tokens.find(
        ({ chainId, address }) =>
          chainId === arrival.chainId && address === arrival.token,
      );
      return token
        ? [
            {
              news: { arrival },
              notify: async (): Promise<void> =>
                notifyArrival({
                  arrival,
                  token,
                  networkName: networkName(arrival.chainId),
                  accountName: accountNameOf(
                    state,
                    arrival.chainId,
                    arrival.account,
                  ),
                  display,
                }),
            },
          ]
        : [];
    }),
  ];
  for (const notice of notices) {
    // Told once snap_notify returned; a failure is told by a later run.
    try {
      await notice.notify();
    } catch (error) {
      logger.warn(
        'Background check: a notification failed; it is tried again on the next run',
        error,
      );
      await releaseNews(notice.news);
      continue;
    }
    await markTold(notice.news);
  }
  return notices.length;
}

import type {
  TransactionRecord,
  TransactionStatus,
  WalletState,
} from './schema';
import { updateState } from './store';

/**
 * The wallet's transaction records as activity: which are still pending,
 * their statuses as the node reports them, and which outcomes the user was
 * told of (each once, see src/background).
 */

/** Statuses after which a transaction does not change (but for L1). */
export const FINAL_STATUSES: readonly TransactionStatus[] = [
  'ACCEPTED_ON_L2',
  'ACCEPTED_ON_L1',
  'REJECTED',
  'REVERTED',
];

/**
 * Whether a status is final.
 *
 * @param status - The status.
 * @returns Whether the transaction's outcome is known.
 */
export function isFinal(status: TransactionStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

/** A record's status as the node answered it. */
export type StatusUpdate = Pick<
  TransactionRecord,
  'chainId' | 'txnHash' | 'status' | 'failureReason'
>;

/**
 * The key an outcome is remembered by.
 *
 * @param record - The record.
 * @param record.chainId - Its chain.
 * @param record.txnHash - Its hash.
 * @returns `<chainId>:<txnHash>`.
 */
function outcomeKey(record: { chainId: string; txnHash: string }): string {
  return `${record.chainId}:${record.txnHash}`;
}

/**
 * Applies statuses to the records they belong to.
 *
 * @param state - The state (changed).
 * @param updates - The statuses.
 */
function applyUpdates(state: WalletState, updates: StatusUpdate[]): void {
  const byKey = new Map(updates.map((update) => [outcomeKey(update), update]));
  for (const record of state.transactions) {
    const update = byKey.get(outcomeKey(record));
    if (update) {
      record.status = update.status;
      record.failureReason = update.failureReason;
    }
  }
}

/**
 * The final records whose outcome the user was not told of yet.
 *
 * @param state - The state.
 * @param told - Outcomes already told.
 * @returns The records.
 */
function untold(state: WalletState, told: Set<string>): TransactionRecord[] {
  return state.transactions.filter(
    (record) => isFinal(record.status) && !told.has(outcomeKey(record)),
  );
}

/** A tracked token's balance of an account, as the node answered it. */
export type BalanceReading = {
  chainId: string;
  account: string;
  token: string;
  amount: bigint;
};

/** A balance that grew since it was last seen: tokens arrived. */
export type Arrival = BalanceReading & { received: bigint };

/**
 * The key a balance is remembered by.
 *
 * @param balance - The balance.
 * @param balance.chainId - Its chain.
 * @param balance.account - The holder.
 * @param balance.token - The token.
 * @returns `<chainId>:<account>:<token>`.
 */
function balanceKey(balance: {
  chainId: string;
  account: string;
  token: string;
}): string {
  return `${balance.chainId}:${balance.account}:${balance.token}`;
}

/**
 * The balances last seen, by key.
 *
 * @param state - The state.
 * @returns Each amount.
 */
function seenBalances(state: WalletState): Map<string, bigint> {
  return new Map(
    (state.notified?.balances ?? []).map((seen) => [
      balanceKey(seen),
      BigInt(seen.amount),
    ]),
  );
}

/**
 * Whether settling would change anything: statuses to store, outcomes to
 * tell, balances not seen before or changed, or no record of what was told
 * yet. Lets the background check leave state alone on a quiet run.
 *
 * @param state - A snapshot of the state.
 * @param updates - Statuses the node answered.
 * @param balances - Balances the node answered.
 * @returns Whether to settle.
 */
export function needsSettling(
  state: WalletState,
  updates: StatusUpdate[],
  balances: BalanceReading[],
): boolean {
  if (updates.length > 0 || state.notified === undefined) {
    return true;
  }
  const seen = seenBalances(state);
  return (
    balances.some(
      (balance) => seen.get(balanceKey(balance)) !== balance.amount,
    ) ||
    untold(
      state,
      new Set([...state.notified.transactions, ...leasedKeys(state)]),
    ).length > 0
  );
}

/**
 * How long news taken by a run stays its own (seconds): a run that died
 * between taking it and telling it leaves it to a later run after this.
 */
export const TELL_LEASE_SECONDS = 600;

/**
 * The keys of news a run is telling now (their lease not run out).
 *
 * @param state - The state.
 * @returns The keys.
 */
function leasedKeys(state: WalletState): Set<string> {
  const since = Math.floor(Date.now() / 1000) - TELL_LEASE_SECONDS;
  return new Set(
    (state.notified?.telling ?? [])
      .filter((lease) => lease.since >= since)
      .map(({ key }) => key),
  );
}

/**
 * Stores the balances answered and takes those that grew since last seen
 * (a balance seen for the first time is only stored), at most `budget`: a
 * growth beyond it keeps its last seen balance, so a later run tells it.
 * Balances of accounts or tokens no longer kept are dropped.
 *
 * @param state - The state (changed).
 * @param balances - Balances the node answered.
 * @param budget - The most arrivals to take.
 * @returns The arrivals.
 */
function settleBalances(
  state: WalletState,
  balances: BalanceReading[],
  budget: number,
): Arrival[] {
  const seen = seenBalances(state);
  const leased = leasedKeys(state);
  const arrivals: Arrival[] = [];
  for (const balance of balances) {
    const key = balanceKey(balance);
    const before = seen.get(key);
    if (before !== undefined && balance.amount > before) {
      // Seen once told (markTold): until then a later run may tell it.
      if (arrivals.length < budget && !leased.has(key)) {
        arrivals.push({ ...balance, received: balance.amount - before });
      }
      continue;
    }
    seen.set(key, balance.amount);
  }
  const kept = new Set(
    state.accounts.flatMap((account) =>
      state.tokens
        .filter((token) => token.chainId === account.chainId)
        .map((token) =>
          balanceKey({
            chainId: account.chainId,
            account: account.address,
            token: token.address,
          }),
        ),
    ),
  );
  if (state.notified) {
    state.notified.balances = [...seen]
      .filter(([key]) => kept.has(key))
      .map(([key, amount]) => {
        const [chainId = '', account = '', token = ''] = key.split(':');
        return { chainId, account, token, amount: amount.toString() };
      });
  }
  return arrivals;
}

/**
 * Stores the statuses and balances the node answered and takes the news to
 * tell the user (outcomes, the oldest first, then arrivals; at most
 * `budget` pieces, the rest left for a later run), leasing it in the same
 * write (so no run at the same time tells it too); each piece is marked
 * told only once snap_notify returned (markTold), and one that failed is
 * released for the next run (releaseNews). On the first run, outcomes
 * already in state count as told: only what changes from then on is news.
 * Told keys of records no longer kept are dropped.
 *
 * @param updates - Statuses the node answered.
 * @param balances - Balances the node answered.
 * @param budget - The most pieces of news to take (MetaMask limits how
 * many notifications a snap may send a minute).
 * @returns The records whose outcome to tell now, and the arrivals.
 */
export async function settleActivity(
  updates: StatusUpdate[],
  balances: BalanceReading[],
  budget: number,
): Promise<{ outcomes: TransactionRecord[]; arrivals: Arrival[] }> {
  return updateState((state) => {
    const told = new Set(
      state.notified?.transactions ?? untold(state, new Set()).map(outcomeKey),
    );
    const leased = leasedKeys(state);
    applyUpdates(state, updates);
    const due = untold(state, new Set([...told, ...leased]))
      .sort((left, right) => left.timestamp - right.timestamp)
      .slice(0, budget);
    const kept = new Set(state.transactions.map(outcomeKey));
    state.notified = {
      ...state.notified,
      transactions: [...told].filter((key) => kept.has(key)),
    };
    const arrivals = settleBalances(state, balances, budget - due.length);
    const now = Math.floor(Date.now() / 1000);
    state.notified.telling = [
      ...(state.notified.telling ?? []).filter(({ key }) => leased.has(key)),
      ...[...due.map(outcomeKey), ...arrivals.map(balanceKey)].map((key) => ({
        key,
        since: now,
      })),
    ];
    return { outcomes: due.map((record) => ({ ...record })), arrivals };
  });
}

/** One piece of news a run took: an outcome or an arrival. */
export type News = { outcome: TransactionRecord } | { arrival: Arrival };

/**
 * The key a piece of news is leased and told by.
 *
 * @param news - The news.
 * @returns Its key.
 */
function newsKey(news: News): string {
  return 'outcome' in news
    ? outcomeKey(news.outcome)
    : balanceKey(news.arrival);
}

/**
 * Marks news told, once snap_notify returned: an outcome joins the told
 * keys, an arrival's balance becomes the one last seen.
 *
 * @param news - What was told.
 */
export async function markTold(news: News): Promise<void> {
  const key = newsKey(news);
  await updateState((state) => {
    const notified = state.notified ?? { transactions: [] };
    notified.telling = (notified.telling ?? []).filter(
      (lease) => lease.key !== key,
    );
    if ('outcome' in news) {
      notified.transactions = [
        ...notified.transactions.filter((told) => told !== key),
        key,
      ];
    } else {
      const { chainId, account, token, amount } = news.arrival;
      notified.balances = [
        ...(notified.balances ?? []).filter((seen) => balanceKey(seen) !== key),
        { chainId, account, token, amount: amount.toString() },
      ];
    }
    state.notified = notified;
  });
}

/**
 * Releases news a run could not tell, so the next run tells it.
 *
 * @param news - What was not told.
 */
export async function releaseNews(news: News): Promise<void> {
  const key = newsKey(news);
  await updateState((state) => {
    if (state.notified?.telling) {
      state.notified.telling = state.notified.telling.filter(
        (lease) => lease.key !== key,
      );
    }
  });
}

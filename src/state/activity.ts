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
    ) || untold(state, new Set(state.notified.transactions)).length > 0
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
  const arrivals: Arrival[] = [];
  for (const balance of balances) {
    const before = seen.get(balanceKey(balance));
    if (before !== undefined && balance.amount > before) {
      if (arrivals.length >= budget) {
        continue;
      }
      arrivals.push({ ...balance, received: balance.amount - before });
    }
    seen.set(balanceKey(balance), balance.amount);
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
 * `budget` pieces, the rest left for a later run), marking it told in the
 * same write (so each is told at most once, whatever runs at the same
 * time). On the first run, outcomes already in state count as told: only
 * what changes from then on is news. Told keys of records no longer kept
 * are dropped.
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
    applyUpdates(state, updates);
    const due = untold(state, told)
      .sort((left, right) => left.timestamp - right.timestamp)
      .slice(0, budget);
    const kept = new Set(state.transactions.map(outcomeKey));
    state.notified = {
      ...state.notified,
      transactions: [
        ...[...told].filter((key) => kept.has(key)),
        ...due.map(outcomeKey),
      ],
    };
    const arrivals = settleBalances(state, balances, budget - due.length);
    return { outcomes: due.map((record) => ({ ...record })), arrivals };
  });
}

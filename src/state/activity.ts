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

/**
 * Whether settling would change anything: statuses to store, outcomes to
 * tell, or no record of what was told yet. Lets the background check leave
 * state alone on a quiet run.
 *
 * @param state - A snapshot of the state.
 * @param updates - Statuses the node answered.
 * @returns Whether to settle.
 */
export function needsSettling(
  state: WalletState,
  updates: StatusUpdate[],
): boolean {
  if (updates.length > 0 || state.notified === undefined) {
    return true;
  }
  return untold(state, new Set(state.notified.transactions)).length > 0;
}

/**
 * Stores the statuses the node answered and takes the outcomes to tell the
 * user, marking them told in the same write (so each is told at most once,
 * whatever runs at the same time). On the first run, outcomes already in
 * state count as told: only what changes from then on is news. Told keys
 * of records no longer kept are dropped.
 *
 * @param updates - Statuses the node answered.
 * @returns The records whose outcome to tell now.
 */
export async function settleRecords(
  updates: StatusUpdate[],
): Promise<TransactionRecord[]> {
  return updateState((state) => {
    const told = new Set(
      state.notified?.transactions ?? untold(state, new Set()).map(outcomeKey),
    );
    applyUpdates(state, updates);
    const due = untold(state, told);
    const kept = new Set(state.transactions.map(outcomeKey));
    state.notified = {
      transactions: [
        ...[...told].filter((key) => kept.has(key)),
        ...due.map(outcomeKey),
      ],
    };
    return due.map((record) => ({ ...record }));
  });
}

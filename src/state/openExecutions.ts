import { isFinal } from './activity';
import { putRecord, sentRecord } from './records';
import type { TransactionRecord, WalletState } from './schema';
import { updateState } from './store';

/**
 * Outside executions the user signed and handed to a paymaster, whose
 * running is not known: the paymaster failed after the hand-over, answered
 * no hash, or answered a hash the chain has not yet shown to run them. Each
 * is a pending transaction record (so the activity shows it) flagged with
 * the execution's nonce and window; its txnHash is the signed SNIP-12
 * message hash until the chain shows the transaction that ran it (then the
 * record becomes an ordinary one, whose outcome the background check tells
 * once), or it is recorded as not executed once its window has closed with
 * its nonce unused.
 */

/** A signed execution handed to a paymaster, to watch. */
export type OpenExecution = {
  chainId: string;
  account: string;
  /** The signed SNIP-12 message hash (what the account's event is keyed by). */
  messageHash: string;
  nonce: string;
  /** Seconds: the execution is valid before this. */
  executeBefore: number;
  paymaster: string;
  /** The hash the paymaster answered, if any. */
  claimedHash?: string | undefined;
  /** The first call, as records keep it (none: a deployment). */
  firstCall?:
    | { contractAddress: string; entrypoint: string; calldata: string[] }
    | undefined;
};

/**
 * Records a signed execution as open (pending).
 *
 * @param open - The execution.
 */
export async function recordOpenExecution(open: OpenExecution): Promise<void> {
  const record: TransactionRecord = {
    ...sentRecord({
      txnHash: open.messageHash,
      txnType: open.firstCall ? 'invoke' : 'deploy_account',
      senderAddress: open.account,
      chainId: open.chainId,
      ...(open.firstCall
        ? {
            contractAddress: open.firstCall.contractAddress,
            contractFuncName: open.firstCall.entrypoint,
            contractCallData: open.firstCall.calldata,
          }
        : {}),
    }),
    outsideExecution: {
      nonce: open.nonce,
      executeBefore: open.executeBefore,
      paymaster: open.paymaster,
      ...(open.claimedHash ? { claimedHash: open.claimedHash } : {}),
    },
  };
  await updateState((state) => putRecord(state, record));
}

/**
 * The open executions of a network (of one account when given).
 *
 * @param state - The state.
 * @param chainId - The network.
 * @param account - The account, if only its own.
 * @returns Their records.
 */
export function openExecutionsOf(
  state: WalletState,
  chainId: string,
  account?: string,
): TransactionRecord[] {
  return state.transactions.filter(
    (record) =>
      record.outsideExecution !== undefined &&
      !isFinal(record.status) &&
      record.chainId === chainId &&
      (account === undefined || record.senderAddress === account),
  );
}

/** What the chain says of an open execution. */
export type ExecutionOutcome =
  /** The transaction that ran it: the record becomes an ordinary one. */
  | { kind: 'ran'; txnHash: string }
  /** Its window closed with its nonce unused: it never runs. */
  | { kind: 'expired' }
  /** The paymaster's claimed hash is not the transaction that ran it. */
  | { kind: 'claim-refuted' };

/**
 * Stores what the chain says of open executions, each by its message hash.
 *
 * @param chainId - Their network.
 * @param outcomes - By message hash.
 */
export async function settleOpenExecutions(
  chainId: string,
  outcomes: Map<string, ExecutionOutcome>,
): Promise<void> {
  if (outcomes.size === 0) {
    return;
  }
  await updateState((state) => {
    for (const record of state.transactions) {
      const outcome = outcomes.get(record.txnHash);
      const open = record.outsideExecution;
      if (!outcome || !open || record.chainId !== chainId) {
        continue;
      }
      if (outcome.kind === 'ran') {
        record.txnHash = outcome.txnHash;
        record.status = 'RECEIVED';
        delete record.outsideExecution;
      } else if (outcome.kind === 'expired') {
        record.status = 'REJECTED';
        record.failureReason = `Not executed: the signed execution's window closed at ${new Date(open.executeBefore * 1000).toISOString()} with its nonce unused`;
        // Kept (final, so no longer open): the news says "not executed".
        delete open.claimedHash;
      } else {
        delete open.claimedHash;
      }
    }
  });
}

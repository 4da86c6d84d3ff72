import { hash } from 'starknet';

import { isFinal } from './activity';
import { putRecord, sentRecord } from './records';
import type { TransactionRecord, WalletState } from './schema';
import { updateState } from './store';
import { selectorOf } from '../protocol/selectors';

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
  /** The user's calls, hashed (callsKeyOf; none: a deployment alone). */
  callsKey?: string | undefined;
};

/** A call as a dapp asks it (entry point by name, felts as text). */
type AskedCall = {
  contractAddress: string;
  entrypoint: string;
  calldata: readonly string[];
};

/**
 * The user's calls as one felt, the same whichever path sends them (the
 * paymaster's fee transfer is not one of them): a retry of the same calls,
 * through the paymaster again or as an ordinary transaction, is found by it.
 *
 * @param calls - The calls, as the dapp asked them.
 * @returns Their Poseidon hash, lower-case hex.
 */
export function callsKeyOf(calls: readonly AskedCall[]): string {
  const elements = calls.flatMap(
    ({ contractAddress, entrypoint, calldata }) => [
      BigInt(contractAddress),
      BigInt(selectorOf(entrypoint)),
      BigInt(calldata.length),
      ...calldata.map((felt) => BigInt(felt)),
    ],
  );
  return `0x${BigInt(
    hash.computePoseidonHashOnElements([BigInt(calls.length), ...elements]),
  ).toString(16)}`;
}

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
      ...(open.callsKey ? { callsKey: open.callsKey } : {}),
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

/**
 * The open executions of an account on a network that may still run the
 * same calls: their window has not closed by the wallet's clock, and their
 * calls are these (a record from before calls were keyed may be any).
 *
 * @param state - The state.
 * @param chainId - The network.
 * @param account - The account.
 * @param callsKey - The calls (callsKeyOf).
 * @param now - The wallet's clock, in seconds.
 * @returns Their records.
 */
export function openExecutionsOfCalls(
  state: WalletState,
  chainId: string,
  account: string,
  callsKey: string,
  now: number,
): TransactionRecord[] {
  return openExecutionsOf(state, chainId, account).filter(
    ({ outsideExecution }) =>
      outsideExecution !== undefined &&
      outsideExecution.executeBefore > now &&
      (outsideExecution.callsKey === undefined ||
        outsideExecution.callsKey === callsKey),
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

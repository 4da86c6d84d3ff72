import type { ExecutableUserTransaction, ExecutionParameters } from 'starknet';

import type { CheckedBuild } from './checkBuilt';
import type { PaymasterClient } from './client';
import { paymasterErrorMeaning } from '../errorMeanings';
import { PaymasterError } from '../errors';
import { normaliseAddress } from '../keys/address';
import { readFelt } from '../node/answers';
import type { EmittedEvent } from '../node/calls';
import { isContractNotFound } from '../node/calls';
import type { NodeClient } from '../node/client';
import {
  executedEventCall,
  nonceUnusedCall,
  ranExecution,
  receiptCall,
} from '../node/executionCalls';
import type { ExecutionReceipt } from '../node/executionCalls';
import type { NodeCall } from '../node/nodeCall';
import { toHex } from '../protocol/values';
import type { WalletCall } from '../sender/intent';
import { callsKeyOf, recordOpenExecution } from '../state/openExecutions';
import type { OpenExecution } from '../state/openExecutions';
import { recordTransaction, sentRecord } from '../state/records';

/**
 * The hand-over of a signed outside execution to the paymaster, and what
 * the wallet believes of its answer. Once signed, the execution stays valid
 * until its window closes, whatever the paymaster answers, and no answer of
 * the paymaster is proof of what it did: a paymaster (or a gateway in front
 * of it) can relay the execution and then answer a refusal. So after any
 * failure that follows the hand-over — a SNIP-29 refusal, any other error,
 * a malformed answer, a transport failure, a stall past
 * HAND_OVER_TIMEOUT_MS — and with any hash it answers, the wallet asks the
 * chain, in one batch, whether the execution's nonce is used, which
 * transaction emitted the account's TransactionExecuted keyed by the signed
 * message hash, and the claimed hash's receipt:
 * - it ran: the answer is the transaction that ran it, recorded as sent,
 *   whatever the paymaster said;
 * - its nonce is unused after a refusal: "refused", but the paymaster holds
 *   a valid signature until the window's end and could still send it, so it
 *   is said and the execution watched until then;
 * - otherwise the signed transaction may still run until its window's end:
 *   said, and watched (src/state/openExecutions.ts, the background check).
 * A retry of the same calls inside the window is warned in its dialog
 * (src/wallet/retryWarnings.ts). A hash the paymaster answers is the user's
 * only once the chain shows it ran the signed execution; until then it is
 * the paymaster's claim. Round trips: paymaster 1, node 1.
 */

/**
 * SNIP-29 codes that mean the paymaster rejected the execution before
 * sending anything: the account, token, signature, fee cap, class, window
 * or deployment data were refused when checked. Said as "refused" only
 * once the chain shows the execution has not run (its nonce unused), and
 * even then the execution stays valid until its window closes (its Caller
 * is this paymaster's forwarder: only the paymaster can still send it).
 * Left out: 156 TRANSACTION_EXECUTION_ERROR (the relaying transaction may
 * have been sent and reverted — the nonce then stays unused and the same
 * signature can be sent again), 160 INVALID_ID (not an answer to an
 * execution) and 163 UNKNOWN_ERROR (anything, sent or not), like any answer
 * that is not a SNIP-29 code (a gateway's -32603, a timeout, garbage).
 */
const NOT_EXECUTED_CODES: ReadonlySet<number> = new Set([
  150, // INVALID_ADDRESS
  151, // TOKEN_NOT_SUPPORTED
  153, // INVALID_SIGNATURE
  154, // MAX_AMOUNT_TOO_LOW
  155, // CLASS_HASH_NOT_SUPPORTED
  157, // INVALID_TIME_BOUNDS
  158, // INVALID_DEPLOYMENT_DATA
  159, // INVALID_CLASS_HASH
]);

/**
 * Whether an execute failure is the paymaster's refusal before execution
 * (its word only: see NOT_EXECUTED_CODES).
 *
 * @param error - What execute threw.
 * @returns Whether it is a refusal before execution.
 */
export function refusedBeforeExecution(error: unknown): boolean {
  return (
    error instanceof PaymasterError &&
    error.paymasterCode !== undefined &&
    NOT_EXECUTED_CODES.has(error.paymasterCode)
  );
}

/**
 * A window's end as a UTC time.
 *
 * @param seconds - Seconds since 1970.
 * @returns E.g. 2026-11-27T12:00:00Z.
 */
export function utcText(seconds: bigint | number): string {
  return new Date(Number(seconds) * 1000).toISOString().replace('.000Z', 'Z');
}

/** What is handed over. */
export type HandOver = {
  client: NodeClient;
  paymaster: PaymasterClient;
  account: string;
  build: CheckedBuild;
  executable: ExecutableUserTransaction;
  parameters: ExecutionParameters;
  /** The first call of the transaction (none: a deployment alone). */
  firstCall?: WalletCall | undefined;
  /** The user's calls, without the fee transfer (none: a deployment alone). */
  calls: readonly WalletCall[];
  /**
   * The chain's newest block before signing: the execution cannot have run
   * before it, so its event is read from there (absent: not read).
   */
  fromBlock?: number | undefined;
};

/** What the chain says of the signed execution after the hand-over. */
type ChainWord = {
  /** The transaction that ran it. */
  ranAs?: string | undefined;
  /** Its nonce: unused, used, or not read. */
  nonce: 'unused' | 'used' | undefined;
  /** The claimed hash's receipt: ran it, did not, or not found (yet). */
  claim: 'ran' | 'refuted' | undefined;
};

/**
 * Asks the chain about the signed execution, in one batch: its nonce, the
 * account's TransactionExecuted keyed by its message hash, and the claimed
 * transaction's receipt. A node that fails says nothing.
 *
 * @param handOver - The hand-over.
 * @param signable - Its signed execution.
 * @param claimed - The hash the paymaster answered, if any.
 * @returns What the chain says.
 */
async function readChain(
  handOver: HandOver,
  signable: NonNullable<CheckedBuild['signable']>,
  claimed: string | undefined,
): Promise<ChainWord> {
  const { client, account, fromBlock } = handOver;
  const messageHash = toHex(BigInt(signable.analysis.hash));
  const calls: NodeCall<unknown>[] = [
    nonceUnusedCall(account, toHex(BigInt(signable.execution.nonce))),
  ];
  const eventAt =
    fromBlock === undefined
      ? undefined
      : calls.push(executedEventCall(account, messageHash, fromBlock)) - 1;
  const receiptAt = claimed ? calls.push(receiptCall(claimed)) - 1 : undefined;
  const answers = await client.batchSettled(calls).catch(() => []);
  const [nonceAnswer] = answers;
  let nonce: ChainWord['nonce'];
  if (nonceAnswer?.status === 'fulfilled') {
    // The view's own parser read it as felts: [1] unused.
    const [first] = nonceAnswer.value as string[];
    nonce = BigInt(first ?? '0x1') === 1n ? 'unused' : 'used';
  } else if (
    nonceAnswer?.status === 'rejected' &&
    isContractNotFound(nonceAnswer.reason)
  ) {
    // Not deployed: its deployment and the execution go in one transaction.
    nonce = 'unused';
  }
  let claim: ChainWord['claim'];
  const receipt = receiptAt === undefined ? undefined : answers[receiptAt];
  if (receipt?.status === 'fulfilled') {
    claim = ranExecution(
      receipt.value as ExecutionReceipt,
      account,
      messageHash,
    )
      ? 'ran'
      : 'refuted';
  }
  const events = eventAt === undefined ? undefined : answers[eventAt];
  // The events call's own parser read its page.
  const found =
    events?.status === 'fulfilled'
      ? (events.value as { events: EmittedEvent[] }).events.find(
          ({ from_address: from, keys: [, signed] }) =>
            BigInt(from) === BigInt(account) &&
            signed !== undefined &&
            BigInt(signed) === BigInt(messageHash),
        )
      : undefined;
  let ranAs: string | undefined;
  if (claim === 'ran') {
    ranAs = claimed;
  } else if (found) {
    ranAs = toHex(BigInt(found.transaction_hash));
  }
  return { ranAs, nonce, claim };
}

/**
 * What the paymaster did, completing "The paymaster <host> …".
 *
 * @param host - The paymaster.
 * @param failure - What execute threw.
 * @returns The words.
 */
function saidOf(host: string, failure: unknown): string {
  if (!(failure instanceof PaymasterError)) {
    return 'failed';
  }
  if (failure.paymasterCode === undefined || refusedBeforeExecution(failure)) {
    return failure.message.slice(`The paymaster ${host} `.length);
  }
  return `answered an error (${failure.paymasterCode}): ${paymasterErrorMeaning(failure.paymasterCode)}`;
}

/**
 * The error said when the signed execution was not seen to run.
 *
 * @param host - The paymaster.
 * @param said - What it did (saidOf).
 * @param word - What the chain says.
 * @param refusal - The SNIP-29 code of the paymaster's refusal before
 * execution, if it answered one (kept in the error once the chain agrees).
 * @param until - The window's end (seconds).
 * @returns The error.
 */
function notSeenToRun(
  host: string,
  said: string,
  word: ChainWord,
  refusal: number | undefined,
  until: bigint,
): PaymasterError {
  const end = `${utcText(until)} (UTC, its window's end)`;
  const watched = 'the wallet watches it and tells you whether it ran';
  if (word.nonce === 'used') {
    return new PaymasterError(
      host,
      `${said}; yet the chain shows the signed transaction ran (its nonce is used), by a transaction not found yet: do not send it again — the wallet watches it and tells you which transaction ran it`,
    );
  }
  if (refusal !== undefined && word.nonce === 'unused') {
    return new PaymasterError(
      host,
      `${said}; the chain shows it has not run, but the signed transaction stays valid until ${end} and the paymaster holds it: do not send it again before then — ${watched}`,
      refusal,
    );
  }
  const unread =
    word.nonce === undefined
      ? '; the chain could not be asked whether it ran'
      : '';
  return new PaymasterError(
    host,
    `${said}${unread}; the signed transaction may still run until ${end}: do not send it again before then — ${watched}`,
  );
}

/**
 * Hands the signed transaction to the paymaster and records what it and
 * the chain say (see the module's comment).
 *
 * @param handOver - What to hand over.
 * @returns The transaction hash: the one that ran it, or the paymaster's
 * claim not yet seen on chain.
 */
export async function handOverSigned(handOver: HandOver): Promise<string> {
  const { client, paymaster, account, build, executable, parameters } =
    handOver;
  const { host } = paymaster;
  const { signable } = build;
  const first = handOver.firstCall;
  const recordOf = (txnHash: string): Parameters<typeof sentRecord>[0] => ({
    txnHash,
    txnType: first ? 'invoke' : 'deploy_account',
    senderAddress: account,
    chainId: client.network.chainId,
    ...(first
      ? {
          contractAddress: normaliseAddress(first.contractAddress),
          contractFuncName: first.entrypoint,
          contractCallData: first.calldata,
        }
      : {}),
  });
  let answer: unknown;
  let failure: Error | undefined;
  try {
    answer = await paymaster.execute(executable, parameters);
  } catch (error) {
    failure =
      error instanceof Error ? error : new PaymasterError(host, 'failed');
  }
  if (!signable && failure !== undefined) {
    // A deployment alone signs nothing: nothing stays valid.
    throw failure;
  }
  const fields =
    typeof answer === 'object' && answer !== null
      ? new Map(Object.entries(answer))
      : new Map<string, unknown>();
  const reading = readFelt(fields.get('transaction_hash'));
  const claimed = 'value' in reading ? toHex(reading.value) : undefined;
  if (!signable) {
    if (!claimed) {
      throw new PaymasterError(
        host,
        'accepted the deployment but answered no transaction hash: it may still send it',
      );
    }
    // The hash is only the paymaster's word.
    await recordTransaction(sentRecord(recordOf(claimed)));
    return claimed;
  }
  const word = await readChain(handOver, signable, claimed);
  if (word.ranAs) {
    await recordTransaction(sentRecord(recordOf(word.ranAs)));
    return word.ranAs;
  }
  if (failure === undefined && claimed && word.claim === undefined) {
    // Not on chain yet (or the node did not say): the paymaster's claim,
    // which the background check confirms or refutes.
    await recordOpenExecution(openOf(handOver, claimed));
    return claimed;
  }
  await recordOpenExecution(openOf(handOver, undefined));
  let said = 'accepted the signed transaction but answered no transaction hash';
  if (failure !== undefined) {
    said = saidOf(host, failure);
  } else if (claimed) {
    said = `answered the hash of a transaction that did not run the signed execution (${claimed}): it is not recorded as yours`;
  }
  throw notSeenToRun(
    host,
    said,
    word,
    failure instanceof PaymasterError && refusedBeforeExecution(failure)
      ? failure.paymasterCode
      : undefined,
    signable.execution.executeBefore,
  );
}

/**
 * The open execution of a hand-over.
 *
 * @param handOver - The hand-over (with a signed execution).
 * @param claimedHash - The hash the paymaster answered, if any.
 * @returns What to record.
 */
function openOf(
  handOver: HandOver,
  claimedHash: string | undefined,
): OpenExecution {
  const { client, paymaster, account, build, firstCall, calls } = handOver;
  const { signable } = build;
  if (!signable) {
    throw new Error('Only a signed execution stays open');
  }
  return {
    chainId: client.network.chainId,
    account,
    messageHash: toHex(BigInt(signable.analysis.hash)),
    nonce: toHex(BigInt(signable.execution.nonce)),
    executeBefore: Number(signable.execution.executeBefore),
    paymaster: paymaster.host,
    claimedHash,
    firstCall: firstCall
      ? {
          contractAddress: normaliseAddress(firstCall.contractAddress),
          entrypoint: firstCall.entrypoint,
          calldata: firstCall.calldata,
        }
      : undefined,
    callsKey: calls.length > 0 ? callsKeyOf(calls) : undefined,
  };
}

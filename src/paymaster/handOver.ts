import type { ExecutableUserTransaction, ExecutionParameters } from 'starknet';

import type { CheckedBuild } from './checkBuilt';
import type { PaymasterClient } from './client';
import { paymasterErrorMeaning } from '../errorMeanings';
import { PaymasterError } from '../errors';
import { normaliseAddress } from '../keys/address';
import { readFelt } from '../node/answers';
import type { NodeClient } from '../node/client';
import { ranExecution, receiptCall } from '../node/executionCalls';
import { toHex } from '../protocol/values';
import type { WalletCall } from '../sender/intent';
import { recordOpenExecution } from '../state/openExecutions';
import type { OpenExecution } from '../state/openExecutions';
import { recordTransaction, sentRecord } from '../state/records';

/**
 * The hand-over of a signed outside execution to the paymaster, and what
 * the wallet believes of its answer. Once signed, the execution stays valid
 * until its window closes, whatever the paymaster answers: a failure that
 * does not say "not executed" leaves it open, and a dapp that retries would
 * have the user sign (and pay) a second one. So only a SNIP-29 refusal that
 * means "rejected before anything was sent" reads as a refusal; every other
 * failure says the signed transaction may still run until its window's end,
 * and the wallet watches it (src/state/openExecutions.ts, the background
 * check). A hash the paymaster answers is the user's only once the chain
 * shows it ran the signed execution; until then it is the paymaster's claim.
 * Round trips: paymaster 1, node 1 (the claimed transaction's receipt).
 */

/**
 * SNIP-29 codes that mean the paymaster rejected the execution before
 * sending anything: the account, token, signature, fee cap, class, window
 * or deployment data were refused when checked, so no transaction carrying
 * it was sent, and since its Caller is this paymaster's forwarder no one
 * else can send it. Left out on purpose: 156 TRANSACTION_EXECUTION_ERROR
 * (the relaying transaction may have been sent and reverted — the nonce then
 * stays unused and the same signature can be sent again), 160 INVALID_ID
 * (not an answer to an execution) and 163 UNKNOWN_ERROR (anything, sent or
 * not), like any answer that is not a SNIP-29 code (a gateway's -32603, a
 * timeout, garbage).
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
 * Whether an execute failure means the execution was not sent.
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
};

/**
 * The error said when the paymaster's answer leaves the execution open.
 *
 * @param host - The paymaster.
 * @param what - What it did, completing "The paymaster <host> …".
 * @param until - The window's end (seconds).
 * @returns The error.
 */
function stillOpen(host: string, what: string, until: bigint): PaymasterError {
  return new PaymasterError(
    host,
    `${what}; the signed transaction may still run until ${utcText(until)} (UTC, its window's end): do not send it again before then — the wallet watches it and tells you whether it ran`,
  );
}

/**
 * Hands the signed transaction to the paymaster and records what it says
 * (see the module's comment).
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
  try {
    answer = await paymaster.execute(executable, parameters);
  } catch (error) {
    if (!signable || refusedBeforeExecution(error)) {
      throw error;
    }
    await recordOpenExecution(openOf(handOver, undefined));
    let said = 'failed';
    if (error instanceof PaymasterError) {
      said =
        error.paymasterCode === undefined
          ? error.message.slice(`The paymaster ${host} `.length)
          : `answered an error (${error.paymasterCode}): ${paymasterErrorMeaning(error.paymasterCode)}`;
    }
    throw stillOpen(host, said, signable.execution.executeBefore);
  }
  const fields =
    typeof answer === 'object' && answer !== null
      ? new Map(Object.entries(answer))
      : new Map<string, unknown>();
  const reading = readFelt(fields.get('transaction_hash'));
  if (!('value' in reading)) {
    if (!signable) {
      throw new PaymasterError(
        host,
        'accepted the deployment but answered no transaction hash: it may still send it',
      );
    }
    await recordOpenExecution(openOf(handOver, undefined));
    throw stillOpen(
      host,
      'accepted the signed transaction but answered no transaction hash',
      signable.execution.executeBefore,
    );
  }
  const txnHash = toHex(reading.value);
  if (!signable) {
    // A deployment alone signs nothing: the hash is only the paymaster's word.
    await recordTransaction(sentRecord(recordOf(txnHash)));
    return txnHash;
  }
  const receipt = await client
    .batchSettled([receiptCall(txnHash)])
    .then(([settled]) => settled)
    .catch(() => undefined);
  if (
    receipt?.status === 'fulfilled' &&
    ranExecution(receipt.value, account, signable.analysis.hash)
  ) {
    await recordTransaction(sentRecord(recordOf(txnHash)));
    return txnHash;
  }
  if (receipt?.status === 'fulfilled') {
    // The chain knows that transaction, and it did not run what was signed.
    await recordOpenExecution(openOf(handOver, undefined));
    throw stillOpen(
      host,
      `answered the hash of a transaction that did not run the signed execution (${txnHash}): it is not recorded as yours`,
      signable.execution.executeBefore,
    );
  }
  // Not on chain yet (or the node did not say): the paymaster's claim, which
  // the background check confirms or refutes.
  await recordOpenExecution(openOf(handOver, txnHash));
  return txnHash;
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
  const { client, paymaster, account, build, firstCall } = handOver;
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
  };
}

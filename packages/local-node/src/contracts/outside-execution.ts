import { OutsideExecutionTypesV1, typedData } from 'starknet';
import type { TypedData } from 'starknet';

import { CalldataReader, callContract } from './calls';
import { mapSlot, readSlot, writeSlot } from './storage-vars';
import type { CallContext } from './types';
import { ExecutionError } from '../base/errors';
import { shortString, toHex } from '../base/felt';

/** SNIP-9's caller that lets anyone submit: the short string `ANY_CALLER`. */
export const ANY_CALLER = shortString('ANY_CALLER');

/** A call of an outside execution, as its calldata carries it. */
export type OutsideCall = { to: bigint; selector: bigint; calldata: bigint[] };

/** The OutsideExecution struct of Argent 0.3.1 (SNIP-9 version 1). */
export type OutsideExecution = {
  caller: bigint;
  nonce: bigint;
  executeAfter: bigint;
  executeBefore: bigint;
  calls: OutsideCall[];
};

/**
 * Reads `execute_from_outside`'s calldata: the OutsideExecution struct
 * (caller, nonce, execute_after, execute_before, calls: Span<Call>), then
 * the signature.
 *
 * @param calldata - The calldata.
 * @returns The execution and its signature.
 */
export function readOutsideExecution(calldata: bigint[]): {
  execution: OutsideExecution;
  signature: bigint[];
} {
  const reader = new CalldataReader(calldata);
  const caller = reader.felt();
  const nonce = reader.felt();
  const executeAfter = reader.felt();
  const executeBefore = reader.felt();
  const count = Number(reader.felt());
  const calls: OutsideCall[] = [];
  for (let index = 0; index < count; index++) {
    calls.push({
      to: reader.felt(),
      selector: reader.felt(),
      calldata: reader.array(),
    });
  }
  return {
    execution: { caller, nonce, executeAfter, executeBefore, calls },
    signature: reader.array(),
  };
}

/**
 * The SNIP-12 (revision 0) typed data Argent 0.3.1 signs for an outside
 * execution: domain `Account.execute_from_outside`, version 1. The paymaster
 * hands it out and the account hashes it, so both read the same document.
 *
 * @param execution - The execution.
 * @param chainId - The chain id (hex).
 * @returns The typed data.
 */
export function outsideExecutionTypedData(
  execution: OutsideExecution,
  chainId: string,
): TypedData {
  return {
    types: OutsideExecutionTypesV1,
    primaryType: 'OutsideExecution',
    domain: { name: 'Account.execute_from_outside', version: '1', chainId },
    message: {
      caller: toHex(execution.caller),
      nonce: toHex(execution.nonce),
      execute_after: toHex(execution.executeAfter),
      execute_before: toHex(execution.executeBefore),
      calls_len: toHex(BigInt(execution.calls.length)),
      calls: execution.calls.map((call) => ({
        to: toHex(call.to),
        selector: toHex(call.selector),
        calldata_len: toHex(BigInt(call.calldata.length)),
        calldata: call.calldata.map(toHex),
      })),
    },
  };
}

/**
 * The SNIP-12 hash of an outside execution for an account.
 *
 * @param execution - The execution.
 * @param account - The account address.
 * @param chainId - The chain id (hex).
 * @returns The message hash.
 */
export function outsideExecutionHash(
  execution: OutsideExecution,
  account: bigint,
  chainId: string,
): bigint {
  return BigInt(
    typedData.getMessageHash(
      outsideExecutionTypedData(execution, chainId),
      toHex(account),
    ),
  );
}

/**
 * `execute_from_outside`'s calldata: the OutsideExecution struct, then the
 * signature (what a relayer passes to the account).
 *
 * @param execution - The execution.
 * @param signature - The owner's signature.
 * @returns The calldata.
 */
export function outsideExecutionCalldata(
  execution: OutsideExecution,
  signature: bigint[],
): bigint[] {
  return [
    execution.caller,
    execution.nonce,
    execution.executeAfter,
    execution.executeBefore,
    BigInt(execution.calls.length),
    ...execution.calls.flatMap((call) => [
      call.to,
      call.selector,
      BigInt(call.calldata.length),
      ...call.calldata,
    ]),
    BigInt(signature.length),
    ...signature,
  ];
}

const nonceSlot = (nonce: bigint): bigint => mapSlot('outside_nonces', nonce);

/**
 * `is_valid_outside_execution_nonce(nonce)`: whether a nonce is unused.
 *
 * @param ctx - The account's call context.
 * @param calldata - [nonce].
 * @returns [1] when unused, [0] otherwise.
 */
export function isValidOutsideNonce(
  ctx: CallContext,
  calldata: bigint[],
): bigint[] {
  const nonce = new CalldataReader(calldata).felt();
  return [readSlot(ctx.env.state, ctx.self, nonceSlot(nonce)) === 0n ? 1n : 0n];
}

/**
 * `execute_from_outside` of Argent 0.3.1 (SNIP-9 v1): checks the caller
 * (or ANY_CALLER), the time window, the nonce and the owner's signature over
 * the SNIP-12 hash, marks the nonce used, then runs the calls from the
 * account.
 *
 * @param ctx - The account's call context.
 * @param calldata - The OutsideExecution and the signature.
 * @param checkSignature - The account's signature check (an Argent error
 * string, or undefined when valid).
 * @returns The results of the calls, and the SNIP-12 hash that was signed.
 */
export function executeFromOutside(
  ctx: CallContext,
  calldata: bigint[],
  checkSignature: (hash: bigint, signature: bigint[]) => string | undefined,
): { results: bigint[][]; hash: bigint } {
  const { execution, signature } = readOutsideExecution(calldata);
  if (execution.caller !== ANY_CALLER && execution.caller !== ctx.caller) {
    throw new ExecutionError('argent/invalid-caller');
  }
  const now = BigInt(ctx.env.block?.timestamp ?? 0);
  if (!(execution.executeAfter < now && now < execution.executeBefore)) {
    throw new ExecutionError('argent/invalid-timestamp');
  }
  const slot = nonceSlot(execution.nonce);
  if (readSlot(ctx.env.state, ctx.self, slot) !== 0n) {
    throw new ExecutionError('argent/duplicated-outside-nonce');
  }
  const hash = outsideExecutionHash(
    execution,
    ctx.self,
    ctx.env.block?.chainId ?? '0x0',
  );
  const error = checkSignature(hash, signature);
  if (error) {
    throw new ExecutionError(error);
  }
  writeSlot(ctx.env.state, ctx.self, slot, 1n);
  const results = execution.calls.map(
    (call) =>
      callContract(
        ctx.env,
        ctx.self,
        call.to,
        call.selector,
        call.calldata,
        ctx.invocation,
      ).result,
  );
  return { results, hash };
}

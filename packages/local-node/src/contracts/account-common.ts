import { CalldataReader, callContract } from './calls';
import type { CallContext } from './types';
import { ExecutionError } from '../base/errors';

/** 'VALID' as a short string: the SRC-6 magic value. */
export const VALID = 0x56414c4944n;

/** Interface ids an account answers true for (SRC-5, SRC-6, legacy ERC-165 ones). */
export const ACCOUNT_INTERFACES = new Set<bigint>([
  0x3f918d17e5ee77373b56385708f855659a07f75997f365cf87748628532a055n,
  0x2ceccef7f994940b3962a6c67e0ba4fcd37df7d131417c604f91e03caecc1cdn,
  0x01ffc9a7n,
  0xa66bd575n,
  0x3943f10fn,
]);

/**
 * Answers supports_interface for an account.
 *
 * @param _ctx - Unused.
 * @param calldata - [interface_id].
 * @returns [1] or [0].
 */
export function supportsInterface(
  _ctx: CallContext,
  calldata: bigint[],
): bigint[] {
  const id = new CalldataReader(calldata).felt();
  return [ACCOUNT_INTERFACES.has(id) ? 1n : 0n];
}

/**
 * Runs the calls of an account's __execute__ (Cairo 1 calldata layout:
 * [n, (to, selector, len, ...data) * n]).
 *
 * @param ctx - The account's call context.
 * @param calldata - The __execute__ calldata.
 * @returns The per-call results.
 */
export function runCalls(ctx: CallContext, calldata: bigint[]): bigint[][] {
  if (ctx.caller !== 0n) {
    throw new ExecutionError('argent/non-null-caller');
  }
  const reader = new CalldataReader(calldata);
  const count = Number(reader.felt());
  const results: bigint[][] = [];
  for (let i = 0; i < count; i++) {
    const to = reader.felt();
    const selector = reader.felt();
    const data = reader.array();
    const inv = callContract(
      ctx.env,
      ctx.self,
      to,
      selector,
      data,
      ctx.invocation,
    );
    results.push(inv.result);
  }
  return results;
}

/**
 * Serialises an Array<Span<felt252>> result.
 *
 * @param results - The results.
 * @returns The flat felts.
 */
export function serializeResults(results: bigint[][]): bigint[] {
  const out: bigint[] = [BigInt(results.length)];
  for (const result of results) {
    out.push(BigInt(result.length), ...result);
  }
  return out;
}

/**
 * The tx info, or an error if called outside a transaction.
 *
 * @param ctx - The call context.
 * @returns The tx info.
 */
export function txInfo(
  ctx: CallContext,
): NonNullable<CallContext['env']['tx']> {
  const { tx } = ctx.env;
  if (!tx) {
    throw new ExecutionError('No transaction context');
  }
  return tx;
}

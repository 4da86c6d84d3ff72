import {
  create,
  define,
  refine,
  string,
  StructError,
  validate,
} from 'superstruct';
import type { Struct } from 'superstruct';

import type { NodeCall } from './nodeCall';
import { fitsType, TYPE_NAMES } from '../protocol/values';
import type { ValueType } from '../protocol/values';

/**
 * How a node's answers are read: every result is checked at run time
 * against what the spec says it is, since the wallet does not trust the
 * node that sends it.
 */

/** A felt as the node writes it. */
export const FeltText = refine(string(), 'felt', (value) =>
  /^0x[0-9a-fA-F]+$/u.test(value) ? true : 'Expected a hex felt',
);

/**
 * A node's hex value of a given Starknet type (a fee amount is a u64, a
 * price a u128): a value outside it is a malformed answer.
 *
 * @param valueType - The type.
 * @returns The struct.
 */
export function typedFelt(valueType: ValueType): Struct<string, null> {
  return refine(FeltText, valueType, (value) =>
    fitsType(BigInt(value), valueType)
      ? true
      : `Expected ${TYPE_NAMES[valueType]}`,
  );
}

/**
 * Checks a node's JSON against a struct, failing only as superstruct fails.
 * superstruct's failure message prints the value, and printing a JSON
 * object with a member named `toString` throws a TypeError (from JSON that
 * member is data, not a function): such an object is never what was
 * expected there, so it is reported as the failure it is (params are
 * refused earlier, see refuseToStringMembers).
 *
 * @param value - Anything a node sent.
 * @param struct - What it must satisfy.
 * @param coerce - Whether to apply the struct's coercions.
 * @returns superstruct's validate tuple.
 */
export function validateAnswer<Result, Schema>(
  value: unknown,
  struct: Struct<Result, Schema>,
  coerce = false,
): [StructError, undefined] | [undefined, Result] {
  try {
    return validate(value, struct, { coerce });
  } catch (error) {
    if (!(error instanceof TypeError) || error instanceof StructError) {
      throw error;
    }
    return validate(
      value,
      define<never>(
        struct.type,
        () => 'Expected a value, got an object with a member named toString',
      ),
    );
  }
}

/**
 * A result parser from a struct (coercions applied): a value that does not
 * satisfy it throws a StructError, and nothing else.
 *
 * @param struct - What the result must satisfy.
 * @returns The parser.
 */
export function parsedBy<Result>(
  struct: Struct<Result, unknown>,
): (value: unknown) => Result {
  return (value) => {
    const [error, result] = validateAnswer(value, struct, true);
    if (error) {
      throw error;
    }
    return result;
  };
}

/**
 * What a total reader makes of an answer: its value, or why it has none
 * (said in the wallet's words: no text of the answer is repeated).
 */
export type Reading<Value> = { value: Value } | { problem: string };

/**
 * A felt (a nonce, say), read without throwing on any JSON.
 *
 * @param answer - Anything a node sent.
 * @returns Its value, or why it is not a felt.
 */
export function readFelt(answer: unknown): Reading<bigint> {
  const [error, text] = validateAnswer(answer, typedFelt('felt'));
  return error || text === undefined
    ? { problem: 'the answer is not a hex felt' }
    : { value: BigInt(text) };
}

/**
 * A strict parser from a total reader: an answer it cannot read fails as
 * superstruct fails (a StructError carrying the reader's problem), which
 * NodeClient reports as a malformed answer naming the network.
 *
 * @param name - What the answer should be, e.g. `u256`.
 * @param read - The total reader.
 * @returns The parser.
 */
export function strictly<Value>(
  name: string,
  read: (answer: unknown) => Reading<Value>,
): (answer: unknown) => Value {
  return (answer) => {
    const reading = read(answer);
    if ('value' in reading) {
      return reading.value;
    }
    // A struct that always fails with the problem, so superstruct throws.
    return create(
      answer,
      define<never>(name, () => reading.problem),
    );
  };
}

/**
 * A call whose answer is read, never refused: a malformed answer becomes a
 * reading that says why, so one bad value (a hostile token's, say) never
 * fails the round trip it shares with others. For pages that show each
 * value on its own (the home page); a method that needs the value uses
 * the strict parser instead.
 *
 * @param call - The call.
 * @param read - Its total reader.
 * @returns The call, answering a reading.
 */
export function readingCall<Value>(
  call: NodeCall<unknown>,
  read: (answer: unknown) => Reading<Value>,
): NodeCall<Reading<Value>> {
  return { ...call, parse: read };
}

/**
 * Where and how an answer failed its check, without the value that failed.
 * superstruct's own messages quote it ("…, but received: `…`"), and a node
 * can write into it anything it was sent: those are replaced by the path
 * and the expected type. The messages the wallet's own parsers write
 * (refinements, total readers) never quote the answer and are kept.
 *
 * @param error - The check's failure.
 * @returns E.g. "0.low is not felt".
 */
export function mismatchOf(error: StructError): string {
  if (!error.message.includes('but received')) {
    return error.message;
  }
  const where = error.path.length > 0 ? error.path.join('.') : 'the result';
  return `${where} is not ${error.refinement ?? error.type}`;
}

import { create, refine, string } from 'superstruct';
import type { Struct } from 'superstruct';

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
 * A result parser from a struct (coercions applied).
 *
 * @param struct - What the result must satisfy.
 * @returns The parser.
 */
export function parsedBy<Result>(
  struct: Struct<Result, unknown>,
): (value: unknown) => Result {
  return (value) => create(value, struct);
}

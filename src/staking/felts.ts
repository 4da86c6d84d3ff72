import type { Reading } from '../node/answers';
import { fitsType, U64_BOUND } from '../protocol/values';

/**
 * Reading felts as the staking contracts lay them out (Cairo Serde): each
 * felt checked against its field's type, an `Option`'s tag, a `Span`'s
 * bounded length, and nothing missing or left over. A node may answer
 * anything: a reader never guesses past a wrong tag, a value outside its
 * type, a missing or a trailing felt.
 */
/** The Cairo types the staking layouts use, by how a felt is checked. */
export type FieldType = 'address' | 'u128' | 'u64' | 'u32' | 'u16' | 'felt';

const U32_BOUND = 2n ** 32n;
const U16_BOUND = 2n ** 16n;

/** A read that stops at the first felt out of place, saying where. */
class Malformed extends Error {}

/** Reads felts in order; each read checks the field's type. */
export type Cursor = {
  take: (type: FieldType, field: string) => bigint;
  tag: (field: string) => 0 | 1;
  rest: () => number;
  /** Stops the read: the felts are not what the layout says. */
  fail: (problem: string) => never;
};

/**
 * Whether a value is of a field type.
 *
 * @param value - The number.
 * @param type - The type.
 * @returns Whether it fits.
 */
function fits(value: bigint, type: FieldType): boolean {
  switch (type) {
    case 'u64':
      return value >= 0n && value < U64_BOUND;
    case 'u32':
      return value >= 0n && value < U32_BOUND;
    case 'u16':
      return value >= 0n && value < U16_BOUND;
    default:
      return fitsType(value, type);
  }
}

/**
 * A cursor over felts given as hex text (as starknet_call answers) or
 * numbers.
 *
 * @param felts - The felts.
 * @returns The cursor.
 */
function cursorOver(felts: readonly (string | bigint)[]): Cursor {
  let index = 0;
  const take = (type: FieldType, field: string): bigint => {
    const felt = felts[index];
    if (felt === undefined) {
      throw new Malformed(`it ends before ${field}`);
    }
    index += 1;
    let value: bigint;
    try {
      value = BigInt(felt);
    } catch {
      throw new Malformed(`${field} is not a number`);
    }
    if (!fits(value, type)) {
      throw new Malformed(`${field} is not a ${type}`);
    }
    return value;
  };
  return {
    take,
    tag: (field): 0 | 1 => {
      const value = take('felt', field);
      if (value !== 0n && value !== 1n) {
        throw new Malformed(`${field} is neither 0 nor 1`);
      }
      return value === 0n ? 0 : 1;
    },
    rest: () => felts.length - index,
    fail: (problem): never => {
      throw new Malformed(problem);
    },
  };
}

/**
 * Reads felts with a layout reader, all of them and nothing past them.
 *
 * @param what - What the felts are, for the problem text.
 * @param felts - The felts.
 * @param read - Reads the value off a cursor.
 * @returns The value, or why the felts are not one.
 */
export function readLayout<Value>(
  what: string,
  felts: readonly (string | bigint)[],
  read: (cursor: Cursor) => Value,
): Reading<Value> {
  try {
    const cursor = cursorOver(felts);
    const value = read(cursor);
    if (cursor.rest() !== 0) {
      throw new Malformed(`${cursor.rest()} felts follow it`);
    }
    return { value };
  } catch (error) {
    if (error instanceof Malformed) {
      return { problem: `${what}: ${error.message}` };
    }
    throw error;
  }
}

/**
 * An `Option<T>`: tag 0 is Some (the value follows), 1 is None.
 *
 * @param cursor - The cursor.
 * @param field - The field's name.
 * @param read - Reads the value.
 * @returns The value, or undefined for None.
 */
export function option<Value>(
  cursor: Cursor,
  field: string,
  read: () => Value,
): Value | undefined {
  return cursor.tag(field) === 0 ? read() : undefined;
}

/**
 * A `Span<T>` of at most `max` items: its length, then the items.
 *
 * @param cursor - The cursor.
 * @param field - The field's name.
 * @param max - The most items taken as an answer.
 * @param read - Reads one item.
 * @returns The items.
 */
export function span<Item>(
  cursor: Cursor,
  field: string,
  max: number,
  read: () => Item,
): Item[] {
  const length = cursor.take('u32', `${field} length`);
  if (length > BigInt(max)) {
    throw new Malformed(`${field} lists more than ${max}`);
  }
  return Array.from({ length: Number(length) }, read);
}

/**
 * A u256: its low half, then its high half (each a u128).
 *
 * @param cursor - The cursor.
 * @param field - The field's name.
 * @returns The value.
 */
export function u256(cursor: Cursor, field: string): bigint {
  const low = cursor.take('u128', `${field}.low`);
  return cursor.take('u128', `${field}.high`) * 2n ** 128n + low;
}

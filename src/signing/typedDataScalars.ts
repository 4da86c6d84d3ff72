import { hash, shortString } from 'starknet';

import type { BasicType, Revision } from './snip12';
import { InvalidInputError } from '../errors';
import {
  ADDRESS_BOUND,
  FELT_PRIME,
  SHORT_STRING_MAX_BYTES,
  U128_BOUND,
} from '../protocol/values';

/**
 * The basic values of SNIP-12 typed data, checked against their types the
 * way starknet.js will hash them, and stricter: starknet.js reduces or
 * re-reads a value outside its type (a felt past the prime, a u128 past
 * 2^128, text where a number is meant is hashed as a short string, `true`
 * as 1, `" 5"` as 5), so that the signature would mean something other
 * than what a site wrote. Every value here is either the felt or number it
 * hashes as, or refused naming its path.
 */

/** A basic value as it is hashed. */
export type CheckedScalar =
  /** felt, shortstring, ContractAddress, ClassHash, selector; revision 0 string. */
  | { kind: 'felt'; type: BasicType; felt: bigint }
  | { kind: 'bool'; value: boolean }
  | { kind: 'integer'; type: 'u128' | 'i128' | 'timestamp'; value: bigint }
  /** A revision 1 string: a ByteArray of ASCII text. */
  | { kind: 'text'; text: string };

const I128_BOUND = 2n ** 127n;

/** One past the largest felt a short string of 31 bytes can be. */
const SHORT_STRING_BOUND = 2n ** BigInt(8 * SHORT_STRING_MAX_BYTES);

const DECIMAL = /^[0-9]+$/u;
const SIGNED_DECIMAL = /^-?[0-9]+$/u;
const HEX = /^0[xX][0-9a-fA-F]+$/u;
/**
 * Printable ASCII: the only text starknet.js encodes faithfully (it writes
 * characters below U+0010 as one hex digit and cannot encode line breaks).
 */
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/u;

/** What each basic type expects, for the refusal. */
const EXPECTED: Record<BasicType, string> = {
  felt: 'Expected a felt: a whole number below the Stark prime (decimal or 0x hex), or a text of at most 31 printable ASCII characters',
  shortstring:
    'Expected a short string: at most 31 printable ASCII characters, or their felt in decimal or 0x hex',
  string:
    'Expected a short string: at most 31 printable ASCII characters, or their felt in decimal or 0x hex',
  ContractAddress:
    'Expected a Starknet address: a whole number below 2^251 (decimal or 0x hex)',
  ClassHash:
    'Expected a class hash: a whole number below the Stark prime (decimal or 0x hex)',
  selector:
    'Expected a selector: an entrypoint name, or its felt in 0x hex below the Stark prime',
  bool: 'Expected true or false',
  u128: 'Expected a u128: a whole number from 0 to 2^128 - 1 (decimal or 0x hex)',
  timestamp:
    'Expected a timestamp: a whole number of seconds from 0 to 2^128 - 1 (decimal or 0x hex)',
  i128: 'Expected an i128: a whole number from -2^127 to 2^127 - 1 (decimal, or 0x hex when not negative)',
};

/**
 * A whole number as a site may write it: a JSON number that is a safe
 * integer, decimal digits, or 0x hex. Anything else JavaScript would read
 * as a number (spaces, `0b`, `0o`, a leading `+`) is not accepted: it reads
 * as one thing and hashes as another.
 *
 * @param value - The value.
 * @param signed - Whether a leading minus is allowed (decimal only).
 * @returns The number, or undefined when it is not written as one.
 */
function wholeNumber(value: unknown, signed = false): bigint | undefined {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && (signed || value >= 0)
      ? BigInt(value)
      : undefined;
  }
  if (
    typeof value === 'string' &&
    ((signed ? SIGNED_DECIMAL : DECIMAL).test(value) || HEX.test(value))
  ) {
    return BigInt(value);
  }
  return undefined;
}

/**
 * Whether JavaScript's BigInt reads a text as a number (as starknet.js
 * does before it falls back to a short string).
 *
 * @param text - The text.
 * @returns Whether it does.
 */
function readsAsNumber(text: string): boolean {
  try {
    BigInt(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The felt a felt-like value hashes as: a whole number, or a text of at most
 * 31 printable ASCII characters (hashed as its short string, as starknet.js does). The
 * empty text is 0, as starknet.js reads it. Text that looks like a number
 * but is not written as one, or like hex but is not, is refused.
 *
 * @param value - The value.
 * @returns The felt, or undefined when the value is neither.
 */
function feltOfNumberOrText(value: unknown): bigint | undefined {
  const number = wholeNumber(value);
  if (number !== undefined || typeof value !== 'string') {
    return number;
  }
  if (value === '') {
    return 0n;
  }
  if (
    readsAsNumber(value) ||
    /^0[xX]/u.test(value) ||
    !PRINTABLE_ASCII.test(value) ||
    value.length > SHORT_STRING_MAX_BYTES
  ) {
    return undefined;
  }
  return BigInt(shortString.encodeShortString(value));
}

/**
 * Whether a felt is a short string: at most 31 bytes, each ASCII.
 *
 * @param felt - The felt.
 * @returns Whether it is one.
 */
function isShortString(felt: bigint): boolean {
  if (felt >= SHORT_STRING_BOUND) {
    return false;
  }
  const digits = felt.toString(16);
  const bytes = (digits.length % 2 === 0 ? digits : `0${digits}`).match(/../gu);
  return (bytes ?? []).every((byte) => parseInt(byte, 16) <= 0x7f);
}

/**
 * The felt a selector hashes as: hex as it is, a name by starknet.js's
 * `getSelectorFromName` (the keccak of its UTF-8 bytes).
 *
 * @param value - The value.
 * @returns The felt, or undefined when it is not a selector.
 */
function selectorFelt(value: unknown): bigint | undefined {
  if (typeof value !== 'string') {
    return undefined;
  }
  if (HEX.test(value)) {
    return BigInt(value);
  }
  return /^0[xX]/u.test(value)
    ? undefined
    : BigInt(hash.getSelectorFromName(value));
}

/**
 * The number a basic value hashes as, or undefined when it is not one of
 * its type.
 *
 * @param revision - The revision.
 * @param type - The basic type.
 * @param value - The value.
 * @returns The felt or number.
 */
function numberOf(
  revision: Revision,
  type: BasicType,
  value: unknown,
): bigint | undefined {
  switch (type) {
    case 'felt':
      return feltOfNumberOrText(value);
    case 'shortstring':
    case 'string': {
      const felt = feltOfNumberOrText(value);
      return felt !== undefined && isShortString(felt) ? felt : undefined;
    }
    case 'ContractAddress': {
      const felt = wholeNumber(value);
      return felt !== undefined && felt < ADDRESS_BOUND ? felt : undefined;
    }
    case 'selector':
      return selectorFelt(value);
    case 'bool': {
      if (typeof value === 'boolean') {
        return value ? 1n : 0n;
      }
      const felt = revision === '0' ? wholeNumber(value) : undefined;
      return felt === 0n || felt === 1n ? felt : undefined;
    }
    case 'u128':
    case 'timestamp': {
      const number = wholeNumber(value);
      return number !== undefined && number < U128_BOUND ? number : undefined;
    }
    case 'i128': {
      const number = wholeNumber(value, true);
      return number !== undefined &&
        number >= -I128_BOUND &&
        number < I128_BOUND
        ? number
        : undefined;
    }
    default:
      return wholeNumber(value);
  }
}

/**
 * A basic value checked against its type, as it is hashed.
 *
 * @param revision - The revision.
 * @param type - The basic type.
 * @param value - The value as the site sent it.
 * @param path - Its path, for the refusal.
 * @returns The value as it is hashed.
 * @throws InvalidInputError naming the path when the value is not of its type.
 */
export function checkScalar(
  revision: Revision,
  type: BasicType,
  value: unknown,
  path: string,
): CheckedScalar {
  if (type === 'string' && revision === '1') {
    if (typeof value !== 'string' || !PRINTABLE_ASCII.test(value)) {
      throw new InvalidInputError(
        path,
        'Expected text of printable ASCII characters (a revision 1 string is hashed as a ByteArray, and starknet.js encodes no other text faithfully)',
      );
    }
    return { kind: 'text', text: value };
  }
  const number = numberOf(revision, type, value);
  if (number === undefined || (type !== 'i128' && number >= FELT_PRIME)) {
    const unsafe =
      typeof value === 'number' && !Number.isSafeInteger(value)
        ? '; write whole numbers above 2^53 as text'
        : '';
    const bool =
      type === 'bool' && revision === '0' ? ' (or 0 or 1 in revision 0)' : '';
    throw new InvalidInputError(path, `${EXPECTED[type]}${bool}${unsafe}`);
  }
  if (type === 'bool') {
    return { kind: 'bool', value: number === 1n };
  }
  if (type === 'u128' || type === 'i128' || type === 'timestamp') {
    return { kind: 'integer', type, value: number };
  }
  return { kind: 'felt', type, felt: number };
}

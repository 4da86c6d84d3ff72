/* eslint-disable no-bitwise -- felt and u256 arithmetic */
import { invalidParams } from './errors';

/** The Stark field prime. */
export const FIELD_PRIME = 2n ** 251n + 17n * 2n ** 192n + 1n;

const HEX_RE = /^0x[0-9a-fA-F]{1,64}$/u;

/**
 * Formats a bigint as a canonical felt hex string (no leading zeros).
 *
 * @param value - The value.
 * @returns The hex string.
 */
export function toHex(value: bigint): string {
  return `0x${value.toString(16)}`;
}

/**
 * Parses a felt from a JSON value: a 0x-prefixed hex string below the field
 * prime, as the spec's FELT says (starknet-devnet refuses decimal text too).
 *
 * @param value - The JSON value.
 * @param name - The field name for the error message.
 * @param max - Exclusive upper bound (defaults to the field prime).
 * @returns The felt.
 */
export function parseFelt(
  value: unknown,
  name: string,
  max: bigint = FIELD_PRIME,
): bigint {
  if (typeof value !== 'string' || !HEX_RE.test(value)) {
    throw invalidParams(`${name}: expected a hex string (felt)`);
  }
  const parsed = BigInt(value);
  if (parsed >= max) {
    throw invalidParams(`${name}: value out of range`);
  }
  return parsed;
}

/**
 * Parses an array of felts.
 *
 * @param value - The JSON value.
 * @param name - The field name.
 * @returns The felts.
 */
export function parseFeltArray(value: unknown, name: string): bigint[] {
  if (!Array.isArray(value)) {
    throw invalidParams(`${name}: expected an array of felts`);
  }
  return value.map((item, index) => parseFelt(item, `${name}[${index}]`));
}

/**
 * Encodes a short ASCII string (up to 31 chars) as a felt.
 *
 * @param text - The text.
 * @returns The felt.
 */
export function shortString(text: string): bigint {
  let out = 0n;
  for (const char of text) {
    out = (out << 8n) | BigInt(char.charCodeAt(0));
  }
  return out;
}

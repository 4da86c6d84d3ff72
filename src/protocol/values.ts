import { bytesToHex } from '@metamask/utils';

/**
 * Starknet's value types, as the protocol hashes them. Every value that
 * reaches a hash is one of these; a value outside its type would be reduced
 * (modulo the field prime) or packed into a neighbour's bits, so that the
 * signature means something else than the value shown. Params, stored
 * state, node answers and the hashing code all check against these bounds.
 */

/** The Stark field prime: felts are the integers below it. */
export const FELT_PRIME = 2n ** 251n + 17n * 2n ** 192n + 1n;

/** One past the largest value of each unsigned integer width. */
export const U64_BOUND = 2n ** 64n;
export const U128_BOUND = 2n ** 128n;

/** Contract addresses are felts below 2^251. */
export const ADDRESS_BOUND = 2n ** 251n;

/** A short string (Cairo `felt252` text) holds at most 31 bytes. */
export const SHORT_STRING_MAX_BYTES = 31;

/** The Starknet types the wallet checks values against. */
export type ValueType = 'felt' | 'u64' | 'u128' | 'address';

const BOUNDS: Record<ValueType, bigint> = {
  felt: FELT_PRIME,
  u64: U64_BOUND,
  u128: U128_BOUND,
  address: ADDRESS_BOUND,
};

/** What each type is called in an error. */
export const TYPE_NAMES: Record<ValueType, string> = {
  felt: 'a felt (below the Stark prime)',
  u64: 'an unsigned 64-bit integer',
  u128: 'an unsigned 128-bit integer',
  address: 'a Starknet address (below 2^251)',
};

/**
 * Whether a number is a value of a type.
 *
 * @param value - The number.
 * @param type - The type.
 * @returns Whether it fits.
 */
export function fitsType(value: bigint, type: ValueType): boolean {
  return value >= 0n && value < BOUNDS[type];
}

/**
 * The printable ASCII text a felt encodes as a short string, when every one
 * of its bytes is printable ASCII (space to tilde); undefined otherwise
 * (zero, control bytes, bytes above 0x7e, or more than 31 bytes).
 *
 * @param value - The felt.
 * @returns The text, or undefined.
 */
export function printableShortString(value: bigint): string | undefined {
  if (value <= 0n || value >= 2n ** BigInt(8 * SHORT_STRING_MAX_BYTES)) {
    return undefined;
  }
  const digits = value.toString(16);
  const bytes =
    (digits.length % 2 === 0 ? digits : `0${digits}`).match(/../gu) ?? [];
  const codes = bytes.map((byte) => parseInt(byte, 16));
  return codes.every((code) => code >= 0x20 && code <= 0x7e)
    ? String.fromCharCode(...codes)
    : undefined;
}

/**
 * Why a number is not a Starknet chain id, or undefined when it is one. A
 * chain id is hashed into every transaction as a felt; every Starknet chain
 * names itself with a short ASCII string (`SN_MAIN`, `SN_SEPOLIA`, an
 * appchain's name), so a chain id must be one: 1 to 31 printable ASCII
 * bytes. That also keeps it far below the prime, where no two ids can hash
 * alike.
 *
 * @param value - The chain id as a number.
 * @returns Why it is refused, or undefined.
 */
export function chainIdProblem(value: bigint): string | undefined {
  return printableShortString(value) === undefined
    ? 'Expected a Starknet chain id: a short string of 1 to 31 printable ASCII characters, in hex (e.g. 0x534e5f5345504f4c4941, SN_SEPOLIA)'
    : undefined;
}

/**
 * A number as canonical hex: `0x` and lower-case digits, no leading zeros.
 *
 * @param value - The number.
 * @returns Its hex text.
 */
export function toHex(value: bigint): string {
  return `0x${value.toString(16)}`;
}

/**
 * The bytes of a base64 text (the padding may be left out) as hex: how the
 * bundle writes its tables of 32-byte values (selectors, token addresses),
 * two thirds the length of their hex.
 *
 * @param base64 - The bytes in base64.
 * @returns `0x` and two lower-case hex digits a byte.
 */
export function hexFromBase64(base64: string): string {
  return bytesToHex(
    Uint8Array.from(atob(base64), (character) => character.charCodeAt(0)),
  );
}

import { invalidParams } from '../base/errors';
import { JsonNumberText } from '../base/json-text';

const U256_MAX = 2n ** 256n - 1n;

/** A JSON number's grammar, non-negative. */
const DECIMAL =
  /^(?<int>0|[1-9][0-9]*)(?:\.(?<frac>[0-9]+))?(?:[eE](?<exp>[+-]?[0-9]+))?$/u;
const HEX = /^0x[0-9a-fA-F]{1,64}$/u;

/**
 * The exact integer a decimal number text denotes, its fraction truncated
 * (as starknet-devnet does: 3.9 → 3, 1.23e1 → 12, 1e21 exactly).
 *
 * @param text - The number text.
 * @param field - The parameter's name, for errors.
 * @returns The integer, or undefined when the text is not a number.
 */
function decimalInteger(text: string, field: string): bigint | undefined {
  const groups = DECIMAL.exec(text)?.groups;
  if (!groups) {
    return undefined;
  }
  const digits = `${groups.int ?? '0'}${groups.frac ?? ''}`;
  const exponent = Number(groups.exp ?? '0') - (groups.frac ?? '').length;
  const significant = digits.replace(/^0+/u, '');
  if (significant === '') {
    return 0n;
  }
  // More than 78 digits before the point is beyond u256: refuse before
  // computing a power of ten of any size.
  if (significant.length + exponent > 78) {
    throw invalidParams(`${field}: exceeds the u256 maximum (2^256 - 1)`);
  }
  if (exponent >= 0) {
    return BigInt(significant) * 10n ** BigInt(exponent);
  }
  return BigInt(significant) / 10n ** BigInt(-exponent);
}

/**
 * Reads a token amount up to u256: a JSON number of any size (exactly), or a
 * string holding a decimal number or 0x-hex.
 *
 * @param value - The parameter.
 * @param field - Its name, for errors.
 * @returns The amount.
 */
export function parseAmount(value: unknown, field = 'amount'): bigint {
  let amount: bigint | undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) {
    amount = BigInt(value);
  } else if (value instanceof JsonNumberText) {
    amount = decimalInteger(value.text, field);
  } else if (typeof value === 'string') {
    amount = HEX.test(value) ? BigInt(value) : decimalInteger(value, field);
  }
  if (amount === undefined) {
    throw invalidParams(
      `${field}: expected a non-negative integer (a JSON number of any size, or a decimal or 0x-hex string)`,
    );
  }
  if (amount > U256_MAX) {
    throw invalidParams(`${field}: exceeds the u256 maximum (2^256 - 1)`);
  }
  return amount;
}

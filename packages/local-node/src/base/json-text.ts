import { parse as parseLossless } from 'lossless-json';

/**
 * A JSON number that a JavaScript number cannot hold exactly (beyond 2^53, or
 * with a fraction), kept as its source text. starknet-devnet's own JS client
 * sends token amounts this way: 1 STRK is the bare number 10^18.
 */
export class JsonNumberText {
  readonly text: string;

  /**
   * @param text - The number as it appeared in the request.
   */
  constructor(text: string) {
    this.text = text;
  }

  /**
   * Written back (in a dump) as a string, which the methods that take big
   * numbers accept as well.
   *
   * @returns The source text.
   */
  toJSON(): string {
    return this.text;
  }
}

/**
 * Whether a parsed value holds a number JSON.parse may have rounded.
 *
 * @param value - A value from JSON.parse.
 * @returns True when some number in it is not a safe integer.
 */
function hasInexactNumber(value: unknown): boolean {
  if (typeof value === 'number') {
    return !Number.isSafeInteger(value);
  }
  if (Array.isArray(value)) {
    return value.some(hasInexactNumber);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.values(value).some(hasInexactNumber);
  }
  return false;
}

/**
 * Parses a request body. Numbers that are safe integers come out as numbers;
 * any other number as a {@link JsonNumberText} holding its exact text. The
 * native parser does the common case; the lossless one runs only when the
 * native one may have rounded.
 *
 * @param text - The JSON text.
 * @returns The value.
 */
export function parseJsonExact(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (!hasInexactNumber(value)) {
    return value;
  }
  return parseLossless(text, null, (numberText) => {
    const number = Number(numberText);
    return Number.isSafeInteger(number)
      ? number
      : new JsonNumberText(numberText);
  });
}

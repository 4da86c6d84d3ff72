/**
 * An integer amount in a token's smallest unit, as decimal text.
 *
 * @param value - The amount in the smallest unit.
 * @param decimals - The token's decimals.
 * @returns E.g. `1.5` for 1500000000000000000n and 18.
 */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value)
    .toString()
    .padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/u, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Decimal text as an integer amount in a token's smallest unit.
 *
 * @param text - E.g. `1.5`.
 * @param decimals - The token's decimals.
 * @returns The amount.
 * @throws {Error} When the text is not a positive amount with at most
 * `decimals` decimals.
 */
export function parseUnits(text: string, decimals: number): bigint {
  const match = /^(\d*)(?:\.(\d*))?$/u.exec(text.trim());
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || (whole === '' && fraction === '')) {
    throw new Error(`"${text}" is not an amount: write it like 1.5`);
  }
  if (fraction.length > decimals) {
    throw new Error(`At most ${decimals} decimals, got ${fraction.length}`);
  }
  return BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}`);
}

/**
 * An integer amount in a token's smallest unit as decimal text in whole
 * units, with no precision lost: `formatUnits(1500000000000000000n, 18)` is
 * "1.5".
 *
 * @param amount - The amount in the smallest unit.
 * @param decimals - The token's decimals.
 * @returns The amount in whole units.
 */
export function formatUnits(amount: bigint, decimals: number): string {
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount)
    .toString()
    .padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits
    .slice(digits.length - decimals)
    .replace(/(?<!0)0+$/u, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Decimal text in whole units as an integer amount in the smallest unit,
 * exactly: `parseUnits("1.5", 18)` is 1500000000000000000n. Refuses what is
 * not a plain non-negative decimal, or has more fraction digits than the
 * token has decimals.
 *
 * @param text - The amount as the user typed it.
 * @param decimals - The token's decimals.
 * @returns The amount, or undefined when the text is not one.
 */
export function parseUnits(text: string, decimals: number): bigint | undefined {
  const match = /^(\d{1,78})(?:\.(\d{1,255}))?$/u.exec(text.trim());
  if (!match) {
    return undefined;
  }
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > decimals) {
    return undefined;
  }
  return BigInt(`${whole}${fraction.padEnd(decimals, '0')}`);
}

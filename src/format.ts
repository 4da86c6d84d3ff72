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
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/u, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

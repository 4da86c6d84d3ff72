import { parseUnits } from '@snapnet/client';

export { formatUnits } from '@snapnet/client';

/**
 * The amount the user typed, in the token's smallest unit (read as the snap
 * reads amounts).
 *
 * @param text - E.g. `1.5`.
 * @param decimals - The token's decimals.
 * @returns The amount.
 * @throws {Error} When the text is not a plain amount with at most
 * `decimals` decimals.
 */
export function parseAmount(text: string, decimals: number): bigint {
  const amount = parseUnits(text, decimals);
  if (amount === undefined) {
    throw new Error(
      `"${text}" is not an amount with at most ${decimals} decimals: write it like 1.5`,
    );
  }
  return amount;
}

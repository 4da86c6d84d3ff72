import type { ParsedTx, ResourceBounds } from './txs';
import type { GasPrices, GasUsage } from './types';

/** Gas a transaction consumes, per resource. */
export type { GasUsage } from './types';

/**
 * The gas an invoke uses under the fixed model.
 *
 * @param calldataLength - The length of its calldata (the account's `__execute__`'s).
 * @returns Its gas usage.
 */
export function invokeGasUsage(calldataLength: number): GasUsage {
  return {
    l1Gas: 0n,
    l1DataGas: 192n,
    l2Gas: 400_000n + 2_000n * BigInt(calldataLength),
  };
}

/**
 * The fixed, deterministic gas model: a base per type plus a per-felt cost.
 *
 * @param tx - The transaction.
 * @returns Its gas usage.
 */
export function gasUsage(tx: ParsedTx): GasUsage {
  switch (tx.type) {
    case 'INVOKE':
      return invokeGasUsage(tx.calldata.length);
    case 'DEPLOY_ACCOUNT':
      return {
        l1Gas: 0n,
        l1DataGas: 224n,
        l2Gas: 600_000n + 2_000n * BigInt(tx.constructorCalldata.length),
      };
    case 'DECLARE':
    default:
      return {
        l1Gas: 0n,
        l1DataGas: 256n,
        l2Gas: 1_000_000n + 100n * BigInt(tx.programLength),
      };
  }
}

/**
 * The fee at the block's FRI prices. The tip is paid per unit of L2 gas, as
 * on Starknet ≥ 0.14 (and starknet-devnet).
 *
 * @param gas - Gas usage.
 * @param prices - The block's gas prices.
 * @param tip - The transaction's tip (FRI per L2 gas unit).
 * @returns The fee in FRI.
 */
export function feeOf(gas: GasUsage, prices: GasPrices, tip = 0n): bigint {
  return (
    gas.l1Gas * prices.l1Gas.fri +
    gas.l1DataGas * prices.l1DataGas.fri +
    gas.l2Gas * (prices.l2Gas.fri + tip)
  );
}

/**
 * Whether the bounds cover the usage at current prices (check 53).
 *
 * @param bounds - The resource bounds.
 * @param gas - The usage.
 * @param prices - The current gas prices.
 * @returns True when covered.
 */
export function boundsCover(
  bounds: ResourceBounds,
  gas: GasUsage,
  prices: GasPrices,
): boolean {
  const triples: [{ maxAmount: bigint; maxPrice: bigint }, bigint, bigint][] = [
    [bounds.l1Gas, gas.l1Gas, prices.l1Gas.fri],
    [bounds.l1DataGas, gas.l1DataGas, prices.l1DataGas.fri],
    [bounds.l2Gas, gas.l2Gas, prices.l2Gas.fri],
  ];
  return triples.every(
    ([bound, used, price]) =>
      used === 0n || (bound.maxAmount >= used && bound.maxPrice >= price),
  );
}

/**
 * The maximal fee a transaction may pay (sum of limit x max price, check 54).
 *
 * @param bounds - The resource bounds.
 * @param tip - The tip, paid per unit of L2 gas.
 * @returns The maximal fee.
 */
export function maxFee(bounds: ResourceBounds, tip = 0n): bigint {
  return (
    bounds.l1Gas.maxAmount * bounds.l1Gas.maxPrice +
    bounds.l1DataGas.maxAmount * bounds.l1DataGas.maxPrice +
    bounds.l2Gas.maxAmount * (bounds.l2Gas.maxPrice + tip)
  );
}

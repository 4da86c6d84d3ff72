import { stark } from 'starknet';

import type { GasPrices } from '../node/calls';
import type { NodeFeeEstimate } from '../node/calls';
import { toHex, U128_BOUND, U64_BOUND } from '../protocol/values';
import type { ResourceBoundsHex, V3Details } from '../signing/details';

/** The fee estimate object of the wallet API (base-10 integer text). */
export type FeeEstimate = {
  suggestedMaxFee: string;
  overallFee: string;
  gasConsumed: string;
  gasPrice: string;
  unit: 'wei';
};

/**
 * A bound or tip this many times the node's current price (or the
 * estimated amount) is flagged: the estimate's own headroom is 1.5×, so
 * nothing the wallet chose reaches it.
 */
export const FAR_ABOVE_FACTOR = 10n;

/**
 * The most a v3 transaction can cost, as the protocol charges it since
 * Starknet 0.14: each resource's amount times its price, the tip paid on
 * every unit of L2 gas.
 *
 * @param details - The signed details (bounds and tip).
 * @param details.resourceBounds - The resource bounds.
 * @param details.tip - The tip per unit of L2 gas.
 * @returns The maximum fee in FRI.
 */
export function maxFeeOf(details: {
  resourceBounds: ResourceBoundsHex;
  tip: string;
}): bigint {
  const {
    l1_gas: l1Gas,
    l2_gas: l2Gas,
    l1_data_gas: l1Data,
  } = details.resourceBounds;
  return (
    BigInt(l1Gas.max_amount) * BigInt(l1Gas.max_price_per_unit) +
    BigInt(l1Data.max_amount) * BigInt(l1Data.max_price_per_unit) +
    BigInt(l2Gas.max_amount) *
      (BigInt(l2Gas.max_price_per_unit) + BigInt(details.tip))
  );
}

/** 50 % headroom on every amount and price, as starknet.js's default. */
const HEADROOM = { max_amount: 50, max_price_per_unit: 50 };

/**
 * Resource bounds from a fee estimate, with 50 % headroom on amounts and
 * prices (starknet.js's own overhead), so a slightly busier block still fits.
 *
 * @param estimate - The node's estimate.
 * @returns Bounds for the transaction.
 */
export function boundsFromEstimate(
  estimate: NodeFeeEstimate,
): ResourceBoundsHex {
  const bounds = stark.resourceBoundsToHexString(
    stark.toOverheadResourceBounds(
      { ...estimate, unit: 'FRI' },
      {
        l1_gas: HEADROOM,
        l2_gas: HEADROOM,
        l1_data_gas: HEADROOM,
      },
    ),
  );
  // Headroom never takes a bound past its type: the hash packs the amount
  // in 64 bits and the price in 128.
  const capped = (bound: {
    max_amount: string;
    max_price_per_unit: string;
  }): { max_amount: string; max_price_per_unit: string } => ({
    max_amount: toHex(minimum(BigInt(bound.max_amount), U64_BOUND - 1n)),
    max_price_per_unit: toHex(
      minimum(BigInt(bound.max_price_per_unit), U128_BOUND - 1n),
    ),
  });
  return {
    l1_gas: capped(bounds.l1_gas),
    l2_gas: capped(bounds.l2_gas),
    l1_data_gas: capped(bounds.l1_data_gas),
  };
}

/**
 * The smaller of two numbers.
 *
 * @param first - One number.
 * @param second - The other.
 * @returns The smaller.
 */
function minimum(first: bigint, second: bigint): bigint {
  return first < second ? first : second;
}

/**
 * The prices an estimate was made at.
 *
 * @param estimate - The node's estimate.
 * @returns Its prices.
 */
export function pricesOf(estimate: NodeFeeEstimate): GasPrices {
  return {
    l1Gas: BigInt(estimate.l1_gas_price),
    l2Gas: BigInt(estimate.l2_gas_price),
    l1DataGas: BigInt(estimate.l1_data_gas_price),
  };
}

/**
 * Sums the node's estimates of a sequence (deploy, then invoke) into the
 * wallet API's fee object. `overallFee` is the node's overall fee;
 * `suggestedMaxFee` is the most the transactions the wallet would sign could
 * cost (estimate + 50 % on amounts and prices, plus the tip on every unit of
 * L2 gas); `gasConsumed` counts every gas kind; `gasPrice` is the L2 gas
 * price. Amounts are in the fee token's smallest unit (FRI for STRK),
 * labelled `wei` as the API says.
 *
 * @param estimates - The node's estimates.
 * @param tip - The tip per unit of L2 gas the dapp asked for.
 * @returns The fee object.
 */
export function toFeeEstimate(
  estimates: NodeFeeEstimate[],
  tip = '0x0',
): FeeEstimate {
  let overall = 0n;
  let suggested = 0n;
  let gas = 0n;
  let price = 0n;
  for (const estimate of estimates) {
    overall += BigInt(estimate.overall_fee);
    suggested += maxFeeOf({
      resourceBounds: boundsFromEstimate(estimate),
      tip,
    });
    gas +=
      BigInt(estimate.l1_gas_consumed) +
      BigInt(estimate.l2_gas_consumed) +
      BigInt(estimate.l1_data_gas_consumed);
    price = BigInt(estimate.l2_gas_price);
  }
  return {
    suggestedMaxFee: suggested.toString(),
    overallFee: overall.toString(),
    gasConsumed: gas.toString(),
    gasPrice: price.toString(),
    unit: 'wei',
  };
}

const RESOURCE_NAMES = {
  l1_gas: 'L1 gas',
  l2_gas: 'L2 gas',
  l1_data_gas: 'L1 data gas',
} as const;

/**
 * Warnings for a fee far above what the network asks now (a price bound or
 * a tip over FAR_ABOVE_FACTOR × the current price, an amount bound over
 * FAR_ABOVE_FACTOR × what the node estimated the transaction uses) or below
 * what it needs (a price under the current one, an amount under the
 * estimate).
 *
 * @param details - The details to be signed.
 * @param prices - The node's current prices.
 * @param estimate - The node's estimate of this transaction, if made.
 * @returns One sentence per finding (empty when the fee is ordinary).
 */
export function feeWarnings(
  details: V3Details,
  prices: GasPrices,
  estimate?: NodeFeeEstimate,
): string[] {
  const warnings: string[] = [];
  const current = {
    l1_gas: prices.l1Gas,
    l2_gas: prices.l2Gas,
    l1_data_gas: prices.l1DataGas,
  };
  const used = estimate
    ? {
        l1_gas: BigInt(estimate.l1_gas_consumed),
        l2_gas: BigInt(estimate.l2_gas_consumed),
        l1_data_gas: BigInt(estimate.l1_data_gas_consumed),
      }
    : undefined;
  for (const resource of ['l1_gas', 'l2_gas', 'l1_data_gas'] as const) {
    const bound = details.resourceBounds[resource];
    const price = BigInt(bound.max_price_per_unit);
    if (price > current[resource] * FAR_ABOVE_FACTOR && price > 0n) {
      warnings.push(
        `The ${RESOURCE_NAMES[resource]} price cap (${price} FRI) is more than ${FAR_ABOVE_FACTOR}× the network's current price (${current[resource]} FRI).`,
      );
    }
    if (price < current[resource]) {
      warnings.push(
        `The ${RESOURCE_NAMES[resource]} price cap (${price} FRI) is below the network's current price (${current[resource]} FRI): the transaction may wait or be refused.`,
      );
    }
    const amount = BigInt(bound.max_amount);
    const usedAmount = used?.[resource];
    if (usedAmount === undefined) {
      continue;
    }
    if (amount > usedAmount * FAR_ABOVE_FACTOR && amount > 0n) {
      warnings.push(
        `The ${RESOURCE_NAMES[resource]} amount cap (${amount}) is more than ${FAR_ABOVE_FACTOR}× what this transaction is estimated to use (${usedAmount}).`,
      );
    } else if (amount < usedAmount) {
      warnings.push(
        `The ${RESOURCE_NAMES[resource]} amount cap (${amount}) is below what this transaction is estimated to use (${usedAmount}): it may fail and still be charged.`,
      );
    }
  }
  const tip = BigInt(details.tip);
  if (tip > 0n && tip > prices.l2Gas) {
    warnings.push(
      `The tip (${tip} FRI per unit of L2 gas) is more than the network's whole L2 gas price (${prices.l2Gas} FRI).`,
    );
  }
  return warnings;
}

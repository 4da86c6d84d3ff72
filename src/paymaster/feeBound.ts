import type { PaymasterFeeEstimate } from 'starknet';

import { PaymasterError } from '../errors';
import { FAR_ABOVE_FACTOR } from '../sender/fees';
import type { TokenRecord } from '../state/schema';

/**
 * The bound on what a paymaster may have the user sign as its fee. The
 * paymaster builds the fee transfer itself (its suggested maximum), so
 * without a bound it could make it any multiple of its own estimate. The
 * signed amount is measured against the paymaster's own figures: its
 * estimate in the gas token, and — as a second opinion it cannot inflate
 * alone — the ratio of its STRK-priced suggested maximum to its STRK
 * estimate. The larger ratio counts.
 *
 * Thresholds: AVNU's suggested maximum is its estimate times a small margin
 * plus the account's validation overhead (avnu-labs/paymaster,
 * `compute_max_fee_with_overhead_in_strk`; the local node answers 2×).
 * Above FAR_ABOVE_FACTOR (10×, the ordinary send's rule for
 * a fee cap far above the estimate, src/sender/fees.ts) the dialog shows the
 * ratio under a danger banner; above REFUSED_ABOVE_FACTOR (100×) no honest
 * margin explains it and the build is refused before anything is shown.
 * The gas token's STRK price is checked to agree with the two estimates
 * (within 2×, whichever scale of the price is used: AVNU's 10^18 or the
 * token's decimals); when it does not, the dialog says so.
 */

/** Above this many times the paymaster's own estimate, the build is refused. */
export const REFUSED_ABOVE_FACTOR = 100n;

/**
 * A ratio as the dialog writes it (one decimal, rounded down).
 *
 * @param over - The larger amount.
 * @param under - The amount it is compared to (positive).
 * @returns E.g. "12.5".
 */
function ratioText(over: bigint, under: bigint): string {
  const tenths = (over * 10n) / under;
  return `${tenths / 10n}.${tenths % 10n}`;
}

/**
 * Whether `amount` exceeds `factor` × `base` (a zero base: any positive
 * amount does).
 *
 * @param amount - The amount.
 * @param base - What it is compared to.
 * @param factor - The factor.
 * @returns Whether it is above.
 */
function above(amount: bigint, base: bigint, factor: bigint): boolean {
  return amount > base * factor;
}

/**
 * Whether the gas token's STRK price agrees with the paymaster's two
 * estimates, within 2×, at either scale a price is given in.
 *
 * @param fee - The paymaster's figures.
 * @param decimals - The gas token's decimals.
 * @returns Whether they agree.
 */
function priceAgrees(fee: Figures, decimals: number): boolean {
  const inGas = fee.estimated_fee_in_gas_token;
  const inStrk = fee.estimated_fee_in_strk;
  if (inGas === 0n || inStrk === 0n) {
    return inGas === inStrk;
  }
  return [10n ** 18n, 10n ** BigInt(decimals)].some((scale) => {
    // inGas ≈ inStrk × scale / price, so inGas × price ≈ inStrk × scale.
    const priced = inGas * fee.gas_token_price_in_strk;
    const expected = inStrk * scale;
    return priced * 2n >= expected && priced <= expected * 2n;
  });
}

/** The paymaster's fee figures, as numbers. */
type Figures = { [Key in keyof PaymasterFeeEstimate]: bigint };

/**
 * The paymaster's fee figures as numbers, or undefined when one is not a
 * non-negative integer.
 *
 * @param fee - The figures as PaymasterRpc converts them.
 * @returns The numbers.
 */
export function feeFiguresOf(
  fee: PaymasterFeeEstimate | undefined,
): Figures | undefined {
  if (!fee) {
    return undefined;
  }
  const figures = {
    gas_token_price_in_strk: fee.gas_token_price_in_strk,
    estimated_fee_in_strk: fee.estimated_fee_in_strk,
    estimated_fee_in_gas_token: fee.estimated_fee_in_gas_token,
    suggested_max_fee_in_strk: fee.suggested_max_fee_in_strk,
    suggested_max_fee_in_gas_token: fee.suggested_max_fee_in_gas_token,
  };
  const values = Object.values(figures);
  if (values.some((value) => typeof value !== 'bigint' || value < 0n)) {
    return undefined;
  }
  return figures as Figures;
}

/**
 * Bounds the signed fee transfer by the paymaster's own estimate; see the
 * module's comment.
 *
 * @param host - The paymaster.
 * @param fee - Its figures.
 * @param signed - The fee transfer to be signed.
 * @param signed.amount - Its amount, in the gas token's smallest units.
 * @param signed.token - The gas token.
 * @param capFactor - A stricter bound set by the asker (the wallet's own
 * page): above this many times the estimate is refused.
 * @returns Lines for the dialog's danger banner (empty when ordinary).
 * @throws PaymasterError when the fee is refused.
 */
export function boundFee(
  host: string,
  fee: Figures,
  signed: { amount: bigint; token: TokenRecord },
  capFactor?: bigint,
): string[] {
  const { amount, token } = signed;
  const estimate = fee.estimated_fee_in_gas_token;
  const strkEstimate = fee.estimated_fee_in_strk;
  const strkMax = fee.suggested_max_fee_in_strk;
  const gasRatio =
    estimate === 0n ? 'infinitely many' : `${ratioText(amount, estimate)}`;
  const refuseAbove = capFactor ?? REFUSED_ABOVE_FACTOR;
  if (
    above(amount, estimate, refuseAbove) ||
    above(strkMax, strkEstimate, refuseAbove)
  ) {
    const whose = capFactor === undefined ? '' : ' (the cap this page sets)';
    throw new PaymasterError(
      host,
      `asks a fee of ${amount} (smallest units of ${token.symbol}), ${gasRatio}× its own estimate of ${estimate}: more than ${refuseAbove}×${whose} is refused, nothing was signed`,
    );
  }
  const warnings: string[] = [];
  if (above(amount, estimate, FAR_ABOVE_FACTOR)) {
    warnings.push(
      `The fee the paymaster asks (${amount} smallest units of ${token.symbol}) is ${gasRatio}× its own estimate (${estimate}): more than ${FAR_ABOVE_FACTOR}×.`,
    );
  }
  if (above(strkMax, strkEstimate, FAR_ABOVE_FACTOR)) {
    warnings.push(
      `The paymaster's maximum in STRK (${strkMax} FRI) is ${strkEstimate === 0n ? 'infinitely many' : ratioText(strkMax, strkEstimate)}× its own STRK estimate (${strkEstimate} FRI): more than ${FAR_ABOVE_FACTOR}×.`,
    );
  }
  if (!priceAgrees(fee, token.decimals)) {
    warnings.push(
      `The paymaster's price of ${token.symbol} in STRK (${fee.gas_token_price_in_strk}) does not agree with its own estimates (${estimate} ${token.symbol}, ${strkEstimate} FRI).`,
    );
  }
  return warnings;
}

/**
 * The yearly rate a delegator can expect, computed as the contracts compute
 * rewards (starkware-libs/starknet-staking, deployed BTC-enabled release):
 * the minting curve mints `yearly_mint = c·√(S·T) / 10000` a year (S the
 * STRK staked, T the STRK supply, c its `c_num`); the reward supplier pays
 * it per epoch (`calculate_current_epoch_rewards`: a year's mint over the
 * epochs in a year, α percent of it to BTC stake, the rest to STRK stake);
 * each pool's share goes to its members less the validator's commission.
 * An estimate: the totals move every epoch, and a member earns from the
 * epoch after it enters.
 */

/** The minting curve's denominator of `c` (C_DENOM). */
export const C_DENOMINATOR = 10_000n;

/** The reward supplier's denominator of α (ALPHA_DENOMINATOR). */
export const ALPHA_DENOMINATOR = 100n;

/** Commissions are in basis points (500 = 5 %). */
export const COMMISSION_DENOMINATOR = 10_000n;

/** The contracts' year (SECONDS_IN_YEAR: 365 days). */
export const SECONDS_IN_YEAR = 365n * 24n * 60n * 60n;

/** Stake is compared in 18 decimals (the contracts' NormalizedAmount). */
export const NORMALIZED_UNIT = 10n ** 18n;

/**
 * The integer square root (the largest r with r² ≤ n).
 *
 * @param value - A non-negative integer.
 * @returns Its square root, rounded down.
 */
export function integerSquareRoot(value: bigint): bigint {
  if (value < 2n) {
    return value < 0n ? 0n : value;
  }
  let root = value;
  let next = (root + 1n) / 2n;
  while (next < root) {
    root = next;
    next = (root + value / root) / 2n;
  }
  return root;
}

/**
 * What the minting curve mints in a year: `c·√(S·T) / 10000`.
 *
 * @param cNum - The curve's c (213 on Mainnet since the BTC release).
 * @param totalStake - S, the STRK staked (FRI).
 * @param totalSupply - T, the STRK supply (FRI).
 * @returns The yearly mint (FRI).
 */
export function yearlyMint(
  cNum: bigint,
  totalStake: bigint,
  totalSupply: bigint,
): bigint {
  return (cNum * integerSquareRoot(totalStake * totalSupply)) / C_DENOMINATOR;
}

/**
 * One epoch's rewards, split as the reward supplier splits them.
 *
 * @param mintedInYear - The yearly mint (FRI).
 * @param epochDuration - Seconds an epoch lasts.
 * @param alpha - The BTC share, in percent (`get_alpha`: 25).
 * @returns The STRK stake's and the BTC stake's rewards (FRI).
 */
export function epochRewards(
  mintedInYear: bigint,
  epochDuration: bigint,
  alpha: bigint,
): { strk: bigint; btc: bigint } {
  if (epochDuration <= 0n) {
    return { strk: 0n, btc: 0n };
  }
  const epochsInYear = SECONDS_IN_YEAR / epochDuration;
  const total = epochsInYear === 0n ? 0n : mintedInYear / epochsInYear;
  const btc = (total * alpha) / ALPHA_DENOMINATOR;
  return { strk: total - btc, btc };
}

/**
 * The estimated STRK a delegator earns in a year per whole staked token
 * (10^18 normalized units: 1 STRK, or 1 BTC whatever its decimals), after
 * the commission. For a STRK pool it reads as a rate (10^17 is 10 %); for a
 * BTC pool as STRK per BTC.
 *
 * @param options - What the contracts answer.
 * @param options.epochRewards - The epoch's rewards of the pool's side
 * (`calculate_current_epoch_rewards`: STRK's or BTC's), FRI.
 * @param options.epochDuration - Seconds an epoch lasts (`get_epoch_info`).
 * @param options.totalStake - The side's total stake, normalized to 18
 * decimals (`get_current_total_staking_power`).
 * @param options.commission - The validator's commission, basis points.
 * @returns FRI a year per whole token, or undefined when nothing is staked.
 */
export function estimatedYearlyReward(options: {
  epochRewards: bigint;
  epochDuration: bigint;
  totalStake: bigint;
  commission: bigint;
}): bigint | undefined {
  const {
    epochRewards: perEpoch,
    epochDuration,
    totalStake,
    commission,
  } = options;
  if (
    totalStake <= 0n ||
    epochDuration <= 0n ||
    commission < 0n ||
    commission > COMMISSION_DENOMINATOR
  ) {
    return undefined;
  }
  const epochsInYear = SECONDS_IN_YEAR / epochDuration;
  const gross = (perEpoch * epochsInYear * NORMALIZED_UNIT) / totalStake;
  return (
    (gross * (COMMISSION_DENOMINATOR - commission)) / COMMISSION_DENOMINATOR
  );
}

import { option, readLayout, span } from './felts';
import type { Reading } from '../node/answers';

/**
 * The staking contracts' answers the wallet reads, each read in exactly the
 * layout of starkware-libs/starknet-staking's deployed BTC-enabled release
 * (vendor/contracts/starknet-staking-v3.abi.json) or refused.
 */

/** The most pools a staker's `staker_pool_info` may list (one per token). */
export const MAX_POOLS_PER_STAKER = 16;

/** The most tokens `get_active_tokens` may list. */
export const MAX_ACTIVE_TOKENS = 16;

/** `PoolMemberInfoV1`, the pool's view of a member. */
export type PoolMemberInfo = {
  rewardAddress: bigint;
  amount: bigint;
  unclaimedRewards: bigint;
  /** Basis points (500 = 5 %). */
  commission: bigint;
  unpoolAmount: bigint;
  /** Seconds since the epoch; undefined when no exit is pending. */
  unpoolTime: bigint | undefined;
};

/**
 * `get_pool_member_info_v1(member) -> Option<PoolMemberInfoV1>`.
 *
 * @param felts - The answer.
 * @returns The member (undefined: not a member), or the problem.
 */
export function readPoolMemberInfo(
  felts: readonly (string | bigint)[],
): Reading<PoolMemberInfo | undefined> {
  return readLayout('get_pool_member_info_v1', felts, (cursor) =>
    option(cursor, 'the option', () => ({
      rewardAddress: cursor.take('address', 'reward_address'),
      amount: cursor.take('u128', 'amount'),
      unclaimedRewards: cursor.take('u128', 'unclaimed_rewards'),
      commission: cursor.take('u16', 'commission'),
      unpoolAmount: cursor.take('u128', 'unpool_amount'),
      unpoolTime: option(cursor, 'unpool_time', () =>
        cursor.take('u64', 'unpool_time.seconds'),
      ),
    })),
  );
}

/** `PoolContractInfoV1`, a pool's own parameters. */
export type PoolParameters = {
  stakerAddress: bigint;
  stakerRemoved: boolean;
  stakingContract: bigint;
  tokenAddress: bigint;
  commission: bigint;
};

/**
 * A pool's `contract_parameters_v1() -> PoolContractInfoV1`.
 *
 * @param felts - The answer.
 * @returns The parameters, or the problem.
 */
export function readPoolParameters(
  felts: readonly (string | bigint)[],
): Reading<PoolParameters> {
  return readLayout('the pool contract_parameters_v1', felts, (cursor) => ({
    stakerAddress: cursor.take('address', 'staker_address'),
    stakerRemoved: cursor.tag('staker_removed') === 1,
    stakingContract: cursor.take('address', 'staking_contract'),
    tokenAddress: cursor.take('address', 'token_address'),
    commission: cursor.take('u16', 'commission'),
  }));
}

/** `StakingContractInfoV1`, the staking contract's parameters. */
export type StakingParameters = {
  minStake: bigint;
  tokenAddress: bigint;
  attestationContract: bigint;
  poolContractClassHash: bigint;
  rewardSupplier: bigint;
  /** Seconds between an exit intent and its action. */
  exitWaitWindow: bigint;
};

/**
 * The staking contract's `contract_parameters_v1() -> StakingContractInfoV1`.
 *
 * @param felts - The answer.
 * @returns The parameters, or the problem.
 */
export function readStakingParameters(
  felts: readonly (string | bigint)[],
): Reading<StakingParameters> {
  return readLayout('the staking contract_parameters_v1', felts, (cursor) => ({
    minStake: cursor.take('u128', 'min_stake'),
    tokenAddress: cursor.take('address', 'token_address'),
    attestationContract: cursor.take('address', 'attestation_contract'),
    poolContractClassHash: cursor.take('felt', 'pool_contract_class_hash'),
    rewardSupplier: cursor.take('address', 'reward_supplier'),
    exitWaitWindow: cursor.take('u64', 'exit_wait_window.seconds'),
  }));
}

/** One pool of a staker (`PoolInfo`). */
export type StakerPool = {
  poolContract: bigint;
  tokenAddress: bigint;
  /** What is delegated to the pool, in the token's own units. */
  amount: bigint;
};

/** `StakerPoolInfoV2`: a staker's commission and pools. */
export type StakerPools = {
  /** Basis points; undefined while the staker has set none. */
  commission: bigint | undefined;
  pools: StakerPool[];
};

/**
 * `staker_pool_info(staker) -> StakerPoolInfoV2`.
 *
 * @param felts - The answer.
 * @returns The pools, or the problem.
 */
export function readStakerPools(
  felts: readonly (string | bigint)[],
): Reading<StakerPools> {
  return readLayout('staker_pool_info', felts, (cursor) => ({
    commission: option(cursor, 'commission', () =>
      cursor.take('u16', 'commission'),
    ),
    pools: span(cursor, 'pools', MAX_POOLS_PER_STAKER, () => ({
      poolContract: cursor.take('address', 'pool_contract'),
      tokenAddress: cursor.take('address', 'token_address'),
      amount: cursor.take('u128', 'amount'),
    })),
  }));
}

/** `StakerInfoV1`, what the wallet needs of it. */
export type StakerInfo = {
  rewardAddress: bigint;
  operationalAddress: bigint;
  /** When the validator leaves; undefined when it is not leaving. */
  unstakeTime: bigint | undefined;
  amountOwn: bigint;
  unclaimedRewardsOwn: bigint;
  /** Its STRK pool (`StakerPoolInfoV1`), if it has one. */
  poolInfo:
    | { poolContract: bigint; amount: bigint; commission: bigint }
    | undefined;
};

/**
 * `staker_info_v1(staker) -> StakerInfoV1` (the staking contract reverts
 * for an address that is no staker).
 *
 * @param felts - The answer.
 * @returns The staker, or the problem.
 */
export function readStakerInfo(
  felts: readonly (string | bigint)[],
): Reading<StakerInfo> {
  return readLayout('staker_info_v1', felts, (cursor) => ({
    rewardAddress: cursor.take('address', 'reward_address'),
    operationalAddress: cursor.take('address', 'operational_address'),
    unstakeTime: option(cursor, 'unstake_time', () =>
      cursor.take('u64', 'unstake_time.seconds'),
    ),
    amountOwn: cursor.take('u128', 'amount_own'),
    unclaimedRewardsOwn: cursor.take('u128', 'unclaimed_rewards_own'),
    poolInfo: option(cursor, 'pool_info', () => ({
      poolContract: cursor.take('address', 'pool_contract'),
      amount: cursor.take('u128', 'amount'),
      commission: cursor.take('u16', 'commission'),
    })),
  }));
}

/**
 * `get_active_tokens() -> Span<ContractAddress>`.
 *
 * @param felts - The answer.
 * @returns The token addresses, or the problem.
 */
export function readActiveTokens(
  felts: readonly (string | bigint)[],
): Reading<bigint[]> {
  return readLayout('get_active_tokens', felts, (cursor) =>
    span(cursor, 'tokens', MAX_ACTIVE_TOKENS, () =>
      cursor.take('address', 'token'),
    ),
  );
}

/** `EpochInfo`, what the rate needs of it. */
export type EpochInfo = {
  /** Seconds an epoch is meant to last. */
  epochDuration: bigint;
  /** Blocks an epoch lasts. */
  length: bigint;
  startingBlock: bigint;
  startingEpoch: bigint;
};

/**
 * `get_epoch_info() -> EpochInfo`.
 *
 * @param felts - The answer.
 * @returns The epoch parameters, or the problem.
 */
export function readEpochInfo(
  felts: readonly (string | bigint)[],
): Reading<EpochInfo> {
  return readLayout('get_epoch_info', felts, (cursor) => {
    const info = {
      epochDuration: cursor.take('u32', 'epoch_duration'),
      length: cursor.take('u32', 'length'),
      startingBlock: cursor.take('u64', 'starting_block'),
      startingEpoch: cursor.take('u64', 'starting_epoch'),
    };
    cursor.take('u32', 'previous_length');
    cursor.take('u32', 'previous_epoch_duration');
    return info;
  });
}

/**
 * A pair of u128 (`calculate_current_epoch_rewards() -> (strk, btc)`, or
 * `get_current_total_staking_power() -> (NormalizedAmount, NormalizedAmount)`).
 *
 * @param what - Which answer.
 * @param felts - The answer.
 * @returns The pair, or the problem.
 */
export function readAmountPair(
  what: string,
  felts: readonly (string | bigint)[],
): Reading<[bigint, bigint]> {
  return readLayout(what, felts, (cursor) => [
    cursor.take('u128', 'the first amount'),
    cursor.take('u128', 'the second amount'),
  ]);
}

/**
 * One u128 (`get_alpha`, `yearly_mint`, `get_total_stake_for_token`, the
 * amounts the pool's entry points return).
 *
 * @param what - Which answer.
 * @param felts - The answer.
 * @returns The amount, or the problem.
 */
export function readAmount(
  what: string,
  felts: readonly (string | bigint)[],
): Reading<bigint> {
  return readLayout(what, felts, (cursor) => cursor.take('u128', 'the amount'));
}

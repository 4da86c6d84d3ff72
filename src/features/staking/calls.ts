import { array, integer, min, type } from 'superstruct';

import { FeltText, readingCall, validateAnswer } from '../../node/answers';
import type { Reading } from '../../node/answers';
import { viewCall } from '../../node/calls';
import type { NodeCall } from '../../node/nodeCall';
import {
  readAmountPair,
  readEpochInfo,
  readPoolMemberInfo,
  readStakerPools,
  readStakingParameters,
} from '../../staking/layouts';
import type {
  EpochInfo,
  PoolMemberInfo,
  StakerPools,
  StakingParameters,
} from '../../staking/layouts';
import {
  POOL_SELECTORS,
  REWARD_SUPPLIER_SELECTORS,
  STAKING_SELECTORS,
} from '../../staking/protocol';

/**
 * The Stake view's reads of the staking contract, its pools and its reward
 * supplier, as calls of a node batch: each answer read by the layout reader
 * of src/staking/ (total: an answer that is not the layout says why, beside
 * the others, and never fails the batch).
 */

/**
 * A view call whose felts are read by a layout reader.
 *
 * @param contract - The contract.
 * @param selector - The view's selector.
 * @param calldata - Its calldata.
 * @param read - The layout reader.
 * @returns The call.
 */
function layoutCall<Value>(
  contract: string,
  selector: string,
  calldata: string[],
  read: (felts: readonly string[]) => Reading<Value>,
): NodeCall<Reading<Value>> {
  return readingCall(viewCall(contract, selector, calldata), (answer) => {
    const [error, felts] = validateAnswer(answer, array(FeltText));
    return error || felts === undefined
      ? { problem: 'the answer is not a list of felts' }
      : read(felts);
  });
}

/**
 * `get_pool_member_info_v1(member)` of a pool.
 *
 * @param pool - The pool.
 * @param member - The member.
 * @returns The call (undefined value: not a member).
 */
export function memberInfoCall(
  pool: string,
  member: string,
): NodeCall<Reading<PoolMemberInfo | undefined>> {
  return layoutCall(
    pool,
    POOL_SELECTORS.get_pool_member_info_v1,
    [member],
    readPoolMemberInfo,
  );
}

/**
 * `staker_pool_info(staker)` of the staking contract: its commission and
 * its pools with what each holds.
 *
 * @param contract - The staking contract.
 * @param staker - The validator.
 * @returns The call.
 */
export function stakerPoolsCall(
  contract: string,
  staker: string,
): NodeCall<Reading<StakerPools>> {
  return layoutCall(
    contract,
    STAKING_SELECTORS.staker_pool_info,
    [staker],
    readStakerPools,
  );
}

/**
 * The staking contract's `contract_parameters_v1()`: the exit wait, the
 * reward supplier.
 *
 * @param contract - The staking contract.
 * @returns The call.
 */
export function stakingParametersCall(
  contract: string,
): NodeCall<Reading<StakingParameters>> {
  return layoutCall(
    contract,
    STAKING_SELECTORS.contract_parameters_v1,
    [],
    readStakingParameters,
  );
}

/**
 * The staking contract's `get_epoch_info()`.
 *
 * @param contract - The staking contract.
 * @returns The call.
 */
export function epochInfoCall(contract: string): NodeCall<Reading<EpochInfo>> {
  return layoutCall(
    contract,
    STAKING_SELECTORS.get_epoch_info,
    [],
    readEpochInfo,
  );
}

/**
 * The staking contract's `get_current_total_staking_power()`: STRK's and
 * BTC's total stake, normalized to 18 decimals.
 *
 * @param contract - The staking contract.
 * @returns The call.
 */
export function totalStakeCall(
  contract: string,
): NodeCall<Reading<[bigint, bigint]>> {
  return layoutCall(
    contract,
    STAKING_SELECTORS.get_current_total_staking_power,
    [],
    (felts) => readAmountPair('get_current_total_staking_power', felts),
  );
}

/**
 * The reward supplier's `calculate_current_epoch_rewards()`: the epoch's
 * rewards of STRK stake and of BTC stake.
 *
 * @param supplier - The reward supplier.
 * @returns The call.
 */
export function epochRewardsCall(
  supplier: string,
): NodeCall<Reading<[bigint, bigint]>> {
  return layoutCall(
    supplier,
    REWARD_SUPPLIER_SELECTORS.calculate_current_epoch_rewards,
    [],
    (felts) => readAmountPair('calculate_current_epoch_rewards', felts),
  );
}

/** The latest block's number and time (seconds), as the chain keeps them. */
export type ChainTime = { block: number; time: number };

/**
 * The latest block's header, read for its number (where the events were
 * read to) and its time (when an exit can be withdrawn: the chain's clock,
 * not the device's); or a past block's, for its time.
 *
 * @param block - Which block (the latest by default).
 * @returns The call.
 */
export function chainTimeCall(
  block: 'latest' | { block_number: number } = 'latest',
): NodeCall<Reading<ChainTime>> {
  return {
    method: 'starknet_getBlockWithTxHashes',
    params: { block_id: block },
    parse: (answer): Reading<ChainTime> => {
      const [error, header] = validateAnswer(
        answer,
        type({ block_number: min(integer(), 0), timestamp: min(integer(), 0) }),
      );
      return error || header === undefined
        ? { problem: 'the block has no number or time' }
        : { value: { block: header.block_number, time: header.timestamp } };
    },
  };
}

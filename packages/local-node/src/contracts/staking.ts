import { STAKING_POOL_ENTRIES } from './staking-pool-calls';
import {
  ALPHA,
  EPOCH_DURATION,
  EPOCH_LENGTH,
  MIN_STAKE,
  POOL_CLASS_HASH,
  REWARD_SUPPLIER_ADDRESS,
} from './staking-protocol';
import {
  commissionOf,
  epochAt,
  epochRewards,
  existingStaker,
  nowOf,
  poolsOf,
  SLOTS,
  stakingPower,
  tokensOf,
} from './staking-state';
import { readSlot, varSlot } from './storage-vars';
import type { CallContext, EntryFn, NativeClass } from './types';
import { STRK_ADDRESS } from '../base/constants';

/**
 * Starknet's staking contract as the local node runs it: the views a wallet
 * reads (stakers, their pools, parameters, tokens, epochs, totals) and the
 * entry points its pools call (`IStakingPool`), with the deployed
 * release's layouts, events and errors (staking-protocol.ts). Stakers are
 * written at genesis (staking-genesis.ts); staking, unstaking and
 * attestation by validators are not emulated.
 */

const read = (ctx: CallContext, slot: bigint): bigint =>
  readSlot(ctx.env.state, ctx.self, slot);

/**
 * `StakerInfoV1` as felts.
 *
 * @param ctx - The call context.
 * @param staker - An existing staker.
 * @returns The felts.
 */
function stakerInfoFelts(ctx: CallContext, staker: bigint): bigint[] {
  const unstake = read(ctx, SLOTS.stakerUnstakeTime(staker));
  const strkPool = poolsOf(ctx.env.state, ctx.self, staker).find(
    (pool) => pool.token === STRK_ADDRESS,
  );
  return [
    read(ctx, SLOTS.stakerReward(staker)),
    read(ctx, SLOTS.stakerOperational(staker)),
    ...(unstake === 0n ? [1n] : [0n, unstake]),
    read(ctx, SLOTS.stakerOwn(staker)),
    0n,
    ...(strkPool
      ? [
          0n,
          strkPool.pool,
          strkPool.amount,
          commissionOf(ctx.env.state, ctx.self, staker) ?? 0n,
        ]
      : [1n]),
  ];
}

const one =
  (value: (ctx: CallContext) => bigint): EntryFn =>
  (ctx) => [value(ctx)];

const stakerInfo: EntryFn = (ctx, calldata) =>
  stakerInfoFelts(
    ctx,
    existingStaker(ctx.env.state, ctx.self, calldata[0] ?? 0n),
  );

const getStakerInfo: EntryFn = (ctx, calldata) => {
  const staker = calldata[0] ?? 0n;
  return read(ctx, SLOTS.stakerExists(staker)) === 0n
    ? [1n]
    : [0n, ...stakerInfoFelts(ctx, staker)];
};

const stakerPoolInfo: EntryFn = (ctx, calldata) => {
  const staker = existingStaker(ctx.env.state, ctx.self, calldata[0] ?? 0n);
  const commission = commissionOf(ctx.env.state, ctx.self, staker);
  const pools = poolsOf(ctx.env.state, ctx.self, staker);
  return [
    ...(commission === undefined ? [1n] : [0n, commission]),
    BigInt(pools.length),
    ...pools.flatMap(({ pool, token, amount }) => [pool, token, amount]),
  ];
};

const contractParameters: EntryFn = (ctx) => [
  MIN_STAKE,
  STRK_ADDRESS,
  0n,
  POOL_CLASS_HASH,
  REWARD_SUPPLIER_ADDRESS,
  read(ctx, SLOTS.exitWait),
];

const activeTokens: EntryFn = (ctx) => {
  const tokens = tokensOf(ctx.env.state, ctx.self);
  return [BigInt(tokens.length), ...tokens];
};

const allTokens: EntryFn = (ctx) => {
  const tokens = tokensOf(ctx.env.state, ctx.self);
  return [BigInt(tokens.length), ...tokens.flatMap((token) => [token, 1n])];
};

const epochInfo: EntryFn = () => [
  BigInt(EPOCH_DURATION),
  BigInt(EPOCH_LENGTH),
  0n,
  0n,
  0n,
  0n,
];

const totalStakingPower: EntryFn = (ctx) =>
  stakingPower(ctx.env.state, ctx.self);

const notPaused: EntryFn = () => [0n];

/** The staking contract. */
export const STAKING_CLASS: NativeClass = {
  kind: 'staking',
  entries: {
    staker_info_v1: stakerInfo,
    get_staker_info_v1: getStakerInfo,
    staker_pool_info: stakerPoolInfo,
    contract_parameters_v1: contractParameters,
    get_active_tokens: activeTokens,
    get_tokens: allTokens,
    get_current_epoch: one((ctx) =>
      epochAt(ctx.env.state, ctx.self, nowOf(ctx)),
    ),
    get_epoch_info: epochInfo,
    get_total_stake: one((ctx) => read(ctx, SLOTS.tokenTotal(STRK_ADDRESS))),
    get_current_total_staking_power: totalStakingPower,
    get_total_stake_for_token: one((ctx) =>
      read(ctx, SLOTS.tokenTotal(ctx.invocation.calldata[0] ?? 0n)),
    ),
    is_paused: notPaused,
    ...STAKING_POOL_ENTRIES,
  },
};

/**
 * The staking contract a reward supplier serves (the chain has one).
 *
 * @param ctx - The reward supplier's context.
 * @returns The staking contract.
 */
const stakingOf = (ctx: CallContext): bigint =>
  readSlot(ctx.env.state, ctx.self, varSlot('staking_contract'));

const currentEpochRewards: EntryFn = (ctx) =>
  epochRewards(ctx.env.state, stakingOf(ctx));

const supplierParameters: EntryFn = () => [0n, 0n];

const alpha: EntryFn = () => [ALPHA];

/** The reward supplier: each epoch's rewards and α. */
export const REWARD_SUPPLIER_CLASS: NativeClass = {
  kind: 'reward-supplier',
  entries: {
    calculate_current_epoch_rewards: currentEpochRewards,
    contract_parameters_v1: supplierParameters,
    get_alpha: alpha,
  },
};

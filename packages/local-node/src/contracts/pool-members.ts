import { callContract, selectorOf } from './calls';
import { COMMISSION_DENOMINATOR, STAKING_ERRORS } from './staking-protocol';
import { commissionOf } from './staking-state';
import {
  ACC_SCALE,
  accAt,
  callToken,
  ensure,
  normalized,
  nowOf,
  sideOf,
} from './staking-state';
import { mapSlot, readSlot, varSlot, writeSlot } from './storage-vars';
import type { CallContext } from './types';
import type { StateReader } from '../base/state-store';

/**
 * A delegation pool's members as the local emulation keeps them (pool.ts
 * runs the entry points): each member's balance, pending exit, reward
 * address, and rewards settled at a checkpoint of its side's accumulator
 * (staking-state.ts), paid less the staker's commission. Members are never
 * deleted.
 */

/** The pool's own storage. */
const POOL = {
  staker: varSlot('staker_address'),
  staking: varSlot('staking_contract'),
  token: varSlot('token_address'),
  exists: (member: bigint): bigint => mapSlot('local_member', member),
  reward: (member: bigint): bigint => mapSlot('local_member_reward', member),
  amount: (member: bigint): bigint => mapSlot('local_member_amount', member),
  unpoolAmount: (member: bigint): bigint =>
    mapSlot('local_member_unpool_amount', member),
  unpoolTime: (member: bigint): bigint =>
    mapSlot('local_member_unpool_time', member),
  rewards: (member: bigint): bigint => mapSlot('local_member_rewards', member),
  checkpoint: (member: bigint): bigint =>
    mapSlot('local_member_checkpoint', member),
};

/** A member as stored, with its rewards up to now. */
export type Member = {
  address: bigint;
  reward: bigint;
  amount: bigint;
  unpoolAmount: bigint;
  unpoolTime: bigint;
  rewards: bigint;
  checkpoint: bigint;
};

const read = (ctx: CallContext, slot: bigint): bigint =>
  readSlot(ctx.env.state, ctx.self, slot);

/**
 * The pool's staker, staking contract and token.
 *
 * @param state - The state.
 * @param pool - The pool.
 * @returns Them.
 */
export function poolOf(
  state: StateReader,
  pool: bigint,
): { staker: bigint; staking: bigint; token: bigint } {
  return {
    staker: readSlot(state, pool, POOL.staker),
    staking: readSlot(state, pool, POOL.staking),
    token: readSlot(state, pool, POOL.token),
  };
}

/**
 * A member with its rewards brought to now (at the staker's commission).
 *
 * @param ctx - The pool's context.
 * @param address - The member.
 * @returns The member, or undefined when it never entered.
 */
export function memberOf(
  ctx: CallContext,
  address: bigint,
): Member | undefined {
  if (read(ctx, POOL.exists(address)) === 0n) {
    return undefined;
  }
  const { state } = ctx.env;
  const { staker, staking, token } = poolOf(state, ctx.self);
  const acc = accAt(state, staking, sideOf(token), nowOf(ctx));
  const amount = read(ctx, POOL.amount(address));
  const commission = commissionOf(state, staking, staker) ?? 0n;
  const gross =
    (normalized(state, token, amount) *
      (acc - read(ctx, POOL.checkpoint(address)))) /
    ACC_SCALE;
  return {
    address,
    reward: read(ctx, POOL.reward(address)),
    amount,
    unpoolAmount: read(ctx, POOL.unpoolAmount(address)),
    unpoolTime: read(ctx, POOL.unpoolTime(address)),
    rewards:
      read(ctx, POOL.rewards(address)) +
      (gross * (COMMISSION_DENOMINATOR - commission)) / COMMISSION_DENOMINATOR,
    checkpoint: acc,
  };
}

/**
 * A member that exists, or POOL_MEMBER_DOES_NOT_EXIST.
 *
 * @param ctx - The pool's context.
 * @param address - The member.
 * @returns The member.
 */
export function existingMember(ctx: CallContext, address: bigint): Member {
  const member = memberOf(ctx, address);
  ensure(member !== undefined, STAKING_ERRORS.POOL_MEMBER_DOES_NOT_EXIST);
  return member;
}

/**
 * Stores a member (its rewards settled at its checkpoint).
 *
 * @param ctx - The pool's context.
 * @param member - The member.
 */
export function store(ctx: CallContext, member: Member): void {
  const write = (slot: bigint, value: bigint): void =>
    writeSlot(ctx.env.state, ctx.self, slot, value);
  const { address } = member;
  write(POOL.exists(address), 1n);
  write(POOL.reward(address), member.reward);
  write(POOL.amount(address), member.amount);
  write(POOL.unpoolAmount(address), member.unpoolAmount);
  write(POOL.unpoolTime(address), member.unpoolTime);
  write(POOL.rewards(address), member.rewards);
  write(POOL.checkpoint(address), member.checkpoint);
}

/**
 * Calls the staking contract from the pool.
 *
 * @param ctx - The pool's context.
 * @param entrypoint - The staking entry point.
 * @param calldata - Its calldata.
 * @returns Its result.
 */
export function callStaking(
  ctx: CallContext,
  entrypoint: string,
  calldata: bigint[],
): bigint[] {
  return callContract(
    ctx.env,
    ctx.self,
    poolOf(ctx.env.state, ctx.self).staking,
    selectorOf(entrypoint),
    calldata,
    ctx.invocation,
  ).result;
}

/**
 * Takes a delegator's tokens (with its allowance) and stakes them.
 *
 * @param ctx - The pool's context.
 * @param from - Who pays.
 * @param amount - How much.
 */
export function pullAndStake(
  ctx: CallContext,
  from: bigint,
  amount: bigint,
): void {
  const { staker, staking, token } = poolOf(ctx.env.state, ctx.self);
  callToken(ctx, token, 'transfer_from', [from, ctx.self, amount, 0n]);
  callToken(ctx, token, 'transfer', [staking, amount, 0n]);
  callStaking(ctx, 'add_stake_from_pool', [staker, amount]);
}

/**
 * A member as it enters: nothing yet, rewards counted from now.
 *
 * @param ctx - The pool's context.
 * @param address - The member.
 * @param reward - Its reward address.
 * @returns The member.
 */
export function newMember(
  ctx: CallContext,
  address: bigint,
  reward: bigint,
): Member {
  const { staking, token } = poolOf(ctx.env.state, ctx.self);
  return {
    address,
    reward,
    amount: 0n,
    unpoolAmount: 0n,
    unpoolTime: 0n,
    rewards: 0n,
    checkpoint: accAt(ctx.env.state, staking, sideOf(token), nowOf(ctx)),
  };
}

/**
 * `PoolMemberInfoV1` as felts.
 *
 * @param ctx - The pool's context.
 * @param member - The member.
 * @returns The felts.
 */
export function memberInfoFelts(ctx: CallContext, member: Member): bigint[] {
  const { staker, staking } = poolOf(ctx.env.state, ctx.self);
  return [
    member.reward,
    member.amount,
    member.rewards,
    commissionOf(ctx.env.state, staking, staker) ?? 0n,
    member.unpoolAmount,
    ...(member.unpoolTime === 0n ? [1n] : [0n, member.unpoolTime]),
  ];
}

/** The pool's storage slots the genesis writes. */
export const POOL_SLOTS = {
  staker: POOL.staker,
  staking: POOL.staking,
  token: POOL.token,
};

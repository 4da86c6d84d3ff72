import { callContract, CalldataReader, selectorOf } from './calls';
import {
  callStaking,
  existingMember,
  memberInfoFelts,
  memberOf,
  newMember,
  poolOf,
  pullAndStake,
  store,
} from './pool-members';
import {
  REWARD_SUPPLIER_ADDRESS,
  STAKING_ERRORS,
  STAKING_EVENTS,
} from './staking-protocol';
import {
  callToken,
  commissionOf,
  emitEvent,
  ensure,
  nowOf,
} from './staking-state';
import type { EntryFn, NativeClass } from './types';
import { STRK_ADDRESS } from '../base/constants';

/**
 * A delegation pool as the local node runs it: one contract per validator
 * and token, with the deployed release's entry points, views, layouts,
 * events and errors (staking-protocol.ts). Members are never deleted; an
 * exit intent replaces the pending one and restarts the wait (0 cancels),
 * and the pending part stops earning; a switch needs a pending intent; the
 * exit action pays the token back once the wait is over. Rewards are paid
 * in STRK (BTC pools too), from the reward supplier.
 */

const enter: EntryFn = (ctx, calldata) => {
  const reader = new CalldataReader(calldata);
  const reward = reader.felt();
  const amount = reader.felt();
  const member = ctx.caller;
  const { staker, token } = poolOf(ctx.env.state, ctx.self);
  ensure(
    memberOf(ctx, member) === undefined,
    STAKING_ERRORS.POOL_MEMBER_EXISTS,
  );
  ensure(amount !== 0n, STAKING_ERRORS.AMOUNT_IS_ZERO);
  ensure(token !== member, STAKING_ERRORS.CALLER_IS_TOKEN);
  pullAndStake(ctx, member, amount);
  store(ctx, { ...newMember(ctx, member, reward), amount });
  emitEvent(ctx, STAKING_EVENTS.NewPoolMember, {
    pool_member: member,
    staker_address: staker,
    reward_address: reward,
    amount,
  });
  emitEvent(ctx, STAKING_EVENTS.PoolMemberBalanceChanged, {
    pool_member: member,
    old_delegated_stake: 0n,
    new_delegated_stake: amount,
  });
  return [];
};

const add: EntryFn = (ctx, calldata) => {
  const reader = new CalldataReader(calldata);
  const member = existingMember(ctx, reader.felt());
  const amount = reader.felt();
  ensure(
    ctx.caller === member.address || ctx.caller === member.reward,
    STAKING_ERRORS.CALLER_CANNOT_ADD_TO_POOL,
  );
  ensure(amount !== 0n, STAKING_ERRORS.AMOUNT_IS_ZERO);
  pullAndStake(ctx, ctx.caller, amount);
  store(ctx, { ...member, amount: member.amount + amount });
  emitEvent(ctx, STAKING_EVENTS.PoolMemberBalanceChanged, {
    pool_member: member.address,
    old_delegated_stake: member.amount,
    new_delegated_stake: member.amount + amount,
  });
  return [member.amount + amount];
};

const exitIntent: EntryFn = (ctx, calldata) => {
  const amount = new CalldataReader(calldata).felt();
  const member = existingMember(ctx, ctx.caller);
  const total = member.amount + member.unpoolAmount;
  ensure(amount <= total, STAKING_ERRORS.AMOUNT_TOO_HIGH);
  const { staker } = poolOf(ctx.env.state, ctx.self);
  const [unpoolTime = 0n] = callStaking(
    ctx,
    'remove_from_delegation_pool_intent',
    [staker, member.address, amount],
  );
  store(ctx, {
    ...member,
    amount: total - amount,
    unpoolAmount: amount,
    unpoolTime: amount === 0n ? 0n : unpoolTime,
  });
  emitEvent(ctx, STAKING_EVENTS.PoolMemberExitIntent, {
    pool_member: member.address,
    exit_timestamp: unpoolTime,
    amount,
  });
  emitEvent(ctx, STAKING_EVENTS.PoolMemberBalanceChanged, {
    pool_member: member.address,
    old_delegated_stake: member.amount,
    new_delegated_stake: total - amount,
  });
  return [];
};

const exitAction: EntryFn = (ctx, calldata) => {
  const member = existingMember(ctx, new CalldataReader(calldata).felt());
  ensure(member.unpoolTime !== 0n, STAKING_ERRORS.MISSING_UNDELEGATE_INTENT);
  ensure(
    nowOf(ctx) >= member.unpoolTime,
    STAKING_ERRORS.INTENT_WINDOW_NOT_FINISHED,
  );
  emitEvent(ctx, STAKING_EVENTS.PoolMemberExitAction, {
    pool_member: member.address,
    unpool_amount: member.unpoolAmount,
  });
  callStaking(ctx, 'remove_from_delegation_pool_action', [member.address]);
  store(ctx, { ...member, unpoolAmount: 0n, unpoolTime: 0n });
  const { token } = poolOf(ctx.env.state, ctx.self);
  callToken(ctx, token, 'transfer', [member.address, member.unpoolAmount, 0n]);
  return [member.unpoolAmount];
};

const claim: EntryFn = (ctx, calldata) => {
  const member = existingMember(ctx, new CalldataReader(calldata).felt());
  ensure(
    ctx.caller === member.address || ctx.caller === member.reward,
    STAKING_ERRORS.POOL_CLAIM_REWARDS_FROM_UNAUTHORIZED_ADDRESS,
  );
  store(ctx, { ...member, rewards: 0n });
  if (member.rewards > 0n) {
    // What update_rewards_from_staking_contract brings the pool, then paid on.
    callContract(
      ctx.env,
      REWARD_SUPPLIER_ADDRESS,
      STRK_ADDRESS,
      selectorOf('transfer'),
      [ctx.self, member.rewards, 0n],
      ctx.invocation,
    );
    callToken(ctx, STRK_ADDRESS, 'transfer', [
      member.reward,
      member.rewards,
      0n,
    ]);
  }
  emitEvent(ctx, STAKING_EVENTS.PoolMemberRewardClaimed, {
    pool_member: member.address,
    reward_address: member.reward,
    amount: member.rewards,
  });
  return [member.rewards];
};

const switchPool: EntryFn = (ctx, calldata) => {
  const reader = new CalldataReader(calldata);
  const toStaker = reader.felt();
  const toPool = reader.felt();
  const amount = reader.felt();
  ensure(amount !== 0n, STAKING_ERRORS.AMOUNT_IS_ZERO);
  const member = existingMember(ctx, ctx.caller);
  ensure(member.unpoolTime !== 0n, STAKING_ERRORS.MISSING_UNDELEGATE_INTENT);
  ensure(amount <= member.unpoolAmount, STAKING_ERRORS.AMOUNT_TOO_HIGH);
  const left = member.unpoolAmount - amount;
  store(ctx, {
    ...member,
    unpoolAmount: left,
    unpoolTime: left === 0n ? 0n : member.unpoolTime,
  });
  callStaking(ctx, 'switch_staking_delegation_pool', [
    toStaker,
    toPool,
    amount,
    2n,
    member.address,
    member.reward,
    member.address,
  ]);
  emitEvent(ctx, STAKING_EVENTS.SwitchDelegationPool, {
    pool_member: member.address,
    new_delegation_pool: toPool,
    amount,
  });
  return [left];
};

const enterFromStaking: EntryFn = (ctx, calldata) => {
  const reader = new CalldataReader(calldata);
  const amount = reader.felt();
  const [address = 0n, reward = 0n] = reader.array();
  ensure(amount !== 0n, STAKING_ERRORS.AMOUNT_IS_ZERO);
  const { staker, staking } = poolOf(ctx.env.state, ctx.self);
  ensure(ctx.caller === staking, STAKING_ERRORS.CALLER_IS_NOT_STAKING_CONTRACT);
  const existing = memberOf(ctx, address);
  if (existing) {
    ensure(existing.reward === reward, STAKING_ERRORS.REWARD_ADDRESS_MISMATCH);
  } else {
    emitEvent(ctx, STAKING_EVENTS.NewPoolMember, {
      pool_member: address,
      staker_address: staker,
      reward_address: reward,
      amount,
    });
  }
  const member = existing ?? newMember(ctx, address, reward);
  store(ctx, { ...member, amount: member.amount + amount });
  emitEvent(ctx, STAKING_EVENTS.PoolMemberBalanceChanged, {
    pool_member: address,
    old_delegated_stake: member.amount,
    new_delegated_stake: member.amount + amount,
  });
  return [];
};

const changeRewardAddress: EntryFn = (ctx, calldata) => {
  const reward = new CalldataReader(calldata).felt();
  const member = existingMember(ctx, ctx.caller);
  store(ctx, { ...member, reward });
  emitEvent(ctx, STAKING_EVENTS.PoolMemberRewardAddressChanged, {
    pool_member: member.address,
    new_address: reward,
    old_address: member.reward,
  });
  return [];
};

const poolMemberInfo: EntryFn = (ctx, calldata) =>
  memberInfoFelts(ctx, existingMember(ctx, calldata[0] ?? 0n));

const getPoolMemberInfo: EntryFn = (ctx, calldata) => {
  const member = memberOf(ctx, calldata[0] ?? 0n);
  return member ? [0n, ...memberInfoFelts(ctx, member)] : [1n];
};

const poolParameters: EntryFn = (ctx) => {
  const { staker, staking, token } = poolOf(ctx.env.state, ctx.self);
  return [
    staker,
    0n,
    staking,
    token,
    commissionOf(ctx.env.state, staking, staker) ?? 0n,
  ];
};

/** The delegation pool contract. */
export const POOL_CLASS: NativeClass = {
  kind: 'pool',
  entries: {
    enter_delegation_pool: enter,
    add_to_delegation_pool: add,
    exit_delegation_pool_intent: exitIntent,
    exit_delegation_pool_action: exitAction,
    claim_rewards: claim,
    switch_delegation_pool: switchPool,
    enter_delegation_pool_from_staking_contract: enterFromStaking,
    change_reward_address: changeRewardAddress,
    pool_member_info_v1: poolMemberInfo,
    get_pool_member_info_v1: getPoolMemberInfo,
    contract_parameters_v1: poolParameters,
  },
};

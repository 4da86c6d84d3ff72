import { callContract, CalldataReader, selectorOf } from './calls';
import { STAKING_ERRORS, STAKING_EVENTS } from './staking-protocol';
import {
  advanceAcc,
  callToken,
  emitEvent,
  ensure,
  existingStaker,
  nowOf,
  sideOf,
  SLOTS,
} from './staking-state';
import { readSlot, writeSlot } from './storage-vars';
import type { CallContext, EntryFn, NativeClass } from './types';

/**
 * The staking contract's entry points its pools call (`IStakingPool`):
 * stake a pool brings, a member's exit intent (the pending amount leaves
 * the validator's delegated stake and waits `exit_wait_window`, or until
 * the validator itself leaves), its action after the wait, and a switch of
 * a pending amount to another validator's pool of the same token.
 */

const read = (ctx: CallContext, slot: bigint): bigint =>
  readSlot(ctx.env.state, ctx.self, slot);

/**
 * The pool calling, refused unless it is one of the staker's
 * (CALLER_IS_NOT_POOL_CONTRACT).
 *
 * @param ctx - The call context.
 * @param staker - The staker.
 * @returns The pool and its token.
 */
function callingPool(
  ctx: CallContext,
  staker: bigint,
): { pool: bigint; token: bigint } {
  const pool = ctx.caller;
  ensure(
    read(ctx, SLOTS.poolStaker(pool)) === staker && staker !== 0n,
    'Caller is not pool contract',
  );
  return { pool, token: read(ctx, SLOTS.poolToken(pool)) };
}

/**
 * Changes what is delegated to a pool (the rewards advanced first), and
 * announces it.
 *
 * @param ctx - The staking contract's context.
 * @param staker - The pool's staker.
 * @param pool - The pool.
 * @param delta - What is added (negative: removed).
 */
function changeDelegated(
  ctx: CallContext,
  staker: bigint,
  pool: bigint,
  delta: bigint,
): void {
  const { state } = ctx.env;
  const token = read(ctx, SLOTS.poolToken(pool));
  advanceAcc(state, ctx.self, sideOf(token), nowOf(ctx));
  const old = read(ctx, SLOTS.poolDelegated(pool));
  writeSlot(state, ctx.self, SLOTS.poolDelegated(pool), old + delta);
  const total = read(ctx, SLOTS.tokenTotal(token));
  writeSlot(state, ctx.self, SLOTS.tokenTotal(token), total + delta);
  if (read(ctx, SLOTS.stakerUnstakeTime(staker)) === 0n) {
    emitEvent(ctx, STAKING_EVENTS.StakeDelegatedBalanceChanged, {
      staker_address: staker,
      token_address: token,
      old_delegated_stake: old,
      new_delegated_stake: old + delta,
    });
  }
}

const addStakeFromPool: EntryFn = (ctx, calldata) => {
  const reader = new CalldataReader(calldata);
  const staker = existingStaker(ctx.env.state, ctx.self, reader.felt());
  const amount = reader.felt();
  ensure(
    read(ctx, SLOTS.stakerUnstakeTime(staker)) === 0n,
    STAKING_ERRORS.UNSTAKE_IN_PROGRESS,
  );
  callingPool(ctx, staker);
  changeDelegated(ctx, staker, ctx.caller, amount);
  return [];
};

const removeIntent: EntryFn = (ctx, calldata) => {
  const reader = new CalldataReader(calldata);
  const staker = existingStaker(ctx.env.state, ctx.self, reader.felt());
  const identifier = reader.felt();
  const amount = reader.felt();
  const { pool, token } = callingPool(ctx, staker);
  const { state } = ctx.env;
  const old = read(ctx, SLOTS.intentAmount(pool, identifier));
  changeDelegated(ctx, staker, pool, old - amount);
  const unstake = read(ctx, SLOTS.stakerUnstakeTime(staker));
  const now = nowOf(ctx);
  // As compute_unpool_time: the wait, or the validator's own exit if it
  // is leaving (and never before now); none when the intent is cancelled.
  let unpoolTime = 0n;
  if (amount !== 0n && unstake === 0n) {
    unpoolTime = now + read(ctx, SLOTS.exitWait);
  } else if (amount !== 0n) {
    unpoolTime = unstake > now ? unstake : now;
  }
  writeSlot(state, ctx.self, SLOTS.intentAmount(pool, identifier), amount);
  writeSlot(state, ctx.self, SLOTS.intentTime(pool, identifier), unpoolTime);
  emitEvent(ctx, STAKING_EVENTS.RemoveFromDelegationPoolIntent, {
    staker_address: staker,
    pool_contract: pool,
    token_address: token,
    identifier,
    old_intent_amount: old,
    new_intent_amount: amount,
  });
  return [unpoolTime];
};

const removeAction: EntryFn = (ctx, calldata) => {
  const identifier = new CalldataReader(calldata).felt();
  const pool = ctx.caller;
  const amount = read(ctx, SLOTS.intentAmount(pool, identifier));
  if (amount === 0n) {
    return [];
  }
  ensure(
    nowOf(ctx) >= read(ctx, SLOTS.intentTime(pool, identifier)),
    STAKING_ERRORS.INTENT_WINDOW_NOT_FINISHED,
  );
  const { state } = ctx.env;
  writeSlot(state, ctx.self, SLOTS.intentAmount(pool, identifier), 0n);
  writeSlot(state, ctx.self, SLOTS.intentTime(pool, identifier), 0n);
  const token = read(ctx, SLOTS.poolToken(pool));
  callToken(ctx, token, 'transfer', [pool, amount, 0n]);
  emitEvent(ctx, STAKING_EVENTS.RemoveFromDelegationPoolAction, {
    pool_contract: pool,
    token_address: token,
    identifier,
    amount,
  });
  return [];
};

const switchPool: EntryFn = (ctx, calldata) => {
  const reader = new CalldataReader(calldata);
  const toStaker = reader.felt();
  const toPool = reader.felt();
  const amount = reader.felt();
  const data = reader.array();
  const identifier = reader.felt();
  if (amount === 0n) {
    return [];
  }
  const fromPool = ctx.caller;
  const intent = read(ctx, SLOTS.intentAmount(fromPool, identifier));
  ensure(intent !== 0n, STAKING_ERRORS.MISSING_UNDELEGATE_INTENT);
  ensure(toPool !== fromPool, STAKING_ERRORS.SELF_SWITCH_NOT_ALLOWED);
  ensure(amount <= intent, STAKING_ERRORS.AMOUNT_TOO_HIGH);
  existingStaker(ctx.env.state, ctx.self, toStaker);
  ensure(
    read(ctx, SLOTS.stakerUnstakeTime(toStaker)) === 0n,
    STAKING_ERRORS.UNSTAKE_IN_PROGRESS,
  );
  ensure(
    read(ctx, SLOTS.poolStaker(toPool)) === toStaker,
    STAKING_ERRORS.DELEGATION_POOL_MISMATCH,
  );
  const token = read(ctx, SLOTS.poolToken(fromPool));
  ensure(
    read(ctx, SLOTS.poolToken(toPool)) === token,
    STAKING_ERRORS.TOKEN_MISMATCH,
  );
  changeDelegated(ctx, toStaker, toPool, amount);
  const left = intent - amount;
  const { state } = ctx.env;
  writeSlot(state, ctx.self, SLOTS.intentAmount(fromPool, identifier), left);
  if (left === 0n) {
    writeSlot(state, ctx.self, SLOTS.intentTime(fromPool, identifier), 0n);
  }
  callContract(
    ctx.env,
    ctx.self,
    toPool,
    selectorOf('enter_delegation_pool_from_staking_contract'),
    [amount, BigInt(data.length), ...data],
    ctx.invocation,
  );
  emitEvent(ctx, STAKING_EVENTS.ChangeDelegationPoolIntent, {
    pool_contract: fromPool,
    token_address: token,
    identifier,
    old_intent_amount: intent,
    new_intent_amount: left,
  });
  return [];
};

/** `IStakingPool`, by entry point. */
export const STAKING_POOL_ENTRIES: NativeClass['entries'] = {
  add_stake_from_pool: addStakeFromPool,
  remove_from_delegation_pool_intent: removeIntent,
  remove_from_delegation_pool_action: removeAction,
  switch_staking_delegation_pool: switchPool,
};

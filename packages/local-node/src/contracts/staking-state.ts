import { callContract, emit, selectorOf } from './calls';
import {
  ALPHA,
  ALPHA_DENOMINATOR,
  C_DENOM,
  C_NUM,
  EPOCH_DURATION,
  SECONDS_IN_YEAR,
  eventFelts,
  STAKING_ERRORS,
} from './staking-protocol';
import type { EventLayout } from './staking-protocol';
import {
  mapSlot,
  readSlot,
  readU256,
  varSlot,
  writeSlot,
} from './storage-vars';
import type { CallContext } from './types';
import { STRK_ADDRESS } from '../base/constants';
import { ExecutionError } from '../base/errors';
import type { Overlay, StateReader } from '../base/state-store';

/**
 * The staking contract's storage as the local emulation keeps it, and the
 * rewards: each epoch the minting curve's yearly mint
 * (`c·√(S·T)/10000`, S the STRK staked, T STRK's supply) over the epochs in
 * a year is paid, α of it to BTC stake and the rest to STRK stake, pro rata.
 * A reward-per-unit accumulator per side (STRK, BTC) is advanced to the
 * current epoch before any stake of that side changes, so a member earns
 * for every epoch boundary its balance was in the pool through, at the
 * totals of that time; its commission is taken when it is paid.
 */

/** The accumulators' precision: rewards (FRI) per 10^18 normalized units. */
export const ACC_SCALE = 10n ** 18n;

/** A staking side: STRK stake, or BTC stake (every BTC token). */
export type Side = 0n | 1n;

/** Every named slot of the staking contract, one place. */
export const SLOTS = {
  exitWait: varSlot('exit_wait_window'),
  genesisTime: varSlot('local_genesis_time'),
  tokenCount: varSlot('local_token_count'),
  token: (index: bigint): bigint => mapSlot('local_tokens', index),
  tokenTotal: (token: bigint): bigint => mapSlot('local_token_total', token),
  stakerExists: (staker: bigint): bigint => mapSlot('local_staker', staker),
  stakerReward: (staker: bigint): bigint =>
    mapSlot('local_staker_reward', staker),
  stakerOperational: (staker: bigint): bigint =>
    mapSlot('local_staker_operational', staker),
  stakerOwn: (staker: bigint): bigint => mapSlot('local_staker_own', staker),
  stakerUnstakeTime: (staker: bigint): bigint =>
    mapSlot('local_staker_unstake_time', staker),
  // The commission plus one (0: none set).
  stakerCommission: (staker: bigint): bigint =>
    mapSlot('local_staker_commission', staker),
  poolCount: (staker: bigint): bigint => mapSlot('local_pool_count', staker),
  pool: (staker: bigint, index: bigint): bigint =>
    mapSlot('local_pools', staker, index),
  poolStaker: (pool: bigint): bigint => mapSlot('local_pool_staker', pool),
  poolToken: (pool: bigint): bigint => mapSlot('local_pool_token', pool),
  poolDelegated: (pool: bigint): bigint =>
    mapSlot('local_pool_delegated', pool),
  intentAmount: (pool: bigint, id: bigint): bigint =>
    mapSlot('local_intent_amount', pool, id),
  intentTime: (pool: bigint, id: bigint): bigint =>
    mapSlot('local_intent_time', pool, id),
  acc: (side: Side): bigint => mapSlot('local_reward_acc', side),
  accEpoch: (side: Side): bigint => mapSlot('local_reward_acc_epoch', side),
};

/**
 * The chain's time as the running contract sees it.
 *
 * @param ctx - The call context.
 * @returns Unix seconds.
 */
export function nowOf(ctx: CallContext): bigint {
  return BigInt(ctx.env.block?.timestamp ?? 0);
}

/**
 * The epoch at a time.
 *
 * @param state - The state.
 * @param staking - The staking contract.
 * @param now - Unix seconds.
 * @returns The epoch id.
 */
export function epochAt(
  state: StateReader,
  staking: bigint,
  now: bigint,
): bigint {
  const start = readSlot(state, staking, SLOTS.genesisTime);
  return now > start ? (now - start) / BigInt(EPOCH_DURATION) : 0n;
}

/**
 * A token's decimals, as its contract stores them.
 *
 * @param state - The state.
 * @param token - The token.
 * @returns The decimals.
 */
export function decimalsOf(state: StateReader, token: bigint): bigint {
  return readSlot(state, token, varSlot('ERC20_decimals'));
}

/**
 * An amount of a token in 18 decimals (the contracts' NormalizedAmount).
 *
 * @param state - The state.
 * @param token - The token.
 * @param amount - The amount in the token's units.
 * @returns The normalized amount.
 */
export function normalized(
  state: StateReader,
  token: bigint,
  amount: bigint,
): bigint {
  const decimals = decimalsOf(state, token);
  return decimals >= 18n ? amount : amount * 10n ** (18n - decimals);
}

/**
 * The side a token stakes on.
 *
 * @param token - The token.
 * @returns STRK's side or BTC's.
 */
export const sideOf = (token: bigint): Side =>
  token === STRK_ADDRESS ? 0n : 1n;

/**
 * The active tokens, STRK first.
 *
 * @param state - The state.
 * @param staking - The staking contract.
 * @returns Their addresses.
 */
export function tokensOf(state: StateReader, staking: bigint): bigint[] {
  const count = readSlot(state, staking, SLOTS.tokenCount);
  const tokens: bigint[] = [];
  for (let index = 0n; index < count; index++) {
    tokens.push(readSlot(state, staking, SLOTS.token(index)));
  }
  return tokens;
}

/**
 * The normalized stake of each side (`get_current_total_staking_power`).
 *
 * @param state - The state.
 * @param staking - The staking contract.
 * @returns STRK's and BTC's, in 18 decimals.
 */
export function stakingPower(
  state: StateReader,
  staking: bigint,
): [bigint, bigint] {
  const power: [bigint, bigint] = [0n, 0n];
  for (const token of tokensOf(state, staking)) {
    const total = readSlot(state, staking, SLOTS.tokenTotal(token));
    const side = Number(sideOf(token));
    power[side] = (power[side] ?? 0n) + normalized(state, token, total);
  }
  return power;
}

/**
 * The integer square root.
 *
 * @param value - A non-negative integer.
 * @returns Its root, rounded down.
 */
function squareRoot(value: bigint): bigint {
  if (value < 2n) {
    return value;
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
 * One epoch's rewards (`calculate_current_epoch_rewards`): the yearly mint
 * over the epochs in a year, α of it to BTC.
 *
 * @param state - The state.
 * @param staking - The staking contract.
 * @returns STRK's side and BTC's (FRI).
 */
export function epochRewards(
  state: StateReader,
  staking: bigint,
): [bigint, bigint] {
  const [strkStake] = stakingPower(state, staking);
  const supply = readU256(state, STRK_ADDRESS, varSlot('ERC20_total_supply'));
  const yearlyMint = (C_NUM * squareRoot(strkStake * supply)) / C_DENOM;
  const total = yearlyMint / (SECONDS_IN_YEAR / BigInt(EPOCH_DURATION));
  const btc = (total * ALPHA) / ALPHA_DENOMINATOR;
  return [total - btc, btc];
}

/**
 * A side's reward per normalized unit at a time (not stored).
 *
 * @param state - The state.
 * @param staking - The staking contract.
 * @param side - The side.
 * @param now - Unix seconds.
 * @returns The accumulator's value then.
 */
export function accAt(
  state: StateReader,
  staking: bigint,
  side: Side,
  now: bigint,
): bigint {
  const stored = readSlot(state, staking, SLOTS.acc(side));
  const epochs =
    epochAt(state, staking, now) -
    readSlot(state, staking, SLOTS.accEpoch(side));
  const total = stakingPower(state, staking)[Number(side)] ?? 0n;
  if (epochs <= 0n || total === 0n) {
    return stored;
  }
  const perEpoch = epochRewards(state, staking)[Number(side)] ?? 0n;
  return stored + (epochs * perEpoch * ACC_SCALE) / total;
}

/**
 * Stores a side's accumulator at the current epoch: done before any stake
 * of the side changes, so that past epochs keep the totals they had.
 *
 * @param state - The state.
 * @param staking - The staking contract.
 * @param side - The side.
 * @param now - Unix seconds.
 */
export function advanceAcc(
  state: Overlay,
  staking: bigint,
  side: Side,
  now: bigint,
): void {
  writeSlot(state, staking, SLOTS.acc(side), accAt(state, staking, side, now));
  writeSlot(state, staking, SLOTS.accEpoch(side), epochAt(state, staking, now));
}

/**
 * Calls a token of the running contract (a nested CALL, with its events).
 *
 * @param ctx - The running contract's context.
 * @param token - The token.
 * @param entrypoint - `transfer` or `transfer_from`.
 * @param calldata - Its calldata (amounts as u256).
 */
export function callToken(
  ctx: CallContext,
  token: bigint,
  entrypoint: 'transfer' | 'transfer_from',
  calldata: bigint[],
): void {
  callContract(
    ctx.env,
    ctx.self,
    token,
    selectorOf(entrypoint),
    calldata,
    ctx.invocation,
  );
}

/**
 * Refuses with one of the contracts' texts unless a condition holds.
 *
 * @param condition - What must hold.
 * @param message - The revert text.
 */
export function ensure(condition: boolean, message: string): asserts condition {
  if (!condition) {
    throw new ExecutionError(message);
  }
}

/**
 * Emits one of the staking events.
 *
 * @param ctx - The call context.
 * @param event - The layout.
 * @param values - Its members' values.
 */
export function emitEvent(
  ctx: CallContext,
  event: EventLayout,
  values: Record<string, bigint>,
): void {
  const { keys, data } = eventFelts(event, values);
  emit(ctx, keys, data);
}

/**
 * Reads a slot of the running contract.
 *
 * @param ctx - The call context.
 * @param slot - The slot.
 * @returns The value.
 */

/**
 * A staker's address, refused when it is none (STAKER_NOT_EXISTS).
 *
 * @param state - The state.
 * @param staking - The staking contract.
 * @param staker - The address.
 * @returns It.
 */
export function existingStaker(
  state: StateReader,
  staking: bigint,
  staker: bigint,
): bigint {
  ensure(
    readSlot(state, staking, SLOTS.stakerExists(staker)) !== 0n,
    STAKING_ERRORS.STAKER_NOT_EXISTS,
  );
  return staker;
}

/**
 * A staker's pools (`PoolInfo`s).
 *
 * @param state - The state.
 * @param staking - The staking contract.
 * @param staker - The staker.
 * @returns Each pool, its token and what is delegated to it.
 */
export function poolsOf(
  state: StateReader,
  staking: bigint,
  staker: bigint,
): { pool: bigint; token: bigint; amount: bigint }[] {
  const count = readSlot(state, staking, SLOTS.poolCount(staker));
  const pools = [];
  for (let index = 0n; index < count; index++) {
    const pool = readSlot(state, staking, SLOTS.pool(staker, index));
    pools.push({
      pool,
      token: readSlot(state, staking, SLOTS.poolToken(pool)),
      amount: readSlot(state, staking, SLOTS.poolDelegated(pool)),
    });
  }
  return pools;
}

/**
 * A staker's commission (basis points), or undefined when none is set.
 *
 * @param state - The state.
 * @param staking - The staking contract.
 * @param staker - The staker.
 * @returns The commission.
 */
export function commissionOf(
  state: StateReader,
  staking: bigint,
  staker: bigint,
): bigint | undefined {
  const stored = readSlot(state, staking, SLOTS.stakerCommission(staker));
  return stored === 0n ? undefined : stored - 1n;
}

import type { FieldType } from './felts';
import { readLayout } from './felts';
import type { Reading } from '../node/answers';
import { selectorOf } from '../protocol/selectors';

/**
 * The events of the staking contract and its pools the wallet reads, keys
 * and data in the order the deployed release emits them (a contract's
 * event's first key is its name's selector, then its `#[key]` members; the
 * other members are its data), and a reader that takes exactly that.
 */

/** An event's members in order, keys after the name's selector, then data. */
export type EventLayout = {
  name: string;
  keys: readonly (readonly [string, FieldType])[];
  data: readonly (readonly [string, FieldType])[];
};

/**
 * An event's members by name, when its keys (the selector first, checked by
 * the caller) and data are exactly the layout's.
 *
 * @param layout - The event's layout.
 * @param keys - The event's keys, the selector first.
 * @param data - The event's data.
 * @returns The members, or the problem.
 */
export function readEvent(
  layout: EventLayout,
  keys: readonly (string | bigint)[],
  data: readonly (string | bigint)[],
): Reading<Record<string, bigint>> {
  const members: Record<string, bigint> = {};
  const fromKeys = readLayout(`${layout.name} keys`, keys.slice(1), (cursor) =>
    layout.keys.forEach(([name, type]) => {
      members[name] = cursor.take(type, name);
    }),
  );
  if ('problem' in fromKeys) {
    return fromKeys;
  }
  const fromData = readLayout(`${layout.name} data`, data, (cursor) =>
    layout.data.forEach(([name, type]) => {
      members[name] = cursor.take(type, name);
    }),
  );
  return 'problem' in fromData ? fromData : { value: members };
}

/** An event layout with its name's selector (the first key). */
export type StakingEvent = EventLayout & { selector: string };

/**
 * An event's layout.
 *
 * @param name - The event's name (its first key is the name's selector).
 * @param keys - The `#[key]` members, in order.
 * @param data - The other members, in order.
 * @returns The layout.
 */
function event(
  name: string,
  keys: EventLayout['keys'],
  data: EventLayout['data'],
): StakingEvent {
  return { name, selector: selectorOf(name), keys, data };
}

/** The events of the staking contract and its pools the wallet reads. */
export const STAKING_EVENTS = {
  NewDelegationPool: event(
    'NewDelegationPool',
    [
      ['staker_address', 'address'],
      ['pool_contract', 'address'],
      ['token_address', 'address'],
    ],
    [['commission', 'u16']],
  ),
  /** Pools opened before the BTC release were announced without a token. */
  NewDelegationPoolV1: event(
    'NewDelegationPool',
    [
      ['staker_address', 'address'],
      ['pool_contract', 'address'],
    ],
    [['commission', 'u16']],
  ),
  NewPoolMember: event(
    'NewPoolMember',
    [
      ['pool_member', 'address'],
      ['staker_address', 'address'],
    ],
    [
      ['reward_address', 'address'],
      ['amount', 'u128'],
    ],
  ),
  PoolMemberExitIntent: event(
    'PoolMemberExitIntent',
    [['pool_member', 'address']],
    [
      ['exit_timestamp', 'u64'],
      ['amount', 'u128'],
    ],
  ),
  PoolMemberExitAction: event(
    'PoolMemberExitAction',
    [['pool_member', 'address']],
    [['unpool_amount', 'u128']],
  ),
  PoolMemberRewardClaimed: event(
    'PoolMemberRewardClaimed',
    [
      ['pool_member', 'address'],
      ['reward_address', 'address'],
    ],
    [['amount', 'u128']],
  ),
  PoolMemberBalanceChanged: event(
    'PoolMemberBalanceChanged',
    [['pool_member', 'address']],
    [
      ['old_delegated_stake', 'u128'],
      ['new_delegated_stake', 'u128'],
    ],
  ),
  SwitchDelegationPool: event(
    'SwitchDelegationPool',
    [
      ['pool_member', 'address'],
      ['new_delegation_pool', 'address'],
    ],
    [['amount', 'u128']],
  ),
} as const;

/** A validator's pool as the staking contract announced it. */
export type AnnouncedPool = {
  staker: bigint;
  pool: bigint;
  /** Undefined for a pool announced before the BTC release (STRK). */
  token: bigint | undefined;
  commission: bigint;
};

/**
 * A `NewDelegationPool` event of either layout.
 *
 * @param keys - The event's keys, the selector first.
 * @param data - The event's data.
 * @returns The pool, or why the event is not one.
 */
export function readNewDelegationPool(
  keys: readonly string[],
  data: readonly string[],
): Reading<AnnouncedPool> {
  const { NewDelegationPool, NewDelegationPoolV1 } = STAKING_EVENTS;
  if (
    keys[0] === undefined ||
    BigInt(keys[0]) !== BigInt(NewDelegationPool.selector)
  ) {
    return { problem: 'NewDelegationPool: another event' };
  }
  const layout = keys.length === 3 ? NewDelegationPoolV1 : NewDelegationPool;
  const reading = readEvent(layout, keys, data);
  if ('problem' in reading) {
    return reading;
  }
  const members = reading.value;
  return {
    value: {
      staker: members.staker_address ?? 0n,
      pool: members.pool_contract ?? 0n,
      token: members.token_address,
      commission: members.commission ?? 0n,
    },
  };
}

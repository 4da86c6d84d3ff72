import {
  addressOf,
  announcedPools,
  eventQueries,
  memberships,
  stoppedAt,
} from './discovery';
import { STAKING_EVENTS } from '../../staking/events';
import { REWARD_TOKEN, STAKING_CONTRACTS } from '../../staking/protocol';
import { stakingUnread } from '../../state/staking';

/**
 * How the Stake view finds pools and positions in events: only the staking
 * contract announces pools, only an announced pool's NewPoolMember naming
 * its own validator makes a position, and each read goes on from where
 * the last stopped.
 */

const TESTNET = '0x534e5f5345504f4c4941';
const CONTRACT = STAKING_CONTRACTS[TESTNET] ?? '';
const address = (digits: string): string => `0x${digits.padStart(64, '0')}`;
const ALICE = address('a11ce');
const BOB = address('b0b');
const STAKER = address('5a');
const POOL = address('9a');
const WBTC = address('b7c');

/**
 * An event as a node answers it.
 *
 * @param from - The emitting contract.
 * @param keys - Its keys, the selector first.
 * @param data - Its data.
 * @param block - Its block.
 * @returns The event.
 */
function emitted(
  from: string,
  keys: string[],
  data: string[],
  block = 7,
): {
  from_address: string;
  keys: string[];
  data: string[];
  block_number: number;
  transaction_hash: string;
} {
  return {
    from_address: from,
    keys,
    data,
    block_number: block,
    transaction_hash: '0x1',
  };
}

const announced = emitted(
  CONTRACT,
  [STAKING_EVENTS.NewDelegationPool.selector, STAKER, POOL, WBTC],
  ['0x1f4'],
);

describe('finding staking in events', () => {
  it("reads pools from the staking contract's announcements, either layout (an older one is STRK's)", () => {
    const older = emitted(
      CONTRACT,
      [STAKING_EVENTS.NewDelegationPool.selector, STAKER, address('9b')],
      ['0x64'],
    );
    expect(announcedPools(CONTRACT, [announced, older])).toStrictEqual([
      { staker: STAKER, pool: POOL, token: WBTC },
      {
        staker: STAKER,
        pool: address('9b'),
        token: addressOf(BigInt(REWARD_TOKEN)),
      },
    ]);
  });

  it('takes no announcement from another contract, nor one of another layout', () => {
    const forged = { ...announced, from_address: address('bad') };
    const short = { ...announced, keys: announced.keys.slice(0, 2) };
    expect(announcedPools(CONTRACT, [forged, short])).toStrictEqual([]);
  });

  it("makes a position of an announced pool's NewPoolMember for an account, naming that pool's validator", () => {
    const pools = announcedPools(CONTRACT, [announced]);
    const joined = (
      from: string,
      member: string,
      staker: string,
    ): ReturnType<typeof emitted> =>
      emitted(
        from,
        [STAKING_EVENTS.NewPoolMember.selector, member, staker],
        [member, '0x64'],
      );
    expect(
      memberships(
        pools,
        [ALICE],
        [
          joined(POOL, ALICE, STAKER),
          // A contract that only says it is a pool.
          joined(address('fa4e'), ALICE, STAKER),
          // Another validator named.
          joined(POOL, ALICE, address('5b')),
          // Someone else.
          joined(POOL, BOB, STAKER),
          // Another event with the same keys.
          emitted(
            POOL,
            [STAKING_EVENTS.PoolMemberExitAction.selector, ALICE, STAKER],
            [ALICE, '0x1'],
          ),
        ],
      ),
    ).toStrictEqual([{ member: ALICE, pool: POOL }]);
  });

  it('asks for every account in one filter, known ones from where the last read stopped and new ones from block 0', () => {
    const known = {
      ...stakingUnread(TESTNET, CONTRACT),
      poolsFrom: 50,
      membersFrom: 40,
      searched: [ALICE],
    };
    expect(eventQueries(known, [ALICE, BOB])).toStrictEqual([
      {
        kind: 'pools',
        address: CONTRACT,
        keys: [[STAKING_EVENTS.NewDelegationPool.selector]],
        fromBlock: 50,
      },
      {
        kind: 'members',
        keys: [[STAKING_EVENTS.NewPoolMember.selector], [ALICE]],
        fromBlock: 40,
      },
      {
        kind: 'members',
        keys: [[STAKING_EVENTS.NewPoolMember.selector], [BOB]],
        fromBlock: 0,
      },
    ]);
  });

  it('goes on, when a read stopped early, from the block of its last event', () => {
    const query = { kind: 'pools' as const, keys: [], fromBlock: 3 };
    expect(stoppedAt(query, [announced])).toBe(7);
    expect(stoppedAt(query, [])).toBe(3);
  });
});

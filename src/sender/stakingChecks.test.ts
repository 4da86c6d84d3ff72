import type { WalletCall } from './intent';
import type { MemberFacts, StakingFacts } from './stakingCalls';
import { assertStakingPossible, momentText } from './stakingChecks';
import { STRK } from '../../test/fixtures';
import { InvalidInputError } from '../errors';
import { normaliseAddress } from '../keys/address';
import { selectorOf } from '../protocol/selectors';
import { defaultState } from '../state/schema';

const TESTNET = '0x534e5f5345504f4c4941';
const tokens = defaultState().tokens.filter(
  ({ chainId }) => chainId === TESTNET,
);
const ACCOUNT = normaliseAddress('0xacc');
const POOL = normaliseAddress('0x9001');
const FAKE = normaliseAddress('0xfa4e');
const STAKER = normaliseAddress('0x5e1');
const STRK_ADDRESS = normaliseAddress(STRK);
const ONE = 10n ** 18n;
const NOW = 1_800_000_000n;

const toFelt = (value: bigint): string => `0x${value.toString(16)}`;

const member: MemberFacts = {
  rewardAddress: BigInt(ACCOUNT),
  amount: 100n * ONE,
  unclaimedRewards: 0n,
  commission: 500n,
  unpoolAmount: 40n * ONE,
  unpoolTime: NOW + 300n,
};

/**
 * Facts of one confirmed STRK pool where the account has 100 STRK staked
 * and 40 waiting (until NOW + 300), and 150 STRK in hand.
 *
 * @param changes - Changes to the pool.
 * @param changes.member - The account's record (null: no member).
 * @param changes.stakerLeavesAt - When the validator leaves.
 * @param now - The chain's clock.
 * @returns The facts.
 */
function facts(
  changes: { member?: MemberFacts | null; stakerLeavesAt?: bigint } = {},
  now: bigint | undefined = NOW,
): StakingFacts {
  const record = changes.member === undefined ? member : changes.member;
  return {
    pools: new Map([
      [
        POOL,
        {
          kind: 'pool',
          staker: STAKER,
          token: STRK_ADDRESS,
          commission: 500n,
          stakerLeavesAt: changes.stakerLeavesAt,
          members: new Map([[ACCOUNT, record ?? undefined]]),
        },
      ],
      [FAKE, { kind: 'not-pool' }],
    ]),
    exitWait: 300n,
    rewardToken: STRK_ADDRESS,
    now,
    balances: new Map([[STRK_ADDRESS, 150n * ONE]]),
    switchTargets: new Map(),
  };
}

/**
 * Runs the checks on calls.
 *
 * @param calls - The calls.
 * @param staking - The facts.
 */
function check(calls: WalletCall[], staking: StakingFacts = facts()): void {
  assertStakingPossible(
    staking,
    calls.map((call) => ({
      ...call,
      contractAddress: normaliseAddress(call.contractAddress),
      selector: selectorOf(call.entrypoint),
    })),
    ACCOUNT,
    { tokens, field: 'calls' },
  );
}

const pool = (entrypoint: string, calldata: bigint[]): WalletCall => ({
  contractAddress: POOL,
  entrypoint,
  calldata: calldata.map(toFelt),
});

/**
 * The refusal of calls.
 *
 * @param calls - The calls.
 * @param staking - The facts.
 * @returns The error.
 */
function refusal(
  calls: WalletCall[],
  staking: StakingFacts = facts(),
): InvalidInputError {
  try {
    check(calls, staking);
  } catch (error) {
    if (error instanceof InvalidInputError) {
      return error;
    }
    throw error;
  }
  throw new Error('Not refused');
}

describe('staking calls that cannot be done are refused before the dialog', () => {
  it('lets possible calls through', () => {
    expect(() =>
      check([
        pool('enter_delegation_pool', [BigInt(ACCOUNT), 150n * ONE]),
        pool('exit_delegation_pool_intent', [140n * ONE]),
        pool('exit_delegation_pool_intent', [0n]),
        pool('claim_rewards', [BigInt(ACCOUNT)]),
        pool('switch_delegation_pool', [1n, 2n, 40n * ONE]),
      ]),
    ).not.toThrow();
    expect(() =>
      check(
        [pool('exit_delegation_pool_action', [BigInt(ACCOUNT)])],
        facts({}, NOW + 300n),
      ),
    ).not.toThrow();
  });

  it('refuses a stake of zero, and a move of zero', () => {
    expect(
      refusal([pool('add_to_delegation_pool', [BigInt(ACCOUNT), 0n])]).message,
    ).toBe(
      `Invalid params: calls[0]: add_to_delegation_pool on pool ${POOL}: the amount is zero: stake more than nothing. Nothing was signed.`,
    );
    expect(
      refusal([pool('switch_delegation_pool', [1n, 2n, 0n])]).message,
    ).toContain('the amount is zero: move more than nothing');
  });

  it('refuses a stake of more than the account holds, counting the stakes before it', () => {
    expect(
      refusal([pool('enter_delegation_pool', [BigInt(ACCOUNT), 151n * ONE])])
        .message,
    ).toContain('stakes 151 STRK but the account holds 150 STRK.');
    const second = refusal([
      pool('enter_delegation_pool', [BigInt(ACCOUNT), 100n * ONE]),
      pool('add_to_delegation_pool', [BigInt(ACCOUNT), 60n * ONE]),
    ]);
    expect(second.field).toBe('calls[1]');
    expect(second.message).toContain(
      'stakes 60 STRK but the account holds 50 STRK after the stakes before it',
    );
  });

  it('refuses a stake with a validator that is leaving', () => {
    expect(
      refusal(
        [pool('enter_delegation_pool', [BigInt(ACCOUNT), ONE])],
        facts({ stakerLeavesAt: NOW + 100n }),
      ).message,
    ).toContain(
      `validator ${STAKER} is leaving the staking contract (it leaves at ${momentText(NOW + 100n)})`,
    );
  });

  it('refuses an unstake of more than is staked, and one from a pool the account is not in', () => {
    expect(
      refusal([pool('exit_delegation_pool_intent', [141n * ONE])]).message,
    ).toContain('unstakes 141 STRK but 140 STRK is staked in this pool');
    expect(
      refusal(
        [pool('exit_delegation_pool_intent', [ONE])],
        facts({ member: null }),
      ).message,
    ).toContain(`${ACCOUNT} has nothing staked in this pool`);
  });

  it('refuses a withdraw before the wait is over, saying when it can be done', () => {
    expect(
      refusal([pool('exit_delegation_pool_action', [BigInt(ACCOUNT)])]).message,
    ).toContain(
      `the exit wait is not over: 40 STRK can be withdrawn from ${momentText(NOW + 300n)}`,
    );
    expect(
      refusal(
        [pool('exit_delegation_pool_action', [BigInt(ACCOUNT)])],
        facts({ member: { ...member, unpoolTime: undefined } }),
      ).message,
    ).toContain('nothing is waiting to be withdrawn from this pool');
  });

  it('refuses a move of more than is waiting', () => {
    expect(
      refusal([pool('switch_delegation_pool', [1n, 2n, 41n * ONE])]).message,
    ).toContain('moves 41 STRK but 40 STRK is waiting to leave this pool');
  });

  it('refuses nothing it could not read, nor calls to a contract that is no pool', () => {
    const unread = { ...facts(), now: undefined };
    unread.balances.clear();
    expect(() =>
      check(
        [
          pool('enter_delegation_pool', [BigInt(ACCOUNT), 1000n * ONE]),
          pool('exit_delegation_pool_action', [BigInt(ACCOUNT)]),
          pool('exit_delegation_pool_action', [5n]),
          {
            contractAddress: FAKE,
            entrypoint: 'enter_delegation_pool',
            calldata: ['0x1', '0x0'],
          },
        ],
        unread,
      ),
    ).not.toThrow();
  });
});

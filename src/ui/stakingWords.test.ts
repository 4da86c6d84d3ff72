import { describeCalls } from './decodeCalls';
import type { DecodeContext } from './decodeCalls';
import type { CallView } from './dialogInputs';
import { durationText } from './stakingWords';
import { STRK } from '../../test/fixtures';
import { shownCall } from '../../test/shownCall';
import { normaliseAddress } from '../keys/address';
import { dateText } from '../prices/dates';
import type { CallToShow } from '../protocol/calls';
import type { MemberFacts, StakingFacts } from '../sender/stakingCalls';
import { momentText } from '../sender/stakingChecks';
import { defaultState } from '../state/schema';

const TESTNET = '0x534e5f5345504f4c4941';
const tokens = defaultState().tokens.filter(
  ({ chainId }) => chainId === TESTNET,
);
const ACCOUNT = normaliseAddress('0xacc');
const POOL = normaliseAddress('0x9001');
const STAKER = normaliseAddress('0x5e1');
const OTHER_STAKER = normaliseAddress('0x5e2');
const OTHER_POOL = normaliseAddress('0x9002');
const FAKE = normaliseAddress('0xfa4e');
const STRK_ADDRESS = normaliseAddress(STRK);
const ONE = 10n ** 18n;
const NOW = 1_800_000_000n;

const call = shownCall;

const member: MemberFacts = {
  rewardAddress: BigInt(ACCOUNT),
  amount: 100n * ONE,
  unclaimedRewards: 12n * (ONE / 10n),
  commission: 500n,
  unpoolAmount: 40n * ONE,
  unpoolTime: NOW + 300n,
};

/**
 * Staking facts with one confirmed pool (of STRK, 5 %) and one contract
 * that is no pool.
 *
 * @param changes - Facts to change.
 * @returns The facts.
 */
function factsWith(changes: Partial<StakingFacts> = {}): StakingFacts {
  return {
    pools: new Map([
      [
        POOL,
        {
          kind: 'pool',
          staker: STAKER,
          token: STRK_ADDRESS,
          commission: 500n,
          stakerLeavesAt: undefined,
          members: new Map([[ACCOUNT, member]]),
        },
      ],
      [FAKE, { kind: 'not-pool' }],
    ]),
    exitWait: 300n,
    rewardToken: STRK_ADDRESS,
    now: NOW,
    balances: new Map([[STRK_ADDRESS, 1000n * ONE]]),
    switchTargets: new Map([[OTHER_POOL, true]]),
    ...changes,
  };
}

const context: DecodeContext = {
  tokens,
  account: ACCOUNT,
  chainAbis: new Map(),
  staking: factsWith(),
  names: [{ name: 'alice.stark', address: STAKER }],
};

/**
 * The calls as one dialog shows them.
 *
 * @param calls - The calls.
 * @param decodeContext - The context.
 * @returns The views.
 */
function shown(calls: CallToShow[], decodeContext = context): CallView[] {
  return describeCalls(calls, decodeContext).calls;
}

const approve = (spender: string, amount: bigint): CallToShow =>
  call(STRK_ADDRESS, 'approve', [spender, amount, 0n]);

describe('staking calls in words', () => {
  it('reads a first stake, with the approve of the same amount to the same pool shown with it', () => {
    const [approval, stake] = shown([
      approve(POOL, 100n * ONE),
      call(POOL, 'enter_delegation_pool', [ACCOUNT, 100n * ONE]),
    ]);
    expect(stake?.decoded?.source).toBe('staking');
    expect(stake?.decoded?.summary).toBe(
      `Stake 100 STRK with validator ${STAKER} (alice.stark) · commission 5 %`,
    );
    expect(stake?.decoded?.fields).toContainEqual({
      label: 'Approval',
      value: 'Call 1 allows this pool exactly this amount',
    });
    expect(stake?.decoded?.warning).toBeUndefined();
    expect(stake?.danger).toBeUndefined();
    expect(approval?.decoded?.warning).toBeUndefined();
    expect(stake?.calldata).toStrictEqual([
      ACCOUNT,
      `0x${(100n * ONE).toString(16)}`,
    ]);
  });

  it('flags an approve larger than the stake, on both calls', () => {
    const [approval, stake] = shown([
      approve(POOL, 500n * ONE),
      call(POOL, 'add_to_delegation_pool', [ACCOUNT, 100n * ONE]),
    ]);
    expect(stake?.decoded?.summary).toBe(
      `Stake 100 STRK with validator ${STAKER} (alice.stark) · commission 5 %`,
    );
    expect(stake?.decoded?.warning).toContain('more than this stake');
    expect(approval?.decoded?.warning).toContain('more than this stake');
  });

  it('flags an approve to another spender', () => {
    const [approval, stake] = shown([
      approve(OTHER_POOL, 100n * ONE),
      call(POOL, 'enter_delegation_pool', [ACCOUNT, 100n * ONE]),
    ]);
    expect(stake?.decoded?.warning).toContain(
      `lets ${OTHER_POOL} spend your tokens: that is not this pool`,
    );
    expect(approval?.decoded?.warning).toContain('not this pool');
  });

  it('reads an unstake with its wait and its moment, and says a new request restarts the wait', () => {
    const [exit] = shown([
      call(POOL, 'exit_delegation_pool_intent', [40n * ONE]),
    ]);
    expect(exit?.decoded?.summary).toBe(
      `Unstake 40 STRK: withdraw after 5 minutes (at ${dateText(NOW + 300n, 'en')})`,
    );
    expect(exit?.decoded?.warning).toContain(
      'replaces any pending one: 40 STRK becomes the whole pending amount, and its wait starts again',
    );
    expect(exit?.decoded?.warning).toContain(
      '40 STRK now waiting goes back to staking',
    );
  });

  it('reads an unstake of zero as cancelling the pending exit', () => {
    const [cancel] = shown([call(POOL, 'exit_delegation_pool_intent', [0n])]);
    expect(cancel?.decoded?.summary).toBe('Cancel the pending exit');
    expect(cancel?.decoded?.fields).toContainEqual({
      label: 'Back to staking',
      value: '40 STRK',
    });
  });

  it('reads a withdraw, a claim and a move', () => {
    const [withdraw, claim, move] = shown([
      call(POOL, 'exit_delegation_pool_action', [ACCOUNT]),
      call(POOL, 'claim_rewards', [ACCOUNT]),
      call(POOL, 'switch_delegation_pool', [
        OTHER_STAKER,
        OTHER_POOL,
        40n * ONE,
      ]),
    ]);
    expect(withdraw?.decoded?.summary).toBe('Withdraw 40 STRK');
    // The account's own rewards, to itself: no party to name.
    expect(claim?.headline).toBe('Claim about 1.2 STRK of rewards');
    expect(claim?.danger).toBeUndefined();
    expect(move?.headline).toBe(
      `Move 40 STRK from ${STAKER} (alice.stark) to ${OTHER_STAKER}`,
    );
    expect(move?.decoded?.warning).toBeUndefined();
  });

  it('warns of a move to a pool its validator does not list', () => {
    const [move] = shown(
      [
        call(POOL, 'switch_delegation_pool', [
          OTHER_STAKER,
          OTHER_POOL,
          40n * ONE,
        ]),
      ],
      { ...context, staking: factsWith({ switchTargets: new Map() }) },
    );
    expect(move?.decoded?.warning).toContain('this move fails');
  });

  it('says what it can of a member it could not read, and of a token it does not track', () => {
    const stranger = normaliseAddress('0x77');
    const btc = normaliseAddress('0xb7c');
    const facts = factsWith();
    facts.pools.set(OTHER_POOL, {
      kind: 'pool',
      staker: OTHER_STAKER,
      token: btc,
      commission: 1250n,
      stakerLeavesAt: undefined,
      members: new Map(),
    });
    const [claim, withdraw, stake] = shown(
      [
        call(POOL, 'claim_rewards', [stranger]),
        call(POOL, 'exit_delegation_pool_action', [stranger]),
        call(OTHER_POOL, 'enter_delegation_pool', [ACCOUNT, 5n]),
      ],
      { ...context, staking: facts, names: [] },
    );
    expect(claim?.headline).toBe(
      `Claim the rewards to the reward address of ${stranger}`,
    );
    expect(withdraw?.headline).toBe(
      `Withdraws the pending exit to ${stranger}, not to this account. Withdraw the pending exit`,
    );
    expect(stake?.decoded?.summary).toBe(
      `Stake 5 smallest units of the token ${btc} with validator ${OTHER_STAKER} · commission 12.5 %`,
    );
  });

  it('marks a contract that is no pool and never reads its calls as staking', () => {
    const [approval, stake] = shown([
      approve(FAKE, 100n * ONE),
      call(FAKE, 'enter_delegation_pool', [ACCOUNT, 100n * ONE]),
    ]);
    expect(stake?.danger).toContain(
      "not a pool of Starknet's staking contract",
    );
    expect(stake?.decoded).toBeUndefined();
    expect(stake?.entrypoint).toBe('enter_delegation_pool');
    expect(approval?.decoded?.source).toBe('token');
    expect(approval?.decoded?.warning).toBeUndefined();
  });

  it('shows malformed calldata to a pool raw, with the reason', () => {
    const [short, tooLarge] = shown([
      call(POOL, 'enter_delegation_pool', [ACCOUNT]),
      call(POOL, 'exit_delegation_pool_intent', [2n ** 128n]),
    ]);
    for (const view of [short, tooLarge]) {
      expect(view?.decoded).toBeUndefined();
      expect(view?.rawReason).toContain(
        "does not read as this pool entry point's inputs",
      );
      expect(view?.danger).toBeUndefined();
    }
  });

  it('reads pool calls by the ABI alone when the dialog has no staking facts', () => {
    const [stake] = shown(
      [call(POOL, 'enter_delegation_pool', [ACCOUNT, 1n])],
      {
        ...context,
        staking: undefined,
      },
    );
    expect(stake?.decoded).toBeUndefined();
    expect(stake?.danger).toBeUndefined();
  });

  it('writes waits and moments plainly', () => {
    expect(durationText(300n)).toBe('5 minutes');
    expect(durationText(7n * 86_400n)).toBe('7 days');
    expect(durationText(3600n)).toBe('1 hour');
    expect(durationText(61n)).toBe('61 seconds');
    expect(momentText(1_800_000_000n)).toBe('08:00 UTC on 2027-01-15');
  });
});

import { describeCalls } from './decodeCalls';
import type { DecodeContext } from './decodeCalls';
import { KNOWN_CONTRACTS } from './knownContracts';
import { shortForm } from './parties';
import { callsTitle } from './transactionText';
import { STRK } from '../../test/fixtures';
import { shownCall } from '../../test/shownCall';
import { normaliseAddress } from '../keys/address';
import type { CallToShow } from '../protocol/calls';
import type { PartyRole } from '../sender/callParties';
import type { LiquidFacts } from '../sender/liquidReads';
import type { StakingFacts } from '../sender/stakingCalls';
import type { SwapFacts } from '../sender/swapReads';
import { LIQUID_STAKING } from '../staking/vault';
import { defaultState } from '../state/schema';
import { exchangeOf } from '../swap/exchange';

// The rule of who gains, held for every row of the known-contract table and
// every party position it reports: a stranger there is named in the call's
// headline (and its title), and, where the call's kind says the value stays
// the user's, a danger stands beside it; the signer or another of the
// user's accounts there raises none.

const TESTNET = '0x534e5f5345504f4c4941';
const tokens = defaultState().tokens.filter(
  ({ chainId }) => chainId === TESTNET,
);
const ACCOUNT = normaliseAddress('0xacc');
const OWN = normaliseAddress('0xacc2');
const STRANGER = normaliseAddress('0xbad5eed');
const UNTRACKED = normaliseAddress('0x70c3');
const POOL = normaliseAddress('0x9001');
const STAKER = normaliseAddress('0x5e1');
const STRK_ADDRESS = normaliseAddress(STRK);
const ONE = 10n ** 18n;

const call = shownCall;

/**
 * Staking facts with one confirmed STRK pool, whose member (the signer)
 * names `rewardAddress` for its rewards.
 *
 * @param rewardAddress - The member's reward address.
 * @returns The facts.
 */
function facts(rewardAddress: string): StakingFacts {
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
          members: new Map([
            [
              ACCOUNT,
              {
                rewardAddress: BigInt(rewardAddress),
                amount: 100n * ONE,
                unclaimedRewards: ONE,
                commission: 500n,
                unpoolAmount: 40n * ONE,
                unpoolTime: 1n,
              },
            ],
          ]),
        },
      ],
    ]),
    exitWait: 300n,
    rewardToken: STRK_ADDRESS,
    now: 2n,
    balances: new Map([[STRK_ADDRESS, 1000n * ONE]]),
    switchTargets: new Map(),
  };
}

/** One party position of a row: the calls with `party` there. */
type Position = {
  name: string;
  role: PartyRole;
  calls: (party: string) => CallToShow[];
  /** The facts the row reads the calls with, if it needs any. */
  staking?: (party: string) => StakingFacts;
  swap?: SwapFacts;
  liquid?: LiquidFacts;
};

const token = (entrypoint: string, party: string): CallToShow[] => [
  call(STRK_ADDRESS, entrypoint, [party, 5n * ONE, 0n]),
];
const untracked = (entrypoint: string, calldata: string[]): CallToShow[] => [
  call(UNTRACKED, entrypoint, calldata),
];
const stakingFacts = (): StakingFacts => facts(ACCOUNT);
const EXCHANGE = exchangeOf({ name: 'Testnet', chainId: TESTNET }) ?? '';
const swapFacts: SwapFacts = {
  exchange: EXCHANGE,
  feesBps: new Map(),
  prices: new Map(),
};

/**
 * A multi_route_swap of 100 STRK for at least 1 of an untracked token, one
 * direct route (the layout: src/sender/swapReads.test.ts).
 *
 * @param beneficiary - Its beneficiary.
 * @param integrator - Its integrator, paid 0.3 %.
 * @returns The calls.
 */
const swap = (beneficiary: string, integrator: string): CallToShow[] => [
  call(EXCHANGE, 'multi_route_swap', [
    ...[STRK_ADDRESS, 100n * ONE, 0n, UNTRACKED, 2n, 0n, 1n, 0n],
    ...[beneficiary, 30n, integrator],
    ...[1n, STRK_ADDRESS, UNTRACKED, POOL, 10n ** 12n, 0n],
  ]),
];

const ENDUR = LIQUID_STAKING[TESTNET] ?? { vault: '', queue: '' };
const liquidFacts: LiquidFacts = {
  ...ENDUR,
  previews: new Map(),
  requests: new Map(),
};
const vault = (entrypoint: string, calldata: string[]): CallToShow[] => [
  call(ENDUR.vault, entrypoint, calldata),
];

/**
 * Every party position of every row: typed by the table's keys, so a row
 * added without its positions does not compile, and each must report.
 */
const POSITIONS: Record<keyof typeof KNOWN_CONTRACTS, Position[]> = {
  trackedTokens: [
    {
      name: 'transfer recipient',
      role: 'payee',
      calls: (party) => token('transfer', party),
    },
    {
      name: 'approve spender',
      role: 'controls',
      calls: (party) => token('approve', party),
    },
    {
      name: 'increaseAllowance spender',
      role: 'controls',
      calls: (party) => token('increaseAllowance', party),
    },
    {
      name: 'transfer_from owner',
      role: 'source',
      calls: (party) => [
        call(STRK_ADDRESS, 'transfer_from', [party, STAKER, ONE, 0n]),
      ],
    },
    {
      name: 'transfer_from recipient',
      role: 'payee',
      calls: (party) => [
        call(STRK_ADDRESS, 'transfer_from', [STAKER, party, ONE, 0n]),
      ],
    },
  ],
  tokenShapes: [
    {
      name: 'untracked transfer recipient',
      role: 'payee',
      calls: (party) => untracked('transfer', [party, '0x7', '0x0']),
    },
    {
      name: 'untracked approve spender',
      role: 'controls',
      calls: (party) => untracked('approve', [party, '0x7', '0x0']),
    },
    {
      name: 'untracked transferFrom recipient',
      role: 'payee',
      calls: (party) =>
        untracked('transferFrom', [STAKER, party, '0x7', '0x0']),
    },
    {
      name: 'NFT operator',
      role: 'controls',
      calls: (party) => untracked('set_approval_for_all', [party, '0x1']),
    },
    {
      name: 'NFT operator revoked',
      role: 'source',
      calls: (party) => untracked('setApprovalForAll', [party, '0x0']),
    },
  ],
  stakingPools: [
    {
      name: 'stake reward address',
      role: 'keeps',
      calls: (party) => [
        call(POOL, 'enter_delegation_pool', [party, 100n * ONE]),
      ],
      staking: stakingFacts,
    },
    {
      name: 'stake member',
      role: 'keeps',
      calls: (party) => [
        call(POOL, 'add_to_delegation_pool', [party, 100n * ONE]),
      ],
      staking: stakingFacts,
    },
    {
      name: 'withdrawal recipient',
      role: 'keeps',
      calls: (party) => [call(POOL, 'exit_delegation_pool_action', [party])],
      staking: stakingFacts,
    },
    {
      name: "claim's reward address",
      role: 'keeps',
      calls: () => [call(POOL, 'claim_rewards', [ACCOUNT])],
      staking: facts,
    },
    {
      name: 'claimed member',
      role: 'source',
      calls: (party) => [call(POOL, 'claim_rewards', [party])],
      staking: stakingFacts,
    },
    {
      name: "move's new validator",
      role: 'payee',
      calls: (party) => [
        call(POOL, 'switch_delegation_pool', [party, POOL, ONE]),
      ],
      staking: stakingFacts,
    },
  ],
  avnuSwaps: [
    {
      name: 'swap beneficiary',
      role: 'keeps',
      calls: (party) => swap(party, ACCOUNT),
      swap: swapFacts,
    },
    {
      name: 'swap integrator',
      role: 'payee',
      calls: (party) => swap(ACCOUNT, party),
      swap: swapFacts,
    },
  ],
  endurLiquidStaking: [
    {
      name: 'deposit receiver',
      role: 'keeps',
      calls: (party) => vault('deposit', ['0x64', '0x0', party]),
      liquid: liquidFacts,
    },
    {
      name: 'mint receiver',
      role: 'keeps',
      calls: (party) => vault('mint', ['0x64', '0x0', party]),
      liquid: liquidFacts,
    },
    {
      name: 'redeem receiver',
      role: 'keeps',
      calls: (party) => vault('redeem', ['0x64', '0x0', party, ACCOUNT]),
      liquid: liquidFacts,
    },
    {
      name: 'withdraw receiver',
      role: 'keeps',
      calls: (party) => vault('withdraw', ['0x64', '0x0', party, ACCOUNT]),
      liquid: liquidFacts,
    },
    {
      name: 'redeem owner',
      role: 'source',
      calls: (party) => vault('redeem', ['0x64', '0x0', ACCOUNT, party]),
      liquid: liquidFacts,
    },
    {
      name: 'claim_withdrawal_to receiver',
      role: 'keeps',
      calls: (party) => [
        call(ENDUR.queue, 'claim_withdrawal_to', ['0x2a', party]),
      ],
      liquid: liquidFacts,
    },
  ],
};

/**
 * The decode context with `party` in a position.
 *
 * @param position - The position.
 * @param party - Who is there.
 * @returns The context.
 */
function contextOf(position: Position, party: string): DecodeContext {
  return {
    tokens,
    account: ACCOUNT,
    chainAbis: new Map(),
    ownAccounts: [
      { address: ACCOUNT, name: 'Account 0' },
      { address: OWN, name: 'Account 2' },
    ],
    ...(position.staking ? { staking: position.staking(party) } : {}),
    ...(position.swap ? { swap: position.swap } : {}),
    ...(position.liquid ? { liquid: position.liquid } : {}),
  };
}

const cases = Object.entries(POSITIONS).flatMap(([row, positions]) =>
  positions.map((position) => ({ row, ...position })),
);

describe('who gains: one rule for every row of the known-contract table', () => {
  it('has party positions for every row, and each row reports a party in each', () => {
    expect(Object.keys(POSITIONS).sort()).toStrictEqual(
      Object.keys(KNOWN_CONTRACTS).sort(),
    );
    for (const { row, ...position } of cases) {
      const read = KNOWN_CONTRACTS[row as keyof typeof KNOWN_CONTRACTS];
      const calls = position.calls(STRANGER);
      const parties =
        read(calls, calls.length - 1, contextOf(position, STRANGER))?.parties ??
        [];
      // A row that reports no party here fails: `row` and `name` say which.
      expect({ row, name: position.name, parties }).toStrictEqual({
        row,
        name: position.name,
        parties: expect.arrayContaining([
          expect.objectContaining({
            role: position.role,
            address: BigInt(STRANGER),
          }),
        ]),
      });
    }
  });

  it.each(cases)(
    '$row, $name: a stranger is named in the headline and the title',
    (position) => {
      const calls = position.calls(STRANGER);
      const shown = describeCalls(calls, contextOf(position, STRANGER)).calls;
      const view = shown[shown.length - 1];
      expect(view?.headline).toContain(STRANGER);
      expect(view?.title).toContain(shortForm(STRANGER));
      expect(callsTitle(shown)).toContain(shortForm(STRANGER));
      if (position.role === 'keeps') {
        expect(view?.danger).toContain(STRANGER);
        expect(view?.headline?.indexOf(STRANGER)).toBeLessThan(
          view?.headline?.indexOf('. ') ?? 0,
        );
      } else {
        expect(view?.danger ?? '').not.toContain('not to this account');
      }
    },
  );

  it.each(cases)(
    "$row, $name: the signer or another of the user's accounts raises no banner",
    (position) => {
      for (const party of [ACCOUNT, OWN]) {
        const calls = position.calls(party);
        const shown = describeCalls(calls, contextOf(position, party)).calls;
        const view = shown[shown.length - 1];
        expect(view?.danger).toBeUndefined();
        expect(view?.headline).toBeDefined();
        if (party === OWN) {
          expect(view?.headline).toContain('your Account 2');
          expect(view?.title).toContain('your Account 2');
        }
      }
    },
  );
});

describe("the issue's two staking tricks", () => {
  it("says that a stake added to a stranger's position is not the user's", () => {
    const withFacts = describeCalls(
      [
        call(STRK_ADDRESS, 'approve', [POOL, 100n * ONE, 0n]),
        call(POOL, 'add_to_delegation_pool', [STRANGER, 100n * ONE]),
      ],
      contextOf(POSITIONS.stakingPools[1] as Position, STRANGER),
    ).calls;
    const [approval, stake] = withFacts;
    expect(stake?.headline).toMatch(
      new RegExp(
        `^Adds 100 STRK to ${STRANGER}'s stake: that stake and its rewards are not yours\\. Stake 100 STRK with validator`,
        'u',
      ),
    );
    expect(stake?.danger).toContain(
      `Adds 100 STRK to ${STRANGER}'s stake: that stake and its rewards are not yours.`,
    );
    // The approve only lets the stake spend: the title is the stake's.
    expect(approval?.enables).toBe(true);
    expect(callsTitle(withFacts)).toBe(
      `Adds 100 STRK to ${shortForm(STRANGER)}'s stake: that stake and its rewards are not yours`,
    );
  });

  it('says where the rewards of a new stake go when that is not the account', () => {
    const [stake] = describeCalls(
      [call(POOL, 'enter_delegation_pool', [STRANGER, 100n * ONE])],
      contextOf(POSITIONS.stakingPools[0] as Position, STRANGER),
    ).calls;
    expect(stake?.headline).toContain(
      `Stakes 100 STRK for you; its rewards go to ${STRANGER}, not to this account.`,
    );
    expect(stake?.danger).toContain('its rewards go to');
  });

  it('leaves a send to another address an ordinary send', () => {
    const shown = describeCalls(
      token('transfer', STRANGER),
      contextOf(POSITIONS.trackedTokens[0] as Position, STRANGER),
    ).calls;
    expect(shown[0]?.headline).toBe(`Send 5 STRK to ${STRANGER}`);
    expect(shown[0]?.danger).toBeUndefined();
    expect(callsTitle(shown)).toBe(`Send 5 STRK to ${shortForm(STRANGER)}`);
  });

  it('names a stranger by its Starknet ID name when it resolves back', () => {
    const shown = describeCalls(token('transfer', STRANGER), {
      ...contextOf(POSITIONS.trackedTokens[0] as Position, STRANGER),
      names: [{ name: 'alice.stark', address: STRANGER }],
    }).calls;
    expect(shown[0]?.headline).toBe(`Send 5 STRK to alice.stark (${STRANGER})`);
    expect(callsTitle(shown)).toBe('Send 5 STRK to alice.stark');
  });

  it('titles a transaction whose calls have no words as nothing, and counts the rest', () => {
    const raw = describeCalls(
      [call(UNTRACKED, 'do_something', ['0x1'])],
      contextOf(POSITIONS.trackedTokens[0] as Position, STRANGER),
    ).calls;
    expect(callsTitle(raw)).toBeUndefined();
    const two = describeCalls(
      [...token('transfer', STRANGER), call(UNTRACKED, 'do_something', [])],
      contextOf(POSITIONS.trackedTokens[0] as Position, STRANGER),
    ).calls;
    expect(callsTitle(two)).toBe(
      `Send 5 STRK to ${shortForm(STRANGER)} and 1 more call`,
    );
  });
});

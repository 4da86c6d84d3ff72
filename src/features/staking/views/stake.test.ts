import { durationText, exitText, stakeContent } from './stake';
import { REWARD_TOKEN } from '../../../staking/protocol';
import { positionName, positionOf, STAKE } from '../model';
import type { StakingView } from '../model';

/** Amounts shown, in English. */
const SHOWN = { locale: 'en', hidden: false };

/**
 * The Stake view as pure content: what it draws from one reading of the
 * positions and validators (the chain tier drives the same view in the
 * built snap against the local node's staking contract).
 */

const address = (digits: string): string => `0x${digits.padStart(64, '0')}`;
const ALICE = address('a11ce');
const BOB = address('b0b');
const STAKER_A = address('5a');
const STAKER_B = address('5b');
const POOL_A = address('9a');
const POOL_B = address('9b');
const POOL_BTC = address('9c');
const STRK = { address: REWARD_TOKEN, symbol: 'STRK', decimals: 18 };
const BTC = { address: address('b7c'), symbol: 'WBTC', decimals: 8 };
const NOW = 1_800_000_000;
const WHOLE = 10n ** 18n;

const VIEW: StakingView = {
  network: { name: 'Testnet', chainId: '0x534e5f5345504f4c4941' },
  accounts: [
    { address: ALICE, name: 'Account 0' },
    { address: BOB, name: 'Account 1' },
  ],
  positions: [
    {
      member: ALICE,
      pool: POOL_A,
      staker: STAKER_A,
      token: STRK,
      starkName: 'alice.stark',
      amount: 100n * WHOLE,
      unclaimed: 12n * 10n ** 17n,
      commission: 500,
      exit: { amount: 40n * WHOLE, at: NOW + 300 },
    },
    {
      member: BOB,
      pool: POOL_B,
      staker: STAKER_B,
      token: STRK,
      amount: 0n,
      unclaimed: 0n,
      commission: 1000,
      exit: { amount: 40n * WHOLE, at: NOW - 1 },
    },
    {
      member: BOB,
      pool: POOL_A,
      staker: STAKER_A,
      token: STRK,
      unreadable: 'get_pool_member_info_v1: it ends before amount',
    },
  ],
  validators: [
    {
      staker: STAKER_A,
      pool: POOL_A,
      token: STRK,
      starkName: 'alice.stark',
      commission: 500,
      delegated: 1_000n * WHOLE,
      yearlyReward: 7n * 10n ** 16n,
    },
    {
      staker: STAKER_B,
      pool: POOL_B,
      token: STRK,
      commission: 1000,
      delegated: 10n * WHOLE,
    },
    {
      staker: STAKER_B,
      pool: POOL_BTC,
      token: BTC,
      commission: 1000,
      delegated: 2n * 10n ** 8n,
      yearlyReward: 1234n * WHOLE,
    },
  ],
  exitWait: 300,
  now: NOW,
};

type Drawn = { type: string; props: Record<string, unknown> };

/**
 * Every element of a content tree, depth first.
 *
 * @param node - The tree (or a child of it).
 * @returns Its elements.
 */
function elementsOf(node: unknown): Drawn[] {
  if (Array.isArray(node)) {
    return node.flatMap(elementsOf);
  }
  if (
    typeof node !== 'object' ||
    node === null ||
    !('type' in node) ||
    !('props' in node) ||
    typeof node.type !== 'string' ||
    typeof node.props !== 'object' ||
    node.props === null
  ) {
    return [];
  }
  const props: Record<string, unknown> = { ...node.props };
  return [{ type: node.type, props }, ...elementsOf(props.children)];
}

/**
 * The texts a view draws, in order.
 *
 * @param view - The view.
 * @returns Its texts.
 */
function textsOf(view: StakingView): string[] {
  return elementsOf(stakeContent(view, SHOWN))
    .filter(({ type }) => type === 'Text')
    .map(({ props }) => [props.children].flat().join(''));
}

/**
 * The names of the elements of a type a view draws.
 *
 * @param view - The view.
 * @param type - The element type.
 * @returns Their names.
 */
function namesOf(view: StakingView, type: string): unknown[] {
  return elementsOf(stakeContent(view, SHOWN))
    .filter((element) => element.type === type)
    .map(({ props }) => props.name);
}

describe('the Stake view', () => {
  it("shows each position's validator, staked amount, rewards, commission and a pending exit with the time left", () => {
    const texts = textsOf(VIEW);
    expect(texts).toStrictEqual(
      expect.arrayContaining([
        `alice.stark (${STAKER_A.slice(0, 6)}…${STAKER_A.slice(-4)})`,
        '100 STRK',
        '1.2 STRK',
        '5 %',
        '40 STRK, 5 min left (at Jan 15, 2027, 8:05 AM UTC)',
        '40 STRK, ready to withdraw',
        'Position unreadable: get_pool_member_info_v1: it ends before amount',
      ]),
    );
  });

  it('offers claim where there are rewards, withdraw only once the wait is over, and move only for a pending exit', () => {
    const alice = positionName({ pool: POOL_A, member: ALICE });
    const bob = positionName({ pool: POOL_B, member: BOB });
    expect(namesOf(VIEW, 'Button')).toStrictEqual(
      expect.arrayContaining([
        `${STAKE.claim}${alice}`,
        `${STAKE.withdraw}${bob}`,
      ]),
    );
    expect(namesOf(VIEW, 'Button')).not.toContain(`${STAKE.withdraw}${alice}`);
    expect(namesOf(VIEW, 'Button')).not.toContain(`${STAKE.claim}${bob}`);
    expect(namesOf(VIEW, 'Form')).toStrictEqual([
      `${STAKE.exit}${alice}`,
      `${STAKE.move}${alice}`,
      `${STAKE.exit}${bob}`,
      `${STAKE.move}${bob}`,
      STAKE.enter,
    ]);
  });

  it('says that a new exit request restarts the wait for the whole pending amount, and for how long', () => {
    expect(
      textsOf(VIEW).filter((text) =>
        text.includes('restarts the wait for the whole pending amount (5 min)'),
      ),
    ).toHaveLength(2);
  });

  it('moves only to another pool of the same token', () => {
    const options = elementsOf(stakeContent(VIEW, SHOWN))
      .filter(({ type }) => type === 'Option')
      .map(({ props }) => props.value);
    // Alice's move (from A): B only; Bob's (from B): A only; the stake
    // form: every pool, the BTC one too.
    expect(options).toStrictEqual([
      POOL_B,
      POOL_A,
      ALICE,
      BOB,
      POOL_A,
      POOL_B,
      POOL_BTC,
    ]);
  });

  it('lists the validators with commission, total delegated, name and an estimated yearly rate labelled so', () => {
    const texts = textsOf(VIEW);
    expect(texts).toStrictEqual(
      expect.arrayContaining([
        '1,000 STRK',
        '2 WBTC',
        '10 %',
        'about 7 % a year (estimate)',
        'about 1,234 STRK a year per WBTC (estimate)',
        'not known',
      ]),
    );
  });

  it('says why on a network without staking, and with no account, and draws no form', () => {
    const unavailable = { ...VIEW, unavailable: 'No staking here.' };
    expect(textsOf(unavailable)).toStrictEqual(['No staking here.']);
    expect(namesOf(unavailable, 'Form')).toStrictEqual([]);
    expect(namesOf({ ...VIEW, accounts: [] }, 'Form')).toStrictEqual([]);
  });

  it('reads back only the positions it names', () => {
    expect(positionOf(`${POOL_A}:${ALICE}`)).toStrictEqual({
      pool: POOL_A,
      member: ALICE,
    });
    expect(positionOf(`${POOL_A}:${ALICE}:more`)).toBeUndefined();
    expect(positionOf(`${POOL_A}:nope`)).toBeUndefined();
    expect(positionOf('')).toBeUndefined();
  });

  it('writes durations and exits in words', () => {
    expect(durationText(42)).toBe('42 s');
    expect(durationText(300)).toBe('5 min');
    expect(durationText(7 * 86_400)).toBe('7 d');
    expect(durationText(86_400 + 3_600 + 61)).toBe('1 d 1 h 2 min');
    expect(exitText({ amount: WHOLE, at: NOW }, STRK, NOW, SHOWN)).toBe(
      '1 STRK, ready to withdraw',
    );
    expect(
      exitText({ amount: WHOLE, at: NOW + 300 }, STRK, NOW, {
        locale: 'de',
        hidden: false,
      }),
    ).toMatch(/^1 STRK, 5 min left \(at \d\d\.\d\d\.\d{4}, \d\d:\d\d UTC\)$/u);
    expect(
      exitText({ amount: WHOLE, at: NOW }, STRK, NOW, {
        locale: 'en',
        hidden: true,
      }),
    ).toBe('••••••, ready to withdraw');
  });
});

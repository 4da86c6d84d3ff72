import { protocolFactsOf, protocolReads } from './protocolReads';
import type { ProtocolFacts } from './protocolReads';
import { stakingReads } from './stakingReads';
import { STRK } from '../../test/fixtures';
import { TESTNET_CHAIN_ID } from '../config';
import type { Network } from '../config';
import { normaliseAddress } from '../keys/address';
import { selectorOf } from '../protocol/selectors';
import { STAKING_CONTRACTS } from '../staking/protocol';

/** How refusals are worded here. */
const WORDS = { tokens: [], field: 'calls' };
const TESTNET: Network = { name: 'Testnet', chainId: TESTNET_CHAIN_ID };
const STAKING = STAKING_CONTRACTS[TESTNET_CHAIN_ID] ?? '';
const ACCOUNT = normaliseAddress('0xacc');
const POOL = normaliseAddress('0x9001');
const STAKER = normaliseAddress('0x5e1');
const OTHER_STAKER = normaliseAddress('0x5e2');
const OTHER_POOL = normaliseAddress('0x9002');
const BTC = normaliseAddress('0xb7c');
const ONE = 10n ** 18n;

const toFelt = (value: bigint | string): string =>
  `0x${BigInt(value).toString(16)}`;
const ok = (value: unknown): PromiseSettledResult<unknown> => ({
  status: 'fulfilled',
  value,
});
const failed: PromiseSettledResult<unknown> = {
  status: 'rejected',
  reason: new Error('Contract error'),
};
const felts = (...values: (bigint | string)[]): PromiseSettledResult<unknown> =>
  ok(values.map(toFelt));

/**
 * A pool's contract_parameters_v1: staker, removed, staking, token,
 * commission.
 *
 * @param staker - The staker it names.
 * @param staking - The staking contract it names.
 * @param token - Its token.
 * @returns The answer.
 */
const poolParameters = (
  staker = STAKER,
  staking = STAKING,
  token = STRK,
): PromiseSettledResult<unknown> => felts(staker, 0n, staking, token, 500n);

/** The staking contract's parameters, its exit wait 300 s. */
const stakingParameters = felts(1n, STRK, 2n, 3n, 4n, 300n);

/** A member with 100 staked, 40 waiting until 1000. */
const memberInfo = felts(
  0n,
  ACCOUNT,
  100n * ONE,
  5n,
  500n,
  40n * ONE,
  0n,
  1000n,
);

/**
 * staker_pool_info listing pools.
 *
 * @param pools - Each pool and its token.
 * @returns The answer.
 */
const stakerPools = (
  ...pools: [string, string][]
): PromiseSettledResult<unknown> =>
  felts(
    0n,
    500n,
    BigInt(pools.length),
    ...pools.flatMap(([pool, token]) => [pool, token, 0n]),
  );

/**
 * staker_info_v1.
 *
 * @param leaves - When the staker leaves, if it does.
 * @returns The answer.
 */
const stakerInfo = (leaves?: bigint): PromiseSettledResult<unknown> =>
  leaves === undefined
    ? felts(1n, 2n, 1n, 0n, 0n, 1n)
    : felts(1n, 2n, 0n, leaves, 0n, 0n, 1n);

const clock = ok({ blockNumber: 7, timestamp: 900 });

const stake = {
  contractAddress: POOL,
  selector: selectorOf('enter_delegation_pool'),
  calldata: [ACCOUNT, toFelt(10n * ONE)],
};

describe('the staking reads ride the two batches', () => {
  it('reads nothing for calls with no pool entry point', () => {
    expect(
      stakingReads(
        TESTNET,
        [
          {
            contractAddress: STRK,
            selector: selectorOf('transfer'),
            calldata: [],
          },
        ],
        ACCOUNT,
        WORDS,
      ),
    ).toBeUndefined();
  });

  it('confirms a pool its staker lists with its token, and reads its member, the wait, the clock and the balance', () => {
    const one = stakingReads(TESTNET, [stake], ACCOUNT, WORDS);
    // Clock, staking parameters, the pool's parameters, its member.
    expect(one?.calls).toHaveLength(4);
    const two = one?.read([
      clock,
      stakingParameters,
      poolParameters(),
      memberInfo,
    ]);
    // The staker's pools and info, the account's balance.
    expect(two?.calls).toHaveLength(3);
    const facts = two?.read([
      stakerPools([POOL, STRK]),
      stakerInfo(),
      felts(70n * ONE, 0n),
    ]);
    expect(facts?.now).toBe(900n);
    expect(facts?.exitWait).toBe(300n);
    expect(facts?.rewardToken).toBe(normaliseAddress(STRK));
    expect(facts?.balances.get(normaliseAddress(STRK))).toBe(70n * ONE);
    const pool = facts?.pools.get(POOL);
    expect(pool).toMatchObject({
      kind: 'pool',
      staker: STAKER,
      token: normaliseAddress(STRK),
      commission: 500n,
      stakerLeavesAt: undefined,
    });
    expect(pool?.kind === 'pool' && pool.members.get(ACCOUNT)).toMatchObject({
      amount: 100n * ONE,
      unpoolAmount: 40n * ONE,
      unpoolTime: 1000n,
    });
  });

  it('reads a leaving validator, and a member that is none', () => {
    const claim = {
      contractAddress: POOL,
      selector: selectorOf('claim_rewards'),
      calldata: [ACCOUNT],
    };
    const facts = stakingReads(TESTNET, [claim], ACCOUNT, WORDS)
      ?.read([clock, stakingParameters, poolParameters(), felts(1n)])
      .read([stakerPools([POOL, STRK]), stakerInfo(5000n)]);
    const pool = facts?.pools.get(POOL);
    expect(pool?.kind === 'pool' && pool.stakerLeavesAt).toBe(5000n);
    expect(pool?.kind === 'pool' && pool.members.has(ACCOUNT)).toBe(true);
    expect(pool?.kind === 'pool' && pool.members.get(ACCOUNT)).toBeUndefined();
    expect(facts?.balances.size).toBe(0);
  });

  it('gives no facts of calls that cannot be done: a stake with a leaving validator is refused, naming the call', () => {
    const two = stakingReads(TESTNET, [stake], ACCOUNT, {
      tokens: [],
      field: 'transactions',
    })?.read([clock, stakingParameters, poolParameters(), felts(1n)]);
    expect(() =>
      two?.read([stakerPools([POOL, STRK]), stakerInfo(5000n), failed]),
    ).toThrow(
      /^Invalid params: transactions\[0\]: .* is leaving the staking contract/u,
    );
  });

  it.each([
    [
      'its staker does not list it',
      poolParameters(),
      stakerPools([OTHER_POOL, STRK]),
    ],
    [
      'its staker lists it with another token',
      poolParameters(),
      stakerPools([POOL, BTC]),
    ],
    [
      'its staker lists it, but the pool names another staking contract',
      poolParameters(STAKER, '0x123'),
      stakerPools([POOL, STRK]),
    ],
    [
      'the pool does not answer its parameters',
      failed,
      stakerPools([POOL, STRK]),
    ],
    ['its parameters do not read', felts(1n, 2n), stakerPools([POOL, STRK])],
    ['the staker does not answer', poolParameters(), failed],
  ])('finds no pool when %s', (_, parameters, listed) => {
    const two = stakingReads(TESTNET, [stake], ACCOUNT, WORDS)?.read([
      clock,
      stakingParameters,
      parameters,
      memberInfo,
    ]);
    const facts = two?.read(
      two.calls.length === 0 ? [] : [listed, stakerInfo(), felts(1n, 0n)],
    );
    expect(facts?.pools.get(POOL)).toStrictEqual({ kind: 'not-pool' });
  });

  it('checks a switch target against its staker, and a malformed call still names its contract', () => {
    const calls = [
      {
        contractAddress: POOL,
        selector: selectorOf('switch_delegation_pool'),
        calldata: [OTHER_STAKER, OTHER_POOL, toFelt(ONE)],
      },
      {
        contractAddress: OTHER_POOL,
        selector: selectorOf('claim_rewards'),
        calldata: [],
      },
    ];
    const one = stakingReads(TESTNET, calls, ACCOUNT, WORDS);
    // Clock, staking parameters, two pools' parameters, one member, the target staker.
    expect(one?.calls).toHaveLength(6);
    const two = one?.read([
      clock,
      failed,
      poolParameters(),
      failed,
      memberInfo,
      stakerPools([OTHER_POOL, STRK]),
    ]);
    const facts = two?.read([stakerPools([POOL, STRK]), stakerInfo()]);
    expect(facts?.switchTargets.get(OTHER_POOL)).toBe(true);
    expect(facts?.pools.get(POOL)?.kind).toBe('pool');
    expect(facts?.pools.get(OTHER_POOL)).toStrictEqual({ kind: 'not-pool' });
    expect(facts?.exitWait).toBeUndefined();
  });

  it('knows no pool on a network a site added, and asks nothing', () => {
    const one = stakingReads(
      { ...TESTNET, addedBy: 'https://dapp.example' },
      [stake],
      ACCOUNT,
      WORDS,
    );
    expect(one?.calls).toStrictEqual([]);
    const two = one?.read([]);
    expect(two?.calls).toStrictEqual([]);
    expect(two?.read([]).pools.get(POOL)).toStrictEqual({ kind: 'not-pool' });
  });
});

describe('the protocol table asks every row once', () => {
  it('reads nothing for calls no row reads, and hands the staking row its answers in both rounds, its facts under its name', () => {
    expect(
      protocolReads(
        TESTNET,
        [
          {
            contractAddress: STRK,
            selector: selectorOf('transfer'),
            calldata: [],
          },
        ],
        ACCOUNT,
        WORDS,
      ),
    ).toBeUndefined();
    const one = protocolReads(TESTNET, [stake], ACCOUNT, WORDS);
    expect(one?.calls).toHaveLength(4);
    const two = one?.read([
      clock,
      stakingParameters,
      poolParameters(),
      memberInfo,
    ]);
    expect(two?.stakers).toStrictEqual([STAKER]);
    expect(two?.calls).toHaveLength(3);
    const facts = two?.read([
      stakerPools([POOL, STRK]),
      stakerInfo(),
      felts(70n * ONE, 0n),
    ]);
    expect(facts?.staking?.pools.get(POOL)).toMatchObject({
      kind: 'pool',
      staker: STAKER,
    });
    // A preview's facts, alone: every row's, nothing else.
    expect(
      protocolFactsOf({ ...facts, account: ACCOUNT } as ProtocolFacts),
    ).toStrictEqual(facts);
  });
});

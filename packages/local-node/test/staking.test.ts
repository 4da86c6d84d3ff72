import type { Call, RpcProvider } from 'starknet';
import { Account, TransactionType, uint256 } from 'starknet';

import { checkedProvider, rpcResult, STRK } from './helpers';
import type { Reading } from '../../../src/node/answers';
import {
  readNewDelegationPool,
  STAKING_EVENTS,
} from '../../../src/staking/events';
import {
  readPoolMemberInfo,
  readStakerInfo,
  readStakerPools,
  readStakingParameters,
} from '../../../src/staking/layouts';
import type { PoolMemberInfo } from '../../../src/staking/layouts';
import {
  addToPoolCalls,
  claimRewardsCall,
  enterPoolCalls,
  exitActionCall,
  exitIntentCall,
  STAKING_CONTRACTS,
  STAKING_ERRORS,
  switchPoolCall,
} from '../../../src/staking/protocol';
import type { LocalNode } from '../src';
import { startLocalNode } from '../src';
import { GENESIS_VALIDATORS } from '../src/chain/staking-genesis';
import { btcTokenAddressOf } from '../src/contracts/staking-protocol';

const SEPOLIA = '0x534e5f5345504f4c4941';
const STAKING = STAKING_CONTRACTS[SEPOLIA] ?? '';
const WBTC = `0x${btcTokenAddressOf(SEPOLIA).toString(16)}`;
const ONE = 10n ** 18n;
const WAIT = { retryInterval: 20 };
const asHex = (value: bigint): string => `0x${value.toString(16)}`;

let node: LocalNode;
let provider: RpcProvider;
let alice: Account;
let bob: Account;

/**
 * The value of a reading, failing the test when it has none.
 *
 * @param reading - The reading.
 * @returns Its value.
 */
function valueOf<Value>(reading: Reading<Value>): Value {
  if ('problem' in reading) {
    throw new Error(reading.problem);
  }
  return reading.value;
}

const call = async (
  contractAddress: string,
  entrypoint: string,
  calldata: string[] = [],
): Promise<string[]> =>
  provider.callContract({ contractAddress, entrypoint, calldata });

const balanceOf = async (token: string, address: string): Promise<bigint> => {
  const [low = '0x0', high = '0x0'] = await call(token, 'balance_of', [
    address,
  ]);
  return uint256.uint256ToBN({ low, high });
};

const memberOf = async (
  pool: string,
  member: string,
): Promise<PoolMemberInfo | undefined> =>
  valueOf(
    readPoolMemberInfo(await call(pool, 'get_pool_member_info_v1', [member])),
  );

/**
 * Sends calls from an account and waits for them to succeed.
 *
 * @param account - The sender.
 * @param calls - The calls.
 * @returns The receipt's events and fee.
 */
async function send(
  account: Account,
  calls: Call[],
): Promise<{
  events: { from_address: string; keys: string[]; data: string[] }[];
  fee: bigint;
}> {
  const { transaction_hash: hash } = await account.execute(calls);
  const receipt = await provider.waitForTransaction(hash, WAIT);
  if (!receipt.isSuccess()) {
    throw new Error(`${hash} did not succeed`);
  }
  const { value } = receipt;
  return { events: value.events, fee: BigInt(value.actual_fee.amount) };
}

const increaseTime = async (seconds: number): Promise<void> => {
  await rpcResult(node.url, 'devnet_increaseTime', { time: seconds });
};

/** The genesis pools, as a wallet finds them: events, then staker_pool_info. */
let pools: {
  staker: string;
  pool: string;
  token: string;
  commission: bigint;
}[];

beforeAll(async () => {
  node = await startLocalNode({ accounts: 2 });
  provider = checkedProvider(node.url);
  const [first, second] = node.accounts;
  if (!first || !second) {
    throw new Error('no predeployed accounts');
  }
  alice = new Account({
    provider,
    address: first.address,
    signer: first.privateKey,
  });
  bob = new Account({
    provider,
    address: second.address,
    signer: second.privateKey,
  });
});

afterAll(async () => {
  await node.stop();
});

const poolOf = (staker: bigint, token = STRK): string => {
  const found = pools.find(
    (entry) =>
      BigInt(entry.staker) === staker && BigInt(entry.token) === BigInt(token),
  );
  if (!found) {
    throw new Error('no such pool');
  }
  return found.pool;
};

const [V1, V2, V3, V4] = GENESIS_VALIDATORS.map(({ staker }) => staker) as [
  bigint,
  bigint,
  bigint,
  bigint,
];

describe('staking on the local node, as on Starknet', () => {
  it('announces its validators by NewDelegationPool events, their pools by staker_pool_info', async () => {
    const { events } = await provider.getEvents({
      address: STAKING,
      keys: [[STAKING_EVENTS.NewDelegationPool.selector]],
      from_block: { block_number: 0 },
      to_block: 'latest',
      chunk_size: 100,
    });
    const announced = events.map((event) =>
      valueOf(readNewDelegationPool(event.keys, event.data)),
    );
    expect(announced).toHaveLength(5);
    pools = announced.map(({ staker, pool, token, commission }) => ({
      staker: asHex(staker),
      pool: asHex(pool),
      token: asHex(token ?? 0n),
      commission,
    }));
    expect(new Set(announced.map(({ commission }) => commission)).size).toBe(4);
    const info = valueOf(
      readStakerPools(await call(STAKING, 'staker_pool_info', [asHex(V2)])),
    );
    expect(info.commission).toBe(1000n);
    expect(info.pools.map(({ tokenAddress }) => tokenAddress)).toStrictEqual([
      BigInt(STRK),
      BigInt(WBTC),
    ]);
    expect(await call(WBTC, 'decimals')).toStrictEqual(['0x8']);
    const parameters = valueOf(
      readStakingParameters(await call(STAKING, 'contract_parameters_v1')),
    );
    expect(parameters.exitWaitWindow).toBe(300n);
    const leaving = valueOf(
      readStakerInfo(await call(STAKING, 'staker_info_v1', [asHex(V4)])),
    );
    expect(leaving.unstakeTime).toBeDefined();
  });

  it('stakes: the pool pulls the approved tokens, and the member is found by its own NewPoolMember event', async () => {
    const pool = poolOf(V1);
    const before = await balanceOf(STRK, STAKING);
    const { events } = await send(
      alice,
      enterPoolCalls({
        token: STRK,
        pool,
        rewardAddress: bob.address,
        amount: 100n * ONE,
      }),
    );
    expect(await balanceOf(STRK, STAKING)).toBe(before + 100n * ONE);
    expect(
      events.some((event) => BigInt(event.from_address) === BigInt(pool)),
    ).toBe(true);
    const found = await provider.getEvents({
      keys: [[STAKING_EVENTS.NewPoolMember.selector], [alice.address]],
      from_block: { block_number: 0 },
      to_block: 'latest',
      chunk_size: 10,
    });
    expect(found.events).toHaveLength(1);
    expect(found.events[0]?.from_address).toBe(pool);
    expect(found.events[0]?.keys).toStrictEqual([
      STAKING_EVENTS.NewPoolMember.selector,
      alice.address,
      asHex(V1),
    ]);
    expect(found.events[0]?.data).toStrictEqual([
      bob.address,
      asHex(100n * ONE),
    ]);
    expect(await memberOf(pool, alice.address)).toStrictEqual({
      rewardAddress: BigInt(bob.address),
      amount: 100n * ONE,
      unclaimedRewards: 0n,
      commission: 500n,
      unpoolAmount: 0n,
      unpoolTime: undefined,
    });
  });

  it('refuses a second entry (members are never deleted) and takes more with add_to_delegation_pool', async () => {
    const pool = poolOf(V1);
    await expect(
      alice.execute(
        enterPoolCalls({
          token: STRK,
          pool,
          rewardAddress: bob.address,
          amount: ONE,
        }),
      ),
    ).rejects.toThrow(STAKING_ERRORS.POOL_MEMBER_EXISTS);
    await send(
      alice,
      addToPoolCalls({
        token: STRK,
        pool,
        member: alice.address,
        amount: 50n * ONE,
      }),
    );
    expect((await memberOf(pool, alice.address))?.amount).toBe(150n * ONE);
  });

  it('accrues rewards per epoch as the clock moves, and a claim pays them in STRK', async () => {
    const pool = poolOf(V1);
    await increaseTime(3 * 24 * 60 * 60);
    const unclaimed =
      (await memberOf(pool, alice.address))?.unclaimedRewards ?? 0n;
    expect(unclaimed).toBeGreaterThan(0n);
    const before = await balanceOf(STRK, bob.address);
    const { events } = await send(alice, [
      claimRewardsCall(pool, alice.address),
    ]);
    const claimed = events.find(
      (event) =>
        event.keys[0] === STAKING_EVENTS.PoolMemberRewardClaimed.selector,
    );
    expect(claimed?.keys).toStrictEqual([
      STAKING_EVENTS.PoolMemberRewardClaimed.selector,
      alice.address,
      bob.address,
    ]);
    const amount = BigInt(claimed?.data[0] ?? 0);
    expect(amount).toBeGreaterThanOrEqual(unclaimed);
    expect(await balanceOf(STRK, bob.address)).toBe(before + amount);
    expect((await memberOf(pool, alice.address))?.unclaimedRewards).toBe(0n);
  });

  it('refuses an exit larger than the stake, and an early withdrawal with the real error', async () => {
    const pool = poolOf(V1);
    await expect(
      alice.execute([exitIntentCall(pool, 151n * ONE)]),
    ).rejects.toThrow(STAKING_ERRORS.AMOUNT_TOO_HIGH);
    const { events } = await send(alice, [exitIntentCall(pool, 40n * ONE)]);
    const intent = events.find(
      (event) => event.keys[0] === STAKING_EVENTS.PoolMemberExitIntent.selector,
    );
    const member = await memberOf(pool, alice.address);
    expect(member).toMatchObject({
      amount: 110n * ONE,
      unpoolAmount: 40n * ONE,
    });
    expect(intent?.data).toStrictEqual([
      asHex(member?.unpoolTime ?? 0n),
      asHex(40n * ONE),
    ]);
    await expect(
      alice.execute([exitActionCall(pool, alice.address)]),
    ).rejects.toThrow(STAKING_ERRORS.INTENT_WINDOW_NOT_FINISHED);
  });

  it('replaces a pending intent, restarting the wait; the pending part earns nothing', async () => {
    const pool = poolOf(V1);
    const first = (await memberOf(pool, alice.address))?.unpoolTime ?? 0n;
    await increaseTime(10);
    await send(alice, [exitIntentCall(pool, 60n * ONE)]);
    const member = await memberOf(pool, alice.address);
    expect(member).toMatchObject({
      amount: 90n * ONE,
      unpoolAmount: 60n * ONE,
    });
    expect(member?.unpoolTime ?? 0n).toBeGreaterThanOrEqual(first + 10n);
  });

  it('switches part of a pending exit to another validator, and refuses a switch without one', async () => {
    const from = poolOf(V1);
    const to = poolOf(V3);
    const { events } = await send(alice, [
      switchPoolCall({
        fromPool: from,
        toStaker: asHex(V3),
        toPool: to,
        amount: 20n * ONE,
      }),
    ]);
    expect(
      events.find(
        (event) =>
          event.keys[0] === STAKING_EVENTS.SwitchDelegationPool.selector,
      )?.keys,
    ).toStrictEqual([
      STAKING_EVENTS.SwitchDelegationPool.selector,
      alice.address,
      to,
    ]);
    expect(await memberOf(from, alice.address)).toMatchObject({
      unpoolAmount: 40n * ONE,
    });
    expect(await memberOf(to, alice.address)).toMatchObject({
      amount: 20n * ONE,
      rewardAddress: BigInt(bob.address),
      commission: 250n,
    });
    await expect(
      alice.execute([
        switchPoolCall({
          fromPool: to,
          toStaker: asHex(V1),
          toPool: from,
          amount: ONE,
        }),
      ]),
    ).rejects.toThrow(STAKING_ERRORS.MISSING_UNDELEGATE_INTENT);
  });

  it('cancels an intent with 0', async () => {
    const pool = poolOf(V3);
    await send(alice, [exitIntentCall(pool, 5n * ONE)]);
    await send(alice, [exitIntentCall(pool, 0n)]);
    expect(await memberOf(pool, alice.address)).toMatchObject({
      amount: 20n * ONE,
      unpoolAmount: 0n,
      unpoolTime: undefined,
    });
  });

  it('pays the token back after the wait', async () => {
    const pool = poolOf(V1);
    await increaseTime(301);
    const before = await balanceOf(STRK, alice.address);
    const { fee } = await send(alice, [exitActionCall(pool, alice.address)]);
    expect(await balanceOf(STRK, alice.address)).toBe(before - fee + 40n * ONE);
    expect(await memberOf(pool, alice.address)).toMatchObject({
      amount: 90n * ONE,
      unpoolAmount: 0n,
      unpoolTime: undefined,
    });
  });

  it('stakes BTC, whose rewards are paid in STRK', async () => {
    const pool = poolOf(V2, WBTC);
    await send(
      bob,
      enterPoolCalls({
        token: WBTC,
        pool,
        rewardAddress: bob.address,
        amount: 50_000_000n,
      }),
    );
    expect(await balanceOf(WBTC, bob.address)).toBe(50_000_000n);
    await increaseTime(24 * 60 * 60);
    const rewards = (await memberOf(pool, bob.address))?.unclaimedRewards ?? 0n;
    expect(rewards).toBeGreaterThan(0n);
    const { events } = await send(bob, [claimRewardsCall(pool, bob.address)]);
    const paid = events.filter(
      (event) =>
        BigInt(event.from_address) === BigInt(STRK) &&
        BigInt(event.keys[2] ?? 0) === BigInt(bob.address),
    );
    expect(paid).toHaveLength(1);
  });

  it('refuses a stake with a validator that is leaving', async () => {
    await expect(
      alice.execute(
        enterPoolCalls({
          token: STRK,
          pool: poolOf(V4),
          rewardAddress: alice.address,
          amount: ONE,
        }),
      ),
    ).rejects.toThrow(STAKING_ERRORS.UNSTAKE_IN_PROGRESS);
  });

  it('runs the same emulation to estimate and simulate a staking multicall', async () => {
    const calls = addToPoolCalls({
      token: STRK,
      pool: poolOf(V1),
      member: alice.address,
      amount: ONE,
    });
    const estimate = await alice.estimateInvokeFee(calls);
    expect(BigInt(estimate.overall_fee)).toBeGreaterThan(0n);
    const {
      simulated_transactions: [simulated],
    } = await alice.simulateTransaction(
      [{ type: TransactionType.INVOKE, payload: calls }],
      { skipValidate: true },
    );
    const trace = simulated?.transaction_trace;
    if (trace?.type !== 'INVOKE' || !('calls' in trace.execute_invocation)) {
      throw new Error('no execution trace');
    }
    const events = JSON.stringify(trace.execute_invocation);
    expect(events).toContain(STAKING_EVENTS.PoolMemberBalanceChanged.selector);
    expect((await memberOf(poolOf(V1), alice.address))?.amount).toBe(90n * ONE);
  });

  it("stands at Mainnet's address on SN_MAIN, with the exit wait it is given", async () => {
    const mainnet = await startLocalNode({
      accounts: 1,
      chainId: 'SN_MAIN',
      exitWaitWindow: 604_800,
    });
    try {
      const felts = await checkedProvider(mainnet.url).callContract({
        contractAddress: STAKING_CONTRACTS['0x534e5f4d41494e'] ?? '',
        entrypoint: 'contract_parameters_v1',
      });
      expect(valueOf(readStakingParameters(felts)).exitWaitWindow).toBe(
        604_800n,
      );
    } finally {
      await mainnet.stop();
    }
    await expect(startLocalNode({ exitWaitWindow: -1 })).rejects.toThrow(
      'exitWaitWindow',
    );
  });
});

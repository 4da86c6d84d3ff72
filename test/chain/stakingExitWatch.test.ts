import { deployAccount0, executeFromAccount0 } from './actions';
import { BACKEND } from './backend';
import { nodeRequest, ONE_STRK, useFundedNode } from './node';
import { normaliseAddress } from '../../src/keys/address';
import { STAKING_EVENTS } from '../../src/staking/events';
import { STAKING_CONTRACTS } from '../../src/staking/protocol';
import { shortAddress } from '../../src/ui/activityText';
import { ACCOUNT_0, STRK, TESTNET } from '../fixtures';
import { installSharedWallet } from '../installedWallet';
import type { Wallet } from '../installedWallet';

// starknet-devnet has no staking contracts: the local node's emulation alone is
// tested here (the conformance tier skips this file).
const describeLocal = BACKEND === 'local' ? describe : describe.skip;

/**
 * The background check finds an exit a dapp started, the wallet's page
 * never opened: the account's memberships found by its own NewPoolMember
 * events, read on in the check's own batch, and the exit told once, when
 * its wait (Sepolia's 5 minutes on the local node) is over.
 */

const testNode = useFundedNode(ACCOUNT_0.address, 1_000n * ONE_STRK);
const ACCOUNT = normaliseAddress(ACCOUNT_0.address);

/**
 * The first STRK pool the local staking contract announced.
 *
 * @returns Its address and its validator's.
 */
async function firstStrkPool(): Promise<{ pool: string; staker: string }> {
  const answer = (await nodeRequest(testNode(), 'starknet_getEvents', {
    filter: {
      address: STAKING_CONTRACTS[TESTNET],
      keys: [[STAKING_EVENTS.NewDelegationPool.selector]],
      from_block: { block_number: 0 },
      to_block: 'latest',
      chunk_size: 100,
    },
  })) as { events: { keys: string[] }[] };
  for (const { keys } of answer.events) {
    const [, staker, pool, token] = keys;
    if (staker && pool && token && BigInt(token) === BigInt(STRK)) {
      return { pool: normaliseAddress(pool), staker };
    }
  }
  throw new Error('The local node announced no STRK pool');
}

/**
 * One run of the background check.
 *
 * @param wallet - The snap.
 * @returns Its notices of exits (those of transactions left out).
 */
async function backgroundRun(wallet: Wallet): Promise<string[]> {
  const { notifications } = await wallet.onCronjob({
    method: 'refreshTransactions',
  });
  return notifications
    .map(({ message }) => message)
    .filter((message) => message.includes('can be withdrawn'));
}

describeLocal('staking exits the background check finds itself', () => {
  it("tells once of an exit a dapp started, the page never opened, when its wait is over; read on in the check's one batch", async () => {
    const wallet = await installSharedWallet();
    await deployAccount0(wallet);
    const { pool, staker } = await firstStrkPool();
    const felt = (value: bigint): string => `0x${value.toString(16)}`;
    await executeFromAccount0(wallet, [
      {
        contractAddress: STRK,
        entrypoint: 'approve',
        calldata: [pool, felt(100n * ONE_STRK), '0x0'],
      },
      {
        contractAddress: pool,
        entrypoint: 'enter_delegation_pool',
        calldata: [ACCOUNT, felt(100n * ONE_STRK)],
      },
    ]);
    await executeFromAccount0(wallet, [
      {
        contractAddress: pool,
        entrypoint: 'exit_delegation_pool_intent',
        calldata: [felt(40n * ONE_STRK)],
      },
    ]);
    // Found from block 0 (the pools and the account's membership), the
    // wait not over: nothing told.
    expect(await backgroundRun(wallet)).toStrictEqual([]);
    await nodeRequest(testNode(), 'devnet_increaseTime', { time: 301 });
    await nodeRequest(testNode(), 'devnet_createBlock', {});
    testNode().resetRequestCount();
    const told = await backgroundRun(wallet);
    expect(told).toStrictEqual([
      `40 STRK can be withdrawn from validator ${shortAddress(staker)}`,
    ]);
    // The position was kept: its info rode the check's one batch with the
    // balances, the chain's time and the new events.
    expect(testNode().roundTripCount()).toBe(1);
    expect(testNode().requestCount('starknet_getEvents')).toBeGreaterThan(0);
    expect(await backgroundRun(wallet)).toStrictEqual([]);
  });
});

import type { Json } from '@metamask/snaps-sdk';
import { ec } from 'starknet';

import { callsByMethod } from './node';
import type { Wallet } from './scenarios';
import { summarize } from './stats';
import type { MethodMeasurement } from './types';
import { TESTNET_CHAIN_ID } from '../src/config';
import { accountAddress, deploymentData } from '../src/keys/address';
import { toHex } from '../src/protocol/values';
import { sentRecord } from '../src/state/records';
import { defaultState } from '../src/state/schema';
import { nodeRequest } from '../test/chain/node';
import { testPhraseKeys } from '../test/testKeys';
import type { LocalNode } from '@snapnet/local-node';

/**
 * The wallet's own page and its background check, measured like a method:
 * opening the page with 5 accounts × 10 tokens, and one background run with
 * 20 pending transactions, node round trips counted (the paymaster's token
 * list, served at the node's URL here, is counted apart).
 */

const ACCOUNTS = 5;
const TOKENS = 10;
const PENDING = 20;

/**
 * A state with ACCOUNTS accounts of the test phrase on Testnet, TOKENS
 * tracked tokens there (STRK, ETH and contracts that are not deployed: their
 * balance reads fail, in the same batch) and PENDING transactions awaiting
 * their status.
 *
 * @param searchDue - Whether its token search is due (searched at time 0).
 * @returns The state.
 */
export async function pageBenchState(
  searchDue = false,
): Promise<Record<string, Json>> {
  const state = defaultState();
  const keys = await testPhraseKeys(ACCOUNTS);
  const accounts = keys.map(({ stark }, index) => {
    const publicKey = toHex(BigInt(ec.starkCurve.getStarkKey(stark)));
    return {
      address: accountAddress(publicKey, 'argent-cairo1'),
      chainId: TESTNET_CHAIN_ID,
      addressIndex: index,
      publicKey,
      addressSalt: deploymentData(publicKey).salt,
      deployTxnHash: '',
      derivationPath: `m/44'/9004'/0'/0/${index}`,
      kind: 'argent-cairo1' as const,
    };
  });
  const fakeTokens = Array.from({ length: TOKENS - 2 }, (_, index) => ({
    address: `0x${(0xb0b0000n + BigInt(index)).toString(16).padStart(64, '0')}`,
    chainId: TESTNET_CHAIN_ID,
    name: `Bench token ${index}`,
    symbol: `BT${index}`,
    decimals: 18,
  }));
  const transactions = Array.from({ length: PENDING }, (_, index) =>
    sentRecord({
      txnHash: toHex(0xfeed0000n + BigInt(index)),
      txnType: 'invoke',
      senderAddress: accounts[index % ACCOUNTS]?.address ?? '',
      chainId: TESTNET_CHAIN_ID,
    }),
  );
  return JSON.parse(
    JSON.stringify({
      ...state,
      accounts,
      tokens: [...state.tokens, ...fakeTokens],
      transactions,
      // Searched for received tokens a moment ago: the steady state, where a
      // run of the check is its one batch (the search runs every 10 min).
      discovered: [
        {
          chainId: TESTNET_CHAIN_ID,
          toBlock: 0,
          accounts: accounts.map(({ address }) => address),
          tokens: [],
          searchedAt: searchDue ? 0 : Math.floor(Date.now() / 1000),
        },
      ],
    }),
  );
}

/**
 * The addresses of the bench state's accounts.
 *
 * @returns The addresses.
 */
export async function benchAccounts(): Promise<string[]> {
  const keys = await testPhraseKeys(ACCOUNTS);
  return keys.map(({ stark }) =>
    accountAddress(
      toHex(BigInt(ec.starkCurve.getStarkKey(stark))),
      'argent-cairo1',
    ),
  );
}

/**
 * Times one action of the snap, its node round trips counted.
 *
 * @param node - The node.
 * @param action - What to time.
 * @returns Its time and round trips (the paymaster's apart).
 */
async function timed(
  node: LocalNode,
  action: () => Promise<unknown>,
): Promise<{ ms: number; roundTrips: number }> {
  node.resetRequestCount();
  const start = performance.now();
  await action();
  const ms = performance.now() - start;
  return {
    ms,
    roundTrips:
      node.roundTripCount() - node.requestCount('paymaster_getSupportedTokens'),
  };
}

/**
 * Measures an action of a fresh install from the bench state, `calls`
 * times after a warm-up.
 *
 * @param options - What to measure.
 * @param options.node - The node.
 * @param options.install - Installs the snap from a state.
 * @param options.calls - How many measured calls.
 * @param options.note - What is measured.
 * @param options.before - What is done first, untimed (opening the page).
 * @param options.action - The action on the installed snap.
 * @param options.searchDue - Whether the state's token search is due (its
 * last one ten minutes and more ago), so that the background check runs it.
 * @returns The measurement.
 */
export async function measurePageAction(options: {
  node: LocalNode;
  install: (state: Record<string, Json>) => Promise<Wallet>;
  calls: number;
  note: string;
  before?: (wallet: Wallet) => Promise<void>;
  action: (wallet: Wallet) => Promise<unknown>;
  searchDue?: boolean;
}): Promise<MethodMeasurement> {
  const { node, install, calls, note, before, action } = options;
  const state = await pageBenchState(options.searchDue);
  const times: number[] = [];
  const roundTrips: number[] = [];
  let firstCallMs = 0;
  let byMethod: Record<string, number> = {};
  for (let call = 0; call <= calls; call++) {
    const wallet = await install(state);
    await before?.(wallet);
    const timing = await timed(node, async () => action(wallet));
    if (call === 0) {
      firstCallMs = Math.round(timing.ms * 10) / 10;
      continue;
    }
    times.push(timing.ms);
    roundTrips.push(timing.roundTrips);
    byMethod = callsByMethod(node);
  }
  return {
    measured: true,
    calls,
    dialogs: 0,
    latencyMs: summarize(times),
    firstCallMs,
    roundTrips: { min: Math.min(...roundTrips), max: Math.max(...roundTrips) },
    roundTripsByMethod: byMethod,
    note,
  };
}

/**
 * A busy chain: 1,500 strangers' STRK transfers, one to the account, 1,500
 * more (the local node's `local_addTraffic`).
 *
 * @param node - The node.
 * @param account - The account that receives one transfer among them.
 */
export async function addBusyTraffic(
  node: LocalNode,
  account: string,
): Promise<void> {
  await nodeRequest(node, 'local_addTraffic', { count: 1500, blocks: 15 });
  await nodeRequest(node, 'local_addTraffic', { count: 1, to: account });
  await nodeRequest(node, 'local_addTraffic', { count: 1500, blocks: 15 });
}

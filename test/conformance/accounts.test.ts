/* eslint-disable n/no-unsupported-features/node-builtins -- Node 20's fetch */
import { hash } from 'starknet';

import { freePort } from '../../scripts/start/ports';
import { startDevnet } from '../chain/devnet';
import type { TestNode } from '../chain/types';
import { startLocalNode } from '@snapnet/local-node';

const ACCOUNTS = 3;

/**
 * One JSON-RPC call, its result (or its error as a value to compare).
 *
 * @param node - The node.
 * @param method - The method.
 * @param params - Its params.
 * @returns The result or `{ error }`.
 */
async function call(
  node: TestNode,
  method: string,
  params: unknown,
): Promise<unknown> {
  const response = await fetch(node.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const reply: { result?: unknown; error?: { code: number } } =
    await response.json();
  return reply.error ? { error: reply.error.code } : reply.result;
}

/**
 * What a node says of its predeployed accounts: the list with keys and
 * balances, and for each its class and public key as the chain has them.
 *
 * @param node - The node.
 * @returns The observation.
 */
async function predeployed(node: TestNode): Promise<unknown> {
  const listed = await call(node, 'devnet_getPredeployedAccounts', {
    with_balance: true,
  });
  const onChain = [];
  for (const { address } of node.accounts) {
    onChain.push({
      classHash: await call(node, 'starknet_getClassHashAt', {
        block_id: 'latest',
        contract_address: address,
      }),
      publicKey: await call(node, 'starknet_call', {
        request: {
          contract_address: address,
          entry_point_selector: hash.getSelectorFromName('get_public_key'),
          calldata: [],
        },
        block_id: 'latest',
      }),
    });
  }
  return { listed, onChain };
}

// The accounts tutorials hard-code (starknet-devnet's, by seed) are the
// local node's too: same keys, addresses, class and balances.
describe('predeployed accounts against starknet-devnet', () => {
  it.each([
    ['the default seed (devnet --seed 0)', undefined, 0],
    ['seed 1', 1, 1],
    ['seed 42', 42, 42],
    ['the largest seed', 2 ** 32 - 1, 2 ** 32 - 1],
  ])(
    '%s',
    async (_name, localSeed, devnetSeed) => {
      const local = await startLocalNode({
        port: 0,
        accounts: ACCOUNTS,
        ...(localSeed === undefined ? {} : { seed: localSeed }),
      });
      const devnet = await startDevnet({
        port: await freePort(),
        seed: devnetSeed,
        accounts: ACCOUNTS,
      }).catch(async (error: unknown) => {
        await local.stop();
        throw error;
      });
      try {
        const mine = await predeployed(local);
        expect(mine).toStrictEqual(await predeployed(devnet));
        expect(local.accounts).toHaveLength(ACCOUNTS);
      } finally {
        await Promise.all([local.stop(), devnet.stop()]);
      }
    },
    120_000,
  );
});

// `--start-time` and the price flags as starknet-devnet reads them: the
// genesis block carries them, devnet_getConfig reports them, and
// devnet_restart starts from them again.
describe('the start time and gas prices against starknet-devnet', () => {
  it('date and price the genesis block alike, before and after a restart', async () => {
    const startTime = 1_000_000_000;
    const gasPricesFri = { l1: 12n, l2: 16n };
    const local = await startLocalNode({
      port: 0,
      accounts: 1,
      startTime,
      gasPrices: { gas_price_fri: 12n, l2_gas_price_fri: 16n },
    });
    const devnet = await startDevnet({
      port: await freePort(),
      accounts: 1,
      startTime,
      gasPricesFri,
    }).catch(async (error: unknown) => {
      await local.stop();
      throw error;
    });
    const genesis = async (node: TestNode): Promise<unknown> => {
      const block = (await call(node, 'starknet_getBlockWithTxHashes', {
        block_id: { block_number: 0 },
      })) as Record<string, unknown>;
      const config = (await call(node, 'devnet_getConfig', {})) as Record<
        string,
        unknown
      >;
      return {
        timestamp: block.timestamp,
        l1GasPrice: block.l1_gas_price,
        l2GasPrice: block.l2_gas_price,
        startTime: config.start_time,
        prices: [config.gas_price_fri, config.l2_gas_price_fri],
      };
    };
    const expected = {
      timestamp: startTime,
      l1GasPrice: { price_in_fri: '0xc', price_in_wei: '0x3b9aca00' },
      l2GasPrice: { price_in_fri: '0x10', price_in_wei: '0x3b9aca00' },
      startTime,
      prices: [12, 16],
    };
    try {
      for (const node of [local, devnet]) {
        expect(await genesis(node)).toEqual(expected);
        await call(node, 'devnet_createBlock', {});
        await call(node, 'devnet_restart', {});
        expect(await genesis(node)).toEqual(expected);
      }
    } finally {
      await Promise.all([local.stop(), devnet.stop()]);
    }
  }, 120_000);
});

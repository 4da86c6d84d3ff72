import { hash } from 'starknet';

import { STRK, rpc, rpcResult } from './helpers';
import type { LocalNode } from '../src';
import { startLocalNode } from '../src';

/**
 * `local_addTraffic`: a busy chain in one request, its transfers read back
 * through the spec's methods (answers checked against the spec) exactly as
 * a Cairo 1 token's: `Transfer` keyed `[selector, from, to]`.
 */

const TRANSFER = hash.getSelectorFromName('Transfer');
const RECIPIENT = `0x${'ab'.repeat(31)}`;

type Page = {
  events: { keys: string[]; data: string[]; transaction_hash: string }[];
  continuation_token?: string;
};

let node: LocalNode;

beforeAll(async () => {
  node = await startLocalNode({ accounts: 1 });
});

afterAll(async () => {
  await node.stop();
});

describe('local_addTraffic', () => {
  it('writes thousands of strangers’ transfers over new blocks, each a transaction the spec’s methods read', async () => {
    const before = (await rpcResult(
      node.url,
      'starknet_blockNumber',
    )) as number;
    const written = (await rpcResult(node.url, 'local_addTraffic', {
      count: 2500,
      blocks: 25,
    })) as { last_block: number; transaction_hashes: string[] };
    expect(written.last_block).toBe(before + 25);
    expect(written.transaction_hashes).toHaveLength(2500);
    const page = (await rpcResult(node.url, 'starknet_getEvents', {
      filter: {
        address: STRK,
        keys: [[TRANSFER]],
        from_block: { block_number: before + 1 },
        to_block: 'latest',
        chunk_size: 1000,
      },
    })) as Page;
    expect(page.events).toHaveLength(1000);
    expect(page.continuation_token).toBeDefined();
    const [first] = page.events;
    expect(first?.keys).toHaveLength(3);
    expect(first?.data).toStrictEqual(['0x1', '0x0']);
    const transaction = (await rpcResult(
      node.url,
      'starknet_getTransactionByHash',
      { transaction_hash: first?.transaction_hash },
    )) as { sender_address: string; calldata: string[] };
    expect(BigInt(transaction.sender_address)).toBe(
      BigInt(first?.keys[1] ?? 0),
    );
    expect(transaction.calldata.map(BigInt)).toStrictEqual([
      1n,
      BigInt(STRK),
      BigInt(hash.getSelectorFromName('transfer')),
      3n,
      BigInt(first?.keys[2] ?? 0),
      1n,
      0n,
    ]);
    const receipt = (await rpcResult(
      node.url,
      'starknet_getTransactionReceipt',
      { transaction_hash: first?.transaction_hash },
    )) as { execution_status: string };
    expect(receipt.execution_status).toBe('SUCCEEDED');
  });

  it('sends them all to one address when asked: found by recipient, its balance credited', async () => {
    const balanceOf = async (): Promise<bigint> => {
      const [low = '0x0'] = (await rpcResult(node.url, 'starknet_call', {
        request: {
          contract_address: STRK,
          entry_point_selector: hash.getSelectorFromName('balance_of'),
          calldata: [RECIPIENT],
        },
        block_id: 'latest',
      })) as string[];
      return BigInt(low);
    };
    const held = await balanceOf();
    await rpcResult(node.url, 'local_addTraffic', {
      count: 30,
      blocks: 3,
      to: RECIPIENT,
      amount: '7',
    });
    const page = (await rpcResult(node.url, 'starknet_getEvents', {
      filter: {
        keys: [[TRANSFER], [], [RECIPIENT]],
        from_block: { block_number: 0 },
        to_block: 'latest',
        chunk_size: 100,
      },
    })) as Page;
    expect(page.events).toHaveLength(30);
    expect(page.continuation_token).toBeUndefined();
    expect(await balanceOf()).toBe(held + 30n * 7n);
  });

  it('offers the tips given, in turn: the blocks carry them as v3 transactions do', async () => {
    const written = (await rpcResult(node.url, 'local_addTraffic', {
      count: 8,
      blocks: 2,
      tips: ['0x5', '7', 9],
    })) as { last_block: number };
    const tipsOf = async (blockNumber: number): Promise<string[]> => {
      const block = (await rpcResult(node.url, 'starknet_getBlockWithTxs', {
        block_id: { block_number: blockNumber },
      })) as { transactions: { version: string; tip: string }[] };
      expect(block.transactions.every(({ version }) => version === '0x3')).toBe(
        true,
      );
      return block.transactions.map(({ tip }) => tip);
    };
    expect(await tipsOf(written.last_block - 1)).toStrictEqual([
      '0x5',
      '0x7',
      '0x9',
      '0x5',
    ]);
    expect(await tipsOf(written.last_block)).toStrictEqual([
      '0x7',
      '0x9',
      '0x5',
      '0x7',
    ]);
  });

  it('refuses what it cannot write, naming the field', async () => {
    for (const [params, field] of [
      [{ count: 0 }, 'count'],
      [{ count: 20_001 }, 'count'],
      [{ count: 10, blocks: 11 }, 'blocks'],
      [{ count: 10, to: 'nope' }, 'to'],
      [{ count: 10, tips: '0x1' }, 'tips'],
      [{ count: 10, tips: ['0x1', `0x1${'0'.repeat(16)}`] }, 'tips\\[1\\]'],
    ] as const) {
      const { error } = await rpc(node.url, 'local_addTraffic', params);
      expect(error?.code).toBe(-32602);
      expect(String(error?.data)).toMatch(new RegExp(`^${field}: `, 'u'));
    }
  });
});

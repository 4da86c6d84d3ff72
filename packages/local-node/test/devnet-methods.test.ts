/* eslint-disable n/no-unsupported-features/node-builtins -- Node 20's fetch */
import { Account, CallData, cairo } from 'starknet';

import { STRK, checkedProvider } from './helpers';
import type { LocalNode } from '../src';
import { startLocalNode } from '../src';

type Reply = {
  result?: any;
  error?: { code: number; message: string; data?: unknown };
};

const nodes: LocalNode[] = [];

const start = async (
  options: Parameters<typeof startLocalNode>[0] = {},
): Promise<LocalNode> => {
  const node = await startLocalNode({ accounts: 1, ...options });
  nodes.push(node);
  return node;
};

afterAll(async () => {
  await Promise.all(nodes.map(async (node) => node.stop()));
});

/**
 * Sends a request whose params are written as raw JSON text, so numbers of
 * any size reach the node as they are written.
 *
 * @param node - The node.
 * @param method - The method.
 * @param paramsText - The params, as JSON text.
 * @returns The reply.
 */
async function rawCall(
  node: LocalNode,
  method: string,
  paramsText: string,
): Promise<Reply> {
  const response = await fetch(node.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: `{"jsonrpc":"2.0","id":1,"method":"${method}","params":${paramsText}}`,
  });
  return response.json();
}

describe('devnet_mint amounts', () => {
  it('takes JSON numbers of any size exactly, and strings', async () => {
    const node = await start({ initialBalance: 0n });
    const address = node.accounts[0]?.address ?? '0x1';
    const mint = async (amount: string, unit = 'FRI'): Promise<Reply> =>
      rawCall(
        node,
        'devnet_mint',
        `{"address":"${address}","amount":${amount},"unit":"${unit}"}`,
      );
    // 1 STRK as starknet-devnet's JS client sends it: a bare number.
    expect((await mint('1000000000000000000')).result.new_balance).toBe(
      '1000000000000000000',
    );
    // 2^53 + 1, which a JavaScript number would round to 2^53.
    expect((await mint('9007199254740993', 'WEI')).result.new_balance).toBe(
      '9007199254740993',
    );
    expect((await mint('1e21')).result.new_balance).toBe(
      '1001000000000000000000',
    );
    // Fractions are truncated, as starknet-devnet does.
    expect((await mint('3.9')).result.new_balance).toBe(
      '1001000000000000000003',
    );
    expect((await mint('"0x10"')).result.new_balance).toBe(
      '1001000000000000000019',
    );
    expect((await mint('"12345678901234567890123"')).result.new_balance).toBe(
      '13346678901234567890142',
    );
  });

  it('refuses what is not an amount up to u256, naming the field', async () => {
    const node = await start();
    const address = node.accounts[0]?.address ?? '0x1';
    const mint = async (amount: string): Promise<Reply> =>
      rawCall(
        node,
        'devnet_mint',
        `{"address":"${address}","amount":${amount}}`,
      );
    const u256Max = (2n ** 256n - 1n).toString();
    for (const amount of [
      '-1',
      '-0.5',
      '"abc"',
      'null',
      '[1]',
      (2n ** 256n).toString(),
      '1e78',
      '1e999999999',
    ]) {
      const reply = await mint(amount);
      expect(reply.error).toMatchObject({
        code: -32602,
        data: expect.stringMatching(/^amount: /u),
      });
    }
    // Within u256, but the supply would overflow: starknet-devnet's answer.
    const overflow = await mint(u256Max);
    expect(overflow.error).toMatchObject({
      code: -1,
      message: 'Minting reverted',
    });
  });

  it('replays a big minted amount from a dump', async () => {
    const node = await start({ initialBalance: 0n });
    const address = node.accounts[0]?.address ?? '0x1';
    await rawCall(
      node,
      'devnet_mint',
      `{"address":"${address}","amount":123456789012345678901234567890}`,
    );
    const dump = await rawCall(node, 'devnet_dump', '{}');
    const fresh = await start({ initialBalance: 0n });
    await rawCall(fresh, 'devnet_load', JSON.stringify({ dump: dump.result }));
    const balance = await rawCall(
      fresh,
      'devnet_getAccountBalance',
      `{"address":"${address}"}`,
    );
    expect(balance.result).toEqual({
      amount: '123456789012345678901234567890',
      unit: 'FRI',
    });
  });
});

/**
 * Calls a method with JSON params and returns the reply.
 *
 * @param node - The node.
 * @param method - The method.
 * @param params - The params.
 * @returns The reply.
 */
async function call(
  node: LocalNode,
  method: string,
  params: unknown = {},
): Promise<Reply> {
  return rawCall(node, method, JSON.stringify(params));
}

describe('starknet-devnet methods', () => {
  it('devnet_getAccountBalance reads FRI or WEI at a block', async () => {
    const node = await start({ initialBalance: 1000n });
    const address = node.accounts[0]?.address ?? '0x1';
    await call(node, 'devnet_mint', { address, amount: 5, unit: 'WEI' });
    expect(
      (await call(node, 'devnet_getAccountBalance', { address })).result,
    ).toEqual({ amount: '1000', unit: 'FRI' });
    expect(
      (await call(node, 'devnet_getAccountBalance', { address, unit: 'WEI' }))
        .result,
    ).toEqual({ amount: '1005', unit: 'WEI' });
    expect(
      (
        await call(node, 'devnet_getAccountBalance', {
          address,
          unit: 'WEI',
          block_id: { block_number: 0 },
        })
      ).result,
    ).toEqual({ amount: '1000', unit: 'WEI' });
    const bad = await call(node, 'devnet_getAccountBalance', {
      address,
      unit: 'STRK',
    });
    expect(bad.error?.data).toMatch(/^unit: /u);
    const missing = await call(node, 'devnet_getAccountBalance', {});
    expect(missing.error?.data).toBe('missing parameter: address');
  });

  it('devnet_increaseTime moves the clock of this block and the next ones', async () => {
    const node = await start();
    const before = (
      await call(node, 'starknet_getBlockWithTxHashes', {
        block_id: 'latest',
      })
    ).result.timestamp;
    const increased = await call(node, 'devnet_increaseTime', {
      time: 100_000,
    });
    expect(increased.result).toEqual({
      timestamp_increased_by: 100_000,
      block_hash: expect.stringMatching(/^0x/u),
    });
    const block = (
      await call(node, 'starknet_getBlockWithTxHashes', {
        block_id: 'latest',
      })
    ).result;
    expect(block.block_hash).toBe(increased.result.block_hash);
    expect(block.timestamp).toBeGreaterThanOrEqual(before + 100_000);
    await call(node, 'devnet_createBlock');
    const next = (
      await call(node, 'starknet_getBlockWithTxHashes', {
        block_id: 'latest',
      })
    ).result;
    expect(next.timestamp).toBeGreaterThanOrEqual(block.timestamp);
    expect(
      (await call(node, 'devnet_increaseTime', { time: -1 })).error?.data,
    ).toBe('time: expected a non-negative integer');
  });

  it('devnet_setGasPrice sets the prices of the next blocks and of fees', async () => {
    const node = await start({ blockGeneration: 'demand' });
    const set = await call(node, 'devnet_setGasPrice', {
      gas_price_fri: 7,
      l2_gas_price_fri: 9,
      data_gas_price_fri: 3,
      generate_block: true,
    });
    expect(set.result).toEqual({
      gas_price_wei: 1_000_000_000,
      data_gas_price_wei: 1_000_000_000,
      gas_price_fri: 7,
      data_gas_price_fri: 3,
      l2_gas_price_wei: 1_000_000_000,
      l2_gas_price_fri: 9,
    });
    const latest = (
      await call(node, 'starknet_getBlockWithTxHashes', {
        block_id: 'latest',
      })
    ).result;
    expect(latest.block_number).toBe(1);
    expect(latest.l1_gas_price).toEqual({
      price_in_fri: '0x7',
      price_in_wei: '0x3b9aca00',
    });
    expect(latest.l2_gas_price.price_in_fri).toBe('0x9');
    expect(latest.l1_data_gas_price.price_in_fri).toBe('0x3');
    const genesis = (
      await call(node, 'starknet_getBlockWithTxHashes', {
        block_id: { block_number: 0 },
      })
    ).result;
    expect(genesis.l2_gas_price.price_in_fri).toBe('0x3b9aca00');
    // Fees follow: an estimate is priced at the new prices.
    const entry = node.accounts[0];
    const account = new Account({
      provider: checkedProvider(node.url),
      address: entry?.address ?? '0x1',
      signer: entry?.privateKey ?? '0x1',
    });
    const transfer = {
      contractAddress: STRK,
      entrypoint: 'transfer',
      calldata: CallData.compile({
        recipient: '0x1234',
        amount: cairo.uint256(1),
      }),
    };
    const estimate = await account.estimateInvokeFee(transfer);
    // starknet.js adds its margin to the node's price of 9 FRI (1e9 before).
    expect(
      estimate.resourceBounds.l2_gas.max_price_per_unit,
    ).toBeGreaterThanOrEqual(9n);
    expect(estimate.resourceBounds.l2_gas.max_price_per_unit).toBeLessThan(
      100n,
    );
    const sent = await account.execute(transfer, {
      resourceBounds: estimate.resourceBounds,
      tip: 0n,
    });
    const receipt = (
      await call(node, 'starknet_getTransactionReceipt', {
        transaction_hash: sent.transaction_hash,
      })
    ).result;
    const used = receipt.execution_resources;
    expect(BigInt(receipt.actual_fee.amount)).toBe(
      BigInt(used.l1_data_gas) * 3n + BigInt(used.l2_gas) * 9n,
    );
    for (const [params, detail] of [
      [{ gas_price_fri: 0 }, /^gas_price_fri: /u],
      [{ l2_gas_price_wei: (2n ** 128n).toString() }, /^l2_gas_price_wei: /u],
      [{ gas_price: 5 }, /^gas_price: unknown parameter/u],
      [{ generate_block: 'yes' }, /^generate_block: /u],
    ] as const) {
      const reply = await call(node, 'devnet_setGasPrice', params);
      expect(reply.error?.data).toMatch(detail);
    }
  });

  it('devnet_abortBlocks forgets blocks, their transactions and state', async () => {
    const node = await start({ initialBalance: 0n });
    const address = node.accounts[0]?.address ?? '0x1';
    const first = await call(node, 'devnet_mint', { address, amount: 1 });
    const second = await call(node, 'devnet_mint', { address, amount: 2 });
    await call(node, 'devnet_mint', { address, amount: 4 });
    expect((await call(node, 'starknet_blockNumber')).result).toBe(3);
    const hashOf = async (number: number): Promise<string> =>
      (
        await call(node, 'starknet_getBlockWithTxHashes', {
          block_id: { block_number: number },
        })
      ).result.block_hash;
    const [two, three] = [await hashOf(2), await hashOf(3)];
    const aborted = await call(node, 'devnet_abortBlocks', {
      starting_block_id: { block_number: 2 },
    });
    expect(aborted.result).toEqual({ aborted: [three, two] });
    expect((await call(node, 'starknet_blockNumber')).result).toBe(1);
    expect(
      (await call(node, 'devnet_getAccountBalance', { address })).result.amount,
    ).toBe('1');
    expect(
      (
        await call(node, 'starknet_getTransactionReceipt', {
          transaction_hash: second.result.tx_hash,
        })
      ).error?.code,
    ).toBe(29);
    expect(
      (
        await call(node, 'starknet_getBlockWithTxHashes', {
          block_id: { block_hash: two },
        })
      ).error?.code,
    ).toBe(24);
    expect(
      (
        await call(node, 'starknet_getTransactionReceipt', {
          transaction_hash: first.result.tx_hash,
        })
      ).result.block_number,
    ).toBe(1);
    // The next block takes number 2 again.
    await call(node, 'devnet_createBlock');
    expect((await call(node, 'starknet_blockNumber')).result).toBe(2);
    const pending = await call(node, 'devnet_abortBlocks', {
      starting_block_id: 'pre_confirmed',
    });
    expect(pending.result.aborted).toHaveLength(1);
    expect((await call(node, 'starknet_blockNumber')).result).toBe(2);
    expect(
      (
        await call(node, 'devnet_abortBlocks', {
          starting_block_id: { block_number: 0 },
        })
      ).error,
    ).toEqual({ code: -1, message: "Genesis block can't be aborted" });
    expect(
      (
        await call(node, 'devnet_abortBlocks', {
          starting_block_id: { block_number: 99 },
        })
      ).error,
    ).toEqual({ code: -1, message: 'No block found' });
  });

  it('--start-time dates the genesis block; the clock runs on from there, restart included', async () => {
    const startTime = 1_000_000_000;
    const node = await start({ startTime });
    const timestampOf = async (blockId: unknown): Promise<number> =>
      (await call(node, 'starknet_getBlockWithTxHashes', { block_id: blockId }))
        .result.timestamp;
    const startedAt = Math.floor(Date.now() / 1000);
    expect(await timestampOf({ block_number: 0 })).toBe(startTime);
    await call(node, 'devnet_createBlock');
    const elapsed = Math.floor(Date.now() / 1000) - startedAt + 1;
    const next = await timestampOf('latest');
    expect(next).toBeGreaterThanOrEqual(startTime);
    expect(next).toBeLessThanOrEqual(startTime + elapsed);
    expect((await call(node, 'devnet_getConfig')).result.start_time).toBe(
      startTime,
    );
    await call(node, 'devnet_restart');
    expect(await timestampOf({ block_number: 0 })).toBe(startTime);
    await expect(start({ startTime: -1 })).rejects.toThrow(
      'startTime must be whole seconds since 1970, not -1',
    );
  });

  it('gasPrices (--gas-price and the like) price the genesis block and the next ones, restart included', async () => {
    const node = await start({
      gasPrices: {
        gas_price_wei: 11n,
        gas_price_fri: 12n,
        l2_gas_price_fri: 16n,
      },
    });
    const pricesOf = async (blockId: unknown): Promise<unknown> => {
      const block = (
        await call(node, 'starknet_getBlockWithTxHashes', { block_id: blockId })
      ).result;
      return [block.l1_gas_price, block.l2_gas_price];
    };
    const expected = [
      { price_in_wei: '0xb', price_in_fri: '0xc' },
      { price_in_wei: '0x3b9aca00', price_in_fri: '0x10' },
    ];
    expect(await pricesOf({ block_number: 0 })).toEqual(expected);
    expect(await pricesOf('pre_confirmed')).toEqual(expected);
    expect((await call(node, 'devnet_getConfig')).result).toMatchObject({
      gas_price_wei: 11,
      gas_price_fri: 12,
      data_gas_price_fri: 1_000_000_000,
      l2_gas_price_fri: 16,
    });
    await call(node, 'devnet_setGasPrice', { l2_gas_price_fri: 5 });
    await call(node, 'devnet_restart');
    expect(await pricesOf('pre_confirmed')).toEqual(expected);
    await expect(
      start({ gasPrices: { l2_gas_price_wei: 0n } }),
    ).rejects.toThrow('gasPrices.l2_gas_price_wei must be from 1 to 2^128 - 1');
  });

  it('devnet_restart goes back to the genesis state', async () => {
    const node = await start({ initialBalance: 0n });
    const address = node.accounts[0]?.address ?? '0x1';
    await call(node, 'devnet_mint', { address, amount: 10 });
    await call(node, 'devnet_setGasPrice', { l2_gas_price_fri: 5 });
    expect((await call(node, 'devnet_restart')).result).toEqual({});
    expect((await call(node, 'starknet_blockNumber')).result).toBe(0);
    expect(
      (await call(node, 'devnet_getAccountBalance', { address })).result.amount,
    ).toBe('0');
    const pending = (
      await call(node, 'starknet_getBlockWithTxHashes', {
        block_id: 'pre_confirmed',
      })
    ).result;
    expect(pending.l2_gas_price.price_in_fri).toBe('0x3b9aca00');
    expect((await call(node, 'devnet_dump')).result).toEqual([]);
  });

  it('devnet_getConfig tells how the node was started', async () => {
    const node = await start({ seed: 3, accounts: 2, chainId: 'SN_MAIN' });
    const config = (await call(node, 'devnet_getConfig')).result;
    expect(config).toMatchObject({
      seed: 3,
      total_accounts: 2,
      chain_id: 'SN_MAIN',
      predeployed_accounts_initial_balance: '1000000000000000000000',
      block_generation_on: 'transaction',
      dump_on: null,
      start_time: null,
      l2_gas_price_fri: 1_000_000_000,
      server_config: { host: '127.0.0.1', port: node.port },
    });
    expect(config.account_contract_class_hash).toMatch(/^0x[0-9a-f]+$/u);
    expect(config.strk_erc20_class_hash).toMatch(/^0x[0-9a-f]+$/u);
  });
});

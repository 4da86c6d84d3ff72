import { hash, shortString } from 'starknet';

import { checkedProvider, rpc, rpcResult } from './helpers';
import type { LocalNode } from '../src';
import { startLocalNode } from '../src';

const SEPOLIA_ORACLE =
  '0x036031daa264c24520b11d93af622c848b2499b66b41d611bac95e13cfca131a';
const MAINNET_ORACLE =
  '0x02a85bd616f912537c50a49a4076db02c00b29b2cdc8a197ce92ed1837fa875b';

let node: LocalNode;
let mainnet: LocalNode;

beforeAll(async () => {
  node = await startLocalNode({ accounts: 1 });
  mainnet = await startLocalNode({ accounts: 1, chainId: 'SN_MAIN' });
});

afterAll(async () => {
  await Promise.all([node.stop(), mainnet.stop()]);
});

/**
 * `get_data_median(DataType::SpotEntry(pair))` as a wallet sends it.
 *
 * @param target - The node.
 * @param oracle - The oracle's address.
 * @param pair - The pair.
 * @returns The felts answered.
 */
async function spotMedian(
  target: LocalNode,
  oracle: string,
  pair: string,
): Promise<bigint[]> {
  const answer = await checkedProvider(target.url).callContract({
    contractAddress: oracle,
    entrypoint: 'get_data_median',
    calldata: ['0x0', shortString.encodeShortString(pair)],
  });
  return answer.map((felt) => BigInt(felt));
}

describe('Pragma prices on the local node', () => {
  it("serves the oracle at Pragma's Sepolia address with its default prices, as recent as the chain's clock", async () => {
    const [price, decimals, updated, sources, tag, expiration] =
      await spotMedian(node, SEPOLIA_ORACLE, 'STRK/USD');
    expect([price, decimals, sources, tag, expiration]).toStrictEqual([
      50_000_000n,
      8n,
      5n,
      0n,
      0n,
    ]);
    const { timestamp } = await checkedProvider(node.url).getBlock('latest');
    expect(Number(updated)).toBeGreaterThanOrEqual(timestamp);
    for (const [pair, expected] of [
      ['ETH/USD', 300_000_000_000n],
      ['USDC/USD', 100_000_000n],
      ['USDT/USD', 100_000_000n],
      ['WBTC/USD', 6_000_000_000_000n],
      ['BTC/USD', 6_000_000_000_000n],
      ['BTC/EUR', 5_000_000_000_000n],
    ] as const) {
      expect((await spotMedian(node, SEPOLIA_ORACLE, pair))[0]).toBe(expected);
    }
  });

  it("serves it at Mainnet's address on SN_MAIN", async () => {
    expect((await spotMedian(mainnet, MAINNET_ORACLE, 'ETH/USD'))[0]).toBe(
      300_000_000_000n,
    );
    await expect(
      checkedProvider(mainnet.url).getClassHashAt(SEPOLIA_ORACLE),
    ).rejects.toThrow(/Contract not found/u);
  });

  it('answers an unknown pair with zeros and no source, as Pragma does', async () => {
    expect(await spotMedian(node, SEPOLIA_ORACLE, 'DOGE/USD')).toStrictEqual([
      0n,
      0n,
      0n,
      0n,
      0n,
      0n,
    ]);
  });

  it('sets a price with local_setPrice: price, decimals, timestamp, sources; 0 removes it', async () => {
    expect(
      await rpcResult(node.url, 'local_setPrice', {
        pair: 'STRK/USD',
        price: '12345',
        decimals: 4,
        timestamp: 1_700_000_000,
        sources: 1,
      }),
    ).toEqual({
      pair: 'STRK/USD',
      price: '12345',
      decimals: 4,
      timestamp: 1_700_000_000,
      sources: 1,
      contract_address: SEPOLIA_ORACLE.replace('0x0', '0x'),
    });
    expect(await spotMedian(node, SEPOLIA_ORACLE, 'STRK/USD')).toStrictEqual([
      12345n,
      4n,
      1_700_000_000n,
      1n,
      0n,
      0n,
    ]);
    await rpcResult(node.url, 'local_setPrice', { pair: 'STRK/USD', price: 0 });
    expect((await spotMedian(node, SEPOLIA_ORACLE, 'STRK/USD'))[3]).toBe(0n);
  });

  it('refuses bad params naming the field, and a request that is no DataType', async () => {
    for (const [params, field] of [
      [{ pair: 'strk', price: 1 }, 'pair'],
      [{ pair: 'STRK/USD' }, 'price'],
      [{ pair: 'STRK/USD', price: -1 }, 'price'],
      [{ pair: 'STRK/USD', price: (2n ** 128n).toString() }, 'price'],
      [{ pair: 'STRK/USD', price: 1, decimals: 2 ** 32 }, 'decimals'],
    ] as const) {
      const reply = await rpc(node.url, 'local_setPrice', params);
      expect(reply.error?.code).toBe(-32602);
      expect(JSON.stringify(reply.error)).toContain(field);
    }
    const wrong = await rpc(node.url, 'starknet_call', {
      request: {
        contract_address: SEPOLIA_ORACLE.replace('0x0', '0x'),
        entry_point_selector: hash.getSelectorFromName('get_data_median'),
        calldata: ['0x7', '0x1'],
      },
      block_id: 'latest',
    });
    expect(wrong.error?.code).toBe(40);
  });
});

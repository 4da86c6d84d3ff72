import { hash, shortString } from 'starknet';

import { NodeClient } from './client';
import { tokenMetadata } from './tokenMetadata';
import {
  answering,
  closeScriptedNodes,
  scriptedNode,
} from '../../test/scriptedNode';
import { TESTNET_CHAIN_ID } from '../config';
import { InvalidInputError, NodeError } from '../errors';

const TESTNET = { name: 'Testnet', chainId: TESTNET_CHAIN_ID };
const TOKEN = `0x${'0'.repeat(61)}bad`;
const DECIMALS = BigInt(hash.getSelectorFromName('decimals'));

afterAll(closeScriptedNodes);

/**
 * A node on which the token answers `decimals` and `symbol` as given.
 *
 * @param decimals - What `decimals` returns.
 * @param symbol - What `symbol` returns.
 * @returns A client of that node.
 */
async function tokenAnswering(
  decimals: unknown,
  symbol: unknown,
): Promise<NodeClient> {
  const node = await scriptedNode(
    answering((request) => {
      if (request.method === 'starknet_chainId') {
        return TESTNET_CHAIN_ID;
      }
      if (request.method === 'starknet_specVersion') {
        return '0.10.2';
      }
      const { params } = request as {
        params: { request: { entry_point_selector: string } };
      };
      return BigInt(params.request.entry_point_selector) === DECIMALS
        ? decimals
        : symbol;
    }),
  );
  return new NodeClient(TESTNET, { urls: [node.url] });
}

describe('tokenMetadata', () => {
  it('reads a symbol as a short string or as a ByteArray', async () => {
    const short = await tokenAnswering(
      ['0x12'],
      [shortString.encodeShortString('ETH')],
    );
    expect(await tokenMetadata(short, TOKEN)).toStrictEqual({
      decimals: 18,
      symbol: 'ETH',
    });
    // ByteArray: no full word, pending word "STRK" of 4 bytes.
    const bytes = await tokenAnswering(['0x6'], ['0x0', '0x5354524b', '0x4']);
    expect(await tokenMetadata(bytes, TOKEN)).toStrictEqual({
      decimals: 6,
      symbol: 'STRK',
    });
  });

  it.each([
    ['decimals past 255', ['0x100'], ['0x455448'], 'reports decimals 0x100'],
    [
      'two decimals',
      ['0x12', '0x0'],
      ['0x455448'],
      'reports decimals 0x12, 0x0',
    ],
    [
      'a symbol with a control character',
      ['0x12'],
      ['0x45540a48'], // "ET\nH"
      'reports a symbol that is not a short readable text',
    ],
    [
      'an empty symbol',
      ['0x12'],
      ['0x0', '0x0', '0x0'],
      'reports a symbol that is not a short readable text',
    ],
  ])(
    'refuses a token that reports %s, naming tokenAddress',
    async (_case, decimals, symbol, reason) => {
      const client = await tokenAnswering(decimals, symbol);
      const failure = tokenMetadata(client, TOKEN);
      await expect(failure).rejects.toThrow(InvalidInputError);
      await expect(failure).rejects.toThrow(reason);
      await expect(failure).rejects.toMatchObject({ field: 'tokenAddress' });
    },
  );

  it("passes on a node's malformed answer as the node's error", async () => {
    const client = await tokenAnswering('not felts', ['0x455448']);
    await expect(tokenMetadata(client, TOKEN)).rejects.toThrow(NodeError);
  });
});

import { NodeClient } from './client';
import { addressFilter, piecesOf, readEventFilters } from './eventLists';
import {
  closeScriptedNodes,
  scriptedNode,
  sendJson,
} from '../../test/scriptedNode';
import type { RpcRequest, ScriptedNode } from '../../test/scriptedNode';
import { MAINNET_CHAIN_ID } from '../config';

const MAINNET = { name: 'Mainnet', chainId: MAINNET_CHAIN_ID };
const TOKENS = ['0xa', '0xb', '0xc'];

afterAll(closeScriptedNodes);

type Filter = { address?: string | string[] };

/**
 * A node holding one event of each token (token 0xa in block 1, 0xb in
 * block 2, …), that refuses address lists with -32602 when told to.
 *
 * @param refuses - Whether it refuses lists.
 * @returns The node.
 */
async function nodeOf(refuses: boolean): Promise<ScriptedNode> {
  return scriptedNode((requests: RpcRequest[], response) =>
    sendJson(
      response,
      requests.map((request) => {
        const envelope = { jsonrpc: '2.0', id: request.id };
        if (request.method === 'starknet_chainId') {
          return { ...envelope, result: MAINNET_CHAIN_ID };
        }
        if (request.method === 'starknet_specVersion') {
          return { ...envelope, result: '0.10.2' };
        }
        const { address } = (request.params as { filter: Filter }).filter;
        if (refuses && Array.isArray(address)) {
          return {
            ...envelope,
            error: { code: -32602, message: 'Invalid params' },
          };
        }
        const asked = [address ?? TOKENS].flat().map(BigInt);
        return {
          ...envelope,
          result: {
            events: TOKENS.flatMap((token, index) =>
              asked.includes(BigInt(token))
                ? [
                    {
                      from_address: token,
                      keys: ['0x1'],
                      data: [],
                      block_number: index + 1,
                      transaction_hash: `0x${index + 1}`,
                    },
                  ]
                : [],
            ),
          },
        };
      }),
    ),
  );
}

/**
 * The getEvents filters a node received, per POST.
 *
 * @param node - The node.
 * @returns Their addresses, per POST.
 */
function askedAddresses(node: ScriptedNode): Filter['address'][][] {
  return node.posts
    .map((post) =>
      post
        .filter(({ method }) => method === 'starknet_getEvents')
        .map(({ params }) => (params as { filter: Filter }).filter.address),
    )
    .filter((post) => post.length > 0);
}

const read = async (node: ScriptedNode): ReturnType<typeof readEventFilters> =>
  readEventFilters(
    new NodeClient(MAINNET, { urls: [node.url] }),
    [{ address: addressFilter(TOKENS), keys: [['0x1']] }],
    {
      fromBlock: 0,
      latest: 10,
      throughPending: true,
      need: 10,
      chunk: 50,
      rounds: 3,
    },
  );

const blocks = (
  events: { block_number?: number }[] | undefined,
): (number | undefined)[] =>
  (events ?? []).map(({ block_number: block }) => block);

describe('event filters with address lists', () => {
  it('sends a list as one filter, a lone address as itself', async () => {
    expect(addressFilter(['0xa'])).toBe('0xa');
    expect(addressFilter(TOKENS)).toStrictEqual(TOKENS);
    expect(piecesOf([1, 2, 3, 4, 5], 2)).toStrictEqual([[1, 2], [3, 4], [5]]);
    const node = await nodeOf(false);
    const [result] = await read(node);
    expect(blocks(result?.events)).toStrictEqual([3, 2, 1]);
    expect(result?.whole).toBe(true);
    expect(askedAddresses(node)).toStrictEqual([[TOKENS]]);
  });

  it('reads one address per filter after a node refused a list, and remembers it', async () => {
    const node = await nodeOf(true);
    const [first] = await read(node);
    // The refusal fails that call alone; the same events, newest first.
    expect(first?.failure).toBeUndefined();
    expect(blocks(first?.events)).toStrictEqual([3, 2, 1]);
    expect(first?.whole).toBe(true);
    expect(askedAddresses(node)).toStrictEqual([[TOKENS], TOKENS]);
    // Remembered: the next read asks one address each at once.
    const [second] = await read(node);
    expect(blocks(second?.events)).toStrictEqual([3, 2, 1]);
    expect(askedAddresses(node)).toStrictEqual([[TOKENS], TOKENS, TOKENS]);
  });
});

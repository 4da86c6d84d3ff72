import { eventsCall } from './calls';
import { NodeClient } from './client';
import { readNewestEvents } from './newestEvents';
import {
  answering,
  closeScriptedNodes,
  scriptedNode,
  sendJson,
} from '../../test/scriptedNode';
import type { RpcRequest, ScriptedNode } from '../../test/scriptedNode';
import { TESTNET_CHAIN_ID } from '../config';
import { ChainRejectedError } from '../errors';

const TESTNET = { name: 'Testnet', chainId: TESTNET_CHAIN_ID };
const LATEST = 999;

afterAll(closeScriptedNodes);

type Filter = {
  from_block: { block_number: number };
  to_block: 'pre_confirmed' | { block_number: number };
  chunk_size: number;
  continuation_token?: string;
};

/**
 * What a chain holding the account's events at the given blocks answers
 * one request, as the spec says: getEvents oldest first, `chunk_size` at
 * most, a continuation token when more remain in the range.
 *
 * @param blocks - The block of each event, oldest first.
 * @param request - The request.
 * @returns Its result.
 */
function chainAnswer(blocks: number[], request: RpcRequest): unknown {
  if (request.method === 'starknet_chainId') {
    return TESTNET_CHAIN_ID;
  }
  if (request.method === 'starknet_specVersion') {
    return '0.10.2';
  }
  const { filter } = request.params as { filter: Filter };
  const to =
    filter.to_block === 'pre_confirmed'
      ? LATEST + 1
      : filter.to_block.block_number;
  const inRange = blocks
    .map((block, index) => ({ block, index }))
    .filter(
      ({ block }) => block >= filter.from_block.block_number && block <= to,
    );
  const start = Number(filter.continuation_token ?? '0');
  const page = inRange.slice(start, start + filter.chunk_size);
  return {
    events: page.map(({ block, index }) => ({
      from_address: '0xa',
      keys: ['0x1'],
      data: [],
      block_number: block,
      transaction_hash: `0x${(index + 1).toString(16)}`,
    })),
    ...(start + filter.chunk_size < inRange.length
      ? { continuation_token: String(start + filter.chunk_size) }
      : {}),
  };
}

/**
 * A node whose chain holds the account's events at the given blocks.
 *
 * @param blocks - The block of each event, oldest first.
 * @returns The node.
 */
async function chainWith(blocks: number[]): Promise<ScriptedNode> {
  return scriptedNode(
    answering((request: RpcRequest) => chainAnswer(blocks, request)),
  );
}

/**
 * The getEvents POSTs a node received.
 *
 * @param node - The node.
 * @returns Them.
 */
function eventRounds(node: ScriptedNode): RpcRequest[][] {
  return node.posts.filter((post) =>
    post.some(({ method }) => method === 'starknet_getEvents'),
  );
}

const read = async (
  node: ScriptedNode,
  bounds: { need: number; chunk: number; rounds: number },
): ReturnType<typeof readNewestEvents> =>
  readNewestEvents(
    new NodeClient(TESTNET, { urls: [node.url] }),
    [{ address: '0xa', keys: [['0x1']] }],
    { fromBlock: 0, latest: LATEST, throughPending: true, ...bounds },
  );

const blocksOf = (
  events: { block_number?: number }[],
): (number | undefined)[] => events.map(({ block_number: block }) => block);

describe('reading the newest events of a keyed filter', () => {
  it('reads a range that fits a page in one round trip', async () => {
    const node = await chainWith([3, 500, 998]);
    const [result] = await read(node, { need: 10, chunk: 50, rounds: 4 });
    expect(blocksOf(result?.events ?? [])).toStrictEqual([998, 500, 3]);
    expect(result?.whole).toBe(true);
    expect(eventRounds(node)).toHaveLength(1);
  });

  it('on a busy account, finds the newest events in windows read backwards, not the oldest page', async () => {
    // One event in every block: the first page holds blocks 0 to 49.
    const node = await chainWith(Array.from({ length: 1000 }, (_, at) => at));
    const [result] = await read(node, { need: 10, chunk: 50, rounds: 4 });
    expect(blocksOf(result?.events ?? []).slice(0, 10)).toStrictEqual([
      999, 998, 997, 996, 995, 994, 993, 992, 991, 990,
    ]);
    expect(result?.whole).toBe(true);
    expect(eventRounds(node).length).toBeLessThanOrEqual(2);
  });

  it('says where it stopped when its rounds run out: what it holds is every event from there on', async () => {
    const node = await chainWith(Array.from({ length: 1000 }, (_, at) => at));
    const [result] = await read(node, { need: 500, chunk: 50, rounds: 3 });
    expect(result?.whole).toBe(false);
    const readFrom = result?.readFrom ?? 0;
    expect(readFrom).toBeGreaterThan(0);
    expect(blocksOf(result?.events ?? [])).toStrictEqual(
      Array.from({ length: LATEST + 1 - readFrom }, (_, at) => LATEST - at),
    );
    expect(eventRounds(node)).toHaveLength(3);
  });

  it('reads one block with more events than a page page after page', async () => {
    const node = await chainWith([
      ...Array.from({ length: 120 }, () => 700),
      701,
    ]);
    const [result] = await read(node, { need: 200, chunk: 50, rounds: 6 });
    expect(result?.events).toHaveLength(121);
    expect(result?.whole).toBe(true);
    expect(
      new Set(result?.events.map((event) => event.transaction_hash)).size,
    ).toBe(121);
  });
});

describe('reading several filters', () => {
  it("keeps a filter the node refuses apart: its failure, the other's events", async () => {
    // The node refuses getEvents for the key 0x2.
    const refused = (request: RpcRequest): boolean =>
      request.method === 'starknet_getEvents' &&
      JSON.stringify(request.params).includes('"0x2"');
    const node = await scriptedNode((requests, response) =>
      sendJson(
        response,
        requests.map((request) =>
          refused(request)
            ? {
                jsonrpc: '2.0',
                id: request.id,
                error: {
                  code: 34,
                  message: 'Too many keys provided in a filter',
                },
              }
            : {
                jsonrpc: '2.0',
                id: request.id,
                result: chainAnswer([3, 500], request),
              },
        ),
      ),
    );
    const [first, second] = await readNewestEvents(
      new NodeClient(TESTNET, { urls: [node.url] }),
      [
        { address: '0xa', keys: [['0x1']] },
        { address: '0xa', keys: [['0x2']] },
      ],
      {
        fromBlock: 0,
        latest: LATEST,
        throughPending: true,
        need: 10,
        chunk: 50,
        rounds: 4,
      },
    );
    expect(blocksOf(first?.events ?? [])).toStrictEqual([500, 3]);
    expect(first?.whole).toBe(true);
    expect(first?.failure).toBeUndefined();
    expect(second?.events).toStrictEqual([]);
    expect(second?.whole).toBe(false);
    expect(second?.failure).toBeInstanceOf(ChainRejectedError);
    // Refused, the filter is not asked again.
    const asked = eventRounds(node).flat();
    expect(
      asked.filter(({ params }) => JSON.stringify(params).includes('"0x2"')),
    ).toHaveLength(1);
  });
});

describe('reading on from first pages the caller asked', () => {
  it('goes on from a busy account’s first page, that round spent, and keeps a refused page’s failure', async () => {
    const blocks = Array.from({ length: 1000 }, (_, at) => at);
    const node = await chainWith(blocks);
    const client = new NodeClient(TESTNET, { urls: [node.url] });
    const query = { address: '0xa', keys: [['0x1']] };
    const [asked] = await client.batchSettled([
      eventsCall({ ...query, fromBlock: 0, chunkSize: 50 }),
    ]);
    const refused = new ChainRejectedError('Testnet', 34, 'too many keys');
    const before = eventRounds(node).length;
    const [busy, failed] = await readNewestEvents(client, [query, query], {
      fromBlock: 0,
      latest: LATEST,
      throughPending: true,
      need: 10,
      chunk: 50,
      rounds: 3,
      pagesRead: [
        asked ?? { status: 'rejected', reason: refused },
        { status: 'rejected', reason: refused },
      ],
    });
    expect(blocksOf(busy?.events ?? []).slice(0, 3)).toStrictEqual([
      999, 998, 997,
    ]);
    expect(busy?.whole).toBe(true);
    expect(failed).toStrictEqual({
      events: [],
      readFrom: LATEST + 2,
      whole: false,
      failure: refused,
    });
    // Only the busy filter is asked again, never its first page.
    const later = eventRounds(node).slice(before).flat();
    expect(later.length).toBeGreaterThan(0);
    expect(
      later.every(
        ({ params }) =>
          (params as { filter: Filter }).filter.from_block.block_number > 0,
      ),
    ).toBe(true);
  });
});

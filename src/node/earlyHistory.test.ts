import { blockNumberCall } from './calls';
import { NodeClient } from './client';
import {
  earlyHistory,
  historyFromChain,
  TRANSACTION_EXECUTED,
} from './history';
import type { HistoryRequest } from './history';
import {
  answering,
  closeScriptedNodes,
  scriptedNode,
} from '../../test/scriptedNode';
import type { RpcRequest, ScriptedNode } from '../../test/scriptedNode';
import { TESTNET_CHAIN_ID } from '../config';

/**
 * The history's first pages asked beside the latest block (earlyHistory):
 * placed from a block known to have been the latest, used only when their
 * window holds the one from the latest block the node answers.
 */

const TESTNET = { name: 'Testnet', chainId: TESTNET_CHAIN_ID };
const ACCOUNT = `0x${'0'.repeat(61)}abc`;
const NOW = (): number => Math.floor(Date.now() / 1000);
/** One day of blocks as the history counts them. */
const DAY = 43_200;
const REQUEST: HistoryRequest = {
  accounts: [ACCOUNT],
  tokens: [],
  days: 1,
  pageSize: 10,
};

afterAll(closeScriptedNodes);

/**
 * A node at `latest` whose chain holds one invoke of the account, in block
 * `latest - 10`.
 *
 * @param latest - Its latest block.
 * @returns The node.
 */
async function chainAt(latest: number): Promise<ScriptedNode> {
  const block = latest - 10;
  return scriptedNode(
    answering((request: RpcRequest) => {
      switch (request.method) {
        case 'starknet_chainId':
          return TESTNET_CHAIN_ID;
        case 'starknet_specVersion':
          return '0.10.2';
        case 'starknet_blockNumber':
          return latest;
        case 'starknet_getEvents': {
          const { filter } = request.params as {
            filter: { from_block: { block_number: number } };
          };
          return {
            events:
              filter.from_block.block_number <= block
                ? [
                    {
                      from_address: ACCOUNT,
                      keys: [TRANSACTION_EXECUTED],
                      data: [],
                      block_number: block,
                      transaction_hash: '0x77',
                    },
                  ]
                : [],
          };
        }
        case 'starknet_getTransactionByHash':
          return { type: 'INVOKE', sender_address: ACCOUNT, calldata: [] };
        case 'starknet_getTransactionReceipt':
          return {
            execution_status: 'SUCCEEDED',
            finality_status: 'ACCEPTED_ON_L2',
            block_number: block,
            events: [],
          };
        default:
          return { block_number: block, timestamp: 1_800_000_000 };
      }
    }),
  );
}

/**
 * The history read as a caller does: the latest block and the early pages
 * in one batch, then historyFromChain.
 *
 * @param node - The node.
 * @param searched - The token search's block.
 * @param searched.toBlock - The latest block it read to.
 * @param searched.searchedAt - When (seconds).
 * @returns The hashes found, and the getEvents filters' first blocks by POST.
 */
async function readHistory(
  node: ScriptedNode,
  searched: { toBlock: number; searchedAt: number },
): Promise<{ found: string[]; eventsFrom: number[][] }> {
  const client = new NodeClient(TESTNET, { urls: [node.url] });
  const early = earlyHistory(TESTNET_CHAIN_ID, REQUEST, searched);
  const [latest, ...pages] = await client.batchSettled([
    blockNumberCall(),
    ...(early?.calls ?? []),
  ]);
  if (latest?.status !== 'fulfilled') {
    throw new Error('no latest block');
  }
  const history = await historyFromChain(client, {
    ...REQUEST,
    known: new Set(),
    latest: latest.value,
    ...(early
      ? {
          early: {
            plan: early,
            answers: pages,
          },
        }
      : {}),
  });
  return {
    found: history.found.map(({ record }) => record.txnHash),
    eventsFrom: node.posts.map((post) =>
      post
        .filter(({ method }) => method === 'starknet_getEvents')
        .map(
          ({ params }) =>
            (params as { filter: { from_block: { block_number: number } } })
              .filter.from_block.block_number,
        ),
    ),
  };
}

describe('the history’s first pages beside the latest block', () => {
  it('are not asked without a block known to have been the latest within a day', () => {
    expect(earlyHistory(TESTNET_CHAIN_ID, REQUEST)).toBeUndefined();
    expect(
      earlyHistory(TESTNET_CHAIN_ID, REQUEST, {
        toBlock: 90_000,
        searchedAt: NOW() - 2 * 86_400,
      }),
    ).toBeUndefined();
  });

  it('ride the first batch from the known block: the history in two round trips', async () => {
    const node = await chainAt(100_000);
    const { found, eventsFrom } = await readHistory(node, {
      toBlock: 99_000,
      searchedAt: NOW() - 600,
    });
    expect(found).toHaveLength(1);
    // The checks, then [latest + first pages], then the details.
    const reads = eventsFrom.filter((from) => from.length > 0);
    expect(reads).toStrictEqual([[99_000 - DAY]]);
    expect(node.posts.at(-1)?.map(({ method }) => method)).toStrictEqual([
      'starknet_getTransactionByHash',
      'starknet_getTransactionReceipt',
      'starknet_getBlockWithTxHashes',
    ]);
    // The latest block read is remembered: the next read places its first
    // pages from it, without a search's block.
    expect(earlyHistory(TESTNET_CHAIN_ID, REQUEST)?.fromBlock).toBe(
      100_000 - DAY,
    );
  });

  it('are read again from the latest block when the node is behind the block they were placed from', async () => {
    const node = await chainAt(100_000);
    const { found, eventsFrom } = await readHistory(node, {
      toBlock: 100_500,
      searchedAt: NOW() - 600,
    });
    expect(found).toHaveLength(1);
    expect(eventsFrom.filter((from) => from.length > 0)).toStrictEqual([
      [100_500 - DAY],
      [100_000 - DAY],
    ]);
  });
});

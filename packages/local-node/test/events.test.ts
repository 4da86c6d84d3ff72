import { hash } from 'starknet';

import { rpc, rpcResult } from './helpers';
import type { LocalNode } from '../src';
import { startLocalNode } from '../src';

/**
 * `starknet_getEvents` filters as JSON-RPC 0.10.2 writes them
 * (EVENT_FILTER in vendor/specs): `address` is one address or a list of
 * them ("A contract address or a list of addresses from which events
 * should originate"), and each key position a list of values, any of
 * which matches (an empty position matches any value). Answers are checked
 * against the spec by the helpers.
 */

const TRANSFER = hash.getSelectorFromName('Transfer');
// Felts as the node writes them: shortest hex.
const felt = (value: bigint): string => `0x${value.toString(16)}`;
const TOKEN_A = felt(0xa11cen);
const TOKEN_B = felt(0xb0bn);
const TOKEN_C = felt(0xc0ffeen);
const ALICE = felt(0xa1n);
const BOB = felt(0xb1n);

type Page = {
  events: { from_address: string; keys: string[] }[];
  continuation_token?: string;
};

let node: LocalNode;
let from: number;

/**
 * One page of events, from the traffic's first block.
 *
 * @param filter - The filter's address and keys.
 * @returns The page.
 */
async function events(filter: Record<string, unknown>): Promise<Page> {
  return (await rpcResult(node.url, 'starknet_getEvents', {
    filter: {
      ...filter,
      from_block: { block_number: from },
      to_block: 'latest',
      chunk_size: 100,
    },
  })) as Page;
}

/**
 * The emitting contract and recipient of each event of a page.
 *
 * @param page - The page.
 * @returns `token→recipient` per event, sorted.
 */
function pairs(page: Page): string[] {
  return page.events
    .map(({ from_address: token, keys }) => `${token}→${keys[2] ?? ''}`)
    .sort();
}

beforeAll(async () => {
  node = await startLocalNode({ accounts: 1 });
  from = ((await rpcResult(node.url, 'starknet_blockNumber')) as number) + 1;
  // Two transfers of each token, one to each of Alice and Bob.
  for (const token of [TOKEN_A, TOKEN_B, TOKEN_C]) {
    for (const to of [ALICE, BOB]) {
      await rpcResult(node.url, 'local_addTraffic', { count: 1, token, to });
    }
  }
});

afterAll(async () => {
  await node.stop();
});

describe('starknet_getEvents filters (JSON-RPC 0.10.2 EVENT_FILTER)', () => {
  it('takes a list of addresses: the events of any of them, in one page', async () => {
    const page = await events({ address: [TOKEN_A, TOKEN_C], keys: [] });
    expect(pairs(page)).toStrictEqual(
      [
        `${TOKEN_A}→${ALICE}`,
        `${TOKEN_A}→${BOB}`,
        `${TOKEN_C}→${ALICE}`,
        `${TOKEN_C}→${BOB}`,
      ].sort(),
    );
  });

  it('takes one address as itself, and a list of one as the same filter', async () => {
    const alone = await events({ address: TOKEN_B, keys: [[TRANSFER]] });
    const listed = await events({ address: [TOKEN_B], keys: [[TRANSFER]] });
    expect(pairs(alone)).toStrictEqual(
      [`${TOKEN_B}→${ALICE}`, `${TOKEN_B}→${BOB}`].sort(),
    );
    expect(listed).toStrictEqual(alone);
  });

  it('matches any value of a key position, an empty position any key, with an address list', async () => {
    const page = await events({
      address: [TOKEN_A, TOKEN_B],
      keys: [[TRANSFER], [], [BOB, felt(0xdeadn)]],
    });
    expect(pairs(page)).toStrictEqual(
      [`${TOKEN_A}→${BOB}`, `${TOKEN_B}→${BOB}`].sort(),
    );
  });

  it('pages an address list with continuation tokens, the same events as one page', async () => {
    const all = await events({ address: [TOKEN_A, TOKEN_B, TOKEN_C] });
    const paged: Page['events'] = [];
    let token: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = (await rpcResult(node.url, 'starknet_getEvents', {
        filter: {
          address: [TOKEN_A, TOKEN_B, TOKEN_C],
          from_block: { block_number: from },
          to_block: 'latest',
          chunk_size: 4,
          ...(token === undefined ? {} : { continuation_token: token }),
        },
      })) as Page;
      paged.push(...page.events);
      token = page.continuation_token;
      if (token === undefined) {
        break;
      }
    }
    expect(all.events).toHaveLength(6);
    expect(paged).toStrictEqual(all.events);
  });

  it('refuses an address list holding something that is not a felt, naming it', async () => {
    const answer = await rpc(node.url, 'starknet_getEvents', {
      filter: {
        address: [TOKEN_A, 'nonsense'],
        from_block: { block_number: from },
        chunk_size: 10,
      },
    });
    expect(answer.error).toMatchObject({ code: -32602 });
    expect(JSON.stringify(answer.error)).toContain('address[1]');
  });
});

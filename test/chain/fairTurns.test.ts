import { deployAccount0 } from './actions';
import { ensureArgentDeclared } from './classes';
import { openHome } from './homePage';
import { useHostileFront } from './hostile-node';
import { mintStrk, ONE_STRK } from './node';
import { strkOnNode } from './sentTransaction';
import { ACCOUNT_0, STRK } from '../fixtures';
import {
  installSharedWallet,
  invoke,
  plainResultOf,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';
import { TEST_NODE_PORT } from '../ports';
import { startLocalNode } from '@snapnet/local-node';

/**
 * One site floods a slow node with requests that need no account; another
 * site and the page read meanwhile. The node's turns are shared between
 * requesters (src/node/turns.ts): the others are served beside the flood,
 * the flood's excess is refused at once naming the limit, and every
 * request is answered once.
 */

const FLOODER = 'https://flood.example';
const OTHER = 'https://other.example';
/** More than a requester may run (3) and have waiting (16). */
const FLOOD = 30;

const { hostile: front, real } = useHostileFront({
  start: async () => startLocalNode({ host: '127.0.0.1', seed: 42 }),
  port: TEST_NODE_PORT,
  prepare: async (node) => {
    await ensureArgentDeclared(node);
    await mintStrk(node, ACCOUNT_0.address, 100n * ONE_STRK);
  },
});

let wallet: Wallet;

beforeAll(async () => {
  wallet = await installSharedWallet();
  // Account 0, on the page too.
  await deployAccount0(wallet);
}, 300_000);

describe('a site flooding a slow node', () => {
  it('leaves turns to another site and the page; its excess is refused at once, naming the limit; every request is answered once', async () => {
    // The node answers transaction statuses only when released: slow.
    let release = (): void => undefined;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    front.script('starknet_getTransactionStatus', async (_call, honest) => {
      await slow;
      return honest;
    });
    const flood = Array.from({ length: FLOOD }, async (_, index) =>
      invoke(
        wallet,
        'snapnet_getTransactionStatus',
        { transactionHash: `0x${(0x1000 + index).toString(16)}` },
        FLOODER,
      ),
    );

    // Another site reads a balance; the user opens the page.
    const { balanceLatest } = await plainResultOf(
      invoke(
        wallet,
        'snapnet_getErc20TokenBalance',
        { tokenAddress: STRK, userAddress: ACCOUNT_0.address },
        OTHER,
      ),
    );
    const held = await strkOnNode(real(), ACCOUNT_0.address);
    expect(BigInt(balanceLatest)).toBe(held);
    const overview = textOf((await openHome(wallet)).content);
    expect(overview).toMatch(/STRK Text \d+(\.\d+)? STRK/u);
    expect(overview).not.toContain('no complete answer');

    // The flood's excess was refused at once, before the node answered it.
    const statuses = (): number =>
      front
        .seen()
        .filter(({ method }) => method === 'starknet_getTransactionStatus')
        .length;
    expect(statuses()).toBe(3);
    release();
    const answers = await Promise.all(
      flood.map(async (pending) => (await pending).response),
    );
    const isRefusal = (answer: (typeof answers)[number]): boolean =>
      'error' in answer &&
      JSON.stringify(answer.error).includes('refused at once');
    const refused = answers.filter(isRefusal);
    expect(refused).toHaveLength(FLOOD - 3 - 16);
    for (const answer of refused) {
      expect('error' in answer && answer.error).toMatchObject({
        code: -32002,
        message: expect.stringContaining(
          'refused at once: 16 requests from the same requester already wait for their turn (at most 16 wait, 3 run)',
        ),
      });
    }
    // The others reached the node once each, and each got the node's word.
    expect(statuses()).toBe(3 + 16);
    const statusesAsked = front
      .seen()
      .filter(({ method }) => method === 'starknet_getTransactionStatus')
      .map(({ params }) => JSON.stringify(params));
    expect(new Set(statusesAsked).size).toBe(statusesAsked.length);
    expect(answers.filter((answer) => !isRefusal(answer))).toHaveLength(3 + 16);
  });
});

import type { Json } from '@metamask/snaps-sdk';

import { openHome, openView } from './homePage';
import { scriptViews, useHostileMainnet } from './hostile-node';
import type { Answer, SeenCall } from './hostile-node';
import { nodeRequest, ONE_STRK } from './node';
import { TRANSFER_KEY } from '../../src/node/transferEvents';
import { cairo0TokensOf } from '../../src/tokens/cairo0';
import { verifiedTokensOf } from '../../src/tokens/verified';
import { ACCOUNT_0, MAINNET } from '../fixtures';
import {
  installWallet,
  invoke,
  plainResultOf,
  stateSharing,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';

/**
 * The chain's edges read in full, in few filters. Mainnet's node (the test
 * build's first) is a hostile node in front of a local Mainnet node that
 * answers some `starknet_getEvents` filters as a test scripts them:
 *
 * - a Cairo 0 token's transfer (keys `[Transfer]`, data `[from, to, low,
 * high]`: no filter finds it by party) is found by the activity's More and
 * by token discovery, which read the known Cairo 0 tokens by address;
 * - blocks discovery could not read (endless pages of spam) are kept and
 * read again by the next search, which finds the verified token under them;
 * - a node that refuses address lists is read one address per filter, and
 * remembered;
 * - More reads every tracked token in one filter per direction, in three
 * round trips; the background check's token search rides one batch.
 */

const DAI_V0 = cairo0TokensOf(MAINNET)[0] ?? '0x0';
const USDC = verifiedTokensOf(MAINNET).find(({ symbol }) => symbol === 'USDC');
const STRANGER = `0x${'5'.repeat(63)}`;
const felt = (value: bigint): string =>
  `0x${value.toString(16).padStart(64, '0')}`;
/** Tokens a user tracks besides STRK and ETH (none exists on the chain). */
const OTHER_TOKENS = Array.from({ length: 8 }, (_unused, index) => ({
  address: felt(0xb0b0000n + BigInt(index)),
  chainId: MAINNET,
  name: `Other token ${index}`,
  symbol: `OT${index}`,
  decimals: 18,
}));
const DAI_V0_RECORD = {
  address: DAI_V0,
  chainId: MAINNET,
  name: 'Dai Stablecoin (v0)',
  symbol: 'DAI',
  decimals: 18,
};

const { hostile, real } = useHostileMainnet(ACCOUNT_0.address, 5n * ONE_STRK);

type Filter = {
  address?: string | string[];
  keys?: string[][];
  from_block?: { block_number: number };
  to_block?: unknown;
};

/**
 * The filter of a getEvents call.
 *
 * @param call - The call.
 * @returns Its filter.
 */
const filterOf = (call: SeenCall): Filter =>
  (call.params as { filter: Filter }).filter;

/**
 * Whether a filter asks for DAI v0's events by address (the Cairo 0 read).
 *
 * @param filter - The filter.
 * @returns Whether it does.
 */
const asksDaiV0 = (filter: Filter): boolean =>
  [filter.address ?? []]
    .flat()
    .some((address) => BigInt(address) === BigInt(DAI_V0));

/**
 * The getEvents calls the hostile node received.
 *
 * @returns Their filters.
 */
const eventFilters = (): Filter[] =>
  hostile
    .seen()
    .filter(({ method }) => method === 'starknet_getEvents')
    .map(filterOf);

/**
 * A Transfer as a Cairo 0 token emits it.
 *
 * @param to - The recipient.
 * @param txHash - The transaction it is in.
 * @param block - Its block.
 * @returns The event.
 */
const cairo0Transfer = (to: string, txHash: string, block: number): Json => ({
  from_address: DAI_V0,
  keys: [TRANSFER_KEY],
  data: [STRANGER, to, '0xde0b6b3a7640000', '0x0'],
  block_number: block,
  transaction_hash: txHash,
});

/**
 * A wallet on Mainnet with account 0 (created there), the tokens given
 * tracked.
 *
 * @param tokens - Tracked Mainnet tokens besides STRK and ETH.
 * @returns The wallet.
 */
async function mainnetWallet(tokens: Json[] = []): Promise<Wallet> {
  const state = stateSharing([ACCOUNT_0.address]);
  const wallet = await installWallet({
    state: {
      ...state,
      currentChainId: MAINNET,
      tokens: [...(state.tokens as Json[]), ...tokens],
    },
  });
  await plainResultOf(
    invoke(wallet, 'snapnet_createAccount', {
      addressIndex: 0,
      chainId: MAINNET,
    }),
  );
  return wallet;
}

/**
 * The Activity view's More, clicked: its text.
 *
 * @param wallet - The wallet.
 * @returns The text of the page it draws.
 */
async function clickMore(wallet: Wallet): Promise<string> {
  const home = await openHome(wallet, 'activity');
  hostile.forget();
  const updated = home.waitForUpdate();
  await home.clickElement('home-activity-more:5');
  return textOf((await updated).content);
}

/**
 * A real transaction of the chain between strangers (its STRK transfer
 * names no account of the wallet).
 *
 * @returns Its hash and block.
 */
async function strangersTransaction(): Promise<{
  hash: string;
  block: number;
}> {
  const written = (await nodeRequest(real(), 'local_addTraffic', {
    count: 1,
  })) as { last_block: number; transaction_hashes: string[] };
  return {
    hash: written.transaction_hashes[0] ?? '0x0',
    block: written.last_block,
  };
}

describe('a Cairo 0 token’s transfers (parties in the data)', () => {
  it('are found by the activity’s More, read by the token’s address', async () => {
    const { hash, block } = await strangersTransaction();
    hostile.script('starknet_getEvents', (call) =>
      asksDaiV0(filterOf(call))
        ? {
            result: {
              events: [cairo0Transfer(ACCOUNT_0.address, hash, block)],
            },
          }
        : undefined,
    );
    const wallet = await mainnetWallet([DAI_V0_RECORD]);
    const text = await clickMore(wallet);
    expect(text).toContain('Account 0: Received 1 DAI from');
    const daiReads = eventFilters().filter(asksDaiV0);
    expect(daiReads).toHaveLength(1);
    expect(daiReads[0]?.keys).toStrictEqual([[TRANSFER_KEY]]);
  });

  it('are found by token discovery, the read riding the search’s batch', async () => {
    const { hash, block } = await strangersTransaction();
    scriptViews(hostile, (contract) =>
      contract === BigInt(DAI_V0)
        ? { result: ['0xde0b6b3a7640000', '0x0'] }
        : undefined,
    );
    hostile.script('starknet_getEvents', (call) =>
      asksDaiV0(filterOf(call))
        ? {
            result: {
              events: [cairo0Transfer(ACCOUNT_0.address, hash, block)],
            },
          }
        : undefined,
    );
    const wallet = await mainnetWallet();
    hostile.forget();
    await wallet.onCronjob({ method: 'refreshTransactions' });
    const searches = hostile
      .seen()
      .filter(({ method }) => method === 'starknet_getEvents');
    expect(searches.map(filterOf).filter(asksDaiV0)).toHaveLength(1);
    const tokens = await openView(await openHome(wallet), 'tokens');
    const text = textOf(tokens.content);
    expect(text).toContain('Unverified tokens (1)');
    expect(text).toContain(DAI_V0);
  });
});

describe('blocks token discovery could not read', () => {
  it('are kept and read again by the next search until read: spam cannot hide a verified token', async () => {
    const latest = (await nodeRequest(
      real(),
      'starknet_blockNumber',
      [],
    )) as number;
    const spam = (block: number): Json => ({
      from_address: felt(0x6000n + BigInt(block)),
      keys: [TRANSFER_KEY, STRANGER, ACCOUNT_0.address],
      data: ['0x1', '0x0'],
      block_number: block,
      transaction_hash: '0x1',
    });
    // First search: every page is spam, and there is always more.
    hostile.script('starknet_getEvents', (call) => ({
      result: {
        events: [spam(filterOf(call).from_block?.block_number ?? 0)],
        continuation_token: 'more',
      },
    }));
    scriptViews(hostile, (contract) =>
      contract === BigInt(USDC?.address ?? '0x0')
        ? { result: ['0x12d687', '0x0'] }
        : undefined,
    );
    const wallet = await mainnetWallet();
    await wallet.onCronjob({ method: 'refreshTransactions' });
    let tokens = await openView(await openHome(wallet), 'tokens');
    expect(textOf(tokens.content)).not.toContain('USDC · USD Coin');
    // Later: the node serves those blocks: USDC arrived in block 1, under
    // the spam. A search of only the blocks since would not see it.
    hostile.script('starknet_getEvents', (call): Answer => {
      const filter = filterOf(call);
      const from = filter.from_block?.block_number ?? 0;
      const to =
        typeof filter.to_block === 'object' && filter.to_block !== null
          ? (filter.to_block as { block_number: number }).block_number
          : latest;
      return {
        result: {
          events:
            filter.address === undefined && from <= 1 && to >= 1
              ? [
                  {
                    from_address: USDC?.address ?? '0x0',
                    keys: [TRANSFER_KEY, STRANGER, ACCOUNT_0.address],
                    data: ['0x12d687', '0x0'],
                    block_number: 1,
                    transaction_hash: '0x2',
                  },
                ]
              : [],
        },
      };
    });
    hostile.forget();
    tokens = await openView(await openHome(wallet), 'tokens');
    const searched = tokens.waitForUpdate();
    await tokens.clickElement('home-discover-tokens');
    await searched;
    const reread = eventFilters().filter(
      ({ from_block: from, to_block: to }) =>
        from?.block_number === 0 &&
        typeof to === 'object' &&
        to !== null &&
        (to as { block_number: number }).block_number >= 1,
    );
    expect(reread.length).toBeGreaterThan(0);
    tokens = await openView(await openHome(wallet), 'tokens');
    const text = textOf(tokens.content);
    expect(text).toContain('USDC · USD Coin · verified');
    expect(text).toMatch(/Account 0 Text 1\.234567 USDC/u);
  });
});

describe('address lists in event filters', () => {
  it('read every tracked token in one filter per direction: More in three round trips', async () => {
    const wallet = await mainnetWallet(OTHER_TOKENS);
    const text = await clickMore(wallet);
    expect(text).toContain('Account 0: Received 5 STRK from');
    const filters = eventFilters();
    // Its invokes; transfers to it; transfers from it: 10 tokens listed.
    expect(filters).toHaveLength(3);
    expect(
      filters.filter(({ address }) => Array.isArray(address)),
    ).toHaveLength(2);
    // The page's batch, the events, what they found.
    expect(hostile.roundTrips()).toBe(3);
  });

  it('fall back to one address per filter on a node that refuses them, remembered', async () => {
    hostile.script('starknet_getEvents', (call) =>
      Array.isArray(filterOf(call).address)
        ? { error: { code: -32602, message: 'Invalid params' } }
        : undefined,
    );
    const wallet = await mainnetWallet();
    const first = await clickMore(wallet);
    expect(first).toContain('Account 0: Received 5 STRK from');
    expect(
      eventFilters().filter(({ address }) => Array.isArray(address)).length,
    ).toBeGreaterThan(0);
    // The next read asks one address per filter at once.
    const again = await clickMore(wallet);
    expect(again).toContain('Account 0: Received 5 STRK from');
    const filters = eventFilters();
    expect(filters.length).toBeGreaterThan(0);
    expect(
      filters.filter(({ address }) => Array.isArray(address)),
    ).toStrictEqual([]);
  });
});

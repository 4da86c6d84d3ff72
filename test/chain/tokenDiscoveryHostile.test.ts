import type { Json } from '@metamask/snaps-sdk';
import { hash } from 'starknet';

import { openView } from './homePage';
import { scriptViews, useHostileMainnet } from './hostile-node';
import { ONE_STRK } from './node';
import { TRANSFER_KEY } from '../../src/node/transferEvents';
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
 * Hostile tokens and a lying node never break the page: Mainnet's node (the
 * test build's first) is a hostile node in front of a local Mainnet node,
 * answering the Transfer search with tokens of its choosing: one whose
 * balance is the largest u256, one whose balanceOf reverts, one answering
 * garbage, a crowd of spam, and a verified token (Mainnet's USDC).
 */

const felt = (value: bigint): string =>
  `0x${value.toString(16).padStart(64, '0')}`;
const HUGE = felt(0x1111n);
const REVERTS = felt(0x2222n);
const GARBAGE = felt(0x3333n);
const SPAM = Array.from({ length: 15 }, (_unused, index) =>
  felt(0x5000n + BigInt(index)),
);
const USDC = verifiedTokensOf(MAINNET).find(({ symbol }) => symbol === 'USDC');

/** What each scripted token answers to balanceOf. */
const BALANCES = new Map<bigint, { result?: Json; error?: Json }>([
  [BigInt(HUGE), { result: [`0x${'f'.repeat(32)}`, `0x${'f'.repeat(32)}`] }],
  [
    BigInt(REVERTS),
    {
      error: {
        code: 40,
        message: 'Contract error',
        data: { revert_error: 'no' },
      },
    },
  ],
  [BigInt(GARBAGE), { result: ['lots', 'of text'] }],
  [BigInt(USDC?.address ?? '0x0'), { result: ['0x12d687', '0x0'] }],
  ...SPAM.map((token): [bigint, { result: Json }] => [
    BigInt(token),
    { result: ['0x1', '0x0'] },
  ]),
]);

const { hostile } = useHostileMainnet(ACCOUNT_0.address, 5n * ONE_STRK);

/**
 * A Transfer to account 0 from a token, as a node lists it.
 *
 * @param token - The token.
 * @returns The event.
 */
const transferFrom = (token: string): Json => ({
  from_address: token,
  keys: [TRANSFER_KEY, '0x1', ACCOUNT_0.address],
  data: ['0x1', '0x0'],
  block_number: 1,
  transaction_hash: '0x1',
});

/** Scripts balanceOf of every scripted token; other calls go through. */
function scriptBalances(): void {
  scriptViews(hostile, (contract) => BALANCES.get(contract));
}

/**
 * A wallet on Mainnet with account 0, after a background check, and its
 * home page's text.
 *
 * @returns The wallet and the text.
 */
async function mainnetPage(): Promise<{ wallet: Wallet; text: string }> {
  const wallet = await installWallet({
    state: { ...stateSharing([ACCOUNT_0.address]), currentChainId: MAINNET },
  });
  await plainResultOf(
    invoke(wallet, 'snapnet_createAccount', {
      addressIndex: 0,
      chainId: MAINNET,
    }),
  );
  // The background check searches for received tokens; the page shows them.
  await wallet.onCronjob({ method: 'refreshTransactions' });
  // The overview (what the account holds), then the Tokens view.
  const home = (await wallet.onHomePage()).getInterface();
  const tokens = await openView(home, 'tokens');
  return {
    wallet,
    text: `${textOf(home.content)}\n${textOf(tokens.content)}`,
  };
}

describe('hostile tokens on the home page', () => {
  it('show as unreadable or in base units, bounded in number, never named, every other balance shown', async () => {
    scriptBalances();
    hostile.script('starknet_getEvents', () => ({
      result: {
        events: [...SPAM, USDC?.address ?? '', HUGE, REVERTS, GARBAGE].map(
          transferFrom,
        ),
      },
    }));
    hostile.forget();
    const { text } = await mainnetPage();
    expect(text).toMatch(/STRK Text 5 STRK/u);
    expect(text).toContain('USDC · USD Coin · verified');
    expect(text).toMatch(/Account 0 Text 1\.234567 USDC/u);
    expect(text).toContain('Unverified tokens (18)');
    expect(text).toContain('8 more not listed.');
    expect(text).toContain(
      `${(2n ** 256n - 1n).toLocaleString('en-US')} base units`,
    );
    expect(text).toContain(
      'unreadable: the token refused balanceOf (error 40)',
    );
    expect(text).toContain(
      'unreadable: balanceOf: its low half is not a hex number',
    );
    // The wallet never asks an unverified token what it calls itself.
    const named = new Set(
      ['name', 'symbol'].map((entry) =>
        BigInt(hash.getSelectorFromName(entry)),
      ),
    );
    const asked = hostile
      .seen()
      .filter(({ method }) => method === 'starknet_call')
      .map(
        ({ params }) =>
          (params as { request: { entry_point_selector: string } }).request,
      );
    expect(asked.length).toBeGreaterThan(0);
    expect(
      asked.filter(({ entry_point_selector: selector }) =>
        named.has(BigInt(selector)),
      ),
    ).toStrictEqual([]);
  });

  it('keeps a verified token however many spam tokens arrive after it', async () => {
    scriptBalances();
    // The verified token first, then 100 tokens of one transfer each: the
    // search keeps the most recent, and spam must not push it out.
    const spam = Array.from({ length: 100 }, (_unused, index) =>
      felt(0x6000n + BigInt(index)),
    );
    hostile.script('starknet_getEvents', () => ({
      result: {
        events: [USDC?.address ?? '', ...spam].map(transferFrom),
      },
    }));
    const { text } = await mainnetPage();
    expect(text).toContain('USDC · USD Coin · verified');
    expect(text).toMatch(/Account 0 Text 1\.234567 USDC/u);
    // 100 tokens kept in all: the verified one, and the 99 latest others.
    expect(text).toContain('Unverified tokens (99)');
  });

  it.each([
    [
      'answers no page of events',
      { result: { events: 'none' } },
      'Not everything was read: the search: the answer is not a page of events.',
      2,
    ],
    [
      'refuses the search',
      { error: { code: 31, message: 'Requested page size is too big' } },
      'Not everything was read: the node refused the search (error 31).',
      2,
    ],
    [
      'answers in endless pages',
      { result: { events: [transferFrom(HUGE)], continuation_token: '1' } },
      'were not read (more transfers to the accounts than 3 pages hold; the latest were read first)',
      6,
    ],
  ])(
    // Each search is two filters on Mainnet: the transfers keyed to the
    // account, and the Cairo 0 tokens' by address.
    'when the node %s, the search says so and the page opens with it, balances shown',
    async (_case, answer, note, searches) => {
      scriptBalances();
      hostile.script('starknet_getEvents', () => answer);
      hostile.forget();
      const { text } = await mainnetPage();
      expect(text).toContain(note);
      // The token search's filters alone: the overview's staking reads
      // (pool announcements, the accounts' memberships) ask too.
      const transferSearches = hostile
        .seen()
        .filter(
          ({ method, params }) =>
            method === 'starknet_getEvents' &&
            (params as { filter: { keys: string[][] } }).filter.keys[0]?.some(
              (key) => BigInt(key) === BigInt(TRANSFER_KEY),
            ),
        );
      expect(transferSearches).toHaveLength(searches);
      expect(text).toMatch(/STRK Text 5 STRK/u);
    },
  );
});

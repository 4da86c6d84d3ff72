import { hash, shortString } from 'starknet';

import { openView } from './homePage';
import {
  scriptViews,
  SITE_NETWORK_NAME,
  useHostileMainnet,
} from './hostile-node';
import { ONE_STRK, SN_DEVNET } from './node';
import { defaultState, STATE_VERSION } from '../../src/state/schema';
import { ACCOUNT_0, DAPP_ORIGIN, MAINNET } from '../fixtures';
import {
  confirmationOf,
  errorOf,
  installWallet,
  invoke,
  plainResultOf,
  stateSharing,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';

/**
 * Reads are total: a token a site added answers balanceOf with garbage (a
 * half past 128 bits, text, the wrong length, a huge string, an object),
 * and the home page still opens with that token unreadable and why, every
 * other balance shown; a dapp asking that balance gets a node error naming
 * the network and what was malformed; the user removes the token from the
 * page. Mainnet's first node (the test build's) is a hostile node in front
 * of a real Mainnet node.
 */

/** The token a site adds: no contract, its answers scripted. */
const EVIL =
  '0x0000000000000000000000000000000000000000000000000000000000e71e71';

/** The token's answer to each of its views but balanceOf. */
const VIEWS = new Map([
  [BigInt(hash.getSelectorFromName('decimals')), ['0x12']],
  [
    BigInt(hash.getSelectorFromName('symbol')),
    [shortString.encodeShortString('EVIL')],
  ],
]);

const { hostile } = useHostileMainnet(ACCOUNT_0.address, 5n * ONE_STRK);

/**
 * The token's answers: an ERC-20's decimals and symbol, and `balance` to
 * balanceOf; every other contract's answers as the real node gives them.
 *
 * @param balance - What balanceOf answers.
 */
function scriptToken(balance: unknown): void {
  scriptViews(hostile, (contract, selector) =>
    contract === BigInt(EVIL)
      ? { result: VIEWS.get(selector) ?? balance }
      : undefined,
  );
}

/**
 * A wallet on Mainnet, account 0 shared with the site, which also added a
 * network of its own (whose removal must stay within reach).
 */
const ON_MAINNET = JSON.parse(
  JSON.stringify({
    ...stateSharing([ACCOUNT_0.address]),
    currentChainId: MAINNET,
    networks: [
      ...defaultState().networks,
      {
        name: SITE_NETWORK_NAME,
        chainId: SN_DEVNET,
        rpcUrl: 'http://127.0.0.1:9/rpc',
        addedBy: DAPP_ORIGIN,
      },
    ],
  }),
);

/**
 * Account 0 on Mainnet (already shared with the site: no dialog).
 *
 * @param wallet - The snap.
 */
async function mainnetAccount(wallet: Wallet): Promise<void> {
  const account = await plainResultOf(
    invoke(wallet, 'snapnet_createAccount', {
      addressIndex: 0,
      chainId: MAINNET,
    }),
  );
  expect(account.address).toBe(ACCOUNT_0.address);
}

/**
 * A wallet on Mainnet with account 0 and the site's token, added through
 * the ordinary dialog.
 *
 * @returns The wallet.
 */
async function walletWithToken(): Promise<Wallet> {
  const wallet = await installWallet({
    state: ON_MAINNET,
  });
  await mainnetAccount(wallet);
  const adding = invoke(wallet, 'snapnet_addErc20Token', {
    tokenAddress: EVIL,
    tokenName: 'Evil token',
    tokenSymbol: 'EVIL',
    chainId: MAINNET,
  });
  await (await confirmationOf(adding)).ok();
  expect(await adding).toRespondWith(expect.anything());
  return wallet;
}

type HomeInterface =
  Awaited<ReturnType<Wallet['onHomePage']>> extends {
    getInterface(): infer Ui;
  }
    ? Ui
    : never;

/**
 * The home page, as MetaMask opens it, and its text.
 *
 * @param wallet - The snap.
 * @returns The page and its text.
 */
async function openHome(
  wallet: Wallet,
): Promise<{ home: HomeInterface; text: string }> {
  const home = (await wallet.onHomePage()).getInterface();
  return { home, text: textOf(home.content) };
}

const GARBAGE: [string, unknown, string][] = [
  [
    'a high half of 2^128',
    ['0x0', `0x1${'0'.repeat(32)}`],
    'its high half is 2^128 or more',
  ],
  [
    'a low half past 2^128',
    [`0x${'f'.repeat(40)}`, '0x0'],
    'its low half is 2^128 or more',
  ],
  ['text', ['lots', 'of text'], 'its low half is not a hex number'],
  [
    'three values',
    ['0x1', '0x0', '0x0'],
    "3 values, not a u256's two (low, high)",
  ],
  [
    'a huge string',
    ['0x1', `0x${'f'.repeat(100_000)}`],
    'its high half is not a hex number',
  ],
  [
    'an object with a member named toString',
    JSON.parse('{"toString":""}'),
    'the answer is not a list of felts',
  ],
];

describe('a token whose balanceOf answers garbage', () => {
  it.each(GARBAGE)(
    '(%s): the page opens with it unreadable and why, every other balance shown; a dapp gets a node error naming the network and the token',
    async (_case, balance, problem) => {
      scriptToken(['0x0', '0x0']);
      const wallet = await walletWithToken();
      scriptToken(balance);
      const { home, text } = await openHome(wallet);
      expect(text).toContain(`unreadable: balanceOf: ${problem}`);
      expect(text).toContain('Account 0 · not deployed yet');
      expect(text).toMatch(/STRK Text 5 STRK/u);
      expect(text).toMatch(/ETH Text 0 ETH/u);
      // The rest of the page is there: the site's network can be removed.
      expect(textOf((await openView(home, 'settings')).content)).toContain(
        `Remove ${SITE_NETWORK_NAME}`,
      );

      const error = await errorOf(
        invoke(wallet, 'snapnet_getErc20TokenBalance', {
          tokenAddress: EVIL,
          userAddress: ACCOUNT_0.address,
          chainId: MAINNET,
        }),
      );
      expect(error.code).toBe(-32002);
      expect(error.data?.network).toBe('Mainnet');
      expect(error.message).toContain(
        `malformed answer to starknet_call: balanceOf of ${EVIL}: ${problem}`,
      );
    },
  );

  it('is removed by the user from the page, and from the wallet; the fee tokens have no remove button', async () => {
    scriptToken(['0x0', '0x0']);
    const wallet = await walletWithToken();
    scriptToken(['0x0', `0x1${'0'.repeat(32)}`]);
    const { home } = await openHome(wallet);
    const tokens = await openView(home, 'tokens');
    const text = textOf(tokens.content);
    expect(text).toContain('Remove EVIL');
    expect(text).not.toContain('Remove STRK');
    expect(text).not.toContain('Remove ETH');
    const updated = tokens.waitForUpdate();
    await tokens.clickElement(`home-remove-token:${MAINNET}:${EVIL}`);
    const after = textOf((await updated).content);
    expect(after).toContain(`Removed EVIL (${EVIL}).`);
    expect(after).not.toContain('EVIL ·');
    const overview = (await openHome(wallet)).text;
    expect(overview).not.toContain('EVIL');
    expect(overview).not.toContain('unreadable');
    expect(overview).toMatch(/STRK Text 5 STRK/u);

    // Gone from the wallet's state: a site may propose it again.
    scriptToken(['0x0', '0x0']);
    const again = invoke(wallet, 'snapnet_addErc20Token', {
      tokenAddress: EVIL,
      tokenName: 'Evil token',
      tokenSymbol: 'EVIL',
      chainId: MAINNET,
    });
    await (await confirmationOf(again)).cancel();
    expect((await errorOf(again)).code).toBe(4001);
  });
});

describe('an answer about the account that is not a nonce', () => {
  it('shows the deployment unreadable and why, the balances still read', async () => {
    const wallet = await installWallet({
      state: ON_MAINNET,
    });
    await mainnetAccount(wallet);
    hostile.script('starknet_getNonce', () => ({
      result: JSON.parse('{"toString":""}'),
    }));
    const { text } = await openHome(wallet);
    expect(text).toContain(
      'Account 0 · deployment unreadable: the nonce: the answer is not a hex felt',
    );
    expect(text).toMatch(/STRK Text 5 STRK/u);
  });
});

describe('a wallet whose state cannot be read', () => {
  it('still opens the page, saying why', async () => {
    const wallet = await installWallet({
      state: JSON.parse(
        JSON.stringify({ ...defaultState(), version: STATE_VERSION + 1 }),
      ),
    });
    const { text } = await openHome(wallet);
    expect(text).toContain('The wallet cannot be shown');
    expect(text).toContain(
      "The wallet's stored state cannot be read: it was written by a newer version of this wallet",
    );
    expect(text).toContain('Try again');
  });
});

import { hash, RpcProvider, shortString } from 'starknet';
import type { CairoAssembly, CompiledSierra } from 'starknet';

import { ensureDeclared, predeployedAccount, WAIT } from './classes';
import { openHome, openView } from './homePage';
import { ONE_STRK, useFundedNode } from './node';
import { ACCOUNT_0, STRK, TESTNET } from '../fixtures';
import {
  createAccount,
  installWallet,
  invoke,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';
import { readContract } from '../vendored';
import {
  VERIFIED_TEST_TOKEN,
  VERIFIED_TEST_TOKEN_SALT,
} from '../verifiedTestToken';

/**
 * Every token the account holds: tokens deployed on the test node send
 * their whole supply to account 0 on construction (a Transfer keyed to it);
 * the home page finds them. The one at the address the test build lists as
 * verified shows by name with its balance; the others are folded under
 * "Unverified tokens" by address only, one of them calling itself "STRK".
 * The user hides and shows tokens (kept in state), adds one by address
 * through snapnet_addErc20Token's checks and dialog, and removes it.
 */

/** Universal Deployer v2: at the same address on devnet and the local node. */
const UDC =
  '0x02ceed65a4bd731034c01113685c831b01c15d7d432f71afb1cf1634b53a2125';

const testNode = useFundedNode(ACCOUNT_0.address, 10n * ONE_STRK);

const erc20: CompiledSierra = {
  ...readContract<CompiledSierra>('ERC20-StarkGate.sierra.json'),
  abi: [],
};
const erc20Casm = readContract<CairoAssembly>('ERC20-StarkGate.casm.json');

/**
 * A short text as a Cairo ByteArray.
 *
 * @param text - At most 31 ASCII characters.
 * @returns The calldata.
 */
const byteArrayOf = (text: string): string[] => [
  '0',
  shortString.encodeShortString(text),
  String(text.length),
];

/**
 * StarkGate's constructor for a token whose supply goes to account 0 (also
 * its minter and admin): nothing of the node's in it, so the address is the
 * same on every backend.
 *
 * @param name - The token's name.
 * @param symbol - Its symbol.
 * @param supply - Its supply (base units).
 * @returns The calldata.
 */
const constructorOf = (
  name: string,
  symbol: string,
  supply: bigint,
): string[] => [
  ...byteArrayOf(name),
  ...byteArrayOf(symbol),
  '18',
  supply.toString(),
  '0',
  ACCOUNT_0.address,
  ACCOUNT_0.address,
  ACCOUNT_0.address,
  '0',
];

const TOKENS = {
  verified: {
    salt: VERIFIED_TEST_TOKEN_SALT,
    calldata: constructorOf('Verified Test Token', 'VTT', 1000n * ONE_STRK),
  },
  fakeStrk: {
    salt: '0xfa4e',
    calldata: constructorOf('Starknet Token', 'STRK', 5n * ONE_STRK),
  },
  plain: {
    salt: '0x91a1',
    calldata: constructorOf('Plain Token', 'PLN', 7n * ONE_STRK),
  },
};

const canonical = (address: string): string =>
  `0x${BigInt(address).toString(16).padStart(64, '0')}`;

const classHash = hash.computeContractClassHash(JSON.stringify(erc20));
const addressOf = ({
  salt,
  calldata,
}: {
  salt: string;
  calldata: string[];
}): string =>
  canonical(
    hash.calculateContractAddressFromHash(salt, classHash, calldata, 0),
  );
const VERIFIED = addressOf(TOKENS.verified);
const FAKE_STRK = addressOf(TOKENS.fakeStrk);
const PLAIN = addressOf(TOKENS.plain);

type HomeInterface =
  Awaited<ReturnType<Wallet['onHomePage']>> extends {
    getInterface(): infer Ui;
  }
    ? Ui
    : never;

/**
 * Does something on the page and reads the page it leads to.
 *
 * @param home - The page.
 * @param action - What the user does.
 * @param dialog - Answers the dialog the action opens, if any.
 * @returns The page's text once it shows the outcome.
 */
async function pageAfter(
  home: HomeInterface,
  action: () => Promise<void>,
  dialog?: () => Promise<void>,
): Promise<string> {
  const updated = home.waitForUpdate();
  const acting = action();
  await dialog?.();
  await acting;
  return textOf((await updated).content);
}

/**
 * The part of the page's text under "Unverified tokens", up to the add form.
 *
 * @param text - The page's text.
 * @returns That part ('' when there is none).
 */
function unverifiedPart(text: string): string {
  const start = text.indexOf('Unverified tokens (');
  return start < 0
    ? ''
    : text.slice(start, text.indexOf('Add a token by address'));
}

/**
 * A wallet with account 0 on the test network, after a background check,
 * and its home page.
 *
 * @returns Both.
 */
async function walletAndPage(): Promise<{
  wallet: Wallet;
  home: HomeInterface;
}> {
  const wallet = await installWallet();
  await createAccount(wallet, { addressIndex: 0 });
  // The background check searches for received tokens; the page shows them.
  await wallet.onCronjob({ method: 'refreshTransactions' });
  const home = await openHome(wallet, 'tokens');
  return { wallet, home };
}

beforeAll(async () => {
  const node = testNode();
  await ensureDeclared(node, erc20, erc20Casm);
  const deployer = predeployedAccount(node);
  const provider = new RpcProvider({ nodeUrl: node.url });
  for (const { salt, calldata } of Object.values(TOKENS)) {
    const sent = await deployer.execute({
      contractAddress: UDC,
      entrypoint: 'deploy_contract',
      calldata: [classHash, salt, '0', String(calldata.length), ...calldata],
    });
    await provider.waitForTransaction(sent.transaction_hash, WAIT);
  }
}, 300_000);

describe('the tokens an account received, on the home page', () => {
  it('before the background search, says so; Look now searches at once', async () => {
    const wallet = await installWallet();
    await createAccount(wallet, { addressIndex: 0 });
    const home = await openHome(wallet, 'tokens');
    const before = textOf(home.content);
    expect(before).toContain('Not searched yet');
    expect(before).not.toContain('VTT · Verified Test Token');
    const after = await pageAfter(home, async () =>
      home.clickElement('home-discover-tokens'),
    );
    expect(after).toMatch(/Searched up to block \d+\./u);
    expect(after).toContain('VTT · Verified Test Token · verified');
  });

  it('Look now without an account searches nothing and says so', async () => {
    const wallet = await installWallet();
    const home = await openHome(wallet, 'tokens');
    const after = await pageAfter(home, async () =>
      home.clickElement('home-discover-tokens'),
    );
    expect(after).toContain('Not searched: no account to search for');
  });

  it('shows the token at a verified address by its verified name, with its balance', async () => {
    // The test build lists the token this file deploys (test/verifiedTestToken.ts).
    expect(VERIFIED).toBe(VERIFIED_TEST_TOKEN.address);
    const { home } = await walletAndPage();
    const text = textOf(home.content);
    expect(text).toContain('VTT · Verified Test Token · verified');
    expect(text).toContain(VERIFIED);
    expect(text).toMatch(/Account 0 Text 1,000 VTT/u);
    expect(unverifiedPart(text)).not.toContain(VERIFIED);
    // The overview shows what the account holds: the verified token too,
    // never an unverified one, whose balances it does not read: STRK's,
    // ETH's and VTT's, the account's reverse name lookup, the oracle's
    // prices of STRK and ETH (VTT has no pair), and Endur's rate with the
    // account's xSTRK (counted at its STRK value).
    testNode().resetRequestCount();
    const overview = textOf((await openView(home, 'overview')).content);
    expect(testNode().requestCount('starknet_call')).toBe(3 + 1 + 2 + 2);
    expect(overview).toContain('VTT · Verified Test Token · verified');
    expect(overview).toMatch(/Account 0 Text 1,000 VTT/u);
    expect(overview).not.toContain(FAKE_STRK);
    expect(overview).not.toContain(PLAIN);
  });

  it('folds the others under "Unverified tokens" by address only: one calling itself STRK is never named so', async () => {
    const { home } = await walletAndPage();
    const unverified = unverifiedPart(textOf(home.content));
    expect(unverified).toContain('Unverified tokens (2)');
    expect(unverified).toContain(FAKE_STRK);
    expect(unverified).toContain(PLAIN);
    expect(unverified).toContain(
      `Account 0 Text ${(5n * ONE_STRK).toLocaleString('en-US')} base units`,
    );
    expect(unverified).not.toMatch(/strk|starknet|pln|plain/iu);
  });

  it('hides a verified and an unverified token, kept across openings, and shows them again', async () => {
    const { wallet, home } = await walletAndPage();
    await pageAfter(home, async () =>
      home.clickElement(`home-hide-token:${TESTNET}:${VERIFIED}`),
    );
    const hidden = await pageAfter(home, async () =>
      home.clickElement(`home-hide-token:${TESTNET}:${FAKE_STRK}`),
    );
    expect(hidden).toContain(`Hidden: ${FAKE_STRK}.`);

    // A new showing reads the state anew (and the simulation then acts on it).
    const page = await openHome(wallet, 'tokens');
    const reopened = textOf(page.content);
    expect(reopened).not.toContain('1,000 VTT');
    expect(reopened).toContain(`Hidden: VTT (${VERIFIED}), verified`);
    expect(reopened).toContain(`Hidden: ${FAKE_STRK}`);
    expect(unverifiedPart(reopened)).not.toContain(FAKE_STRK);

    await pageAfter(page, async () =>
      page.clickElement(`home-show-token:${TESTNET}:${FAKE_STRK}`),
    );
    const shown = await pageAfter(page, async () =>
      page.clickElement(`home-show-token:${TESTNET}:${VERIFIED}`),
    );
    expect(shown).toContain(`Shown again: ${VERIFIED}.`);
    expect(shown).toMatch(/Account 0 Text 1,000 VTT/u);
    expect(unverifiedPart(shown)).toContain(FAKE_STRK);
  });

  it("adds a token by address through the method's dialog, hides and shows it, then removes it: it goes back to the unverified list", async () => {
    const { wallet, home } = await walletAndPage();
    await home.typeInField('add-token-address', PLAIN);
    let dialogText = '';
    const added = await pageAfter(
      home,
      async () => home.clickElement('home-add-token:submit'),
      async () => {
        const dialog = await invoke(
          wallet,
          'snapnet_getCurrentNetwork',
        ).getInterface();
        dialogText = textOf(dialog.content);
        if (dialog.type !== 'confirmation') {
          throw new Error(`Expected a confirmation, got ${dialog.type}`);
        }
        await dialog.ok();
      },
    );
    expect(dialogText).toContain('PLN');
    expect(dialogText).toContain(PLAIN);
    expect(added).toContain(`Added PLN (${PLAIN}).`);
    expect(added).toContain('PLN · PLN');
    expect(unverifiedPart(added)).not.toContain(PLAIN);
    // The overview shows its balance, as every tracked token's.
    const holding = async (): Promise<string> =>
      textOf((await openHome(wallet)).content);
    expect(await holding()).toMatch(/PLN Text 7 PLN/u);

    // After a dialog, the simulation acts on a new showing of the page.
    const page = await openHome(wallet, 'tokens');
    // A tracked token hides too: its balances stop showing.
    const hidden = await pageAfter(page, async () =>
      page.clickElement(`home-hide-token:${TESTNET}:${PLAIN}`),
    );
    expect(await holding()).not.toMatch(/PLN Text 7 PLN/u);
    expect(hidden).toContain(`Hidden: PLN (${PLAIN})`);
    const again = await openHome(wallet, 'tokens');
    const back = await pageAfter(again, async () =>
      again.clickElement(`home-show-token:${TESTNET}:${PLAIN}`),
    );
    expect(back).toContain(`Shown again: ${PLAIN}.`);
    expect(await holding()).toMatch(/PLN Text 7 PLN/u);
    const last = await openHome(wallet, 'tokens');
    const removed = await pageAfter(last, async () =>
      last.clickElement(`home-remove-token:${TESTNET}:${PLAIN}`),
    );
    expect(removed).toContain(`Removed PLN (${PLAIN}).`);
    expect(unverifiedPart(removed)).toContain(PLAIN);
  });

  it.each([
    [
      'whose contract calls itself STRK, a tracked token',
      FAKE_STRK,
      '',
      `Your wallet already has a token called STRK (Starknet Token) at ${STRK}`,
    ],
    [
      'named like a verified token it is not',
      PLAIN,
      'v.t.t',
      `The wallet's verified list has a token called VTT (Verified Test Token) at ${VERIFIED_TEST_TOKEN.address}`,
    ],
  ])(
    'flags a token %s as a look-alike, and adds nothing when the user declines',
    async (_case, address, symbol, danger) => {
      const { wallet, home } = await walletAndPage();
      await home.typeInField('add-token-address', address);
      if (symbol !== '') {
        await home.typeInField('add-token-symbol', symbol);
      }
      let dialogText = '';
      const declined = await pageAfter(
        home,
        async () => home.clickElement('home-add-token:submit'),
        async () => {
          const dialog = await invoke(
            wallet,
            'snapnet_getCurrentNetwork',
          ).getInterface();
          dialogText = textOf(dialog.content);
          if (dialog.type !== 'confirmation') {
            throw new Error(`Expected a confirmation, got ${dialog.type}`);
          }
          await dialog.cancel();
        },
      );
      expect(dialogText).toContain('Look-alike token');
      expect(dialogText).toContain(danger);
      expect(declined).toContain('Cancelled: nothing was done.');
      expect(unverifiedPart(declined)).toContain(address);
    },
  );

  it('refuses an address that is not one, naming the field, and offers no way to hide a fee token', async () => {
    const { home } = await walletAndPage();
    expect(textOf(home.content)).not.toContain(
      `home-hide-token:${TESTNET}:${STRK}`,
    );
    await home.typeInField('add-token-address', 'STRK');
    const refused = await pageAfter(home, async () =>
      home.clickElement('home-add-token:submit'),
    );
    expect(refused).toContain('Token address');
    expect(refused).toContain('Expected a Starknet address');
  });
  // Last: the token it deploys is on chain for every test after it.
  it('searches only the blocks since, in one batch, and finds a token that arrived since', async () => {
    const { home } = await walletAndPage();
    const late = {
      salt: '0x1a7e',
      calldata: constructorOf('Late Token', 'LATE', 3n * ONE_STRK),
    };
    const lateAddress = addressOf(late);
    expect(textOf(home.content)).not.toContain(lateAddress);
    const node = testNode();
    const sent = await predeployedAccount(node).execute({
      contractAddress: UDC,
      entrypoint: 'deploy_contract',
      calldata: [
        classHash,
        late.salt,
        '0',
        String(late.calldata.length),
        ...late.calldata,
      ],
    });
    await new RpcProvider({ nodeUrl: node.url }).waitForTransaction(
      sent.transaction_hash,
      WAIT,
    );
    node.resetRequestCount();
    const after = await pageAfter(home, async () =>
      home.clickElement('home-discover-tokens'),
    );
    // The latest block rides in the search's batch: one getEvents, one
    // blockNumber, and no search from the window's start again.
    expect(node.requestCount('starknet_blockNumber')).toBe(1);
    expect(node.requestCount('starknet_getEvents')).toBe(1);
    expect(after).toMatch(/Searched up to block \d+\./u);
    expect(unverifiedPart(after)).toContain(lateAddress);
  });
});

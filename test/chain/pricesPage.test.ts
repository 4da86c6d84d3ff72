import { installSnap } from '@metamask/snaps-jest';

import { deployAccount0 } from './actions';
import { BACKEND } from './backend';
import {
  act,
  approve,
  decline,
  elementsOf,
  openHome,
  openView,
} from './homePage';
import type { HomeInterface, ViewName } from './homePage';
import { ONE_STRK, useFundedNode } from './node';
import { ACCOUNT_0, STRK, typedDataRevision1 } from '../fixtures';
import {
  confirmationOf,
  createAccount,
  installSharedWallet,
  invoke,
  plainResultOf,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';

// starknet-devnet has no staking contracts and no Pragma oracle: the local
// node's emulation alone is tested here (the conformance tier skips this
// file).
const describeLocal = BACKEND === 'local' ? describe : describe.skip;

/**
 * The page under MetaMask's preferences, view by view, through the built
 * snap against the local node (its staking contract and Pragma oracle):
 * staked amounts in the totals, every amount masked while balances are
 * hidden, and dates in the user's locale on the page and in a dialog.
 */

const testNode = useFundedNode(ACCOUNT_0.address, 1_000n * ONE_STRK);

const MASK = '••••••';
const RECIPIENT = `0x${'abcdef'.padStart(64, '0')}`;

/** Every view of the page a user can open from the overview. */
const VIEWS: ViewName[] = [
  'send',
  'receive',
  'activity',
  'tokens',
  'accounts',
  'settings',
  'stake',
];

/** An amount of a token (`1.5 STRK`), or a value (`$0.75`, `USD 1.00`). */
const AMOUNT =
  /(?<![\w,.])\d[\d,.]* (?:STRK|ETH|WBTC|USDC|USDT|base units)\b|[$€£]\s?\d|\d,\d\d\s?€|USD \d/u;

/**
 * A wallet installed with some MetaMask preferences, Account 0 created by
 * the test dapp (so shared with it), deployed by an earlier install.
 *
 * @param preferences - Install options (hideBalances, locale…).
 * @returns The wallet.
 */
async function walletWith(
  preferences: Record<string, string | boolean>,
): Promise<Wallet> {
  const wallet = await installSnap({ options: preferences });
  await createAccount(wallet, { addressIndex: 0 });
  return wallet;
}

/**
 * Sends 2 STRK from Account 0 through executeTxn, so that the Activity has
 * a line with an amount.
 *
 * @param wallet - The wallet.
 */
async function sendTwoStrk(wallet: Wallet): Promise<void> {
  const pending = invoke(wallet, 'snapnet_executeTxn', {
    address: ACCOUNT_0.address,
    calls: [
      {
        contractAddress: STRK,
        entrypoint: 'transfer',
        calldata: [RECIPIENT, '0x1bc16d674ec80000', '0x0'],
      },
    ],
  });
  await (await confirmationOf(pending)).ok();
  await plainResultOf(pending);
}

/**
 * Opens a transaction's detail view from the Activity.
 *
 * @param page - The Activity view.
 * @returns The detail's text.
 */
async function firstDetail(page: HomeInterface): Promise<string> {
  const [details] = elementsOf(page.content, 'Button').filter(({ name }) =>
    String(name).startsWith('home-activity-detail:'),
  );
  const updated = page.waitForUpdate();
  await page.clickElement(String(details?.name));
  return textOf((await updated).content);
}

/**
 * Each view's text, opened from the overview as the user does.
 *
 * @param wallet - The wallet.
 * @returns Each view's text, a transaction's detail's, and the overview's.
 */
async function everyView(wallet: Wallet): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const view of VIEWS) {
    const page = await openView(await openHome(wallet), view);
    texts[view] = textOf(page.content);
    if (view === 'activity') {
      texts.detail = await firstDetail(page);
    }
  }
  // Last: the Stake view found the account's position, the overview
  // counts it.
  texts.overview = textOf((await openHome(wallet)).content);
  return texts;
}

/**
 * Cents from a value MetaMask's way (`$1,234.50`).
 *
 * @param text - The page's text.
 * @param pattern - Where the value is (its first group).
 * @returns The cents.
 */
function centsIn(text: string, pattern: RegExp): number {
  const [, value] = pattern.exec(text) ?? [];
  if (value === undefined) {
    throw new Error(`No value for ${pattern.source} in ${text}`);
  }
  return Math.round(Number(value.replace(/,/gu, '')) * 100);
}

describeLocal('the page under MetaMask preferences', () => {
  let shared: Wallet;
  let pool = '';

  beforeAll(async () => {
    shared = await installSharedWallet();
    await deployAccount0(shared);
  });

  it("counts staked STRK in the account's and the network's totals, valued with the same prices, in the overview's one batch", async () => {
    const stake = await openHome(shared, 'stake');
    const [poolOption] = elementsOf(stake.content, 'Option').filter(
      ({ children }) => textOf(children).includes('STRK · 5 %'),
    );
    pool = String(poolOption?.value);
    await stake.selectInDropdown('stake-enter:from', ACCOUNT_0.address);
    await stake.selectInDropdown('stake-enter:pool', pool);
    await stake.typeInField('stake-enter:amount', '100');
    const { text: staked } = await act(
      shared,
      stake,
      async () => stake.clickElement('stake-enter:submit'),
      approve,
    );
    expect(staked).toContain('Sent. Transaction 0x');
    testNode().resetRequestCount();
    const text = textOf((await openHome(shared)).content);
    expect(testNode().roundTripCount()).toBe(1);
    // 100 STRK at $0.50.
    expect(text).toContain('STRK staked Text 100 STRK · $50.00');
    const held = centsIn(text, /STRK Text [\d.]+ STRK · \$([\d,.]+)/u);
    const total = centsIn(text, /Total Text \$([\d,.]+)/u);
    // ETH holds 0: the account's total is what it holds and what it staked.
    expect(total).toBe(held + 5000);
    expect(centsIn(text, /Total on Testnet Text \$([\d,.]+)/u)).toBe(total);
  });

  it('masks every amount and value on every view while the user hides balances', async () => {
    const wallet = await walletWith({ hideBalances: true });
    await sendTwoStrk(wallet);
    const texts = await everyView(wallet);
    for (const [view, text] of Object.entries(texts)) {
      // Named, so that a failure says which view showed an amount.
      expect({ view, amount: AMOUNT.exec(text)?.[0] }).toStrictEqual({
        view,
        amount: undefined,
      });
    }
    expect(texts.overview).toContain(`STRK Text ${MASK}`);
    expect(texts.overview).toContain(`STRK staked Text ${MASK}`);
    expect(texts.activity).toContain(`Sent ${MASK} to 0x0000…cdef`);
    expect(texts.detail).toMatch(/Fee +Text ••••••/u);
    expect(texts.stake).toContain(`Staked Text ${MASK}`);
    expect(texts.stake).toContain(`Delegated Text ${MASK}`);
  });

  it('shows them all once the user turns hiding off', async () => {
    const wallet = await walletWith({ hideBalances: false });
    await sendTwoStrk(wallet);
    const texts = await everyView(wallet);
    expect(Object.values(texts).join('\n')).not.toContain(MASK);
    expect(texts.overview).toMatch(/STRK Text \d[\d.]* STRK · \$\d/u);
    expect(texts.overview).toContain('STRK staked Text 100 STRK · $50.00');
    expect(texts.activity).toContain('Sent 2 STRK to 0x0000…cdef');
    expect(texts.detail).toMatch(/Fee +Text \d[\d.]* STRK/u);
    expect(texts.stake).toContain('Staked Text 100 STRK');
    expect(texts.stake).toMatch(/Delegated Text \d[\d.]* STRK/u);
  });

  it("writes dates in the user's locale, in UTC, on the page and in a dialog, beside the number signed", async () => {
    const wallet = await walletWith({ locale: 'de' });
    await sendTwoStrk(wallet);
    const activity = await openHome(wallet, 'activity');
    expect(textOf(activity.content)).toMatch(
      /Details \(\d\d\.\d\d\.\d{4}, \d\d:\d\d UTC\)/u,
    );
    expect(await firstDetail(activity)).toMatch(
      /Sent +Text \d\d\.\d\d\.\d{4}, \d\d:\d\d UTC/u,
    );
    const pending = invoke(wallet, 'snapnet_signMessage', {
      typedDataMessage: {
        types: {
          StarknetDomain: typedDataRevision1.types.StarknetDomain,
          Session: [{ name: 'Expires At', type: 'timestamp' }],
        },
        primaryType: 'Session',
        domain: typedDataRevision1.domain,
        message: { 'Expires At': 1_900_000_000 },
      },
      signerAddress: ACCOUNT_0.address,
    });
    const dialog = await confirmationOf(pending);
    // 2030-03-17 17:46:40 UTC, as signed and in German.
    expect(textOf(dialog.content)).toContain(
      '17.03.2030, 17:46:40 UTC (1900000000)',
    );
    await dialog.cancel();
  });

  it("writes amounts in the user's locale on the page and in a dialog, exactly", async () => {
    const wallet = await walletWith({ locale: 'de' });
    const overview = textOf((await openHome(wallet)).content);
    // What is left of the 1,000 STRK funded, fees paid: a decimal comma
    // (and a dot between thousands), the value in German too.
    expect(overview).toMatch(
      /STRK Text \d{1,3}(?:\.\d{3})*,\d+ STRK · \d{1,3}(?:\.\d{3})*,\d\d \$/u,
    );
    const pending = invoke(wallet, 'snapnet_executeTxn', {
      address: ACCOUNT_0.address,
      calls: [
        {
          contractAddress: STRK,
          entrypoint: 'transfer',
          // 999.5 STRK and one wei: nothing rounded.
          calldata: [RECIPIENT, '0x362ed9526c0aee0001', '0x0'],
        },
      ],
    });
    const dialog = await confirmationOf(pending);
    expect(textOf(dialog.content)).toContain(
      'Send 999,500000000000000001 STRK',
    );
    await dialog.cancel();
  });

  it("reads a staked amount in the user's locale: 2,5 in German, and 2.500 (which could be 2500) refused", async () => {
    const wallet = await walletWith({ locale: 'de' });
    const stake = await openHome(wallet, 'stake');
    const [poolOption] = elementsOf(stake.content, 'Option').filter(
      ({ children }) => textOf(children).includes('STRK · 5 %'),
    );
    await stake.selectInDropdown('stake-enter:from', ACCOUNT_0.address);
    await stake.selectInDropdown('stake-enter:pool', String(poolOption?.value));
    await stake.typeInField('stake-enter:amount', '2.500');
    const refused = await act(wallet, stake, async () =>
      stake.clickElement('stake-enter:submit'),
    );
    expect(refused.text).toContain(
      'Amount: enter a positive number with at most 18 decimals, without thousands separators (e.g. 1,5)',
    );
    expect(refused.dialog).toBe('');

    await refused.page.typeInField('stake-enter:amount', '2,5');
    const read = await act(
      wallet,
      refused.page,
      async () => refused.page.clickElement('stake-enter:submit'),
      decline,
    );
    expect(read.dialog).toContain('2,5 STRK');
    expect(read.text).toContain('Cancelled: nothing was done.');
  });
});

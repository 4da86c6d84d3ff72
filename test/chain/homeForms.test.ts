import { installSnap } from '@metamask/snaps-jest';

import { deployAccount0 } from './actions';
import { act, decline, openHome } from './homePage';
import type { HomeInterface } from './homePage';
import { ONE_STRK, useFundedNode } from './node';
import { ACCOUNT_0, MAINNET, STRK } from '../fixtures';
import {
  confirmationOf,
  createAccount,
  installSharedWallet,
  installWallet,
  invoke,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';

/**
 * The page's forms that sign, driven as a hurried user and a busy wallet
 * drive them: two presses of one form send once, and a form sends on the
 * network it was drawn for or not at all (src/features/home/signingForm.ts).
 */

const RECIPIENT =
  '0x0000000000000000000000000000000000000000000000000000000000abcdef';
const testNode = useFundedNode(ACCOUNT_0.address, 100n * ONE_STRK);

/**
 * Send's form, filled: 1.5 STRK from account 0 to RECIPIENT.
 *
 * @param wallet - The snap.
 * @returns The page showing the filled form.
 */
async function filledSendForm(wallet: Wallet): Promise<HomeInterface> {
  const home = await openHome(wallet, 'send');
  await home.selectInDropdown('send-from', ACCOUNT_0.address);
  await home.selectInDropdown('send-token', STRK);
  await home.typeInField('send-to', RECIPIENT);
  await home.typeInField('send-amount', '1.5');
  return home;
}

/**
 * A site switches the wallet to Mainnet, the user approving.
 *
 * @param wallet - The snap.
 */
async function siteSwitchesToMainnet(wallet: Wallet): Promise<void> {
  const switching = invoke(wallet, 'snapnet_switchNetwork', {
    chainId: MAINNET,
  });
  await (await confirmationOf(switching)).ok();
  expect(await switching).toRespondWith(true);
}

describe("the page's forms that sign", () => {
  beforeAll(async () => {
    await deployAccount0(await installSharedWallet());
  });

  it('sends once when Review and send is pressed twice: one confirmation, one transaction, the second press answered; the sent form is drawn empty', async () => {
    const wallet = await installWallet();
    await createAccount(wallet, { addressIndex: 0 });
    const home = await filledSendForm(wallet);
    testNode().resetRequestCount();

    const first = home.clickElement('home-send:submit');
    // One interface is current for the whole simulated snap: a harmless
    // request's getInterface() answers the page's confirmation.
    const dialog = await confirmationOf(
      invoke(wallet, 'snapnet_getCurrentNetwork'),
    );
    expect(textOf(dialog.content)).toContain('Send 1.5 STRK');

    // The second press arrives while the confirmation is open.
    const answering = home.waitForUpdate();
    await home.clickElement('home-send:submit');
    const answered = await answering;
    expect(textOf(answered.content)).toContain(
      'Already on its way: answer the confirmation that is open. Nothing else was sent.',
    );

    const sending = answered.waitForUpdate();
    await dialog.ok();
    await first;
    const sent = textOf((await sending).content);
    expect(sent).toMatch(/Sent\. Transaction 0x[0-9a-f]+/u);
    expect(testNode().requestCount('starknet_addInvokeTransaction')).toBe(1);

    // Pressed again after it was sent: the form is a new, empty one, and
    // nothing is built from it.
    const again = await act(wallet, await sending, async () =>
      (await sending).clickElement('home-send:submit'),
    );
    expect(again.text).toContain('Amount: enter a positive number of STRK');
    expect(again.dialog).toBe('');
    expect(testNode().requestCount('starknet_addInvokeTransaction')).toBe(1);
  });

  it("reads the amount in the user's locale: 1,5 in German is one and a half; 1.000, which could be a thousand, is refused, and nothing is built", async () => {
    const wallet = await installSnap({ options: { locale: 'de' } });
    await createAccount(wallet, { addressIndex: 0 });
    const home = await openHome(wallet, 'send');
    expect(JSON.stringify(home.content)).toContain('"placeholder":"1,5"');
    await home.selectInDropdown('send-from', ACCOUNT_0.address);
    await home.selectInDropdown('send-token', STRK);
    await home.typeInField('send-to', RECIPIENT);
    await home.typeInField('send-amount', '1.000');
    testNode().resetRequestCount();

    // No dialog opens: act() would wait for its answer.
    const refused = await act(wallet, home, async () =>
      home.clickElement('home-send:submit'),
    );
    expect(refused.text).toContain(
      'Amount: enter a positive number of STRK with at most 18 decimals, without thousands separators (e.g. 1,5).',
    );
    // The page is drawn again (its reads), but no transaction is built.
    for (const method of [
      'starknet_getNonce',
      'starknet_simulateTransactions',
      'starknet_estimateFee',
    ]) {
      expect(testNode().requestCount(method)).toBe(0);
    }

    await refused.page.typeInField('send-amount', '1,5');
    const read = await act(
      wallet,
      refused.page,
      async () => refused.page.clickElement('home-send:submit'),
      decline,
    );
    expect(read.dialog).toContain('Send 1,5 STRK');
    expect(read.text).toContain('Cancelled: nothing was done.');
    expect(testNode().requestCount('starknet_addInvokeTransaction')).toBe(0);
  });

  it('refuses a Send form drawn on Testnet once a site has switched the wallet to Mainnet: nothing sent, the page drawn again on Mainnet', async () => {
    const wallet = await installWallet();
    await createAccount(wallet, { addressIndex: 0 });
    const home = await filledSendForm(wallet);
    expect(textOf(home.content)).toContain('Send on Testnet');
    await siteSwitchesToMainnet(wallet);
    testNode().resetRequestCount();

    // No dialog opens: act() would wait for its answer.
    const refused = await act(wallet, home, async () =>
      home.clickElement('home-send:submit'),
    );
    expect(refused.text).toContain(
      'Nothing was sent: this page was drawn for Testnet, and the wallet is now on Mainnet.',
    );
    // Drawn again on Mainnet, where the wallet has no account.
    expect(refused.text).not.toContain('Send on Testnet');
    expect(refused.text).toContain('No account or token on this network yet');
    expect(testNode().roundTripCount()).toBe(0);
  });

  it("refuses an account's deployment drawn on Testnet once a site has switched the wallet to Mainnet", async () => {
    const wallet = await installWallet();
    // Account 1: not deployed on this node.
    const { address } = await createAccount(wallet, { addressIndex: 1 });
    const home = await openHome(wallet, 'accounts');
    expect(textOf(home.content)).toContain('Deploy this account');
    await siteSwitchesToMainnet(wallet);
    testNode().resetRequestCount();

    const refused = await act(wallet, home, async () =>
      home.clickElement(`home-deploy:${address}`),
    );
    expect(refused.text).toContain(
      'Nothing was sent: this page was drawn for Testnet, and the wallet is now on Mainnet.',
    );
    expect(refused.text).not.toContain('Deploy this account');
    expect(refused.text).toContain('Add an account on Mainnet');
    expect(testNode().roundTripCount()).toBe(0);
  });
});

import { deployAccount0 } from './actions';
import {
  act,
  approve,
  decline,
  inputCount,
  openHome,
  openView,
} from './homePage';
import type { Dialog, ViewName } from './homePage';
import { startHostileNode } from './hostile-node';
import { ONE_STRK, useFundedNode } from './node';
import { ACCOUNT_0, DAPP_ORIGIN, MAINNET, STRK } from '../fixtures';
import {
  createAccount,
  errorOf,
  installSharedWallet,
  installWallet,
  invoke,
  plainResultOf,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';
import { TEST_MAINNET_PORT, TEST_MAINNET_SPARE_PORT } from '../ports';
import type { LocalNode } from '@snapnet/local-node';
import { startLocalNode } from '@snapnet/local-node';

/** The test build's Mainnet nodes, as the page lists them. */
const DEFAULT_MAINNET_NODES = [TEST_MAINNET_PORT, TEST_MAINNET_SPARE_PORT]
  .map((port) => `http://127.0.0.1:${port}/rpc`)
  .join(', ');

const RECIPIENT =
  '0x0000000000000000000000000000000000000000000000000000000000abcdef';
const testNode = useFundedNode(ACCOUNT_0.address, 100n * ONE_STRK);

/**
 * Account 0's Mainnet STRK balance, as a dapp asks it.
 *
 * @param wallet - The snap.
 * @returns The latest balance (hex).
 */
async function mainnetBalance(wallet: Wallet): Promise<string> {
  const balance = await plainResultOf(
    invoke(wallet, 'snapnet_getErc20TokenBalance', {
      tokenAddress: STRK,
      userAddress: ACCOUNT_0.address,
      chainId: MAINNET,
    }),
  );
  return String(balance.balanceLatest);
}

describe('the home page', () => {
  beforeAll(async () => {
    await deployAccount0(await installSharedWallet());
  });

  it('opens on an overview: the network, each account with its name, full address, deployment and balances, in one node batch, and at most two inputs', async () => {
    const wallet = await installWallet();
    await createAccount(wallet, { addressIndex: 0 });
    await createAccount(wallet, { addressIndex: 1 });
    await createAccount(wallet, { addressIndex: 2 });
    testNode().resetRequestCount();
    const home = await openHome(wallet);
    const text = textOf(home.content);
    // One batch: deployments, balances, names (received tokens are
    // searched in the background); the paymaster is asked only by Send.
    expect(testNode().requestCount('paymaster_getSupportedTokens')).toBe(0);
    expect(testNode().roundTripCount()).toBe(1);
    expect(text).toContain('Testnet');
    expect(text).toContain('Account 0 · deployed');
    expect(text).toContain('Account 2 · not deployed yet');
    expect(text).toContain(ACCOUNT_0.address);
    expect(text).toMatch(/STRK Text \d+(\.\d+)? STRK/u);
    for (const action of [
      'Send',
      'Receive',
      'Activity',
      'Tokens',
      'Accounts',
      'Settings',
      'Refresh',
    ]) {
      expect(text).toContain(action);
    }
    // Three accounts, and one input: the network switch.
    expect(inputCount(home.content)).toBeLessThanOrEqual(2);
    expect(text).not.toContain('Rename');
    expect(text).not.toContain(DAPP_ORIGIN);
  });

  it('reaches every view with one click, each with its way back to the overview', async () => {
    const wallet = await installWallet();
    await createAccount(wallet, { addressIndex: 0 });
    const views: [ViewName, string][] = [
      ['send', 'Review and send'],
      ['receive', 'Receive to which account?'],
      ['activity', 'No transaction yet on this network.'],
      ['tokens', 'Add a token by address'],
      ['accounts', 'Create the next account'],
      ['settings', DAPP_ORIGIN],
    ];
    for (const [view, shown] of views) {
      const page = await openHome(wallet, view);
      expect(textOf(page.content)).toContain(shown);
      expect(textOf(page.content)).toContain('home-view:overview Back');
      const back = await openView(page, 'overview');
      expect(textOf(back.content)).toContain('Account 0 · deployed');
      expect(textOf(back.content)).not.toContain(shown);
    }
  });

  it('reads the node only for what a view shows: Settings and Receive ask nothing', async () => {
    const wallet = await installSharedWallet();
    const home = await openHome(wallet);
    for (const view of ['settings', 'receive'] as const) {
      testNode().resetRequestCount();
      await openView(home, view);
      expect(testNode().roundTripCount()).toBe(0);
    }
  });

  it('renames an account in Accounts and stays there with the notice; switches the network on the overview', async () => {
    const wallet = await installWallet();
    await createAccount(wallet, { addressIndex: 0 });
    const home = await openHome(wallet, 'accounts');
    await home.typeInField(`home-rename:${ACCOUNT_0.address}:name`, 'Savings');
    const renamed = await act(wallet, home, async () =>
      home.clickElement(`home-rename:${ACCOUNT_0.address}:submit`),
    );
    expect(renamed.text).toContain('Renamed to Savings.');
    expect(renamed.text).toContain('Savings · deployed');
    // Still in Accounts: its forms, and its way back.
    expect(renamed.text).toContain('Create the next account');
    expect(renamed.text).toContain('Back');
    const overview = await openView(renamed.page, 'overview');
    expect(textOf(overview.content)).toContain('Savings · deployed');
    await act(wallet, overview, async () =>
      overview.selectInDropdown('home-network', MAINNET),
    );
    const onMainnet = textOf((await openHome(wallet)).content);
    expect(onMainnet).toContain(`Mainnet (${MAINNET})`);
    expect(onMainnet).toContain('No account on this network yet');
  });

  it('sends through the same confirmation as executeTxn, and shows the result in Send', async () => {
    const wallet = await installWallet();
    await createAccount(wallet, { addressIndex: 0 });
    const overview = await openHome(wallet);
    testNode().resetRequestCount();
    const home = await openView(overview, 'send');
    // Send reads the balances (one batch) and the paymaster's tokens.
    expect(testNode().requestCount('paymaster_getSupportedTokens')).toBe(1);
    expect(testNode().roundTripCount()).toBe(1 + 1);
    await home.selectInDropdown('send-from', ACCOUNT_0.address);
    await home.selectInDropdown('send-token', STRK);
    await home.typeInField('send-to', RECIPIENT);
    await home.typeInField('send-amount', '1.5');
    const { dialog: shown, text: page } = await act(
      wallet,
      home,
      async () => home.clickElement('home-send:submit'),
      approve,
    );
    // The title says what the transaction does, its recipient short.
    expect(shown).toContain(
      `Heading Send 1.5 STRK to ${RECIPIENT.slice(0, 6)}…${RECIPIENT.slice(-4)}`,
    );
    expect(shown).toContain(`Send 1.5 STRK to ${RECIPIENT}`);
    expect(shown).toContain(RECIPIENT);
    expect(shown).toContain('-1.5 STRK');
    expect(shown).toContain('Maximum fee');
    expect(shown).toContain('Starknet Wallet page in MetaMask');
    expect(page).toMatch(/Sent\. Transaction 0x[0-9a-f]+/u);
    expect(page).toContain('Review and send');
  });

  it('keeps a half-filled send form when the view is drawn again: Refresh after a change in the background, an action that is refused', async () => {
    const wallet = await installWallet();
    // Account 1 (empty, not deployed) first: the form's first choice.
    await createAccount(wallet, { addressIndex: 1 });
    await createAccount(wallet, { addressIndex: 0 });
    const home = await openHome(wallet, 'send');
    await home.selectInDropdown('send-from', ACCOUNT_0.address);
    await home.selectInDropdown('send-token', STRK);
    await home.typeInField('send-to', RECIPIENT);
    await home.typeInField('send-amount', '1.25');
    // A site adds an account while the page is open; Refresh shows it.
    await createAccount(wallet, { addressIndex: 2 });
    const refreshed = await act(wallet, home, async () =>
      home.clickElement('home-refresh'),
    );
    expect(refreshed.text).toContain('Account 2');
    expect(refreshed.text).toContain('Review and send');
    // What the user chose and typed is what the form sends.
    const { dialog, text, page } = await act(
      wallet,
      refreshed.page,
      async () => refreshed.page.clickElement('home-send:submit'),
      decline,
    );
    expect(dialog).toContain('Send 1.25 STRK');
    expect(dialog).toContain(RECIPIENT);
    expect(dialog).toContain(ACCOUNT_0.address);
    expect(text).toContain('Cancelled: nothing was done.');
    // A refused amount draws Send again, the rest of the form kept.
    await page.typeInField('send-amount', '-1');
    const refused = await act(wallet, page, async () =>
      page.clickElement('home-send:submit'),
    );
    expect(refused.text).toContain('Amount: enter a positive number');
    await refused.page.typeInField('send-amount', '0.5');
    const again = await act(
      wallet,
      refused.page,
      async () => refused.page.clickElement('home-send:submit'),
      decline,
    );
    expect(again.dialog).toContain('Send 0.5 STRK');
    expect(again.dialog).toContain(RECIPIENT);
  });

  it('says so when the user declines the send, or the amount is not one', async () => {
    const wallet = await installWallet();
    await createAccount(wallet, { addressIndex: 0 });
    const home = await openHome(wallet, 'send');
    await home.selectInDropdown('send-from', ACCOUNT_0.address);
    await home.typeInField('send-to', RECIPIENT);
    await home.typeInField('send-amount', '1.0000000000000000001');
    expect(
      (
        await act(wallet, home, async () =>
          home.clickElement('home-send:submit'),
        )
      ).text,
    ).toContain('Amount: enter a positive number');
    const again = await openHome(wallet, 'send');
    await again.selectInDropdown('send-from', ACCOUNT_0.address);
    await again.typeInField('send-to', RECIPIENT);
    await again.typeInField('send-amount', '2');
    expect(
      (
        await act(
          wallet,
          again,
          async () => again.clickElement('home-send:submit'),
          decline,
        )
      ).text,
    ).toContain('Cancelled: nothing was done.');
  });

  it("withdraws a site's access in Settings", async () => {
    const wallet = await installSharedWallet();
    const home = await openHome(wallet, 'settings');
    const { text } = await act(wallet, home, async () =>
      home.clickElement(`home-revoke:${DAPP_ORIGIN}`),
    );
    expect(text).toContain(`${DAPP_ORIGIN} no longer sees any account.`);
    expect(text).toContain('Add network');
    const refused = await errorOf(
      invoke(wallet, 'snapnet_extractPublicKey', {
        userAddress: ACCOUNT_0.address,
      }),
    );
    expect(refused.code).toBe(4100);
  });

  describe('networks', () => {
    let other: LocalNode;

    beforeAll(async () => {
      other = await startLocalNode({
        host: '127.0.0.1',
        chainId: 'SN_HOME',
      });
    });

    afterAll(async () => {
      await other.stop();
    });

    it('adds a network after its node and the user agree, and removes it', async () => {
      const wallet = await installSharedWallet();
      const home = await openHome(wallet, 'settings');
      await home.typeInField('network-name', 'Home devnet');
      await home.typeInField('network-chain-id', '0x534e5f484f4d45');
      await home.typeInField('network-rpc-url', other.url);
      const { dialog: shown, text: added } = await act(
        wallet,
        home,
        async () => home.clickElement('home-add-network:submit'),
        approve,
      );
      expect(shown).toContain('Add network');
      expect(shown).toContain(other.url);
      expect(added).toContain('Added Home devnet.');
      expect(added).toContain('Remove Home devnet');
      const reopened = await openHome(wallet, 'settings');
      const removed = (
        await act(wallet, reopened, async () =>
          reopened.clickElement('home-remove-network:0x534e5f484f4d45'),
        )
      ).text;
      expect(removed).toContain('Network removed.');
      expect(removed).not.toContain('Remove Home devnet');
    });

    it("points a built-in network at the user's node after the same check and a dialog, and goes back to the default nodes", async () => {
      const mainnetNode = await startLocalNode({
        host: '127.0.0.1',
        chainId: 'SN_MAIN',
      });
      try {
        const wallet = await installSharedWallet();
        const home = await openHome(wallet, 'settings');
        expect(textOf(home.content)).toContain(
          `Node URL (default nodes, tried in order): ${DEFAULT_MAINNET_NODES}`,
        );
        await home.typeInField(`home-set-node:${MAINNET}:url`, mainnetNode.url);
        const { dialog: shown, text: changed } = await act(
          wallet,
          home,
          async () => home.clickElement(`home-set-node:${MAINNET}:submit`),
          approve,
        );
        expect(shown).toContain('Change node');
        expect(shown).toContain('Starknet Wallet page in MetaMask');
        expect(shown).toContain(mainnetNode.url);
        expect(shown).toContain(`Instead of: ${DEFAULT_MAINNET_NODES}`);
        expect(changed).toContain(`Mainnet now uses ${mainnetNode.url}.`);
        expect(changed).toContain(`Node URL (your node): ${mainnetNode.url}`);

        // Every Mainnet request now goes to that node, and to it only.
        mainnetNode.resetRequestCount();
        expect(await mainnetBalance(wallet)).toBe('0x0');
        expect(mainnetNode.roundTripCount()).toBe(1);

        const reopened = await openHome(wallet, 'settings');
        const back = (
          await act(wallet, reopened, async () =>
            reopened.clickElement(`home-default-nodes:${MAINNET}`),
          )
        ).text;
        expect(back).toContain('Back to the default nodes, tried in order.');
        expect(back).toContain(
          `Node URL (default nodes, tried in order): ${DEFAULT_MAINNET_NODES}`,
        );
        mainnetNode.resetRequestCount();
        // Nothing listens at the test build's Mainnet nodes.
        expect(
          (
            await errorOf(
              invoke(wallet, 'snapnet_getErc20TokenBalance', {
                tokenAddress: STRK,
                userAddress: ACCOUNT_0.address,
                chainId: MAINNET,
              }),
            )
          ).code,
        ).toBe(-32002);
        expect(mainnetNode.roundTripCount()).toBe(0);
      } finally {
        await mainnetNode.stop();
      }
    });

    it('refuses a node of another chain or JSON-RPC version for a network, and keeps its nodes when the user declines', async () => {
      const mainnetNode = await startLocalNode({
        host: '127.0.0.1',
        chainId: 'SN_MAIN',
      });
      const oldSpec = await startHostileNode({ target: mainnetNode.url });
      oldSpec.script('starknet_specVersion', () => ({ result: '0.9.0' }));
      try {
        const wallet = await installSharedWallet();
        const attempt = async (
          url: string,
          answer?: (dialog: Dialog) => Promise<void>,
        ): Promise<string> => {
          const home = await openHome(wallet, 'settings');
          await home.typeInField(`home-set-node:${MAINNET}:url`, url);
          const { text } = await act(
            wallet,
            home,
            async () => home.clickElement(`home-set-node:${MAINNET}:submit`),
            answer,
          );
          return text;
        };
        const otherChain = await attempt(other.url);
        expect(otherChain).toContain(
          `serves chain 0x534e5f484f4d45, not ${MAINNET}; nothing was changed`,
        );
        const otherVersion = await attempt(oldSpec.url);
        expect(otherVersion).toContain(
          `rpcUrl: the node at ${oldSpec.url} speaks Starknet JSON-RPC 0.9.0; this wallet speaks 0.10.x`,
        );
        const declined = await attempt(mainnetNode.url, decline);
        expect(declined).toContain('Cancelled: the node was not changed.');
        for (const page of [otherChain, otherVersion, declined]) {
          expect(page).toContain(
            `Node URL (default nodes, tried in order): ${DEFAULT_MAINNET_NODES}`,
          );
        }
      } finally {
        await oldSpec.close();
        await mainnetNode.stop();
      }
    });

    it('refuses a node that serves another chain, adding nothing', async () => {
      const wallet = await installSharedWallet();
      const home = await openHome(wallet, 'settings');
      await home.typeInField('network-name', 'Wrong');
      await home.typeInField('network-chain-id', '0x534e5f4d41494f');
      await home.typeInField('network-rpc-url', other.url);
      const { text } = await act(wallet, home, async () =>
        home.clickElement('home-add-network:submit'),
      );
      expect(text).toContain('serves chain 0x534e5f484f4d45');
      expect(text).not.toContain('Remove Wrong');
    });
  });
});

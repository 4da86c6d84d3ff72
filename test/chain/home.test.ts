import { deployAccount0 } from './actions';
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

type HomeInterface =
  Awaited<ReturnType<Wallet['onHomePage']>> extends {
    getInterface(): infer Ui;
  }
    ? Ui
    : never;

/**
 * Opens the home page as MetaMask does.
 *
 * @param wallet - The snap.
 * @returns The page's interface.
 */
async function openHome(wallet: Wallet): Promise<HomeInterface> {
  return (await wallet.onHomePage()).getInterface();
}

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

/**
 * Does something on the page and reads the page it leads to.
 *
 * @param home - The page.
 * @param action - What the user does (its promise may wait on a dialog).
 * @param dialog - Answers the dialog the action opens, if it opens one.
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
 * The dialog a home-page action opened. The simulation keeps one current
 * interface for the whole snap, and any request's getInterface() answers
 * it: a harmless request stands in for the page's event.
 *
 * @param wallet - The snap.
 * @returns The dialog.
 */
async function dialogOfPage(
  wallet: Wallet,
): Promise<Awaited<ReturnType<ReturnType<typeof invoke>['getInterface']>>> {
  return invoke(wallet, 'snapnet_getCurrentNetwork').getInterface();
}

/**
 * Approves a confirmation.
 *
 * @param dialog - The dialog.
 */
async function approve(
  dialog: Awaited<ReturnType<typeof dialogOfPage>>,
): Promise<void> {
  if (dialog.type !== 'confirmation') {
    throw new Error(`Expected a confirmation, got ${String(dialog.type)}`);
  }
  await dialog.ok();
}

/**
 * Declines a confirmation.
 *
 * @param dialog - The dialog.
 */
async function decline(
  dialog: Awaited<ReturnType<typeof dialogOfPage>>,
): Promise<void> {
  if (dialog.type !== 'confirmation') {
    throw new Error(`Expected a confirmation, got ${String(dialog.type)}`);
  }
  await dialog.cancel();
}

describe('the home page', () => {
  beforeAll(async () => {
    await deployAccount0(await installSharedWallet());
  });

  it('shows the network, each account with its name, address, deployment and balances, in one node batch (received tokens are searched in the background)', async () => {
    const wallet = await installWallet();
    await createAccount(wallet, { addressIndex: 0 });
    testNode().resetRequestCount();
    const home = await openHome(wallet);
    const text = textOf(home.content);
    // One batch: balances, deployments, statuses (received tokens are
    // searched in the background). Beside it, the paymaster (served at the
    // node's URL here) is asked its tokens once.
    expect(testNode().requestCount('paymaster_getSupportedTokens')).toBe(1);
    expect(testNode().roundTripCount()).toBe(1 + 1);
    expect(text).toContain('Testnet');
    expect(text).toContain('Account 0 · deployed');
    expect(text).toContain(ACCOUNT_0.address);
    expect(text).toMatch(/STRK Text \d+(\.\d+)? STRK/u);
    expect(text).toContain(DAPP_ORIGIN);
  });

  it('renames an account and switches the network', async () => {
    const wallet = await installWallet();
    await createAccount(wallet, { addressIndex: 0 });
    const home = await openHome(wallet);
    await home.typeInField(`home-rename:${ACCOUNT_0.address}:name`, 'Savings');
    expect(
      await pageAfter(home, async () =>
        home.clickElement(`home-rename:${ACCOUNT_0.address}:submit`),
      ),
    ).toContain('Savings · deployed');
    await pageAfter(home, async () =>
      home.selectInDropdown('home-network', MAINNET),
    );
    const onMainnet = textOf((await openHome(wallet)).content);
    expect(onMainnet).toContain(`Mainnet (${MAINNET})`);
    expect(onMainnet).toContain('No account on this network yet');
  });

  it('sends through the same confirmation as executeTxn, and shows the result', async () => {
    const wallet = await installWallet();
    await createAccount(wallet, { addressIndex: 0 });
    const home = await openHome(wallet);
    await home.selectInDropdown('send-from', ACCOUNT_0.address);
    await home.selectInDropdown('send-token', STRK);
    await home.typeInField('send-to', RECIPIENT);
    await home.typeInField('send-amount', '1.5');
    let shown = '';
    const page = await pageAfter(
      home,
      async () => home.clickElement('home-send:submit'),
      async () => {
        const dialog = await dialogOfPage(wallet);
        shown = textOf(dialog.content);
        await approve(dialog);
      },
    );
    expect(shown).toContain('Send transaction');
    expect(shown).toContain('Send 1.5 STRK');
    expect(shown).toContain(RECIPIENT);
    expect(shown).toContain('-1.5 STRK');
    expect(shown).toContain('Maximum fee');
    expect(shown).toContain('Starknet Wallet page in MetaMask');
    expect(page).toMatch(/Sent\. Transaction 0x[0-9a-f]+/u);
  });

  it('says so when the user declines the send, or the amount is not one', async () => {
    const wallet = await installWallet();
    await createAccount(wallet, { addressIndex: 0 });
    const home = await openHome(wallet);
    await home.selectInDropdown('send-from', ACCOUNT_0.address);
    await home.typeInField('send-to', RECIPIENT);
    await home.typeInField('send-amount', '1.0000000000000000001');
    expect(
      await pageAfter(home, async () => home.clickElement('home-send:submit')),
    ).toContain('Amount: enter a positive number');
    const again = await openHome(wallet);
    await again.selectInDropdown('send-from', ACCOUNT_0.address);
    await again.typeInField('send-to', RECIPIENT);
    await again.typeInField('send-amount', '2');
    expect(
      await pageAfter(
        again,
        async () => again.clickElement('home-send:submit'),
        async () => decline(await dialogOfPage(wallet)),
      ),
    ).toContain('Cancelled: nothing was done.');
  });

  it("withdraws a site's access", async () => {
    const wallet = await installSharedWallet();
    const home = await openHome(wallet);
    expect(
      await pageAfter(home, async () =>
        home.clickElement(`home-revoke:${DAPP_ORIGIN}`),
      ),
    ).toContain(`${DAPP_ORIGIN} no longer sees any account.`);
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
      const home = await openHome(wallet);
      await home.typeInField('network-name', 'Home devnet');
      await home.typeInField('network-chain-id', '0x534e5f484f4d45');
      await home.typeInField('network-rpc-url', other.url);
      let shown = '';
      const added = await pageAfter(
        home,
        async () => home.clickElement('home-add-network:submit'),
        async () => {
          const dialog = await dialogOfPage(wallet);
          shown = textOf(dialog.content);
          await approve(dialog);
        },
      );
      expect(shown).toContain('Add network');
      expect(shown).toContain(other.url);
      expect(added).toContain('Added Home devnet.');
      expect(added).toContain('Remove Home devnet');
      const reopened = await openHome(wallet);
      const removed = await pageAfter(reopened, async () =>
        reopened.clickElement('home-remove-network:0x534e5f484f4d45'),
      );
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
        const home = await openHome(wallet);
        expect(textOf(home.content)).toContain(
          `Node URL (default nodes, tried in order): ${DEFAULT_MAINNET_NODES}`,
        );
        await home.typeInField(`home-set-node:${MAINNET}:url`, mainnetNode.url);
        let shown = '';
        const changed = await pageAfter(
          home,
          async () => home.clickElement(`home-set-node:${MAINNET}:submit`),
          async () => {
            const dialog = await dialogOfPage(wallet);
            shown = textOf(dialog.content);
            await approve(dialog);
          },
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

        const reopened = await openHome(wallet);
        const back = await pageAfter(reopened, async () =>
          reopened.clickElement(`home-default-nodes:${MAINNET}`),
        );
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
          dialog?: () => Promise<void>,
        ): Promise<string> => {
          const home = await openHome(wallet);
          await home.typeInField(`home-set-node:${MAINNET}:url`, url);
          return pageAfter(
            home,
            async () => home.clickElement(`home-set-node:${MAINNET}:submit`),
            dialog,
          );
        };
        const otherChain = await attempt(other.url);
        expect(otherChain).toContain(
          `serves chain 0x534e5f484f4d45, not ${MAINNET}; nothing was changed`,
        );
        const otherVersion = await attempt(oldSpec.url);
        expect(otherVersion).toContain(
          `rpcUrl: the node at ${oldSpec.url} speaks Starknet JSON-RPC 0.9.0; this wallet speaks 0.10.x`,
        );
        const declined = await attempt(mainnetNode.url, async () =>
          decline(await dialogOfPage(wallet)),
        );
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
      const home = await openHome(wallet);
      await home.typeInField('network-name', 'Wrong');
      await home.typeInField('network-chain-id', '0x534e5f4d41494f');
      await home.typeInField('network-rpc-url', other.url);
      const text = await pageAfter(home, async () =>
        home.clickElement('home-add-network:submit'),
      );
      expect(text).toContain('serves chain 0x534e5f484f4d45');
      expect(text).not.toContain('Remove Wrong');
    });
  });
});

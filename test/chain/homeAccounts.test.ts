import { encode, renderSVG } from 'uqr';

import { receiptOf } from './actions';
import {
  act,
  approve,
  decline,
  elementsOf,
  openFreshHome,
  openHome,
  openView,
  qrImagesOf,
  stateOf,
} from './homePage';
import {
  mintStrk,
  nodeRequest,
  ONE_STRK,
  SN_DEVNET,
  useFundedNode,
  useRuntimeNetworkNode,
} from './node';
import { ACCOUNT_0, DAPP_ORIGIN, TESTNET } from '../fixtures';
import {
  confirmationOf,
  createAccount,
  errorOf,
  invoke,
  plainResultOf,
  textOf,
} from '../installedWallet';
import { installSimulatedSnap, storedState } from '../snapState';

/**
 * The accounts of the home page, driven as the user drives it: create the
 * next account (shared with no site), find the deployed ones, deploy one
 * through the transaction dialog, and show an address with its QR code.
 */

const testNode = useFundedNode(ACCOUNT_0.address, 100n * ONE_STRK);

/** The Argent 0.3.1 class the wallet deploys. */
const ARGENT_CLASS =
  '0x29927c8af6bccf3f6fda035981e765a7bdbf18a2dc0d630494f8758aa908e2b';

/**
 * The class hash deployed at an address, or the node's error code.
 *
 * @param address - The address.
 * @returns The class hash, or `error <code>`.
 */
async function classAt(address: string): Promise<string> {
  try {
    return String(
      await nodeRequest(testNode(), 'starknet_getClassHashAt', {
        block_id: 'latest',
        contract_address: address,
      }),
    );
  } catch (error) {
    const code = /"code":(\d+)/u.exec(String(error))?.[1];
    return `error ${code ?? String(error)}`;
  }
}

/**
 * Deploys an account of the test phrase through a dapp (createAccount
 * {deploy: true}, funded first), as another wallet with the same phrase
 * would have done.
 *
 * @param addressIndex - The index.
 * @returns Its address.
 */
async function deployThroughDapp(addressIndex: number): Promise<string> {
  const wallet = await installSimulatedSnap();
  const { address } = await createAccount(wallet, { addressIndex });
  await mintStrk(testNode(), address, 10n * ONE_STRK);
  const pending = invoke(wallet, 'snapnet_createAccount', {
    addressIndex,
    deploy: true,
  });
  await (await confirmationOf(pending)).ok();
  const { transaction_hash: hash } = await plainResultOf(pending);
  await receiptOf(testNode(), hash);
  return address;
}

describe('accounts on the home page', () => {
  it('creates the next account, named or not, stored for this network and shared with no site', async () => {
    const { snap, home } = await openFreshHome('accounts');
    expect(textOf(home.content)).toContain('No account on this network yet');
    await home.typeInField('home-create-account:name:0', 'Savings');
    const first = await act(snap, home, async () =>
      home.clickElement('home-create-account:submit'),
    );
    expect(first.dialog).toBe('');
    expect(first.text).toContain(
      `Created ${ACCOUNT_0.address}, shared with no site.`,
    );
    expect(first.text).toContain('Savings · not deployed yet');
    expect(textOf((await openHome(snap, 'settings')).content)).toContain(
      'No site has been given an account.',
    );
    expect(first.text).not.toContain('Starknet Wallet page in MetaMask');

    // The name field is emptied: the next account has the default name.
    const second = await act(snap, first.page, async () =>
      first.page.clickElement('home-create-account:submit'),
    );
    expect(second.text).toMatch(
      /Created 0x[0-9a-f]{64}, shared with no site\..*Account 1 · not deployed yet/su,
    );

    const state = stateOf(snap);
    expect(state.permissions).toStrictEqual([]);
    expect(state.accounts).toHaveLength(2);
    expect(state.accounts[0]).toMatchObject({
      address: ACCOUNT_0.address,
      addressIndex: 0,
      publicKey: ACCOUNT_0.publicKey,
      chainId: TESTNET,
      kind: 'argent-cairo1',
      name: 'Savings',
      deployTxnHash: '',
    });
    expect(state.accounts[1]).toMatchObject({ addressIndex: 1 });
    expect(state.accounts[1]).not.toHaveProperty('name');

    // A site sees none of them: it has no account, may not use them, and
    // its createAccount offers the next index, not one the page made.
    expect(
      await plainResultOf(
        invoke(snap, 'snapnet_revokeAccess', { addresses: [] }),
      ),
    ).toStrictEqual([]);
    expect(
      (
        await errorOf(
          invoke(snap, 'snapnet_extractPublicKey', {
            userAddress: ACCOUNT_0.address,
          }),
        )
      ).code,
    ).toBe(4100);
    const offered = invoke(snap, 'snapnet_createAccount');
    const share = await confirmationOf(offered);
    const shareText = textOf(share.content);
    expect(shareText).toContain('Account 2:');
    expect(shareText).not.toContain(ACCOUNT_0.address);
    await share.cancel();
    expect((await errorOf(offered)).code).toBe(4001);
  });

  it('refuses a name the wallet does not accept, creating nothing', async () => {
    const { snap, home } = await openFreshHome('accounts');
    await home.typeInField('home-create-account:name:0', 'x'.repeat(33));
    const before = storedState(snap);
    const { text } = await act(snap, home, async () =>
      home.clickElement('home-create-account:submit'),
    );
    expect(text).toContain('Name:');
    expect(text).toContain('No account on this network yet');
    expect(storedState(snap)).toStrictEqual(before);
  });

  it('deploys an account from the page through the transaction dialog: declined sends nothing, approved deploys it', async () => {
    const { snap, home } = await openFreshHome('accounts');
    const created = await act(snap, home, async () =>
      home.clickElement('home-create-account:submit'),
    );
    expect(await classAt(ACCOUNT_0.address)).toBe('error 20');

    const declined = await act(
      snap,
      created.page,
      async () => created.page.clickElement(`home-deploy:${ACCOUNT_0.address}`),
      decline,
    );
    expect(declined.dialog).toContain('Maximum fee');
    expect(declined.dialog).toContain(ACCOUNT_0.address);
    expect(declined.dialog).toContain('Starknet Wallet page in MetaMask');
    expect(declined.dialog).not.toContain('shares this account');
    expect(declined.text).toContain('Cancelled: nothing was done.');
    expect(declined.text).toContain('Account 0 · not deployed yet');
    expect(await classAt(ACCOUNT_0.address)).toBe('error 20');
    expect(stateOf(snap).accounts[0]).toMatchObject({ deployTxnHash: '' });

    const approved = await act(
      snap,
      declined.page,
      async () =>
        declined.page.clickElement(`home-deploy:${ACCOUNT_0.address}`),
      approve,
    );
    const hash = /Deployment sent\. Transaction (0x[0-9a-f]+)/u.exec(
      approved.text,
    )?.[1];
    expect(hash).toBeDefined();
    await receiptOf(testNode(), hash ?? '');
    expect(await classAt(ACCOUNT_0.address)).toBe(ARGENT_CLASS);
    expect(approved.text).toContain('Account 0 · deployed');
    expect(approved.text).not.toContain('Deploy this account');
    expect(stateOf(snap)).toMatchObject({
      accounts: [{ address: ACCOUNT_0.address, deployTxnHash: hash }],
      permissions: [],
    });
  });

  it('finds the deployed accounts of this wallet, past undeployed ones, and says how many', async () => {
    if ((await classAt(ACCOUNT_0.address)) !== ARGENT_CLASS) {
      await deployThroughDapp(0);
    }
    const third = await deployThroughDapp(3);
    const { snap, home } = await openFreshHome('accounts');
    const found = await act(snap, home, async () =>
      home.clickElement('home-recover-accounts'),
    );
    expect(found.dialog).toBe('');
    expect(found.text).toContain(
      'Found 2 deployed accounts on Testnet, 2 new on this page.',
    );
    expect(found.text).toContain('Account 0 · deployed');
    expect(found.text).toContain('Account 3 · deployed');
    const state = stateOf(snap);
    expect(state.permissions).toStrictEqual([]);
    expect(state.accounts.map(({ address }) => address)).toStrictEqual([
      ACCOUNT_0.address,
      third,
    ]);

    const again = await act(snap, found.page, async () =>
      found.page.clickElement('home-recover-accounts'),
    );
    expect(again.text).toContain(
      'Found 2 deployed accounts on Testnet, 0 new on this page.',
    );
    expect(stateOf(snap).accounts).toHaveLength(2);
  });

  it('shows the full address to receive to, with its QR code as an SVG image', async () => {
    const { snap, home } = await openFreshHome('accounts');
    const created = await act(snap, home, async () =>
      home.clickElement('home-create-account:submit'),
    );
    expect(qrImagesOf(created.page.content)).toHaveLength(0);
    const receive = await openView(
      await openView(created.page, 'overview'),
      'receive',
    );
    expect(textOf(receive.content)).toContain('Receive to which account?');
    expect(qrImagesOf(receive.content)).toHaveLength(0);
    const receiving = await act(snap, receive, async () =>
      receive.clickElement(`home-receive:${ACCOUNT_0.address}`),
    );
    expect(receiving.text).toContain('Receive to Account 0');
    expect(
      elementsOf(receiving.page.content, 'Copyable').map(({ value }) => value),
    ).toContain(ACCOUNT_0.address);
    const images = qrImagesOf(receiving.page.content);
    expect(images).toHaveLength(1);
    expect(images[0]?.alt).toBe(`QR code of ${ACCOUNT_0.address}`);
    const svg = String(images[0]?.src);

    // The library's rendering of exactly this address.
    const options = { boostEcc: true, border: 4, pixelSize: 1 };
    expect(svg).toBe(renderSVG(ACCOUNT_0.address, options));
    // A well-formed SVG document: one root, a white square, one path.
    const parts =
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 (\d+) \1"><rect fill="white" width="\1" height="\1"\/><path fill="black" d="([^"]*)"\/><\/svg>$/u.exec(
        svg,
      );
    expect(parts).not.toBeNull();
    // Its dark squares are the modules of the address's QR code.
    const { data, size } = encode(ACCOUNT_0.address, options);
    const dark = new Set(
      [...(parts?.[2] ?? '').matchAll(/M(\d+),(\d+)h1v1h-1z/gu)].map(
        ([, column, row]) => `${column},${row}`,
      ),
    );
    const expected = new Set(
      data.flatMap((modules, row) =>
        modules.flatMap((on, column) => (on ? [`${column},${row}`] : [])),
      ),
    );
    expect(Number(parts?.[1])).toBe(size);
    expect(dark).toStrictEqual(expected);
    expect(dark.size).toBeGreaterThan(size);

    const hidden = await act(snap, receiving.page, async () =>
      receiving.page.clickElement('home-receive:'),
    );
    expect(qrImagesOf(hidden.page.content)).toHaveLength(0);
    expect(hidden.text).toContain('Receive to which account?');
  });

  describe('on a network a site added', () => {
    const devnet = useRuntimeNetworkNode();

    it("asks before the site's node sees the addresses a recovery scans: declined, the node is asked nothing", async () => {
      const { snap } = await openFreshHome('accounts');
      const adding = invoke(snap, 'snapnet_addNetwork', {
        name: 'Site devnet',
        chainId: SN_DEVNET,
        rpcUrl: devnet().url,
      });
      await (await confirmationOf(adding)).ok();
      await adding;
      const switching = invoke(snap, 'snapnet_switchNetwork', {
        chainId: SN_DEVNET,
      });
      await (await confirmationOf(switching)).ok();
      await switching;
      const home = await openHome(snap, 'accounts');
      const created = await act(snap, home, async () =>
        home.clickElement('home-create-account:submit'),
      );
      // Created, and not shown to the site's node.
      expect(created.text).toContain('Account 0 · not read');
      expect(created.text).not.toContain('Deploy this account');

      devnet().resetRequestCount();
      const declined = await act(
        snap,
        created.page,
        async () => created.page.clickElement('home-recover-accounts'),
        decline,
      );
      expect(declined.dialog).toContain(
        "This site's node will see your accounts",
      );
      expect(declined.dialog).toContain(DAPP_ORIGIN);
      expect(declined.dialog).not.toContain('are shared with');
      expect(declined.text).toContain('Cancelled: nothing was done.');
      expect(devnet().roundTripCount()).toBe(0);

      const approved = await act(
        snap,
        declined.page,
        async () => declined.page.clickElement('home-recover-accounts'),
        approve,
      );
      expect(approved.text).toContain(
        'Found 0 deployed accounts on Site devnet, 0 new on this page.',
      );
      expect(devnet().roundTripCount()).toBeGreaterThan(0);
      expect(stateOf(snap).permissions).toStrictEqual([]);
    });
  });
});

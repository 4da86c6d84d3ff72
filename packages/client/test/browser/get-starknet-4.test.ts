/**
 * get-starknet 4 (`@starknet-io/get-starknet` 4.0.8, core 4.0.8) in
 * Chromium: its modal lists the injected `window.starknet_snapnet` as
 * Snapnet, the user picks it and shares the account; starknet.js's
 * `WalletAccount` signs and sends on the local node, and the injected
 * object's `networkChanged` reaches the page.
 */
import { callDapp } from './harness';
import { useLibraryPage } from './libraryFixture';
import {
  connectsSharingAccount0,
  hearsNetworkChange,
  sendsTransfer,
  signsTypedData,
} from './steps';
import { MAINNET, TESTNET } from '../../../../test/fixtures';
import { DEFAULT_ICON } from '../../src';

const setup = useLibraryPage('get-starknet-4.ts');

describe('get-starknet 4.0.8', () => {
  it('lists the wallet as Snapnet in its modal; the user picks it and shares the account', async () => {
    await connectsSharingAccount0(setup.lib, async () => {
      const modal = setup.lib.page.getByRole('dialog');
      const snapnet = modal.locator('li', { hasText: 'Snapnet' });
      expect(
        await snapnet.locator('img[alt="Snapnet"]').getAttribute('src'),
      ).toBe(DEFAULT_ICON);
      await setup.lib.screenshot('get-starknet-4-modal');
      await snapnet.click();
    });
    expect(await callDapp(setup.lib.page, 'wallets')).toStrictEqual([
      { id: 'snapnet', name: 'Snapnet' },
    ]);
  });

  it('signs typed data with the account', async () => {
    await signsTypedData(setup.lib);
  });

  it('sends a transfer on the local node', async () => {
    await sendsTransfer(setup.lib, setup.node);
  });

  it('hears the network change (networkChanged), and back', async () => {
    await hearsNetworkChange(setup.lib, MAINNET, 'networkChanged');
    await hearsNetworkChange(setup.lib, TESTNET, 'networkChanged');
    await setup.lib.screenshot('get-starknet-4');
  });

  it('loaded nothing from elsewhere', () => {
    expect(setup.lib.remoteRequests).toStrictEqual([]);
  });
});

/**
 * get-starknet 4 (`@starknet-io/get-starknet` 4.0.8, core 4.0.8) in
 * Chromium: its modal lists the injected `window.starknet_snapnet` as
 * Snapnet, the user picks it and shares the account; starknet.js's
 * `WalletAccount` signs and sends on the local node, and the injected
 * object's `networkChanged` reaches the page.
 */
import type { LocalNode } from '@snapnet/local-node';
import { resolve } from 'path';

import { startFundedNode } from './checks';
import { callDapp, openLibraryPage } from './harness';
import type { LibraryPage } from './harness';
import {
  connectsSharingAccount0,
  hearsNetworkChange,
  sendsTransfer,
  signsTypedData,
} from './steps';
import { MAINNET, TESTNET } from '../../../../test/fixtures';
import { DEFAULT_ICON } from '../../src';

let node: LocalNode;
let lib: LibraryPage;

beforeAll(async () => {
  node = await startFundedNode();
  lib = await openLibraryPage(
    resolve(__dirname, 'pages/get-starknet-4.ts'),
    node.url,
  );
}, 60000);

afterAll(async () => {
  await lib?.close();
  await node?.stop();
});

describe('get-starknet 4.0.8', () => {
  it('lists the wallet as Snapnet in its modal; the user picks it and shares the account', async () => {
    await connectsSharingAccount0(lib, async () => {
      const modal = lib.page.getByRole('dialog');
      const snapnet = modal.locator('li', { hasText: 'Snapnet' });
      expect(
        await snapnet.locator('img[alt="Snapnet"]').getAttribute('src'),
      ).toBe(DEFAULT_ICON);
      await lib.screenshot('get-starknet-4-modal');
      await snapnet.click();
    });
    expect(await callDapp(lib.page, 'wallets')).toStrictEqual([
      { id: 'snapnet', name: 'Snapnet' },
    ]);
  });

  it('signs typed data with the account', async () => {
    await signsTypedData(lib);
  });

  it('sends a transfer on the local node', async () => {
    await sendsTransfer(lib, node);
  });

  it('hears the network change (networkChanged), and back', async () => {
    await hearsNetworkChange(lib, MAINNET, 'networkChanged');
    await hearsNetworkChange(lib, TESTNET, 'networkChanged');
    await lib.screenshot('get-starknet-4');
  });

  it('loaded nothing from elsewhere', () => {
    expect(lib.remoteRequests).toStrictEqual([]);
  });
});

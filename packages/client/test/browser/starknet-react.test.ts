/**
 * `@starknet-react/core` 5.0.3 (React 18.3.1) in Chromium: its
 * `useInjectedConnectors` lists the injected `window.starknet_snapnet` as
 * Snapnet; its hooks connect, read account and chain, sign, send on the
 * local node, and `useAccount` follows the network change.
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

let node: LocalNode;
let lib: LibraryPage;

beforeAll(async () => {
  node = await startFundedNode();
  lib = await openLibraryPage(
    resolve(__dirname, 'pages/starknet-react.ts'),
    node.url,
  );
}, 60000);

afterAll(async () => {
  await lib?.close();
  await node?.stop();
});

describe('@starknet-react/core 5.0.3', () => {
  it('lists the injected wallet as the connector Snapnet (id snapnet)', async () => {
    await lib.page.locator('#connectors li[data-id="snapnet"]').waitFor();
    expect(await callDapp(lib.page, 'wallets')).toStrictEqual([
      { id: 'snapnet', name: 'Snapnet' },
    ]);
  });

  it('connects once the user shares the account; useAccount shows account and chain', async () => {
    await connectsSharingAccount0(lib);
    await lib.page
      .locator(`#account[data-status="connected"][data-chain="${TESTNET}"]`)
      .waitFor();
  });

  it('signs typed data with the account (useSignTypedData)', async () => {
    await signsTypedData(lib);
  });

  it('sends a transfer on the local node (useSendTransaction)', async () => {
    await sendsTransfer(lib, node);
  });

  it('follows the network change (useSwitchChain, then useAccount)', async () => {
    await hearsNetworkChange(lib, MAINNET, 'useAccount');
    await lib.page.locator(`#account[data-chain="${MAINNET}"]`).waitFor();
    await lib.screenshot('starknet-react');
  });

  it('loaded nothing from elsewhere', () => {
    expect(lib.remoteRequests).toStrictEqual([]);
  });
});

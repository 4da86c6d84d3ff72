/**
 * get-starknet 5 (`@starknet-io/get-starknet-core` 5.0.0's store, checked
 * with `@starknet-io/get-starknet-wallet-standard` 6.0.6) in Chromium: it
 * discovers the snap's wallet-standard wallet as Snapnet, connects, reads
 * account and chain, signs, sends on the local node and hears the network
 * change.
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
import { MAINNET } from '../../../../test/fixtures';

let node: LocalNode;
let lib: LibraryPage;

beforeAll(async () => {
  node = await startFundedNode();
  lib = await openLibraryPage(
    resolve(__dirname, 'pages/get-starknet-5.ts'),
    node.url,
  );
}, 60000);

afterAll(async () => {
  await lib?.close();
  await node?.stop();
});

describe('get-starknet 5 (core 5.0.0, wallet-standard 6.0.6)', () => {
  it('discovers the wallet once, as Snapnet with the id snapnet (registered and injected)', async () => {
    expect(await callDapp(lib.page, 'wallets')).toStrictEqual([
      { id: 'snapnet', name: 'Snapnet' },
    ]);
  });

  it('connects once the user shares the account, and reads account and chain', async () => {
    await connectsSharingAccount0(lib);
  });

  it('signs typed data with the account', async () => {
    await signsTypedData(lib);
  });

  it('sends a transfer on the local node', async () => {
    await sendsTransfer(lib, node);
  });

  it('hears the network change (standard:events change)', async () => {
    await hearsNetworkChange(lib, MAINNET, 'change');
    await lib.screenshot('get-starknet-5');
  });

  it('loaded nothing from elsewhere', () => {
    expect(lib.remoteRequests).toStrictEqual([]);
  });
});

/**
 * starknet.js 10's wallet-standard accounts (`WalletAccountV5`,
 * `WalletAccountV6`) in Chromium, the wallet found by get-starknet 5:
 * connect, account and chain, signing, a transfer on the local node, and
 * the network change through `onChange`.
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

beforeAll(async () => {
  node = await startFundedNode();
});

afterAll(async () => {
  await node?.stop();
});

describe.each(['V5', 'V6'])('starknet.js 10.8.0 WalletAccount%s', (variant) => {
  let lib: LibraryPage;

  beforeAll(async () => {
    lib = await openLibraryPage(
      resolve(__dirname, 'pages/starknet-js.ts'),
      node.url,
      { variant },
    );
  }, 60000);

  afterAll(async () => {
    await lib?.close();
  });

  it('finds the wallet as Snapnet (id snapnet)', async () => {
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

  it('hears the network change (onChange)', async () => {
    await hearsNetworkChange(lib, MAINNET, 'change');
    await lib.screenshot(`starknet-js-${variant}`);
  });

  it('loaded nothing from elsewhere', () => {
    expect(lib.remoteRequests).toStrictEqual([]);
  });
});

/**
 * get-starknet 5 (`@starknet-io/get-starknet-core` 5.0.0's store, checked
 * with `@starknet-io/get-starknet-wallet-standard` 6.0.6) in Chromium: it
 * discovers the snap's wallet-standard wallet as Snapnet, connects, reads
 * account and chain, signs, sends on the local node and hears the network
 * change.
 */
import type { LocalNode } from '@snapnet/local-node';
import { resolve } from 'path';

import {
  ACCOUNT_0,
  AMOUNT,
  MAINNET,
  signedByAccount0,
  startFundedNode,
  strkBalance,
  STRK,
  succeeded,
  TESTNET,
  TYPED_DATA,
} from './checks';
import { callDapp, openLibraryPage } from './harness';
import type { LibraryPage } from './harness';

let node: LocalNode;
let lib: LibraryPage;

beforeAll(async () => {
  node = await startFundedNode();
  lib = await openLibraryPage(
    resolve(__dirname, 'pages/get-starknet-5.ts'),
    node.url,
  );
});

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
    const connecting = callDapp(lib.page, 'connect');
    expect(await lib.metamask.approveNext('snapnet_createAccount')).toContain(
      ACCOUNT_0.address,
    );
    expect(await connecting).toStrictEqual({
      address: ACCOUNT_0.address,
      chainId: TESTNET,
    });
  });

  it('signs typed data with the account', async () => {
    const signing = callDapp(lib.page, 'signTypedData', TYPED_DATA);
    await lib.metamask.approveNext('snapnet_signMessage');
    expect(signedByAccount0(await signing)).toBe(true);
  });

  it('sends a transfer on the local node', async () => {
    const recipient = node.accounts[0]?.address ?? '';
    const before = await strkBalance(node, recipient);
    const sending = callDapp(lib.page, 'transfer', {
      token: STRK,
      recipient,
      amount: AMOUNT.toString(),
    });
    await lib.metamask.approveNext('snapnet_executeTxn');
    expect(await succeeded(node, await sending)).toBe(true);
    expect((await strkBalance(node, recipient)) - before).toBe(AMOUNT);
  });

  it('hears the network change', async () => {
    const switching = callDapp(lib.page, 'switchChain', MAINNET);
    await lib.metamask.approveNext('snapnet_switchNetwork');
    await switching;
    await lib.page
      .locator(`li.event[data-kind="change"][data-chain="${MAINNET}"]`)
      .waitFor();
    await lib.screenshot('get-starknet-5');
  });

  it('loaded nothing from elsewhere', () => {
    expect(lib.remoteRequests).toStrictEqual([]);
  });
});

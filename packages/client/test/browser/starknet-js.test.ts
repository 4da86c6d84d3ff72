/**
 * starknet.js 10's wallet-standard accounts (`WalletAccountV5`,
 * `WalletAccountV6`) in Chromium, the wallet found by get-starknet 5:
 * connect, account and chain, signing, a transfer on the local node, and
 * the network change through `onChange`.
 */
import { callDapp } from './harness';
import { useFundedNode, useLibraryPage } from './libraryFixture';
import {
  connectsSharingAccount0,
  hearsNetworkChange,
  sendsTransfer,
  signsTypedData,
} from './steps';
import { MAINNET } from '../../../../test/fixtures';

// One node for both variants; each opens its own page.
const shared = useFundedNode();

describe.each(['V5', 'V6'])('starknet.js 10.8.0 WalletAccount%s', (variant) => {
  const setup = useLibraryPage('starknet-js.ts', {
    on: shared,
    query: { variant },
  });

  it('finds the wallet as Snapnet (id snapnet)', async () => {
    expect(await callDapp(setup.lib.page, 'wallets')).toStrictEqual([
      { id: 'snapnet', name: 'Snapnet' },
    ]);
  });

  it('connects once the user shares the account, and reads account and chain', async () => {
    await connectsSharingAccount0(setup.lib);
  });

  it('signs typed data with the account', async () => {
    await signsTypedData(setup.lib);
  });

  it('sends a transfer on the local node', async () => {
    await sendsTransfer(setup.lib, setup.node);
  });

  it('hears the network change (onChange)', async () => {
    await hearsNetworkChange(setup.lib, MAINNET, 'change');
    await setup.lib.screenshot(`starknet-js-${variant}`);
  });

  it('loaded nothing from elsewhere', () => {
    expect(setup.lib.remoteRequests).toStrictEqual([]);
  });
});

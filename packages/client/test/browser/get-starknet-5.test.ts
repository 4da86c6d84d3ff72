/**
 * get-starknet 5 (`@starknet-io/get-starknet-core` 5.0.0's store, checked
 * with `@starknet-io/get-starknet-wallet-standard` 6.0.6) in Chromium: it
 * discovers the snap's wallet-standard wallet as Snapnet, connects, reads
 * account and chain, signs, sends on the local node and hears the network
 * change.
 */
import { callDapp } from './harness';
import { useLibraryPage } from './libraryFixture';
import {
  connectsSharingAccount0,
  hearsNetworkChange,
  sendsTransfer,
  signsTypedData,
} from './steps';
import { MAINNET } from '../../../../test/fixtures';

const setup = useLibraryPage('get-starknet-5.ts');

describe('get-starknet 5 (core 5.0.0, wallet-standard 6.0.6)', () => {
  it('discovers the wallet once, as Snapnet with the id snapnet (registered and injected)', async () => {
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

  it('hears the network change (standard:events change)', async () => {
    await hearsNetworkChange(setup.lib, MAINNET, 'change');
    await setup.lib.screenshot('get-starknet-5');
  });

  it('loaded nothing from elsewhere', () => {
    expect(setup.lib.remoteRequests).toStrictEqual([]);
  });
});

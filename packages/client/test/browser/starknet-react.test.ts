/**
 * `@starknet-react/core` 5.0.3 (React 18.3.1) in Chromium: its
 * `useInjectedConnectors` lists the injected `window.starknet_snapnet` as
 * Snapnet; its hooks connect, read account and chain, sign, send on the
 * local node, and `useAccount` follows the network change.
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

const setup = useLibraryPage('starknet-react.ts');

describe('@starknet-react/core 5.0.3', () => {
  it('lists the injected wallet as the connector Snapnet (id snapnet)', async () => {
    await setup.lib.page.locator('#connectors li[data-id="snapnet"]').waitFor();
    expect(await callDapp(setup.lib.page, 'wallets')).toStrictEqual([
      { id: 'snapnet', name: 'Snapnet' },
    ]);
  });

  it('connects once the user shares the account; useAccount shows account and chain', async () => {
    await connectsSharingAccount0(setup.lib);
    await setup.lib.page
      .locator(`#account[data-status="connected"][data-chain="${TESTNET}"]`)
      .waitFor();
  });

  it('signs typed data with the account (useSignTypedData)', async () => {
    await signsTypedData(setup.lib);
  });

  it('sends a transfer on the local node (useSendTransaction)', async () => {
    await sendsTransfer(setup.lib, setup.node);
  });

  it('follows the network change (useSwitchChain, then useAccount)', async () => {
    await hearsNetworkChange(setup.lib, MAINNET, 'useAccount');
    await setup.lib.page.locator(`#account[data-chain="${MAINNET}"]`).waitFor();
    await setup.lib.screenshot('starknet-react');
  });

  it('loaded nothing from elsewhere', () => {
    expect(setup.lib.remoteRequests).toStrictEqual([]);
  });
});

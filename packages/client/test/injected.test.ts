/**
 * get-starknet 4's injected object over the real snap: its events follow
 * the wallet's account (connect, network switch, disconnect) and its older
 * methods answer through the same wallet API.
 */
import {
  connectSharing,
  simulatedMetaMask,
  SNAP_ID,
  withoutDialog,
} from './metamask';
import { ACCOUNT_0, MAINNET, TESTNET } from '../../../test/fixtures';
import {
  createStarknetWallet,
  createStarknetWindowObject,
  SnapClient,
} from '../src';

/** What the injected object told its listeners, in order. */
type Heard = [string, ...unknown[]][];

/**
 * A wallet over a fresh snap, its injected object and what that object's
 * listeners heard.
 *
 * @returns Them.
 */
async function injectedWallet(): Promise<{
  metamask: Awaited<ReturnType<typeof simulatedMetaMask>>;
  wallet: ReturnType<typeof createStarknetWallet>;
  injected: ReturnType<typeof createStarknetWindowObject>['injected'];
  heard: Heard;
}> {
  const metamask = await simulatedMetaMask();
  const wallet = createStarknetWallet({
    client: new SnapClient(metamask, SNAP_ID),
  });
  const { injected } = createStarknetWindowObject(wallet);
  const heard: Heard = [];
  injected.on('accountsChanged', (accounts) =>
    heard.push(['accountsChanged', accounts]),
  );
  injected.on('networkChanged', (chainId, accounts) =>
    heard.push(['networkChanged', chainId, accounts]),
  );
  return { metamask, wallet, injected, heard };
}

describe('the injected get-starknet 4 object over the snap', () => {
  it('tells accountsChanged on connect, networkChanged on a switch, accountsChanged [] on disconnect', async () => {
    const { metamask, wallet, injected, heard } = await injectedWallet();
    expect(await withoutDialog(injected.isPreauthorized())).toBe(false);

    await connectSharing(wallet, metamask);
    expect(heard).toStrictEqual([['accountsChanged', [ACCOUNT_0.address]]]);
    expect(injected.isConnected).toBe(true);
    expect(injected.selectedAddress).toBe(ACCOUNT_0.address);
    expect(injected.chainId).toBe(TESTNET);
    expect(await withoutDialog(injected.isPreauthorized())).toBe(true);

    const switching = injected.request({
      type: 'wallet_switchStarknetChain',
      params: { chainId: MAINNET },
    });
    await metamask.approveNext('snapnet_switchNetwork');
    expect(await switching).toBe(true);
    expect(heard.slice(1)).toStrictEqual([
      ['networkChanged', MAINNET, [ACCOUNT_0.address]],
    ]);

    await wallet.features['standard:disconnect'].disconnect();
    expect(heard.slice(2)).toStrictEqual([['accountsChanged', []]]);
    expect(injected.isConnected).toBe(false);
  });

  it('enable() connects as wallet_requestAccounts does; off() stops a listener', async () => {
    const { metamask, injected, heard } = await injectedWallet();
    const listener = (): number => heard.push(['removed listener']);
    injected.on('accountsChanged', listener);
    injected.off('accountsChanged', listener);

    const enabling = injected.enable();
    await metamask.approveNext('snapnet_createAccount');
    expect(await enabling).toStrictEqual([ACCOUNT_0.address]);
    expect(heard).toStrictEqual([['accountsChanged', [ACCOUNT_0.address]]]);
  });
});

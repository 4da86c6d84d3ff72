import { typedData as starknetTypedData, ec } from 'starknet';

import {
  account0Shared,
  simulatedMetaMask,
  SNAP_ID,
  SNAP_VERSION,
  withoutDialog,
} from './metamask';
import {
  ACCOUNT_0,
  DAPP_ORIGIN,
  MAINNET,
  TESTNET,
  typedDataRevision1,
} from '../../../test/fixtures';
import {
  AccountNotSharedError,
  connect,
  InvalidParamsError,
  MethodNotFoundError,
  SnapClient,
  SnapClientError,
  SnapNotInstalledError,
  UserRejectedError,
} from '../src';
import type { SnapResult } from '../src';
import type { SimulatedMetaMask } from '@snapnet/client/testing';
import { announceProvider } from '@snapnet/client/testing';

const TYPED_DATA = typedDataRevision1;

/**
 * A page on which the simulated MetaMask announces itself over EIP-6963 as
 * MetaMask Flask.
 *
 * @param provider - The simulated MetaMask.
 * @returns The page.
 */
function pageWithFlask(provider: SimulatedMetaMask): EventTarget {
  const target = new EventTarget();
  announceProvider(target, provider);
  return target;
}

/**
 * A connected client over a freshly installed snap.
 *
 * @returns The client and the MetaMask it talks to.
 */
async function connected(): Promise<{
  client: SnapClient;
  metamask: SimulatedMetaMask;
}> {
  const metamask = await simulatedMetaMask();
  const client = await connect({ snapId: SNAP_ID, provider: metamask });
  return { client, metamask };
}

describe('connecting', () => {
  it('finds MetaMask with EIP-6963, installs the snap and reports it installed', async () => {
    const metamask = await simulatedMetaMask();
    const client = await connect({
      snapId: SNAP_ID,
      version: SNAP_VERSION,
      target: pageWithFlask(metamask),
    });
    expect(client.provider).toBe(metamask);
    expect(await client.isInstalled()).toBe(true);
    expect(await client.invoke('snapnet_getCurrentNetwork')).toEqual({
      name: expect.any(String),
      chainId: TESTNET,
    });
  });

  it('is not installed before connect, and invoking then fails with SnapNotInstalledError', async () => {
    const client = new SnapClient(await simulatedMetaMask(), SNAP_ID);
    expect(await client.isInstalled()).toBe(false);
    await expect(client.invoke('snapnet_getCurrentNetwork')).rejects.toThrow(
      SnapNotInstalledError,
    );
    expect(await client.connect()).toEqual({
      id: SNAP_ID,
      version: SNAP_VERSION,
      enabled: true,
      blocked: false,
    });
    expect(await client.isInstalled()).toBe(true);
  });

  it('fails with UserRejectedError when the user declines the connection', async () => {
    const metamask = await simulatedMetaMask();
    metamask.approveConnection = false;
    const client = new SnapClient(metamask, SNAP_ID);
    await expect(client.connect()).rejects.toThrow(UserRejectedError);
    expect(await client.isInstalled()).toBe(false);
  });

  it('reports the error MetaMask gives for a version it cannot satisfy', async () => {
    const client = new SnapClient(await simulatedMetaMask(), SNAP_ID);
    const failure = client.connect('99.0.0');
    await expect(failure).rejects.toThrow(SnapClientError);
    await expect(failure).rejects.toThrow(/Version mismatch/u);
  });
});

/**
 * A connected client to which the user shared account 0, approving
 * createAccount's dialog.
 *
 * @returns The client and its MetaMask.
 */
async function sharingAccount0(): ReturnType<typeof connected> {
  const { client, metamask } = await connected();
  const creating = client.invoke('snapnet_createAccount', {
    addressIndex: 0,
    chainId: TESTNET,
  });
  await metamask.approveNext('snapnet_createAccount');
  expect((await creating).address).toBe(ACCOUNT_0.address);
  return { client, metamask };
}

describe('typed invoke against the real snap', () => {
  it('creates an account once the user shares it with the site, then reads its public key', async () => {
    const { client, metamask } = await connected();
    const creating = client.invoke('snapnet_createAccount', {
      addressIndex: 0,
      deploy: false,
      chainId: TESTNET,
    });
    const dialog = await metamask.approveNext('snapnet_createAccount');
    expect(dialog).toContain('Share account');
    expect(dialog).toContain(DAPP_ORIGIN);
    expect(dialog).toContain(ACCOUNT_0.address);
    const account = await creating;
    // Typed by the snap's result struct: a wrong field would not compile.
    const typed: SnapResult<'snapnet_createAccount'> = account;
    expect(typed).toEqual({ address: ACCOUNT_0.address, transaction_hash: '' });
    expect(
      await client.invoke('snapnet_extractPublicKey', {
        userAddress: account.address,
        chainId: TESTNET,
      }),
    ).toBe(ACCOUNT_0.publicKey);
    // Already recorded and shared: returned without a dialog.
    expect(
      await withoutDialog(
        client.invoke('snapnet_createAccount', {
          addressIndex: 0,
          chainId: TESTNET,
        }),
      ),
    ).toEqual(typed);
  });

  it('fails with UserRejectedError when the user declines to share the account, and shares nothing', async () => {
    const { client, metamask } = await connected();
    const creating = client.invoke('snapnet_createAccount', {
      addressIndex: 0,
      chainId: TESTNET,
    });
    await (await metamask.nextConfirmation('snapnet_createAccount')).cancel();
    await expect(creating).rejects.toThrow(UserRejectedError);
    expect(await account0Shared(metamask)).toBe(false);
  });

  it('fails with AccountNotSharedError (4100), without a dialog, for an unshared account and a foreign address alike', async () => {
    const { client } = await connected();
    for (const address of [ACCOUNT_0.address, '0x1234']) {
      const failure = withoutDialog(
        client.invoke('snapnet_signMessage', {
          typedDataMessage: TYPED_DATA,
          signerAddress: address,
          chainId: TESTNET,
        }),
      );
      await expect(failure).rejects.toThrow(AccountNotSharedError);
      await expect(failure).rejects.toMatchObject({
        code: 4100,
        message: expect.stringContaining(
          `has not been shared with ${DAPP_ORIGIN}`,
        ),
      });
    }
  });

  it('revokes the site’s access: the account is refused afterwards', async () => {
    const { client } = await sharingAccount0();
    expect(
      await client.invoke('snapnet_revokeAccess', { addresses: [] }),
    ).toStrictEqual([ACCOUNT_0.address]);
    expect(
      await client.invoke('snapnet_revokeAccess', {
        addresses: [ACCOUNT_0.address],
      }),
    ).toStrictEqual([]);
    await expect(
      withoutDialog(
        client.invoke('snapnet_extractPublicKey', {
          userAddress: ACCOUNT_0.address,
          chainId: TESTNET,
        }),
      ),
    ).rejects.toThrow(AccountNotSharedError);
  });

  it('signs typed data after the user approves the dialog', async () => {
    const { client, metamask } = await sharingAccount0();
    const signing = client.invoke('snapnet_signMessage', {
      typedDataMessage: TYPED_DATA,
      signerAddress: ACCOUNT_0.address,
      chainId: TESTNET,
    });
    const dialog = await metamask.nextConfirmation('snapnet_signMessage');
    await dialog.ok();
    const [sigR, sigS] = (await signing).split(',');
    const hash = starknetTypedData.getMessageHash(
      TYPED_DATA,
      ACCOUNT_0.address,
    );
    const publicKeys = ['02', '03'].map(
      (parity) => `${parity}${ACCOUNT_0.publicKey.slice(2).padStart(64, '0')}`,
    );
    const signature = new ec.starkCurve.Signature(
      BigInt(sigR ?? '0'),
      BigInt(sigS ?? '0'),
    );
    expect(
      publicKeys.some((key) => ec.starkCurve.verify(signature, hash, key)),
    ).toBe(true);
  });

  it('fails with UserRejectedError when the user cancels the dialog', async () => {
    const { client, metamask } = await sharingAccount0();
    const signing = client.invoke('snapnet_signMessage', {
      typedDataMessage: TYPED_DATA,
      signerAddress: ACCOUNT_0.address,
      chainId: TESTNET,
    });
    const dialog = await metamask.nextConfirmation('snapnet_signMessage');
    await dialog.cancel();
    await expect(signing).rejects.toThrow(UserRejectedError);
    await expect(signing).rejects.toMatchObject({ code: 4001 });
  });

  it('fails with InvalidParamsError naming the field the snap rejected', async () => {
    const { client } = await connected();
    const failure = client.invoke('snapnet_extractPublicKey', {
      userAddress: '0xnot-hex',
      chainId: TESTNET,
    });
    await expect(failure).rejects.toThrow(InvalidParamsError);
    await expect(failure).rejects.toMatchObject({
      code: -32602,
      field: 'userAddress',
    });
  });

  it('fails with InvalidParamsError on an unsupported network', async () => {
    const { client } = await connected();
    await expect(
      client.invoke('snapnet_extractPublicKey', {
        userAddress: ACCOUNT_0.address,
        chainId: '0x1',
      }),
    ).rejects.toMatchObject({ field: 'chainId' });
  });

  it('fails with MethodNotFoundError for a method the snap lacks', async () => {
    const { client } = await connected();
    const failure = client.invokeIfPresent('snapnet_noSuchMethod', {});
    await expect(failure).rejects.toThrow(MethodNotFoundError);
    await expect(failure).rejects.toMatchObject({ code: -32601 });
  });

  it('switches network after approval and reports the new one', async () => {
    const { client, metamask } = await connected();
    const switching = client.invoke('snapnet_switchNetwork', {
      chainId: MAINNET,
    });
    const dialog = await metamask.nextConfirmation('snapnet_switchNetwork');
    await dialog.ok();
    expect(await switching).toBe(true);
    expect(await client.invoke('snapnet_getCurrentNetwork')).toMatchObject({
      chainId: MAINNET,
    });
  });
});

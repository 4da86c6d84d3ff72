import type { StandardEventsChangeProperties } from '@wallet-standard/features';
import { ec, hash, typedData as starknetTypedData } from 'starknet';

import {
  account0Shared,
  connectSharing,
  simulatedMetaMask,
  SNAP_ID,
  withoutDialog,
} from './metamask';
import {
  ACCOUNT_0,
  DAPP_ORIGIN,
  MAINNET,
  STRK,
  TESTNET,
  typedDataRevision1,
} from '../../../test/fixtures';
import {
  ACCOUNT_CLASS_HASH,
  createStarknetWallet,
  SnapClient,
  WalletApiError,
} from '../src';
import type { StarknetSnapWallet } from '../src';
import type { SimulatedMetaMask } from '@snapnet/client/testing';

const TYPED_DATA = typedDataRevision1;

/**
 * The snap's wallet-standard wallet, over a fresh snap, not yet connected.
 *
 * @returns The wallet, its MetaMask and the change events it emits.
 */
async function freshWallet(): Promise<{
  wallet: StarknetSnapWallet;
  metamask: SimulatedMetaMask;
  changes: StandardEventsChangeProperties[];
}> {
  const metamask = await simulatedMetaMask();
  const wallet = createStarknetWallet({
    client: new SnapClient(metamask, SNAP_ID),
  });
  const changes: StandardEventsChangeProperties[] = [];
  wallet.features['standard:events'].on('change', (change) =>
    changes.push(change),
  );
  return { wallet, metamask, changes };
}

/**
 * A connected wallet.
 *
 * @returns The wallet, its MetaMask and its change events.
 */
async function connectedWallet(): ReturnType<typeof freshWallet> {
  const fresh = await freshWallet();
  await connectSharing(fresh.wallet, fresh.metamask);
  return fresh;
}

/**
 * Another wallet of the same site over the same MetaMask and snap, as after
 * a page reload.
 *
 * @param metamask - The MetaMask.
 * @returns The new wallet.
 */
function reloadedWallet(metamask: SimulatedMetaMask): StarknetSnapWallet {
  return createStarknetWallet({ client: new SnapClient(metamask, SNAP_ID) });
}

/**
 * The wallet API error a request fails with.
 *
 * @param request - The pending request.
 * @returns Its code and message.
 */
async function walletError(
  request: Promise<unknown>,
): Promise<{ code: number; message: string }> {
  const { code, message } = await walletApiErrorOf(request);
  return { code, message };
}

/**
 * The WalletApiError a request fails with (anything else fails the test).
 *
 * @param request - The pending request.
 * @returns The error.
 */
async function walletApiErrorOf(
  request: Promise<unknown>,
): Promise<WalletApiError> {
  try {
    await request;
  } catch (error) {
    if (error instanceof WalletApiError) {
      return error;
    }
    throw new Error(`Expected a WalletApiError, got ${String(error)}`);
  }
  throw new Error('Expected the request to fail');
}

describe('standard:connect / disconnect / events', () => {
  it('connects: installs the snap, asks the user to share account 0 with the site, exposes it on the current network', async () => {
    const { wallet, metamask, changes } = await freshWallet();
    expect(wallet.accounts).toStrictEqual([]);
    const { accounts, dialog } = await connectSharing(wallet, metamask);
    expect(dialog).toContain('Share account');
    expect(dialog).toContain(DAPP_ORIGIN);
    expect(dialog).toContain(ACCOUNT_0.address);
    expect(accounts).toHaveLength(1);
    const [account] = wallet.accounts;
    expect(account?.address).toBe(ACCOUNT_0.address);
    expect(account?.chains).toStrictEqual([`starknet:${TESTNET}`]);
    expect(Buffer.from(account?.publicKey ?? []).toString('hex')).toBe(
      ACCOUNT_0.publicKey.slice(2).padStart(64, '0'),
    );
    expect(accounts).toStrictEqual(wallet.accounts);
    expect(changes).toStrictEqual([{ accounts: wallet.accounts }]);
    expect(await account0Shared(metamask)).toBe(true);
    expect(wallet.features['starknet:walletApi'].walletVersion).toMatch(
      /^\d+\.\d+\.\d+/u,
    );
  });

  it('connects again without a dialog once the account is shared, in the same wallet or after a reload', async () => {
    const { wallet, metamask } = await connectedWallet();
    expect(
      (await withoutDialog(wallet.features['standard:connect'].connect()))
        .accounts,
    ).toStrictEqual(wallet.accounts);
    const reloaded = reloadedWallet(metamask);
    const { accounts } = await withoutDialog(
      reloaded.features['standard:connect'].connect(),
    );
    expect(accounts.map(({ address }) => address)).toStrictEqual([
      ACCOUNT_0.address,
    ]);
  });

  it('asks again on connect once the site withdrew its access elsewhere', async () => {
    const { wallet, metamask } = await connectedWallet();
    await new SnapClient(metamask, SNAP_ID).invoke('snapnet_revokeAccess');
    const { accounts, dialog } = await connectSharing(wallet, metamask);
    expect(dialog).toContain(ACCOUNT_0.address);
    expect(accounts).toHaveLength(1);
    expect(await account0Shared(metamask)).toBe(true);
  });

  it('answers no accounts to a silent connect before the user connected, even with the snap installed', async () => {
    const { wallet, metamask } = await freshWallet();
    expect(
      await wallet.features['standard:connect'].connect({ silent: true }),
    ).toStrictEqual({ accounts: [] });
    expect(
      await wallet.api.request({
        type: 'wallet_requestAccounts',
        params: { silent_mode: true },
      }),
    ).toStrictEqual([]);
    // Installed and allowed, but no account shared: still no dialog.
    await new SnapClient(metamask, SNAP_ID).connect();
    expect(
      await withoutDialog(
        wallet.features['standard:connect'].connect({ silent: true }),
      ),
    ).toStrictEqual({ accounts: [] });
    expect(wallet.accounts).toStrictEqual([]);
    expect(await account0Shared(metamask)).toBe(false);
  });

  it('answers the account the site was given to a silent connect after a reload, without a dialog', async () => {
    const { metamask } = await connectedWallet();
    const reloaded = reloadedWallet(metamask);
    const { accounts } = await withoutDialog(
      reloaded.features['standard:connect'].connect({ silent: true }),
    );
    expect(accounts.map(({ address }) => address)).toStrictEqual([
      ACCOUNT_0.address,
    ]);
    expect(reloaded.accounts[0]?.chains).toStrictEqual([`starknet:${TESTNET}`]);
    // Asking which accounts the site sees withdrew none.
    expect(await account0Shared(metamask)).toBe(true);
  });

  it('answers no accounts when the user declines the connection', async () => {
    const { wallet, metamask } = await freshWallet();
    metamask.approveConnection = false;
    expect(
      await wallet.api.request({ type: 'wallet_requestAccounts' }),
    ).toStrictEqual([]);
  });

  it('answers no accounts, and shares nothing, when the user declines to share the account', async () => {
    const { wallet, metamask, changes } = await freshWallet();
    const connecting = wallet.api.request({ type: 'wallet_requestAccounts' });
    await (await metamask.nextConfirmation('snapnet_createAccount')).cancel();
    expect(await connecting).toStrictEqual([]);
    expect(wallet.accounts).toStrictEqual([]);
    expect(changes).toStrictEqual([]);
    expect(await account0Shared(metamask)).toBe(false);
  });

  it('disconnects: no accounts, a change event, no permissions, the account no longer shared', async () => {
    const { wallet, metamask, changes } = await connectedWallet();
    const { request } = wallet.features['starknet:walletApi'];
    expect(await request({ type: 'wallet_getPermissions' })).toStrictEqual([
      'accounts',
    ]);
    await wallet.features['standard:disconnect'].disconnect();
    expect(wallet.accounts).toStrictEqual([]);
    expect(changes[changes.length - 1]).toStrictEqual({ accounts: [] });
    expect(await request({ type: 'wallet_getPermissions' })).toStrictEqual([]);
    expect(await account0Shared(metamask)).toBe(false);
    expect(
      await withoutDialog(
        wallet.features['standard:connect'].connect({ silent: true }),
      ),
    ).toStrictEqual({ accounts: [] });
    // Connecting again asks the user again.
    const { dialog } = await connectSharing(wallet, metamask);
    expect(dialog).toContain(ACCOUNT_0.address);
    expect(wallet.accounts).toHaveLength(1);
  });

  it('stops calling a listener once it is removed', async () => {
    const { wallet, metamask } = await freshWallet();
    const seen: StandardEventsChangeProperties[] = [];
    const off = wallet.features['standard:events'].on('change', (change) =>
      seen.push(change),
    );
    off();
    await connectSharing(wallet, metamask);
    expect(wallet.accounts).toHaveLength(1);
    expect(seen).toStrictEqual([]);
  });
});

describe('starknet:walletApi against the real snap', () => {
  it('wallet_requestAccounts (the user shares the account) and wallet_requestChainId', async () => {
    const { wallet, metamask } = await freshWallet();
    const { request } = wallet.features['starknet:walletApi'];
    const requesting = request({ type: 'wallet_requestAccounts' });
    expect(await metamask.approveNext('snapnet_createAccount')).toContain(
      ACCOUNT_0.address,
    );
    expect(await requesting).toStrictEqual([ACCOUNT_0.address]);
    expect(await request({ type: 'wallet_requestChainId' })).toBe(TESTNET);
  });

  it('answers 163 for an account the user withdrew from the site, and forgets it until the next connect', async () => {
    const { wallet, metamask, changes } = await connectedWallet();
    const { request } = wallet.features['starknet:walletApi'];
    // The site withdraws its own access outside the wallet (another tab).
    expect(
      await new SnapClient(metamask, SNAP_ID).invoke('snapnet_revokeAccess'),
    ).toStrictEqual([]);
    const failure = await walletApiErrorOf(
      withoutDialog(
        request({ type: 'wallet_signTypedData', params: TYPED_DATA }),
      ),
    );
    expect(failure.code).toBe(163);
    expect(failure.message).toBe('An error occurred (UNKNOWN_ERROR)');
    expect(failure.data).toContain(
      `Account ${ACCOUNT_0.address} has not been shared with ${DAPP_ORIGIN}`,
    );
    expect(failure.data).toContain('Connect again');
    expect(wallet.accounts).toStrictEqual([]);
    expect(changes[changes.length - 1]).toStrictEqual({ accounts: [] });
    expect(await request({ type: 'wallet_getPermissions' })).toStrictEqual([]);

    const requesting = request({ type: 'wallet_requestAccounts' });
    await metamask.approveNext('snapnet_createAccount');
    expect(await requesting).toStrictEqual([ACCOUNT_0.address]);
  });

  it('wallet_switchStarknetChain: approved switches and emits a change', async () => {
    const { wallet, metamask, changes } = await connectedWallet();
    const { request } = wallet.features['starknet:walletApi'];
    expect(
      await request({
        type: 'wallet_switchStarknetChain',
        params: { chainId: TESTNET },
      }),
    ).toBe(true);
    const switching = request({
      type: 'wallet_switchStarknetChain',
      params: { chainId: MAINNET },
    });
    await (await metamask.nextConfirmation('snapnet_switchNetwork')).ok();
    // The account is shared by address, the same on every network: no
    // second dialog.
    expect(await withoutDialog(switching)).toBe(true);
    expect(await request({ type: 'wallet_requestChainId' })).toBe(MAINNET);
    expect(wallet.accounts[0]?.address).toBe(ACCOUNT_0.address);
    expect(wallet.accounts[0]?.chains).toStrictEqual([`starknet:${MAINNET}`]);
    expect(changes[changes.length - 1]?.accounts?.[0]?.chains).toStrictEqual([
      `starknet:${MAINNET}`,
    ]);
  });

  it('wallet_switchStarknetChain: declined gives 113, an unknown chain 112', async () => {
    const { wallet, metamask } = await connectedWallet();
    const { request } = wallet.features['starknet:walletApi'];
    const switching = request({
      type: 'wallet_switchStarknetChain',
      params: { chainId: MAINNET },
    });
    await (await metamask.nextConfirmation('snapnet_switchNetwork')).cancel();
    expect(await walletError(switching)).toStrictEqual({
      code: 113,
      message: 'An error occurred (USER_REFUSED_OP)',
    });
    expect(
      await walletError(
        request({
          type: 'wallet_switchStarknetChain',
          // SN_UNKNOWN: a well-formed chain id the wallet does not have.
          params: { chainId: '0x534e5f554e4b4e4f574e' },
        }),
      ),
    ).toStrictEqual({
      code: 112,
      message: 'An error occurred (UNLISTED_NETWORK)',
    });
    expect(await request({ type: 'wallet_requestChainId' })).toBe(TESTNET);
  });

  it('wallet_signTypedData: the approved signature is an array of felts that verifies', async () => {
    const { wallet, metamask } = await connectedWallet();
    const signing = wallet.features['starknet:walletApi'].request({
      type: 'wallet_signTypedData',
      params: TYPED_DATA,
    });
    await (await metamask.nextConfirmation('snapnet_signMessage')).ok();
    const signature = await signing;
    expect(Array.isArray(signature)).toBe(true);
    expect(signature).toHaveLength(2);
    const [sigR, sigS] = signature.map((value) => BigInt(value));
    const messageHash = starknetTypedData.getMessageHash(
      TYPED_DATA,
      ACCOUNT_0.address,
    );
    const verifies = ['02', '03'].some((parity) =>
      ec.starkCurve.verify(
        new ec.starkCurve.Signature(sigR ?? 0n, sigS ?? 0n),
        messageHash,
        `${parity}${ACCOUNT_0.publicKey.slice(2).padStart(64, '0')}`,
      ),
    );
    expect(verifies).toBe(true);
  });

  it('wallet_signTypedData: declined gives 113, malformed data 114', async () => {
    const { wallet, metamask } = await connectedWallet();
    const { request } = wallet.features['starknet:walletApi'];
    const signing = request({
      type: 'wallet_signTypedData',
      params: TYPED_DATA,
    });
    await (await metamask.nextConfirmation('snapnet_signMessage')).cancel();
    expect((await walletError(signing)).code).toBe(113);
    expect(
      await walletError(
        wallet.api.request({
          type: 'wallet_signTypedData',
          params: { ...TYPED_DATA, primaryType: 'Missing' },
        }),
      ),
    ).toStrictEqual({
      code: 114,
      message: 'An error occurred (INVALID_REQUEST_PAYLOAD)',
    });
  });

  it('wallet_deploymentData: Argent 0.3.1 with salt and owner = the public key', async () => {
    const { wallet } = await connectedWallet();
    const data = await wallet.features['starknet:walletApi'].request({
      type: 'wallet_deploymentData',
    });
    expect(data).toStrictEqual({
      address: ACCOUNT_0.address,
      class_hash: ACCOUNT_CLASS_HASH,
      salt: ACCOUNT_0.publicKey,
      calldata: [ACCOUNT_0.publicKey, '0x0'],
      version: 1,
    });
    // The data really deploys to that address (deployer 0).
    expect(
      BigInt(
        hash.calculateContractAddressFromHash(
          data.salt,
          data.class_hash,
          data.calldata,
          0,
        ),
      ),
    ).toBe(BigInt(data.address));
  });

  it('wallet_supportedSpecs, wallet_supportedWalletApi and api_version checks', async () => {
    const { wallet } = await connectedWallet();
    const { request } = wallet.features['starknet:walletApi'];
    expect(await request({ type: 'wallet_supportedSpecs' })).toStrictEqual([
      '0.10',
    ]);
    const versions = await request({ type: 'wallet_supportedWalletApi' });
    expect(versions).toContain('0.8');
    expect(
      await request({
        type: 'wallet_requestChainId',
        params: { api_version: '0.8' },
      }),
    ).toBe(TESTNET);
    expect(
      (
        await walletError(
          request({
            type: 'wallet_requestChainId',
            params: { api_version: '0.5' },
          }),
        )
      ).code,
    ).toBe(162);
  });

  it('answers 163 for wallet methods the snap does not serve and 114 for unknown ones', async () => {
    const { wallet } = await connectedWallet();
    const { request } = wallet.features['starknet:walletApi'];
    expect(
      (
        await walletError(
          request({
            type: 'wallet_strk20Balances',
            params: { tokens: [] },
          }),
        )
      ).code,
    ).toBe(163);
    const unknownCall = Object.assign(Object.create(null), {
      type: 'wallet_noSuchMethod',
    });
    expect((await walletError(wallet.api.request(unknownCall))).code).toBe(114);
  });

  it('answers 163 naming the cause when the snap is not connected', async () => {
    const { wallet } = await freshWallet();
    const failure = await walletError(
      wallet.features['starknet:walletApi'].request({
        type: 'wallet_requestChainId',
      }),
    );
    expect(failure).toStrictEqual({
      code: 163,
      message: 'An error occurred (UNKNOWN_ERROR)',
    });
  });
});

/**
 * A value as an untyped JavaScript dapp may pass it, where the wallet API's
 * types would refuse it.
 *
 * @param value - The value.
 * @returns It, untyped.
 */
function fromJavaScript(value: unknown): any {
  return value;
}

/**
 * Runs a synchronous action as a request: what it throws rejects.
 *
 * @param action - The action.
 * @returns Its outcome.
 */
async function asRequest(action: () => unknown): Promise<unknown> {
  return action();
}

/**
 * The wallet API error a call fails with: its code, the spec's message for
 * it, and a reason in data.
 *
 * @param request - The pending request.
 * @returns Its code and reason.
 */
async function walletFailure(
  request: Promise<unknown>,
): Promise<{ code: number; data: string }> {
  const error = await walletApiErrorOf(request);
  expect(error.message).toMatch(/^An error occurred \([A-Z_0-9]+\)$/u);
  expect(typeof error.data).toBe('string');
  return { code: error.code, data: error.data };
}

describe('every bad input gets a wallet API error with its method’s code', () => {
  const badInputs: [string, unknown, number][] = [
    ['a request that is null', null, 114],
    ['a request that is a string', 'wallet_requestChainId', 114],
    ['a request without a type', { params: {} }, 114],
    ['a type that is not a string', { type: 42 }, 114],
    [
      'a chain name for wallet_switchStarknetChain',
      { type: 'wallet_switchStarknetChain', params: { chainId: 'SN_MAIN' } },
      112,
    ],
    [
      'bad hex for wallet_switchStarknetChain',
      { type: 'wallet_switchStarknetChain', params: { chainId: '0xZZ' } },
      112,
    ],
    [
      'a number chain id',
      { type: 'wallet_switchStarknetChain', params: { chainId: 1 } },
      112,
    ],
    [
      'no params for wallet_switchStarknetChain',
      { type: 'wallet_switchStarknetChain' },
      112,
    ],
    [
      'a silent_mode that is not a boolean',
      {
        type: 'wallet_switchStarknetChain',
        params: { chainId: MAINNET, silent_mode: 'yes' },
      },
      112,
    ],
    [
      'an api_version that is not a string',
      { type: 'wallet_requestChainId', params: { api_version: 8 } },
      162,
    ],
    [
      'a BigInt api_version',
      { type: 'wallet_requestChainId', params: { api_version: 10n } },
      162,
    ],
    [
      'params that are a string (no input error in the spec: 163)',
      { type: 'wallet_requestChainId', params: 'x' },
      163,
    ],
    [
      'wallet_requestAccounts with silent_mode "yes"',
      { type: 'wallet_requestAccounts', params: { silent_mode: 'yes' } },
      163,
    ],
    [
      'wallet_addStarknetChain without rpc_urls',
      {
        type: 'wallet_addStarknetChain',
        params: { id: 'x', chain_id: '0x1', chain_name: 'X' },
      },
      114,
    ],
    [
      'wallet_addStarknetChain with a chain name for chain_id',
      {
        type: 'wallet_addStarknetChain',
        params: {
          id: 'x',
          chain_id: 'SN_DEVNET',
          chain_name: 'X',
          rpc_urls: ['http://localhost:5050'],
        },
      },
      114,
    ],
    [
      'wallet_addStarknetChain with a URL the snap refuses',
      {
        type: 'wallet_addStarknetChain',
        params: {
          id: 'x',
          chain_id: '0x1',
          chain_name: 'X',
          rpc_urls: ['http://node.example'],
        },
      },
      114,
    ],
    [
      'wallet_watchAsset of an ERC-721',
      {
        type: 'wallet_watchAsset',
        params: { type: 'ERC721', options: { address: STRK } },
      },
      114,
    ],
    [
      'wallet_watchAsset of an address that is not hex (not NOT_ERC20)',
      {
        type: 'wallet_watchAsset',
        params: { type: 'ERC20', options: { address: 'xyz', symbol: 'X' } },
      },
      114,
    ],
    [
      'wallet_watchAsset with 300 decimals',
      {
        type: 'wallet_watchAsset',
        params: {
          type: 'ERC20',
          options: { address: STRK, symbol: 'X', decimals: 300 },
        },
      },
      114,
    ],
    [
      'wallet_watchAsset with 1.5 decimals',
      {
        type: 'wallet_watchAsset',
        params: {
          type: 'ERC20',
          options: { address: STRK, symbol: 'X', decimals: 1.5 },
        },
      },
      114,
    ],
    [
      'wallet_addInvokeTransaction with no calls',
      { type: 'wallet_addInvokeTransaction', params: { calls: [] } },
      114,
    ],
    [
      'wallet_addInvokeTransaction with a number address',
      {
        type: 'wallet_addInvokeTransaction',
        params: { calls: [{ contract_address: 1, entry_point: 'x' }] },
      },
      114,
    ],
    [
      'wallet_addInvokeTransaction with an address the snap refuses',
      {
        type: 'wallet_addInvokeTransaction',
        params: { calls: [{ contract_address: '0xZZ', entry_point: 'x' }] },
      },
      114,
    ],
    [
      'wallet_addDeclareTransaction without a class',
      { type: 'wallet_addDeclareTransaction', params: {} },
      114,
    ],
    [
      'wallet_signTypedData of a string',
      { type: 'wallet_signTypedData', params: 'hello' },
      114,
    ],
    [
      'wallet_getPermissions with params that are a number',
      { type: 'wallet_getPermissions', params: 5 },
      163,
    ],
  ];

  it.each(badInputs.map(([name, call, code]) => ({ name, call, code })))(
    '$name → $code',
    async ({ call, code }) => {
      const { wallet } = await connectedWallet();
      const failure = await walletFailure(
        wallet.api.request(fromJavaScript(call)),
      );
      expect(failure.code).toBe(code);
      // Nothing was switched by a refused request.
      expect(await wallet.api.request({ type: 'wallet_requestChainId' })).toBe(
        TESTNET,
      );
    },
  );

  it('names the hex of a chain name given as chainId', async () => {
    const { wallet } = await connectedWallet();
    const failure = await walletFailure(
      wallet.api.request({
        type: 'wallet_switchStarknetChain',
        params: { chainId: 'SN_MAIN' },
      }),
    );
    expect(failure).toStrictEqual({
      code: 112,
      data: expect.stringContaining(`the chain id of SN_MAIN is ${MAINNET}`),
    });
  });

  it('refuses a bad account index, connect input and event subscription', async () => {
    const metamask = await simulatedMetaMask();
    const client = new SnapClient(metamask, SNAP_ID);
    for (const accountIndex of [-1, 1.5, 2 ** 31, Number.NaN]) {
      expect(
        (
          await walletFailure(
            asRequest(() => createStarknetWallet({ client, accountIndex })),
          )
        ).code,
      ).toBe(114);
    }
    const wallet = createStarknetWallet({ client });
    expect(
      (
        await walletFailure(
          wallet.features['standard:connect'].connect(
            fromJavaScript({ silent: 'yes' }),
          ),
        )
      ).code,
    ).toBe(114);
    expect(wallet.accounts).toStrictEqual([]);
    const { on } = wallet.features['standard:events'];
    const ignore = (): void => undefined;
    for (const [event, listener] of [
      ['accountsChanged', ignore],
      ['change', 'not a function'],
    ]) {
      expect(
        (
          await walletFailure(
            asRequest(() =>
              on(fromJavaScript(event), fromJavaScript(listener)),
            ),
          )
        ).code,
      ).toBe(114);
    }
  });
});

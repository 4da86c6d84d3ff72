import {
  confirmationOf,
  errorOf,
  installWallet,
  invoke,
  MAINNET,
  resultOf,
  TESTNET,
  textOf,
} from './helpers';

describe('snapnet_getCurrentNetwork', () => {
  it('is Testnet after install', async () => {
    const wallet = await installWallet();
    expect(await resultOf(invoke(wallet, 'snapnet_getCurrentNetwork'))).toEqual(
      {
        name: 'Testnet',
        chainId: TESTNET,
      },
    );
  });
});

describe('snapnet_switchNetwork', () => {
  it('switches after the user approves a dialog naming the site and both networks', async () => {
    const wallet = await installWallet();
    const pending = invoke(wallet, 'snapnet_switchNetwork', {
      chainId: MAINNET,
    });
    const dialog = await confirmationOf(pending);
    const text = textOf(dialog.content);
    expect(text).toContain('https://dapp.example');
    expect(text).toContain(`Testnet (${TESTNET})`);
    expect(text).toContain(`Mainnet (${MAINNET})`);
    await dialog.ok();
    expect(await resultOf(pending)).toBe(true);
    expect(await resultOf(invoke(wallet, 'snapnet_getCurrentNetwork'))).toEqual(
      {
        name: 'Mainnet',
        chainId: MAINNET,
      },
    );
  });

  it('answers false and changes nothing when the user declines', async () => {
    const wallet = await installWallet();
    const pending = invoke(wallet, 'snapnet_switchNetwork', {
      chainId: MAINNET,
    });
    await (await confirmationOf(pending)).cancel();
    expect(await resultOf(pending)).toBe(false);
    expect(await resultOf(invoke(wallet, 'snapnet_getCurrentNetwork'))).toEqual(
      {
        name: 'Testnet',
        chainId: TESTNET,
      },
    );
  });

  it('answers false for a chain it does not serve, without a dialog', async () => {
    const wallet = await installWallet();
    expect(
      await resultOf(
        invoke(wallet, 'snapnet_switchNetwork', {
          chainId: '0x534e5f474f45524c49',
        }),
      ),
    ).toBe(false);
    expect(await resultOf(invoke(wallet, 'snapnet_getCurrentNetwork'))).toEqual(
      {
        name: 'Testnet',
        chainId: TESTNET,
      },
    );
  });

  it('answers true with no dialog for the current network', async () => {
    const wallet = await installWallet();
    expect(
      await resultOf(
        invoke(wallet, 'snapnet_switchNetwork', { chainId: TESTNET }),
      ),
    ).toBe(true);
  });

  it('rejects a missing or malformed chain id, naming the field', async () => {
    const wallet = await installWallet();
    const missing = await errorOf(invoke(wallet, 'snapnet_switchNetwork', {}));
    expect(missing.code).toBe(-32602);
    expect(missing.message).toContain('chainId');
    const malformed = await errorOf(
      invoke(wallet, 'snapnet_switchNetwork', { chainId: 'mainnet' }),
    );
    expect(malformed.code).toBe(-32602);
    expect(malformed.message).toContain('chainId');
  });
});

describe('router', () => {
  it('answers an unknown method with MethodNotFound', async () => {
    const wallet = await installWallet();
    expect(await invoke(wallet, 'snapnet_doesNotExist')).toRespondWithError(
      expect.objectContaining({
        code: -32601,
        message: expect.stringContaining('snapnet_doesNotExist'),
      }),
    );
  });

  it('refuses other snaps, as the manifest says', async () => {
    const wallet = await installWallet();
    expect(
      await invoke(
        wallet,
        'snapnet_getCurrentNetwork',
        undefined,
        'npm:some-other-snap',
      ),
    ).toRespondWithError(expect.objectContaining({ code: 4100 }));
  });

  it('does not route inherited object properties', async () => {
    const wallet = await installWallet();
    expect(await invoke(wallet, 'constructor')).toRespondWithError(
      expect.objectContaining({ code: -32601 }),
    );
  });
});

import {
  ACCOUNT_0,
  confirmationOf,
  errorOf,
  installWallet,
  invoke,
  MAINNET,
  resultOf,
  textOf,
} from './helpers';

describe('snapnet_createAccount (no deploy)', () => {
  it('derives index 0 first and returns an empty hash: nothing was sent', async () => {
    const wallet = await installWallet();
    expect(await resultOf(invoke(wallet, 'snapnet_createAccount'))).toEqual({
      address: ACCOUNT_0.address,
      transaction_hash: '',
    });
  });

  it('takes the next index, an explicit index, and returns the same account twice', async () => {
    const wallet = await installWallet();
    const first = await resultOf(invoke(wallet, 'snapnet_createAccount'));
    const second = await resultOf(invoke(wallet, 'snapnet_createAccount'));
    const fifth = await resultOf(
      invoke(wallet, 'snapnet_createAccount', { addressIndex: 5 }),
    );
    const again = await resultOf(
      invoke(wallet, 'snapnet_createAccount', { addressIndex: '5' }),
    );
    expect(first).not.toEqual(second);
    expect(fifth).toEqual(again);
    const next = await resultOf(invoke(wallet, 'snapnet_createAccount'));
    expect(next).not.toEqual(fifth);
    expect(
      textOf((await wallet.onHomePage()).getInterface().content),
    ).toContain(ACCOUNT_0.address);
  });

  it('keeps parallel creations apart: no account is lost', async () => {
    const wallet = await installWallet();
    const results = await Promise.all(
      [0, 1, 2, 3].map(async () =>
        resultOf(invoke(wallet, 'snapnet_createAccount')),
      ),
    );
    const addresses = new Set(results.map((result) => JSON.stringify(result)));
    expect(addresses.size).toBe(4);
    const home = textOf((await wallet.onHomePage()).getInterface().content);
    for (const result of results) {
      expect(home).toContain(JSON.parse(JSON.stringify(result)).address);
    }
  });

  it('records accounts per network', async () => {
    const wallet = await installWallet();
    await resultOf(invoke(wallet, 'snapnet_createAccount'));
    expect(
      await resultOf(
        invoke(wallet, 'snapnet_createAccount', { chainId: MAINNET }),
      ),
    ).toEqual({ address: ACCOUNT_0.address, transaction_hash: '' });
  });

  it.each([
    [{ addressIndex: -1 }, 'addressIndex'],
    [{ addressIndex: 1.5 }, 'addressIndex'],
    [{ addressIndex: 'one' }, 'addressIndex'],
    [{ deploy: 'yes' }, 'deploy'],
    [{ chainId: '0x1' }, 'chainId'],
    [{ chainId: 'SN_MAIN' }, 'chainId'],
    [{ extra: true }, 'extra'],
  ])('rejects %j naming %s, and stores nothing', async (params, field) => {
    const wallet = await installWallet();
    const error = await errorOf(
      invoke(wallet, 'snapnet_createAccount', params),
    );
    expect(error.code).toBe(-32602);
    expect(error.message).toContain(field);
    expect(await resultOf(invoke(wallet, 'snapnet_createAccount'))).toEqual({
      address: ACCOUNT_0.address,
      transaction_hash: '',
    });
  });
});

describe('snapnet_extractPublicKey', () => {
  it('finds the key of an address by derivation, with nothing in state', async () => {
    const wallet = await installWallet();
    expect(
      await resultOf(
        invoke(wallet, 'snapnet_extractPublicKey', {
          userAddress: ACCOUNT_0.address,
        }),
      ),
    ).toBe(ACCOUNT_0.publicKey);
  });

  it('accepts the address without leading zeros and in upper case', async () => {
    const wallet = await installWallet();
    const short = `0x${ACCOUNT_0.address.slice(3).toUpperCase()}`;
    expect(
      await resultOf(
        invoke(wallet, 'snapnet_extractPublicKey', { userAddress: short }),
      ),
    ).toBe(ACCOUNT_0.publicKey);
  });

  it('finds a recorded account beyond the first indices', async () => {
    const wallet = await installWallet();
    const created = await resultOf(
      invoke(wallet, 'snapnet_createAccount', { addressIndex: 40 }),
    );
    const { address } = JSON.parse(JSON.stringify(created));
    const publicKey = await resultOf(
      invoke(wallet, 'snapnet_extractPublicKey', { userAddress: address }),
    );
    expect(publicKey).toMatch(/^0x[0-9a-f]+$/u);
    expect(publicKey).not.toBe(ACCOUNT_0.publicKey);
  });

  it('refuses an address this seed does not own, naming the field', async () => {
    const wallet = await installWallet();
    const error = await errorOf(
      invoke(wallet, 'snapnet_extractPublicKey', {
        userAddress:
          '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      }),
    );
    expect(error.code).toBe(-32602);
    expect(error.message).toContain('userAddress');
    expect(error.message).toContain('not an account of this wallet');
  });

  it.each([
    [{}, 'userAddress'],
    [{ userAddress: 'hello' }, 'userAddress'],
    [{ userAddress: `0x${'f'.repeat(64)}` }, 'userAddress'],
    [{ userAddress: ACCOUNT_0.address, chainId: 5 }, 'chainId'],
  ])('rejects %j naming %s', async (params, field) => {
    const wallet = await installWallet();
    const error = await errorOf(
      invoke(wallet, 'snapnet_extractPublicKey', params),
    );
    expect(error.code).toBe(-32602);
    expect(error.message).toContain(field);
  });
});

describe('snapnet_displayPrivateKey', () => {
  it('asks first, then shows the key in a dialog and returns null', async () => {
    const wallet = await installWallet();
    const pending = invoke(wallet, 'snapnet_displayPrivateKey', {
      userAddress: ACCOUNT_0.address,
    });
    const confirmation = await confirmationOf(pending);
    const question = textOf(confirmation.content);
    expect(question).toContain('https://dapp.example');
    expect(question).toContain(ACCOUNT_0.address);
    expect(question).toContain('Testnet');
    expect(question).not.toContain(ACCOUNT_0.privateKey);
    await confirmation.ok();
    const shown = await pending.getInterface();
    expect(shown.type).toBe('alert');
    expect(textOf(shown.content)).toContain(ACCOUNT_0.privateKey);
    if (shown.type === 'alert') {
      await shown.ok();
    }
    expect(await resultOf(pending)).toBeNull();
  });

  it('answers 4001 and shows nothing when the user declines', async () => {
    const wallet = await installWallet();
    const pending = invoke(wallet, 'snapnet_displayPrivateKey', {
      userAddress: ACCOUNT_0.address,
    });
    await (await confirmationOf(pending)).cancel();
    const error = await errorOf(pending);
    expect(error.code).toBe(4001);
  });

  it('refuses an address this seed does not own, with no dialog', async () => {
    const wallet = await installWallet();
    const error = await errorOf(
      invoke(wallet, 'snapnet_displayPrivateKey', {
        userAddress:
          '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      }),
    );
    expect(error.code).toBe(-32602);
    expect(error.message).toContain('userAddress');
  });
});

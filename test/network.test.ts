import { MAINNET, TESTNET } from './fixtures';
import {
  confirmationOf,
  errorOf,
  installWallet,
  invoke,
  resultOf,
  textOf,
} from './installedWallet';

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
    expect(text).toContain(`Testnet, SN_SEPOLIA (${TESTNET})`);
    expect(text).toContain(`Mainnet, SN_MAIN (${MAINNET})`);
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

describe('snapnet_addNetwork', () => {
  it.each([
    // Hashed modulo the prime, this id is Mainnet's: signatures made on such
    // a "testnet" would be valid on Mainnet.
    [
      'a chain id that hashes like Mainnet',
      {
        chainId: `0x${(BigInt(MAINNET) + 2n ** 251n + 17n * 2n ** 192n + 1n).toString(16)}`,
      },
      'chainId',
    ],
    ['a chain id that is not text', { chainId: '0x1f' }, 'chainId'],
    ['a name with an invisible character', { name: 'Mainnet\u200b' }, 'name'],
    ['a name with a right-to-left override', { name: 'ten\u202eniaM' }, 'name'],
    ['a name mixing alphabets', { name: 'M\u0430innet' }, 'name'],
    ['a name that reads like Mainnet', { name: 'MAINNET' }, 'name'],
    ['a name that reads like Testnet', { name: 'Ｔｅｓｔｎｅｔ' }, 'name'],
  ])(
    'refuses %s (-32602 naming the field) before asking any node, storing nothing',
    async (_case, override, field) => {
      const wallet = await installWallet();
      const error = await errorOf(
        invoke(wallet, 'snapnet_addNetwork', {
          name: 'Fast testnet',
          chainId: '0x534e5f46415354',
          // Nothing listens here: a node call would fail with -32002.
          rpcUrl: 'http://127.0.0.1:9/rpc',
          ...override,
        }),
      );
      expect(error.code).toBe(-32602);
      expect(error.data?.field).toBe(field);
      expect(
        await resultOf(invoke(wallet, 'snapnet_getCurrentNetwork')),
      ).toEqual({ name: 'Testnet', chainId: TESTNET });
    },
  );
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

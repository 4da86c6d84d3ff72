import { ACCOUNT_0, DAPP_ORIGIN, MAINNET } from './fixtures';
import {
  confirmationOf,
  createAccount,
  errorOf,
  installSharedWallet,
  installWallet,
  invoke,
  plainResultOf,
  resultOf,
  stateSharing,
  textOf,
} from './installedWallet';

const OTHER_SITE = 'https://other.example';
const NOT_OURS =
  '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';

describe('snapnet_createAccount (no deploy)', () => {
  it('shows index 0 to the site, shares it once approved, and sends nothing', async () => {
    const wallet = await installWallet();
    const pending = invoke(wallet, 'snapnet_createAccount');
    const dialog = await confirmationOf(pending);
    const text = textOf(dialog.content);
    expect(text).toContain('Share account');
    expect(text).toContain(DAPP_ORIGIN);
    expect(text).toContain(ACCOUNT_0.address);
    await dialog.ok();
    expect(await pending).toRespondWith({
      address: ACCOUNT_0.address,
      transaction_hash: '',
    });
    // Shared now: asking again needs no dialog, and its key is readable.
    expect(
      await plainResultOf(
        invoke(wallet, 'snapnet_createAccount', { addressIndex: 0 }),
      ),
    ).toStrictEqual({
      address: ACCOUNT_0.address,
      transaction_hash: '',
    });
    expect(
      await resultOf(
        invoke(wallet, 'snapnet_extractPublicKey', {
          userAddress: ACCOUNT_0.address,
        }),
      ),
    ).toBe(ACCOUNT_0.publicKey);
  });

  it('stores and shares nothing when the user declines', async () => {
    const wallet = await installWallet();
    const pending = invoke(wallet, 'snapnet_createAccount');
    await (await confirmationOf(pending)).cancel();
    expect(await pending).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
    expect(
      textOf((await wallet.onHomePage()).getInterface().content),
    ).not.toContain(ACCOUNT_0.address);
    const refused = await errorOf(
      invoke(wallet, 'snapnet_extractPublicKey', {
        userAddress: ACCOUNT_0.address,
      }),
    );
    expect(refused.code).toBe(4100);
  });

  it('takes the next index, an explicit index, and returns the same account twice', async () => {
    const wallet = await installWallet();
    const first = await createAccount(wallet);
    const second = await createAccount(wallet);
    const fifth = await createAccount(wallet, { addressIndex: 5 });
    const again = await plainResultOf(
      invoke(wallet, 'snapnet_createAccount', { addressIndex: '5' }),
    );
    expect(first).not.toStrictEqual(second);
    expect(fifth).toStrictEqual(again);
    const next = await createAccount(wallet);
    expect(next).not.toStrictEqual(fifth);
    expect(
      textOf((await wallet.onHomePage()).getInterface().content),
    ).toContain(ACCOUNT_0.address);
  });

  it('asks another site again before showing it the same account', async () => {
    const wallet = await installWallet({
      state: stateSharing([ACCOUNT_0.address]),
    });
    // Shared with the test dapp already: created without a dialog.
    await plainResultOf(
      invoke(wallet, 'snapnet_createAccount', { addressIndex: 0 }),
    );
    const other = invoke(
      wallet,
      'snapnet_createAccount',
      { addressIndex: 0 },
      OTHER_SITE,
    );
    const dialog = await confirmationOf(other);
    expect(textOf(dialog.content)).toContain(OTHER_SITE);
    await dialog.cancel();
    expect(await other).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
  });

  it('never hands a site, as a new account, one another site has: the default skips accounts of every network, and a shared one is named', async () => {
    const wallet = await installWallet();
    // The other site has account 0, recorded on Mainnet.
    const onMainnet = invoke(
      wallet,
      'snapnet_createAccount',
      { chainId: MAINNET },
      OTHER_SITE,
    );
    await (await confirmationOf(onMainnet)).ok();
    expect(await plainResultOf(onMainnet)).toStrictEqual({
      address: ACCOUNT_0.address,
      transaction_hash: '',
    });
    // This site, on Testnet, without an index: not account 0.
    const fresh = invoke(wallet, 'snapnet_createAccount');
    const freshDialog = await confirmationOf(fresh);
    expect(textOf(freshDialog.content)).toContain('Account 1:');
    expect(textOf(freshDialog.content)).not.toContain(ACCOUNT_0.address);
    expect(textOf(freshDialog.content)).not.toContain('Already shared');
    await freshDialog.ok();
    expect((await plainResultOf(fresh)).address).not.toBe(ACCOUNT_0.address);
    // Asked for index 0 by name: the dialog says which site already has it.
    const named = invoke(wallet, 'snapnet_createAccount', { addressIndex: 0 });
    const namedDialog = await confirmationOf(named);
    expect(textOf(namedDialog.content)).toContain(
      `Already shared with ${OTHER_SITE}`,
    );
    await namedDialog.cancel();
    expect(await named).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
  });

  it('keeps parallel creations apart: each dialog shows a different account, the one stored', async () => {
    const wallet = await installWallet();
    const pendings = [
      invoke(wallet, 'snapnet_createAccount'),
      invoke(wallet, 'snapnet_createAccount'),
      invoke(wallet, 'snapnet_createAccount'),
      invoke(wallet, 'snapnet_createAccount'),
    ];
    const shown: string[] = [];
    for (const pending of pendings) {
      const dialog = await confirmationOf(pending);
      shown.push(textOf(dialog.content));
      await dialog.ok();
    }
    const results = await Promise.all(
      pendings.map(async (pending) => plainResultOf(pending)),
    );
    const addresses = new Set(results.map(({ address }) => address));
    expect(addresses.size).toBe(4);
    // Every account returned was the one a dialog showed (the simulation
    // does not tie parallel dialogs to their requests, so compare sets).
    for (const address of addresses) {
      expect(shown.filter((text) => text.includes(address))).toHaveLength(1);
    }
    const home = textOf((await wallet.onHomePage()).getInterface().content);
    for (const address of addresses) {
      expect(home).toContain(address);
    }
  });

  it('records accounts per network, without asking again for an account the site was given', async () => {
    const wallet = await installWallet();
    await createAccount(wallet);
    expect(
      await plainResultOf(
        invoke(wallet, 'snapnet_createAccount', { chainId: MAINNET }),
      ),
    ).toStrictEqual({ address: ACCOUNT_0.address, transaction_hash: '' });
  });

  it('flags an index far past the next free one in its dialog', async () => {
    const wallet = await installWallet();
    const pending = invoke(wallet, 'snapnet_createAccount', {
      addressIndex: 2147483647,
    });
    const dialog = await confirmationOf(pending);
    expect(textOf(dialog.content)).toContain(
      'far past your next free index (0)',
    );
    await dialog.ok();
    await plainResultOf(pending);
    // The next account is still index 0, not past the parked one.
    expect(await createAccount(wallet)).toStrictEqual({
      address: ACCOUNT_0.address,
      transaction_hash: '',
    });
  });

  it.each([
    [{ addressIndex: -1 }, 'addressIndex'],
    [{ addressIndex: 1.5 }, 'addressIndex'],
    [{ addressIndex: 'one' }, 'addressIndex'],
    [{ addressIndex: 2147483648 }, 'addressIndex'],
    [{ addressIndex: '99999999999999999999' }, 'addressIndex'],
    [{ deploy: 'yes' }, 'deploy'],
    [{ chainId: '0x1' }, 'chainId'],
    [{ chainId: 'SN_MAIN' }, 'chainId'],
    [{ extra: true }, 'extra'],
  ])(
    'rejects %j naming %s, with no dialog, and stores nothing',
    async (params, field) => {
      const wallet = await installWallet();
      expect(
        await invoke(wallet, 'snapnet_createAccount', params),
      ).toRespondWithError(
        expect.objectContaining({
          code: -32602,
          message: expect.stringContaining(field),
        }),
      );
      expect(await createAccount(wallet)).toStrictEqual({
        address: ACCOUNT_0.address,
        transaction_hash: '',
      });
    },
  );
});

describe('per-site access', () => {
  it.each([
    ['snapnet_extractPublicKey', { userAddress: ACCOUNT_0.address }],
    ['snapnet_displayPrivateKey', { userAddress: ACCOUNT_0.address }],
    [
      'snapnet_getTransactions',
      { senderAddress: ACCOUNT_0.address, onlyFromState: true },
    ],
  ])(
    '%s refuses an account not shared with the site (4100, naming it)',
    async (method, params) => {
      const wallet = await installSharedWallet();
      const error = await errorOf(invoke(wallet, method, params, OTHER_SITE));
      expect(error.code).toBe(4100);
      expect(error.message).toContain(ACCOUNT_0.address);
      expect(error.message).toContain(OTHER_SITE);
      expect(error.data).toMatchObject({ address: ACCOUNT_0.address });
    },
  );

  it('answers an address that is not the wallet’s as it answers an unshared one', async () => {
    const wallet = await installSharedWallet();
    const foreign = await errorOf(
      invoke(wallet, 'snapnet_extractPublicKey', { userAddress: NOT_OURS }),
    );
    expect(foreign.code).toBe(4100);
    expect(foreign.message).toContain(NOT_OURS);
  });

  it('lets a site withdraw its own access, to one account or to all', async () => {
    const wallet = await installWallet({
      state: stateSharing([ACCOUNT_0.address, NOT_OURS]),
    });
    expect(
      await plainResultOf(
        invoke(wallet, 'snapnet_revokeAccess', { addresses: [NOT_OURS] }),
      ),
    ).toStrictEqual([ACCOUNT_0.address]);
    expect(
      await resultOf(
        invoke(wallet, 'snapnet_extractPublicKey', {
          userAddress: ACCOUNT_0.address,
        }),
      ),
    ).toBe(ACCOUNT_0.publicKey);
    expect(
      await plainResultOf(invoke(wallet, 'snapnet_revokeAccess', {})),
    ).toStrictEqual([]);
    expect(
      (
        await errorOf(
          invoke(wallet, 'snapnet_extractPublicKey', {
            userAddress: ACCOUNT_0.address,
          }),
        )
      ).code,
    ).toBe(4100);
  });
});

describe('snapnet_extractPublicKey', () => {
  it('finds the key of a shared address by derivation', async () => {
    const wallet = await installSharedWallet();
    expect(
      await resultOf(
        invoke(wallet, 'snapnet_extractPublicKey', {
          userAddress: ACCOUNT_0.address,
        }),
      ),
    ).toBe(ACCOUNT_0.publicKey);
  });

  it('accepts the address without leading zeros and in upper case', async () => {
    const wallet = await installSharedWallet();
    const short = `0x${ACCOUNT_0.address.slice(3).toUpperCase()}`;
    expect(
      await resultOf(
        invoke(wallet, 'snapnet_extractPublicKey', { userAddress: short }),
      ),
    ).toBe(ACCOUNT_0.publicKey);
  });

  it('finds a recorded account beyond the first indices', async () => {
    const wallet = await installWallet();
    const { address } = await createAccount(wallet, { addressIndex: 40 });
    const publicKey = await resultOf(
      invoke(wallet, 'snapnet_extractPublicKey', { userAddress: address }),
    );
    expect(publicKey).toMatch(/^0x[0-9a-f]+$/u);
    expect(publicKey).not.toBe(ACCOUNT_0.publicKey);
  });

  it.each([
    [{}, 'userAddress'],
    [{ userAddress: 'hello' }, 'userAddress'],
    [{ userAddress: `0x${'f'.repeat(64)}` }, 'userAddress'],
    [{ userAddress: ACCOUNT_0.address, chainId: 5 }, 'chainId'],
  ])('rejects %j naming %s', async (params, field) => {
    const wallet = await installSharedWallet();
    expect(
      await invoke(wallet, 'snapnet_extractPublicKey', params),
    ).toRespondWithError(
      expect.objectContaining({
        code: -32602,
        message: expect.stringContaining(field),
      }),
    );
  });
});

describe('snapnet_displayPrivateKey', () => {
  it('asks first, then shows the key in a dialog and returns null', async () => {
    const wallet = await installSharedWallet();
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
    const wallet = await installSharedWallet();
    const pending = invoke(wallet, 'snapnet_displayPrivateKey', {
      userAddress: ACCOUNT_0.address,
    });
    await (await confirmationOf(pending)).cancel();
    expect(await pending).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
  });
});

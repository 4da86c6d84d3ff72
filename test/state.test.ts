import type { Json } from '@metamask/snaps-sdk';

import { ACCOUNT_0, MAINNET } from './fixtures';
import {
  createAccount,
  errorOf,
  installWallet,
  invoke,
  plainResultOf,
  textOf,
} from './installedWallet';
import { defaultState } from '../src/state/schema';

/**
 * A state as the first version of this snap could leave it: version 1's
 * collections, Mainnet chosen, account 0 recorded, and no `version` field.
 *
 * @returns The stored state.
 */
function versionlessState(): Record<string, Json> {
  const { permissions: _none, version: _version, ...rest } = defaultState();
  return JSON.parse(
    JSON.stringify({
      ...rest,
      currentChainId: MAINNET,
      accounts: [
        {
          address: ACCOUNT_0.address,
          addressIndex: 0,
          publicKey: ACCOUNT_0.publicKey,
          addressSalt: ACCOUNT_0.publicKey,
          deployTxnHash: '',
          derivationPath: "m/44'/9004'/0'/0/0",
          chainId: MAINNET,
          kind: 'argent-cairo1',
        },
      ],
    }),
  );
}

describe('stored state', () => {
  it('keeps the accounts and the network of a state without a version across a write', async () => {
    const wallet = await installWallet({ state: versionlessState() });
    // Index 0 is recorded, so a new account takes index 1.
    const second = await createAccount(wallet, { chainId: MAINNET });
    expect(second.address).not.toBe(ACCOUNT_0.address);
    const first = await createAccount(wallet, {
      chainId: MAINNET,
      addressIndex: 0,
    });
    expect(first.address).toBe(ACCOUNT_0.address);
    expect(
      await plainResultOf(invoke(wallet, 'snapnet_getCurrentNetwork')),
    ).toStrictEqual({ name: 'Mainnet', chainId: MAINNET });
    const home = textOf((await wallet.onHomePage()).getInterface().content);
    expect(home).toContain(ACCOUNT_0.address);
    expect(home).toContain(second.address);
  });

  it.each([
    ['of an unknown shape', { accContracts: [], currentNetwork: 'x' }],
    [
      'with an invalid record',
      JSON.parse(
        JSON.stringify({
          ...defaultState(),
          tokens: [{ ...defaultState().tokens[0], decimals: 2 ** 30 }],
        }),
      ),
    ],
  ])(
    'refuses a state %s on every request, and never writes over it',
    async (_name, state) => {
      const wallet = await installWallet({ state });
      for (const method of [
        'snapnet_createAccount',
        'snapnet_switchNetwork',
        'snapnet_getCurrentNetwork',
      ]) {
        const error = await errorOf(
          invoke(
            wallet,
            method,
            method === 'snapnet_switchNetwork' ? { chainId: MAINNET } : {},
          ),
        );
        expect(error.code).toBe(-32603);
        expect(error.message).toContain(
          "The wallet's stored state cannot be read",
        );
        expect(error.message).toContain('left untouched');
      }
    },
  );
});

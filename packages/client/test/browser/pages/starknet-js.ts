/**
 * A dapp built on starknet.js 10's wallet-standard accounts: get-starknet 5's
 * store finds the wallet, and `WalletAccountV5` (or `WalletAccountV6` with
 * `?variant=V6`) connects, reads, signs, sends and follows its changes.
 */
/* eslint-disable no-restricted-globals -- browser code: the DOM is its environment */
import { createStore } from '@starknet-io/get-starknet-core';
import { isStarknetWallet } from '@starknet-io/get-starknet-wallet-standard/features';
import { RpcProvider, WalletAccountV5, WalletAccountV6 } from 'starknet';

import {
  exposeDapp,
  knownChain,
  logEvent,
  pageSettings,
  snapWallet,
  toHex,
  transferCalldata,
} from './dapp';
import { registerStarknetWallet } from '@snapnet/client';

const store = createStore();

/**
 * The snap's wallet among those get-starknet found.
 *
 * @returns The wallet.
 */
function snapnet(): ReturnType<typeof store.getWallets>[number] {
  const found = store
    .getWallets()
    .find((wallet) => wallet.features['starknet:walletApi'].id === 'snapnet');
  if (!found) {
    throw new Error('get-starknet found no snapnet wallet');
  }
  return found;
}

/**
 * The wallet as get-starknet-wallet-standard 6 sees it, for
 * `WalletAccountV6` (get-starknet 5's store types it with version 5).
 *
 * @param wallet - The wallet the store found.
 * @returns It, checked by version 6.
 */
function standardV6<Wallet extends Parameters<typeof isStarknetWallet>[0]>(
  wallet: Wallet,
): Parameters<typeof WalletAccountV6.connect>[1] {
  if (!isStarknetWallet(wallet)) {
    throw new Error('Not a Starknet wallet for get-starknet-wallet-standard 6');
  }
  return wallet;
}

/**
 * Sets the page up: the snap's wallet registered; the account is made by
 * starknet.js when the test connects.
 */
async function setUp(): Promise<void> {
  registerStarknetWallet(await snapWallet());
  const { nodeUrl } = pageSettings();
  const variant = new URL(window.location.href).searchParams.get('variant');
  const provider = new RpcProvider({ nodeUrl });
  let connected: WalletAccountV5 | undefined;
  const account = (): WalletAccountV5 => {
    if (!connected) {
      throw new Error('Not connected');
    }
    return connected;
  };

  exposeDapp({
    wallets: async () =>
      store.getWallets().map((wallet) => ({
        id: wallet.features['starknet:walletApi'].id,
        name: wallet.name,
      })),
    connect: async () => {
      connected =
        variant === 'V6'
          ? await WalletAccountV6.connect(provider, standardV6(snapnet()))
          : await WalletAccountV5.connect(provider, snapnet());
      connected.onChange(({ accounts }) => {
        const [first] = accounts ?? [];
        logEvent('change', {
          address: first?.address,
          chainId: first?.chains[0]?.replace(/^starknet:/u, ''),
        });
      });
      return {
        address: connected.address,
        chainId: toHex(await connected.provider.getChainId()),
      };
    },
    signTypedData: async (typedData) => {
      const signature = await account().signMessage(typedData);
      if (!Array.isArray(signature)) {
        throw new Error('Expected the signature as an array of felts');
      }
      return signature.map((felt) => toHex(String(felt)));
    },
    transfer: async (transfer) => {
      const { transaction_hash: hash } = await account().execute({
        contractAddress: transfer.token,
        entrypoint: 'transfer',
        calldata: transferCalldata(transfer),
      });
      return hash;
    },
    switchChain: async (chainId) => {
      await account().switchStarknetChain(knownChain(chainId));
    },
  });
}

setUp().catch((error: unknown) => {
  document.body.dataset.error = String(error);
});

/**
 * A dapp built on get-starknet 5: `@starknet-io/get-starknet-core`'s store
 * discovers wallets (wallet-standard registrations, EIP-6963 MetaMask, and
 * `window.starknet_*` objects), and `@starknet-io/get-starknet-wallet-standard`
 * 6 checks and reads the wallet. The snap's wallet is both registered and
 * injected here, as a dapp serving every library would: get-starknet lists
 * it once.
 */
/* eslint-disable no-restricted-globals -- browser code: the DOM is its environment */
import { createStore } from '@starknet-io/get-starknet-core';
import { getStarknetChainId } from '@starknet-io/get-starknet-wallet-standard/chains';
import {
  isStarknetWallet,
  StarknetWalletApi,
} from '@starknet-io/get-starknet-wallet-standard/features';
import type { WalletWithStarknetFeatures } from '@starknet-io/get-starknet-wallet-standard/features';

import { exposeDapp, logEvent, snapWallet, transferCalldata } from './dapp';
import type { PageAccount } from './dapp';
import {
  injectStarknetWindowObject,
  registerStarknetWallet,
} from '@snapnet/client';

const store = createStore();

/**
 * The account a wallet-standard wallet shows.
 *
 * @param accounts - The wallet's accounts.
 * @returns The first one's address and chain, as far as known.
 */
function accountOf(
  accounts: readonly { address: string; chains: readonly string[] }[],
): { address?: string; chainId?: string } {
  const [account] = accounts;
  const [chain] = account?.chains ?? [];
  return {
    ...(account ? { address: account.address } : {}),
    ...(chain ? { chainId: getStarknetChainId(chain) } : {}),
  };
}

/**
 * The snap's wallet among those get-starknet found.
 *
 * @returns The wallet, checked by get-starknet-wallet-standard 6.
 */
function snapnet(): WalletWithStarknetFeatures {
  const found = store
    .getWallets()
    .find((wallet) => wallet.features[StarknetWalletApi].id === 'snapnet');
  if (!found || !isStarknetWallet(found)) {
    throw new Error('get-starknet found no snapnet wallet');
  }
  return found;
}

/**
 * Sets the page up: the snap's wallet registered and injected, found by
 * get-starknet, its changes shown.
 */
async function setUp(): Promise<void> {
  const wallet = await snapWallet();
  registerStarknetWallet(wallet);
  injectStarknetWindowObject(wallet);
  store._refreshInjectedWallets();
  snapnet().features['standard:events'].on('change', ({ accounts }) =>
    logEvent('change', accountOf(accounts ?? [])),
  );
  exposeDapp({
    wallets: async () =>
      store.getWallets().map((found) => ({
        id: found.features[StarknetWalletApi].id,
        name: found.name,
      })),
    connect: async (): Promise<PageAccount> => {
      const { accounts } =
        await snapnet().features['standard:connect'].connect();
      const { address, chainId } = accountOf(accounts);
      if (!address || !chainId) {
        throw new Error('The wallet connected no account');
      }
      return { address, chainId };
    },
    signTypedData: async (typedData) =>
      snapnet().features[StarknetWalletApi].request({
        type: 'wallet_signTypedData',
        params: typedData,
      }),
    transfer: async (transfer) => {
      const { transaction_hash: hash } = await snapnet().features[
        StarknetWalletApi
      ].request({
        type: 'wallet_addInvokeTransaction',
        params: {
          calls: [
            {
              contract_address: transfer.token,
              entry_point: 'transfer',
              calldata: transferCalldata(transfer),
            },
          ],
        },
      });
      return hash;
    },
    switchChain: async (chainId) => {
      await snapnet().features[StarknetWalletApi].request({
        type: 'wallet_switchStarknetChain',
        params: { chainId },
      });
    },
  });
}

setUp().catch((error: unknown) => {
  document.body.dataset.error = String(error);
});

/**
 * A dapp built on get-starknet 4 (`@starknet-io/get-starknet` 4.0.8 and its
 * core 4.0.8): the snap's wallet is offered as `window.starknet_snapnet`
 * (the dapp opts in), get-starknet's modal lists it and the user picks it;
 * starknet.js's `WalletAccount` (the injected-object variant) then reads,
 * signs and sends, and the object's events tell the page of changes.
 */
/* eslint-disable no-restricted-globals -- browser code: the DOM is its environment */
import { connect } from '@starknet-io/get-starknet';
import type { StarknetWindowObject } from '@starknet-io/get-starknet';
import { RpcProvider, WalletAccount } from 'starknet';

import {
  exposeDapp,
  knownChain,
  logEvent,
  pageSettings,
  snapWallet,
  toHex,
  transferCalldata,
} from './dapp';
import { injectStarknetWindowObject } from '@snapnet/client';

/**
 * Sets the page up: the snap's wallet injected; get-starknet finds it when
 * the test connects.
 */
async function setUp(): Promise<void> {
  const { injected } = injectStarknetWindowObject(await snapWallet());
  const provider = new RpcProvider({ nodeUrl: pageSettings().nodeUrl });
  let connected:
    | { wallet: StarknetWindowObject; account: WalletAccount }
    | undefined;
  const current = (): {
    wallet: StarknetWindowObject;
    account: WalletAccount;
  } => {
    if (!connected) {
      throw new Error('Not connected');
    }
    return connected;
  };

  exposeDapp({
    wallets: async () => {
      const { wallet } = current();
      return [{ id: wallet.id, name: wallet.name }];
    },
    connect: async () => {
      // get-starknet's modal lists the injected wallets; the user picks one.
      const wallet = await connect({ modalMode: 'alwaysAsk' });
      if (wallet !== injected) {
        throw new Error('get-starknet did not connect the injected wallet');
      }
      wallet.on('accountsChanged', (accounts) =>
        logEvent('accountsChanged', { address: accounts?.[0] }),
      );
      wallet.on('networkChanged', (chainId, accounts) =>
        logEvent('networkChanged', { address: accounts?.[0], chainId }),
      );
      // get-starknet 4 types the object with types-js 0.7, starknet.js 10
      // with 0.10: the same object (checked above), typed as ours.
      const account = await WalletAccount.connect(provider, injected);
      connected = { wallet, account };
      return {
        address: account.address,
        chainId: toHex(await wallet.request({ type: 'wallet_requestChainId' })),
      };
    },
    signTypedData: async (typedData) => {
      const signature = await current().account.signMessage(typedData);
      if (!Array.isArray(signature)) {
        throw new Error('Expected the signature as an array of felts');
      }
      return signature.map((felt) => toHex(String(felt)));
    },
    transfer: async (transfer) => {
      const { transaction_hash: hash } = await current().account.execute({
        contractAddress: transfer.token,
        entrypoint: 'transfer',
        calldata: transferCalldata(transfer),
      });
      return hash;
    },
    switchChain: async (chainId) => {
      await current().account.switchStarknetChain(knownChain(chainId));
    },
  });
}

setUp().catch((error: unknown) => {
  document.body.dataset.error = String(error);
});

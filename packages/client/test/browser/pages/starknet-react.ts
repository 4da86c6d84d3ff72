/**
 * A dapp built on `@starknet-react/core` 5 (React 18, no JSX): its
 * `useInjectedConnectors` finds `window.starknet_snapnet` (the dapp opts in)
 * and its hooks connect, read the account and chain, sign, send and follow
 * the network. The page lists the connectors, shows the account and each
 * account change; `window.dapp` calls the hooks.
 */
/* eslint-disable no-restricted-globals -- browser code: the DOM is its environment */
import { mainnet, sepolia } from '@starknet-react/chains';
import {
  jsonRpcProvider,
  StarknetConfig,
  useAccount,
  useConnect,
  useInjectedConnectors,
  useSendTransaction,
  useSignTypedData,
  useSwitchChain,
} from '@starknet-react/core';
import { createElement, useEffect, useRef } from 'react';
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';

import {
  exposeDapp,
  logEvent,
  pageSettings,
  snapWallet,
  toHex,
  transferCalldata,
} from './dapp';
import type { PageAccount } from './dapp';
import { injectStarknetWindowObject } from '@snapnet/client';

type Hooks = {
  connectors: ReturnType<typeof useConnect>['connectors'];
  connectAsync: ReturnType<typeof useConnect>['connectAsync'];
  signTypedDataAsync: ReturnType<typeof useSignTypedData>['signTypedDataAsync'];
  sendAsync: ReturnType<typeof useSendTransaction>['sendAsync'];
  switchChainAsync: ReturnType<typeof useSwitchChain>['switchChainAsync'];
};

/**
 * Exposes the hooks to the test as `window.dapp`, and shows the connectors
 * and the account as starknet-react reports them.
 *
 * @returns The page's content.
 */
// React components are PascalCase.
// eslint-disable-next-line @typescript-eslint/naming-convention
function Harness(): ReactElement {
  const { connectors, connectAsync } = useConnect();
  const { address, chainId, status } = useAccount();
  const { signTypedDataAsync } = useSignTypedData({});
  const { sendAsync } = useSendTransaction({});
  const { switchChainAsync } = useSwitchChain({});
  const hooks = useRef<Hooks | undefined>(undefined);
  hooks.current = {
    connectors,
    connectAsync,
    signTypedDataAsync,
    sendAsync,
    switchChainAsync,
  };
  // Resolved once useAccount shows a connected account.
  const accountWaiters = useRef<((account: PageAccount) => void)[]>([]);

  useEffect(() => {
    if (address && chainId !== undefined) {
      const account = { address, chainId: toHex(chainId) };
      logEvent('useAccount', account);
      accountWaiters.current.splice(0).forEach((resolve) => resolve(account));
    }
  }, [address, chainId]);

  useEffect(() => {
    const current = (): Hooks => {
      if (!hooks.current) {
        throw new Error('The page has not rendered');
      }
      return hooks.current;
    };
    exposeDapp({
      wallets: async () =>
        current().connectors.map((connector) => ({
          id: connector.id,
          name: connector.name,
        })),
      connect: async () => {
        const connector = current().connectors.find(
          (found) => found.id === 'snapnet',
        );
        if (!connector) {
          throw new Error('starknet-react found no snapnet connector');
        }
        const connected = new Promise<PageAccount>((resolve) =>
          accountWaiters.current.push(resolve),
        );
        await current().connectAsync({ connector });
        return connected;
      },
      signTypedData: async (typedData) =>
        current().signTypedDataAsync(typedData),
      transfer: async (transfer) => {
        const { transaction_hash: hash } = await current().sendAsync([
          {
            contractAddress: transfer.token,
            entrypoint: 'transfer',
            calldata: transferCalldata(transfer),
          },
        ]);
        return hash;
      },
      switchChain: async (target) => {
        await current().switchChainAsync({ chainId: target });
      },
    });
  }, []);

  return createElement(
    'div',
    null,
    createElement(
      'ul',
      { id: 'connectors' },
      connectors.map((connector) =>
        createElement(
          'li',
          { key: connector.id, 'data-id': connector.id },
          connector.name,
        ),
      ),
    ),
    createElement(
      'p',
      {
        id: 'account',
        'data-status': status,
        'data-address': address ?? '',
        'data-chain': chainId === undefined ? '' : toHex(chainId),
      },
      address ?? 'not connected',
    ),
  );
}

/**
 * The app: starknet-react's config over the injected connectors it found.
 *
 * @returns The app.
 */
// eslint-disable-next-line @typescript-eslint/naming-convention
function App(): ReactElement {
  const { connectors } = useInjectedConnectors({
    recommended: [],
    includeRecommended: 'onlyIfNoConnectors',
    order: 'alphabetical',
  });
  const { nodeUrl } = pageSettings();
  return createElement(
    StarknetConfig,
    {
      chains: [sepolia, mainnet],
      provider: jsonRpcProvider({ rpc: () => ({ nodeUrl }) }),
      connectors,
      defaultChainId: sepolia.id,
    },
    createElement(Harness),
  );
}

/**
 * Sets the page up: the snap's wallet injected before starknet-react
 * scans the window, then the app rendered.
 */
async function setUp(): Promise<void> {
  injectStarknetWindowObject(await snapWallet());
  const container = document.getElementById('app');
  if (!container) {
    throw new Error('The page has no #app');
  }
  createRoot(container).render(createElement(App));
}

setUp().catch((error: unknown) => {
  document.body.dataset.error = String(error);
});

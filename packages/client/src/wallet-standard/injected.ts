import type { WALLET_API } from '@starknet-io/starknet-types-0104';

import { shown, WalletApiError, WalletApiErrorCodes } from './errors';
import type { SnapAccount } from './requests';
import type { StarknetSnapWallet } from './wallet';

type Handlers = WALLET_API.WalletEventHandlers;
type Subscription = WALLET_API.WalletEvents;

/**
 * get-starknet 4's injected wallet (`window.starknet_<id>`): the
 * `StarknetWindowObject` of `@starknet-io/types-js`, plus the fields of the
 * older interface that `@starknet-react/core` 5 still requires to be
 * present before it lists an injected wallet.
 */
export type InjectedStarknetWallet = WALLET_API.StarknetWindowObject & {
  /** Whether an account is connected. */
  readonly isConnected: boolean;
  /** The connected account's address, if any. */
  readonly selectedAddress: string | undefined;
  /** The chain of the connected account (hex), if any. */
  readonly chainId: string | undefined;
  /**
   * The older interface's starknet.js account and provider: always
   * undefined (the client bundles no starknet.js); dapps build a
   * `WalletAccount` from this object instead.
   */
  readonly account: undefined;
  readonly provider: undefined;
  /**
   * The older connect: `wallet_requestAccounts`.
   *
   * @returns The account addresses (none when the user declined).
   */
  enable(options?: unknown): Promise<string[]>;
  /**
   * Whether the site is connected already, asked without a prompt.
   *
   * @returns Whether a silent `wallet_requestAccounts` answers an account.
   */
  isPreauthorized(): Promise<boolean>;
};

/**
 * The subscription a dapp asked for, checked: get-starknet 4 knows two
 * events, and a listener that is not a function would break every later
 * change.
 *
 * @param event - The event name.
 * @param handler - The listener.
 * @returns The subscription.
 * @throws {WalletApiError} INVALID_REQUEST_PAYLOAD (114) otherwise.
 */
function subscriptionOf(event: unknown, handler: unknown): Subscription {
  if (event !== 'accountsChanged' && event !== 'networkChanged') {
    throw new WalletApiError(
      WalletApiErrorCodes.InvalidRequestPayload,
      `the wallet's events are "accountsChanged" and "networkChanged", not ${shown(event)}`,
    );
  }
  if (typeof handler !== 'function') {
    throw new WalletApiError(
      WalletApiErrorCodes.InvalidRequestPayload,
      `an ${event} listener must be a function`,
    );
  }
  // Checked above: the event is one of the two and the handler a function.
  return { type: event, handler } as Subscription;
}

/**
 * Builds get-starknet 4's injected wallet over a wallet-standard wallet of
 * the snap: `request` is the wallet's own `starknet:walletApi` request (one
 * implementation of the wallet API), and the events follow its account:
 * `accountsChanged` when the address changes (`[]` once disconnected),
 * `networkChanged` with the chain and the address when only the network
 * changes.
 *
 * @param wallet - The wallet (see createStarknetWallet).
 * @returns The injected wallet, and a function that stops its events.
 */
export function createStarknetWindowObject(wallet: StarknetSnapWallet): {
  injected: InjectedStarknetWallet;
  stop: () => void;
} {
  const walletApi = wallet.features['starknet:walletApi'];
  const { api } = wallet;
  const subscriptions: Subscription[] = [];
  let before: SnapAccount | undefined = api.account;

  const emit = (account: SnapAccount | undefined): void => {
    const addresses = account ? [account.address] : [];
    const addressChanged = before?.address !== account?.address;
    before = account;
    for (const subscription of [...subscriptions]) {
      if (subscription.type === 'accountsChanged' && addressChanged) {
        subscription.handler(addresses);
      } else if (
        subscription.type === 'networkChanged' &&
        !addressChanged &&
        account
      ) {
        subscription.handler(account.chainId, addresses);
      }
    }
  };
  const stop = api.onAccountChange(emit);

  const on = <Event extends keyof Handlers>(
    event: Event,
    handler: Handlers[Event],
  ): void => {
    subscriptions.push(subscriptionOf(event, handler));
  };
  const off = <Event extends keyof Handlers>(
    event: Event,
    handler: Handlers[Event],
  ): void => {
    const index = subscriptions.findIndex(
      (subscription) =>
        subscription.type === event && subscription.handler === handler,
    );
    if (index >= 0) {
      subscriptions.splice(index, 1);
    }
  };
  const requestAccounts = async (silent: boolean): Promise<string[]> =>
    walletApi.request({
      type: 'wallet_requestAccounts',
      params: { silent_mode: silent },
    });

  const injected: InjectedStarknetWallet = {
    id: walletApi.id,
    name: wallet.name,
    icon: wallet.icon,
    get version(): string {
      return walletApi.walletVersion;
    },
    request: walletApi.request,
    on,
    off,
    get isConnected(): boolean {
      return api.account !== undefined;
    },
    get selectedAddress(): string | undefined {
      return api.account?.address;
    },
    get chainId(): string | undefined {
      return api.account?.chainId;
    },
    account: undefined,
    provider: undefined,
    enable: async () => requestAccounts(false),
    isPreauthorized: async () => (await requestAccounts(true)).length > 0,
  };
  return {
    injected,
    stop: (): void => {
      stop();
    },
  };
}

/**
 * Offers the wallet to get-starknet 4 and `@starknet-react/core` 5 as
 * `window.starknet_<id>` (`starknet_snapnet` by default). Opt-in: nothing
 * is injected unless a dapp calls this. get-starknet 5 and starknet.js
 * `WalletAccountV5` find the wallet through `registerStarknetWallet`
 * instead; get-starknet 5 lists a wallet found both ways once (by name).
 *
 * @param wallet - The wallet (see createStarknetWallet).
 * @param target - The global object to inject into (default `window`).
 * @returns The injected object (what get-starknet 4 hands the dapp back),
 * and `remove`, which removes it and stops its events.
 * @throws {Error} When there is no window, or `starknet_<id>` is taken.
 */
export function injectStarknetWindowObject(
  wallet: StarknetSnapWallet,
  target?: object,
): { injected: InjectedStarknetWallet; remove: () => void } {
  // Read through globalThis: outside a browser there is no window.
  const host: object | undefined = target ?? globalThis.window;
  if (!host) {
    throw new Error('No window to inject the wallet into: pass a target');
  }
  const key = `starknet_${wallet.features['starknet:walletApi'].id}`;
  if (key in host) {
    throw new Error(`${key} is already taken on this window`);
  }
  const { injected, stop } = createStarknetWindowObject(wallet);
  Object.defineProperty(host, key, {
    value: injected,
    configurable: true,
    enumerable: true,
    writable: false,
  });
  return {
    injected,
    remove: (): void => {
      stop();
      if (Object.getOwnPropertyDescriptor(host, key)?.value === injected) {
        Reflect.deleteProperty(host, key);
      }
    },
  };
}

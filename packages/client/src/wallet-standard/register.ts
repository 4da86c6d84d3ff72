import type { Wallet } from '@wallet-standard/base';

/** What a wallet-standard app hands to wallets: a way to register. */
type WalletsApi = { register(wallet: Wallet): () => void };

/**
 * Whether a value is an app's `{register}` API.
 *
 * @param value - An event's detail.
 * @returns Whether it has a `register` function.
 */
function isWalletsApi(value: unknown): value is WalletsApi {
  return (
    typeof value === 'object' &&
    value !== null &&
    'register' in value &&
    typeof value.register === 'function'
  );
}

/**
 * Announces a wallet to wallet-standard apps (get-starknet,
 * starknet-react, `@wallet-standard/app`'s `getWallets()`), following the
 * wallet-standard protocol: a `wallet-standard:register-wallet` event whose
 * detail is a callback taking the app's `{register}`, for apps already
 * listening; and a listener for `wallet-standard:app-ready`, for apps that
 * load later.
 *
 * @param wallet - The wallet (see createStarknetWallet).
 * @param target - Where apps listen (default: the global `window`).
 * @returns A function that stops answering later apps.
 */
export function registerStarknetWallet(
  wallet: Wallet,
  target?: Pick<
    EventTarget,
    'addEventListener' | 'removeEventListener' | 'dispatchEvent'
  >,
): () => void {
  // Read through globalThis: outside a browser there is no window.
  const events: typeof target = target ?? globalThis.window;
  if (!events) {
    throw new Error('No window to register the wallet on: pass a target');
  }
  const registerWith = (api: unknown): void => {
    if (isWalletsApi(api)) {
      api.register(wallet);
    }
  };
  events.dispatchEvent(
    Object.assign(new Event('wallet-standard:register-wallet'), {
      detail: registerWith,
    }),
  );
  const onAppReady = (event: Event): void => {
    registerWith('detail' in event ? event.detail : undefined);
  };
  events.addEventListener('wallet-standard:app-ready', onAppReady);
  return () =>
    events.removeEventListener('wallet-standard:app-ready', onAppReady);
}

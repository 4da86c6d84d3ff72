import type { Network } from '../config';
import { paymasterUrlFor, swapApiUrlFor } from '../config';
import { KeyRing } from '../keys/derivation';
import { NodeClient } from '../node/client';
import { PaymasterClient } from '../paymaster/client';
import { readPreferences } from '../prices/preferences';
import type { Preferences } from '../prices/preferences';
import type { RequestScope } from '../requestScope';
import type { WalletState } from '../state/schema';
import { readState } from '../state/store';
import { SwapClient } from '../swap/client';

/**
 * What a wallet action gets besides its own inputs: who asks, the keys, the
 * state and the nodes. Nothing outlives the request (or the home page
 * event) it was made for.
 */
export type WalletContext = {
  /**
   * Who asks: the origin of the dapp that called, as MetaMask reports it,
   * or the user on the home page (see HOME_ORIGIN).
   */
  origin: string;
  /** Derives this seed's keys on demand, for this request only. */
  keys: KeyRing;
  /**
   * The wallet state as this request first read it (read once, then shared
   * by everything the request does). Writes go through updateState.
   */
  state: () => Promise<WalletState>;
  /**
   * The user's MetaMask preferences, read on first use and shared by the
   * whole request (see prices/preferences.ts).
   */
  preferences: () => Promise<Preferences>;
  /**
   * The request this context serves: its node and paymaster exchanges take
   * their turns as its requester's and end when it ends
   * (src/requestScope.ts).
   */
  scope: RequestScope;
  /** The client of a network's nodes (the only place one is built). */
  node: (network: Network) => NodeClient;
  /**
   * The client of a network's SNIP-29 paymaster (the only place one is
   * built), with a dapp's sponsorship key; undefined when it has none.
   */
  paymaster: (network: Network, apiKey?: string) => PaymasterClient | undefined;
  /**
   * The client of a network's swap API (the only place one is built);
   * undefined when the network has none.
   */
  swapApi: (network: Network) => SwapClient | undefined;
};

/** Who asks, in dialogs opened from the home page: the user. */
export const HOME_ORIGIN = 'You, on the Starknet Wallet page in MetaMask';

/**
 * Whether the user asks, on the home page, rather than a site. The user has
 * every account: nothing is shared with the page and no dialog asks to (a
 * site's request passes the router only with an http(s) origin, never this
 * text).
 *
 * @param context - The request context.
 * @returns Whether it is the user's own.
 */
export function isUser(context: WalletContext): boolean {
  return context.origin === HOME_ORIGIN;
}

/**
 * The composition root: the context of one request or one home page event.
 * State is read on first use and shared by the whole request.
 *
 * @param origin - Who asks, as dialogs show it.
 * @param scope - The request (or event) the context serves.
 * @returns The context.
 */
export function walletContext(
  origin: string,
  scope: RequestScope,
): WalletContext {
  let snapshot: Promise<WalletState> | undefined;
  let preferences: Promise<Preferences> | undefined;
  return {
    origin,
    keys: new KeyRing(),
    state: async () => (snapshot ??= readState()),
    preferences: async () => (preferences ??= readPreferences()),
    scope,
    node: (network) => new NodeClient(network, { scope }),
    paymaster: (network, apiKey): PaymasterClient | undefined => {
      const url = paymasterUrlFor(network);
      return url === undefined
        ? undefined
        : new PaymasterClient(url, apiKey, scope);
    },
    swapApi: (network): SwapClient | undefined => {
      const url = swapApiUrlFor(network);
      return url === undefined ? undefined : new SwapClient(url, scope);
    },
  };
}

import type { WALLET_API } from '@starknet-io/starknet-types-0104';
import type {
  IdentifierString,
  WalletAccount,
  WalletIcon,
  WalletWithFeatures,
} from '@wallet-standard/base';
import type {
  StandardConnectFeature,
  StandardConnectOutput,
  StandardDisconnectFeature,
  StandardEventsChangeProperties,
  StandardEventsFeature,
} from '@wallet-standard/features';

import { StarknetWalletApi } from './api';
import { shown, WalletApiError, WalletApiErrorCodes } from './errors';
import type { SnapAccount } from './requests';
import type { SnapClient } from '../client';

/** get-starknet's `starknet:walletApi` feature. */
export type StarknetWalletApiFeature = {
  readonly 'starknet:walletApi': {
    readonly version: '1.0.0';
    readonly request: WALLET_API.RequestFn;
    readonly walletVersion: string;
    readonly id: string;
  };
};

export type StarknetSnapFeatures = StarknetWalletApiFeature &
  StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature;

/** A wallet-standard wallet that get-starknet and starknet.js accept. */
export type StarknetSnapWallet = WalletWithFeatures<StarknetSnapFeatures> & {
  /** The wallet API behind the features, for direct use and tests. */
  readonly api: StarknetWalletApi;
};

export type StarknetSnapWalletOptions = {
  /** The snap client (from `connect()` or `new SnapClient()`). */
  client: SnapClient;
  /** The BIP-44 index of the account to connect (default 0). */
  accountIndex?: number;
  /** The wallet's name in wallet pickers. */
  name?: string;
  /**
   * The wallet's id for get-starknet (default `snapnet`): letters, digits and
   * `_`, never `metamask`.
   */
  id?: string;
  /** The wallet's icon, a data URI. */
  icon?: WalletIcon;
};

const MAINNET = 'starknet:0x534e5f4d41494e';
const SEPOLIA = 'starknet:0x534e5f5345504f4c4941';

/**
 * The wallet's id for get-starknet and starknet-react (`starknet:walletApi`'s
 * `id`, and the key `starknet_<id>` of the opt-in injected object). Not
 * `metamask`: get-starknet gives that id to ConsenSys' older snap, whose
 * adapter it loads from a CDN.
 */
export const DEFAULT_WALLET_ID = 'snapnet';

/**
 * The wallet's name in wallet pickers. get-starknet 5 tells wallets apart by
 * name, so it must differ from `MetaMask` (ConsenSys' snap) too.
 */
export const DEFAULT_WALLET_NAME = 'Snapnet';

/** An orange four-point star on navy; no remote content is ever loaded. */
export const DEFAULT_ICON: WalletIcon =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iIzBjMGM0ZiIvPjxwYXRoIGQ9Ik0xNiA0bDIuOCA5LjJMMjggMTZsLTkuMiAyLjhMMTYgMjhsLTIuOC05LjJMNCAxNmw5LjItMi44eiIgZmlsbD0iI2Y2ODUxYiIvPjxjaXJjbGUgY3g9IjE2IiBjeT0iMTYiIHI9IjIuNiIgZmlsbD0iI2ZmZiIvPjwvc3ZnPg==';

/**
 * A felt as 32 big-endian bytes.
 *
 * @param felt - The felt, `0x`-prefixed.
 * @returns Its bytes.
 */
function feltBytes(felt: string): Uint8Array {
  const digits = BigInt(felt).toString(16).padStart(64, '0');
  return Uint8Array.from(digits.match(/../gu) ?? [], (pair) =>
    parseInt(pair, 16),
  );
}

/**
 * The wallet-standard account of the snap's account.
 *
 * @param account - The connected account.
 * @returns Its wallet-standard form (chain `starknet:<chainId>`).
 */
function standardAccount(account: SnapAccount): WalletAccount {
  const chain: IdentifierString = `starknet:${account.chainId}`;
  return {
    address: account.address,
    publicKey: feltBytes(account.publicKey),
    chains: [chain],
    features: [],
  };
}

/**
 * Whether `standard:connect` was asked to stay silent.
 *
 * @param input - Its input, as the app passed it.
 * @returns `silent`, false when absent.
 * @throws {WalletApiError} INVALID_REQUEST_PAYLOAD (114) for anything but
 * nothing or `{silent?: boolean}`.
 */
function silentOf(input: unknown): boolean {
  if (input === undefined) {
    return false;
  }
  if (typeof input !== 'object' || input === null) {
    throw new WalletApiError(
      WalletApiErrorCodes.InvalidRequestPayload,
      'standard:connect takes {silent?: boolean}',
    );
  }
  const silent: unknown = 'silent' in input ? input.silent : undefined;
  if (silent !== undefined && typeof silent !== 'boolean') {
    throw new WalletApiError(
      WalletApiErrorCodes.InvalidRequestPayload,
      `silent must be a boolean, not ${shown(silent)}`,
    );
  }
  return silent ?? false;
}

/**
 * Checks a `standard:events` subscription: the wallet emits `change` only,
 * and a listener that is not a function would break every later change.
 *
 * @param event - The event name.
 * @param listener - The listener.
 * @throws {WalletApiError} INVALID_REQUEST_PAYLOAD (114) otherwise.
 */
function checkListener(event: unknown, listener: unknown): void {
  if (event !== 'change') {
    throw new WalletApiError(
      WalletApiErrorCodes.InvalidRequestPayload,
      `standard:events has only the "change" event, not ${shown(event)}`,
    );
  }
  if (typeof listener !== 'function') {
    throw new WalletApiError(
      WalletApiErrorCodes.InvalidRequestPayload,
      'a standard:events listener must be a function',
    );
  }
}

/**
 * Checks the id a dapp gave the wallet.
 *
 * @param id - The `id` option.
 * @returns It, or the default.
 * @throws {Error} Naming `id` when it is `metamask` (get-starknet's id for
 * ConsenSys' snap) or cannot be part of a `starknet_<id>` key.
 */
function walletIdOf(id: string | undefined): string {
  if (id === undefined) {
    return DEFAULT_WALLET_ID;
  }
  if (typeof id !== 'string' || !/^[A-Za-z0-9_]+$/u.test(id)) {
    throw new Error(
      `id must be letters, digits and "_", not ${JSON.stringify(id)}`,
    );
  }
  if (id.toLowerCase() === 'metamask') {
    throw new Error(
      'id must not be "metamask": get-starknet gives that id to ConsenSys\' Starknet snap',
    );
  }
  return id;
}

/**
 * Builds the Starknet wallet-standard wallet of the snap: `standard:connect`
 * (installs the snap and reads the account), `standard:disconnect`,
 * `standard:events` (`change` when the account or network changes) and
 * get-starknet's `starknet:walletApi` (see StarknetWalletApi).
 *
 * @param options - The snap client and how to present the wallet.
 * @returns The wallet; register it with `registerStarknetWallet`.
 */
export function createStarknetWallet(
  options: StarknetSnapWalletOptions,
): StarknetSnapWallet {
  const id = walletIdOf(options.id);
  const api = new StarknetWalletApi(options.client, options.accountIndex);
  const listeners = new Set<(change: StandardEventsChangeProperties) => void>();
  const accounts = (): readonly WalletAccount[] =>
    api.account ? [standardAccount(api.account)] : [];
  api.onAccountChange(() => {
    const change = { accounts: accounts() };
    listeners.forEach((listener) => listener(change));
  });
  let walletVersion = 'unknown';

  return {
    version: '1.0.0',
    name: options.name ?? DEFAULT_WALLET_NAME,
    icon: options.icon ?? DEFAULT_ICON,
    chains: [MAINNET, SEPOLIA],
    get accounts(): readonly WalletAccount[] {
      return accounts();
    },
    api,
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async (input): Promise<StandardConnectOutput> => {
          await api.requestAccounts(silentOf(input));
          if (api.account) {
            walletVersion =
              (await options.client.installed())?.version ?? walletVersion;
          }
          return { accounts: accounts() };
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => api.disconnect(),
      },
      'standard:events': {
        version: '1.0.0',
        on: (event, listener) => {
          checkListener(event, listener);
          listeners.add(listener);
          return () => {
            listeners.delete(listener);
          };
        },
      },
      'starknet:walletApi': {
        version: '1.0.0',
        request: api.request,
        get walletVersion(): string {
          return walletVersion;
        },
        id,
      },
    },
  };
}

/* eslint-disable no-restricted-globals -- browser code: the DOM is its environment */
/**
 * What every library test page shares, in the browser: its settings (from
 * the page's URL), the snap's wallet as a dapp sets it up with
 * `@snapnet/client`, the log of wallet events shown on the page, and the
 * `window.dapp` the test drives. Each page implements `Dapp` with its
 * library only.
 */
import type { WALLET_API } from '@starknet-io/starknet-types-0104';
import { constants } from 'starknet';

import {
  createStarknetWallet,
  discoverMetaMask,
  SnapClient,
} from '@snapnet/client';
import type { StarknetSnapWallet } from '@snapnet/client';

/** The account and chain a library reports. */
export type PageAccount = { address: string; chainId: string };

/** A transfer of an ERC-20 token (amount in its smallest unit). */
export type Transfer = { token: string; recipient: string; amount: string };

/** What the test asks a page to do, each through the page's library. */
export type Dapp = {
  /** The wallets the library discovered: id and name. */
  wallets(): Promise<{ id: string; name: string }[]>;
  /** Connects the snap's wallet; answers its account and chain. */
  connect(): Promise<PageAccount>;
  /** Signs SNIP-12 typed data; answers the signature's felts. */
  signTypedData(typedData: WALLET_API.TypedData): Promise<string[]>;
  /** Sends a transfer; answers the transaction hash. */
  transfer(transfer: Transfer): Promise<string>;
  /** Asks the wallet to switch network. */
  switchChain(chainId: string): Promise<void>;
};

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    /** The library page's operations, set once the page is ready. */
    dapp?: Dapp;
  }
}

/**
 * The page's settings, from its URL: `?snap=<snap id>&node=<node URL>`.
 *
 * @returns The snap id and the dapp's node URL.
 */
export function pageSettings(): { snapId: string; nodeUrl: string } {
  const params = new URL(window.location.href).searchParams;
  const snapId = params.get('snap');
  const nodeUrl = params.get('node');
  if (!snapId || !nodeUrl) {
    throw new Error('The page needs ?snap=<snap id>&node=<node URL>');
  }
  return { snapId, nodeUrl };
}

/**
 * The snap's wallet as a dapp builds it: MetaMask found over EIP-6963, the
 * wallet-standard wallet over the snap client (id `snapnet`).
 *
 * @returns The wallet (not registered or injected yet).
 */
export async function snapWallet(): Promise<StarknetSnapWallet> {
  const { provider } = await discoverMetaMask();
  return createStarknetWallet({
    client: new SnapClient(provider, pageSettings().snapId),
  });
}

/**
 * Shows a wallet event on the page, where the test waits for it.
 *
 * @param kind - What the library reported (`change`, `networkChanged`, ...).
 * @param account - The account and chain it reported, as far as it did.
 * @param account.address - The address, if any.
 * @param account.chainId - The chain (hex), if any.
 */
export function logEvent(
  kind: string,
  account: { address?: string | undefined; chainId?: string | undefined },
): void {
  const item = document.createElement('li');
  item.className = 'event';
  item.dataset.kind = kind;
  item.dataset.address = account.address ?? '';
  item.dataset.chain = account.chainId ?? '';
  item.textContent = `${kind} ${account.address ?? '-'} ${account.chainId ?? '-'}`;
  document.getElementById('events')?.append(item);
}

/**
 * A number in the wallet API's form (chain ids, felts): lowercase hex.
 *
 * @param value - The number (hex, decimal or bigint).
 * @returns It as `0x…`.
 */
export function toHex(value: string | bigint): string {
  return `0x${BigInt(value).toString(16)}`;
}

/**
 * A chain starknet.js knows, as its type says.
 *
 * @param chainId - The chain id (hex).
 * @returns It, typed.
 */
export function knownChain(chainId: string): constants.StarknetChainId {
  const known = Object.values(constants.StarknetChainId).find(
    (id) => id === chainId,
  );
  if (!known) {
    throw new Error(`starknet.js does not know chain ${chainId}`);
  }
  return known;
}

/**
 * The calldata of an ERC-20 transfer (amount as a u256: low, high).
 *
 * @param transfer - The transfer.
 * @returns `[recipient, low, high]`.
 */
export function transferCalldata(transfer: Transfer): string[] {
  const amount = BigInt(transfer.amount);
  const u128 = 2n ** 128n;
  return [transfer.recipient, toHex(amount % u128), toHex(amount / u128)];
}

/**
 * Makes the page's operations available to the test and marks it ready.
 *
 * @param dapp - The operations.
 */
export function exposeDapp(dapp: Dapp): void {
  window.dapp = dapp;
  document.body.dataset.ready = 'true';
}

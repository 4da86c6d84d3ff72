/**
 * Networks the wallet serves. Mainnet and Testnet are built in, with node
 * URLs injected by snap.config.ts (`SNAP_MAINNET_RPC_URL`,
 * `SNAP_TESTNET_RPC_URL`: by default several keyless public nodes, tried in
 * order); networks added at runtime carry their own URL, and so does a
 * built-in network whose node the user chose (checked against the node's
 * chain id before it is stored).
 */
export const MAINNET_CHAIN_ID = '0x534e5f4d41494e';
export const TESTNET_CHAIN_ID = '0x534e5f5345504f4c4941';

/** The chain every method acts on when the dapp names none. */
export const DEFAULT_CHAIN_ID = TESTNET_CHAIN_ID;

export type Network = {
  name: string;
  chainId: string;
  /**
   * The node of a network added at runtime, or the one the user chose for
   * a built-in network; absent: the build's nodes of a built-in network.
   */
  rpcUrl?: string | undefined;
  /**
   * The site that added it, whose node it is: only that site may use it.
   * Absent for the built-in networks and those the user added.
   */
  addedBy?: string | undefined;
  /**
   * The SNIP-29 paymaster the user chose for a built-in network, or the one
   * a site named for its own network; absent: the build's paymaster of a
   * built-in network (a network added without one has none).
   */
  paymasterUrl?: string | undefined;
};

export const SUPPORTED_NETWORKS: readonly Network[] = [
  { name: 'Mainnet', chainId: MAINNET_CHAIN_ID },
  { name: 'Testnet', chainId: TESTNET_CHAIN_ID },
];

/**
 * Whether a chain is one of the built-in networks (which cannot be removed).
 *
 * @param chainId - The chain id (canonical hex).
 * @returns Whether it is built in.
 */
export function isBuiltInNetwork(chainId: string): boolean {
  return SUPPORTED_NETWORKS.some((network) => network.chainId === chainId);
}

/**
 * The nodes the build gave a built-in network, in the order they are tried.
 * The build joins them with commas (scripts/node-urls.js checked each).
 *
 * @param chainId - A built-in network's chain id.
 * @returns Its URLs.
 */
export function buildNodeUrls(chainId: string): string[] {
  // `process.env` is replaced at build time by the bundler (snap.config.ts).
  /* eslint-disable no-restricted-globals */
  const list =
    chainId === MAINNET_CHAIN_ID
      ? process.env.SNAP_MAINNET_RPC_URL
      : process.env.SNAP_TESTNET_RPC_URL;
  /* eslint-enable no-restricted-globals */
  const urls = (list ?? '').split(',').filter((url) => url !== '');
  if (urls.length === 0 || !isBuiltInNetwork(chainId)) {
    throw new Error(`No RPC URL is configured for chain ${chainId}`);
  }
  return urls;
}

/**
 * The JSON-RPC URLs of a network, in the order they are tried: its own
 * node when it has one (added at runtime, or chosen by the user), the
 * build's nodes of Mainnet and Testnet otherwise. This is the one place a
 * node client's URLs come from.
 *
 * @param network - The network.
 * @returns The URLs the snap must use for that network (at least one).
 */
export function rpcUrlsFor(network: Network): string[] {
  return network.rpcUrl === undefined
    ? buildNodeUrls(network.chainId)
    : [network.rpcUrl];
}

/**
 * The content-storage API token logos are read from (seed 000's `/api/v0`),
 * and its optional basic-auth `key:secret`, both fixed at build time
 * (`SNAP_CONTENT_STORAGE_URL`, `SNAP_CONTENT_STORAGE_AUTH`).
 *
 * @returns The base URL (without `/api/v0`) and the credentials, if any.
 */
export function contentStorage(): { url: string; auth: string | undefined } {
  /* eslint-disable no-restricted-globals */
  const url = process.env.SNAP_CONTENT_STORAGE_URL;
  const auth = process.env.SNAP_CONTENT_STORAGE_AUTH;
  /* eslint-enable no-restricted-globals */
  if (!url) {
    throw new Error('No content-storage URL is configured');
  }
  // An empty SNAP_CONTENT_STORAGE_AUTH means none.
  return {
    url: url.replace(/(?<!\/)\/+$/u, ''),
    auth: auth === '' ? undefined : auth,
  };
}

/** Fee tokens, at the same addresses on Mainnet and Sepolia. */
export const STRK_ADDRESS =
  '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d';
export const ETH_ADDRESS =
  '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7';

/** BIP-44 coin type of Starknet keys. */
export const STARKNET_COIN_TYPE = 9004;

/** Argent account 0.3.1 (Cairo 1): the class new accounts are deployed with. */
export const ARGENT_CLASS_HASH =
  '0x29927c8af6bccf3f6fda035981e765a7bdbf18a2dc0d630494f8758aa908e2b';

/** Argent proxy (Cairo 0), held by accounts made by older wallets. */
export const ARGENT_PROXY_CLASS_HASH =
  '0x25ec026985a3bf9d0cc1fe17326b245dfdc3ff89b8fde106542a3ea56c5a918';
export const ARGENT_CAIRO0_IMPLEMENTATION =
  '0x033434ad846cdd5f23eb73ff09fe6fddd568284a0fb7d1be20ee482f044dabe2';

/** How many indices are derived when looking for an address not in state. */
export const ADDRESS_SCAN_LIMIT = 20;

/**
 * The SNIP-29 paymaster of a network: its own (chosen by the user, or named
 * by the site that added it), else the build's for Mainnet and Testnet
 * (`SNAP_MAINNET_PAYMASTER_URL`, `SNAP_TESTNET_PAYMASTER_URL`: by default
 * starknet.js's public keyless paymasters). This is the one place a
 * paymaster's URL comes from.
 *
 * @param network - The network.
 * @returns Its paymaster's URL, or undefined when it has none.
 */
export function paymasterUrlFor(network: Network): string | undefined {
  if (network.paymasterUrl !== undefined) {
    return network.paymasterUrl;
  }
  // `process.env` is replaced at build time by the bundler (snap.config.ts).
  /* eslint-disable no-restricted-globals */
  const urls = new Map([
    [MAINNET_CHAIN_ID, process.env.SNAP_MAINNET_PAYMASTER_URL],
    [TESTNET_CHAIN_ID, process.env.SNAP_TESTNET_PAYMASTER_URL],
  ]);
  /* eslint-enable no-restricted-globals */
  const url = urls.get(network.chainId);
  return url === '' ? undefined : url;
}

/**
 * The swap API of a network, in AVNU's shape (`/swap/v3/quotes`, `/swap/v3/
 * build`): the build's for Mainnet and Testnet (`SNAP_MAINNET_SWAP_URL`,
 * `SNAP_TESTNET_SWAP_URL`: by default AVNU's own), none on a network a
 * site or the user added. This is the one place its URL comes from.
 *
 * @param network - The network.
 * @returns The API's base URL, or undefined when the network has none.
 */
export function swapApiUrlFor(network: Network): string | undefined {
  // `process.env` is replaced at build time by the bundler (snap.config.ts).
  /* eslint-disable no-restricted-globals */
  const urls = new Map([
    [MAINNET_CHAIN_ID, process.env.SNAP_MAINNET_SWAP_URL],
    [TESTNET_CHAIN_ID, process.env.SNAP_TESTNET_SWAP_URL],
  ]);
  /* eslint-enable no-restricted-globals */
  const url =
    network.addedBy === undefined ? urls.get(network.chainId) : undefined;
  return url === '' ? undefined : url;
}

import type { PaymasterDialect } from '@snapnet/local-node';
/** Which Starknet node the chain tests run against. */
export type BackendName = 'local' | 'devnet';

/** A funded account the node created at startup, with its keys. */
export type PredeployedAccount = {
  address: string;
  privateKey: string;
  publicKey: string;
};

/**
 * What the chain tests need of a node, whichever backend serves it: the
 * local node (`@snapnet/local-node`) or starknet-devnet behind a counting
 * proxy. `LocalNode` satisfies it as it is.
 */
export type TestNode = {
  url: string;
  /** `devnet` for starknet-devnet; absent on a local node. */
  backend?: BackendName;
  accounts: PredeployedAccount[];
  /** JSON-RPC calls received (per method, or in total). */
  requestCount(method?: string): number;
  /** Request bodies received: one per HTTP post, a batch counting once. */
  roundTripCount(): number;
  resetRequestCount(): void;
  stop(): Promise<void>;
};

export type TestNodeOptions = {
  /** The loopback port the snap's network points at. */
  port: number;
  /** A short name such as SN_SEPOLIA (the default) or SN_MAIN. */
  chainId?: string;
  /** Seed of the predeployed accounts (each backend's fixed one by default). */
  seed?: number;
  /** How many predeployed accounts (3 on starknet-devnet by default). */
  accounts?: number;
  /** Unix time of the genesis block (`--start-time`); default now. */
  startTime?: number;
  /** Starting L1 and L2 gas prices in fri (`--gas-price-fri`, `--l2-gas-price-fri`). */
  gasPricesFri?: { l1: bigint; l2: bigint };
  /** How its SNIP-29 paymaster answers (default avnu, as AVNU's service). */
  paymasterDialect?: PaymasterDialect;
  /**
   * The most calls a batch may hold (local node only): a longer batch is
   * refused whole, as Pathfinder refuses it.
   */
  batchSizeLimit?: number;
  /**
   * The staking contract's exit wait in seconds (local node only: devnet has
   * no staking contract); default 300, Sepolia's.
   */
  exitWaitWindow?: number;
};

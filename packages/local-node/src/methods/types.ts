import type { DumpDirectory } from './dump-files';
import type { Params } from './params';
import type { LocalChain } from '../chain/local-chain';

/** How the SNIP-29 paymaster answers (src/paymaster/dialect.ts). */
export type PaymasterDialect = 'avnu' | 'snip29';

/** How the paymaster was started. */
export type PaymasterSettings = {
  dialect: PaymasterDialect;
  /** The `x-paymaster-api-key` it accepts for sponsored requests (avnu). */
  apiKey: string;
};

/** How the node was started, as the dev methods need it. */
export type DevSettings = {
  /** Where dump files may be read and written. */
  dumpDirectory: DumpDirectory;
  /** The dump file of `--dump-path` (inside the dump directory), if any. */
  dumpPath: string | undefined;
  /** When the node writes the dump file by itself. */
  dumpOn: 'exit' | 'block' | 'request' | undefined;
  /** Web origins allowed to call the methods that touch files. */
  allowedOrigins: string[];
  /** Where the node listens (the port is known once it does). */
  server: { host: string; port: number };
  /** The SNIP-29 paymaster's dialect and sponsorship key. */
  paymaster: PaymasterSettings;
  /**
   * The most requests a batch may hold (`--rpc-batch-size-limit`), if any:
   * a longer one is refused whole, as Pathfinder refuses it.
   */
  batchSizeLimit: number | undefined;
};

/** What a request carried besides its body, for the methods that read it. */
export type RequestInfo = {
  /** The `x-paymaster-api-key` header (a dapp's sponsorship key), if any. */
  paymasterApiKey?: string | undefined;
};

/** What a method handler can reach. */
export type MethodContext = {
  /** The current chain (replaced by devnet_load). */
  readonly node: LocalChain;
  readonly settings: DevSettings;
  /** Replaces the chain with a fresh one (same options). */
  reset(): void;
  /** Runs a journaled request again (devnet_load). */
  replay(method: string, params: unknown): void;
};

/** A JSON-RPC method: positional parameter names and a handler. */
export type MethodSpec = {
  params: string[];
  handler: (
    params: Params,
    ctx: MethodContext,
    request?: RequestInfo,
  ) => unknown;
  /** Reads or writes files: refused to web pages not allowed at start. */
  touchesFiles?: boolean;
};

export type MethodTable = Record<string, MethodSpec>;

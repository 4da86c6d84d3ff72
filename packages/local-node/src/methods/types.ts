import type { LocalChain } from '../chain/local-chain';
import type { Params } from '../rpc/params';

/** What a method handler can reach. */
export type MethodContext = {
  /** The current chain (replaced by devnet_load). */
  readonly node: LocalChain;
  /** Replaces the chain with a fresh one (same options). */
  reset(): void;
  /** Runs a journaled request again (devnet_load). */
  replay(method: string, params: unknown): void;
};

/** A JSON-RPC method: positional parameter names and a handler. */
export type MethodSpec = {
  params: string[];
  handler: (params: Params, ctx: MethodContext) => unknown;
};

export type MethodTable = Record<string, MethodSpec>;

import type { Overlay } from '../base/state-store';

/** An event as emitted during execution. */
export type RawEvent = {
  from: bigint;
  keys: bigint[];
  data: bigint[];
  order: number;
};

/** One node of a call tree (a FUNCTION_INVOCATION in trace terms). */
export type Invocation = {
  contract: bigint;
  selector: bigint;
  calldata: bigint[];
  caller: bigint;
  classHash: bigint;
  entryPointType: 'EXTERNAL' | 'CONSTRUCTOR';
  result: bigint[];
  calls: Invocation[];
  events: RawEvent[];
};

/** Transaction fields visible to account contracts. */
export type TxInfo = {
  hash: bigint;
  signature: bigint[];
  nonce: bigint;
  sender: bigint;
};

/** What an execution can see and change. */
export type ExecEnv = {
  state: Overlay;
  tx: TxInfo | undefined;
  events: RawEvent[];
  /** Contracts deployed during this execution, in order. */
  deployed: { address: bigint; classHash: bigint }[];
  /** The emulation of a class, or undefined when it has no native code. */
  resolve(classHash: bigint): NativeClass | undefined;
  /** The block the execution runs in (absent for genesis). */
  block?: BlockInfo;
};

/** What a contract can read of its block (`get_block_timestamp`, chain id). */
export type BlockInfo = { timestamp: number; chainId: string };

/** The context of one contract call. */
export type CallContext = {
  env: ExecEnv;
  self: bigint;
  caller: bigint;
  invocation: Invocation;
};

export type EntryFn = (ctx: CallContext, calldata: bigint[]) => bigint[];

/** The kinds of contract the node emulates natively. */
export type ContractKind =
  | 'argent'
  | 'oz'
  | 'erc20'
  | 'oz-erc20'
  | 'udc'
  | 'naming'
  | 'staking'
  | 'pool'
  | 'reward-supplier'
  | 'pragma'
  | 'avnu-exchange'
  | 'local-amm'
  | 'endur-vault'
  | 'endur-queue'
  | 'opaque';

/** A natively emulated contract class. */
export type NativeClass = {
  kind: ContractKind;
  /** Entry points by function name (selectors are derived). */
  entries: Record<string, EntryFn>;
  construct?: EntryFn;
  /** Selectors a declared class lists, emulated or not. */
  declaredSelectors?: Set<bigint>;
};

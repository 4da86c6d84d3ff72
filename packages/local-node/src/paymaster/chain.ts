import type { Deployment } from './params';
import type { OutsideCall } from '../contracts/outside-execution';

/**
 * What the paymaster needs of a chain, so that SNIP-29's parsing, typed
 * data, checks and error codes (service.ts) are one code for the local
 * node's emulated chain (local-chain.ts) and for any Starknet JSON-RPC node
 * (rpc-chain.ts, starknet-devnet in the conformance tier).
 */
export type PaymasterChain = {
  /** The chain id (hex): the outside execution's typed-data domain. */
  readonly chainId: string;
  /** The relayer's address, or undefined when there is none. */
  readonly relayer: bigint | undefined;
  /**
   * The chain's current time (the pre-confirmed block's), which time bounds
   * are checked against.
   */
  now(): Promise<bigint>;
  /**
   * The class deployed at an address on the current state.
   *
   * @param address - The address.
   * @returns The class hash, or undefined when nothing is deployed there.
   */
  classHashAt(address: bigint): Promise<bigint | undefined>;
  /**
   * A view call on the current state.
   *
   * @param to - The contract.
   * @param selector - The entry point's selector.
   * @param calldata - Its calldata.
   * @returns The result, or undefined when the call fails.
   */
  call(
    to: bigint,
    selector: bigint,
    calldata: bigint[],
  ): Promise<bigint[] | undefined>;
  /**
   * What relaying the user's calls will cost (FRI), before the user signed
   * them: an estimate only, the suggested maximum carries the margin.
   *
   * @param user - The user's account.
   * @param deployment - Its deployment, when not deployed yet.
   * @param calls - The outside calls (the fee transfer included), if any.
   * @returns The fee in FRI.
   */
  estimateUnsigned(
    user: bigint,
    deployment: Deployment | undefined,
    calls: OutsideCall[] | undefined,
  ): Promise<bigint>;
  /**
   * Runs the relayer's invoke of calls on the current state first (a failure
   * is SNIP-29's TRANSACTION_EXECUTION_ERROR and sends nothing), shows its fee
   * to `checkFee` (which throws to refuse), then sends it.
   *
   * @param calls - The relayer's calls.
   * @param checkFee - Told the invoke's fee in FRI; throws to refuse.
   * @returns The transaction hash.
   */
  relay(
    calls: OutsideCall[],
    checkFee: (feeInStrk: bigint) => void,
  ): Promise<bigint>;
  /**
   * Where a transaction stands, for SNIP-29's tracking.
   *
   * @param hash - The transaction hash.
   * @returns `active` before it is in a block, `accepted` after, undefined
   * for a hash the chain does not know.
   */
  transactionStatus(hash: bigint): Promise<'active' | 'accepted' | undefined>;
};

import type { BROADCASTED_TXN } from '@starknet-io/starknet-types-0104';
import {
  array,
  enums,
  nullable,
  number,
  optional,
  size,
  string,
  type,
} from 'superstruct';
import type { Infer } from 'superstruct';

import { FeltText, parsedBy, typedFelt } from './answers';
import type { NodeCall } from './nodeCall';
import { ChainRejectedError } from '../errors';
import type { V3Details } from '../signing/details';

/**
 * Typed Starknet JSON-RPC 0.10 calls the wallet makes. Each returns a
 * NodeCall for NodeClient.call / batch, so several can share a round trip.
 */

export type BlockTag = 'latest' | 'pre_confirmed';

/** What the node charges now per unit of each resource (FRI). */
export type GasPrices = {
  l1Gas: bigint;
  l2Gas: bigint;
  l1DataGas: bigint;
};

/** Error codes of the spec the wallet reacts to. */
export const CONTRACT_NOT_FOUND = 20;
export const TRANSACTION_HASH_NOT_FOUND = 29;

/**
 * Whether a failure is the node's "Contract not found": nothing is deployed
 * at the address asked about (an undeployed account, a wrong address).
 *
 * @param error - What a node call failed with.
 * @returns Whether it says there is no contract.
 */
export function isContractNotFound(error: unknown): boolean {
  return (
    error instanceof ChainRejectedError && error.code === CONTRACT_NOT_FOUND
  );
}

/**
 * starknet_getNonce.
 *
 * @param address - The account.
 * @param block - Which state.
 * @returns The call.
 */
export function nonceCall(
  address: string,
  block: BlockTag = 'pre_confirmed',
): NodeCall<string> {
  return {
    method: 'starknet_getNonce',
    params: { block_id: block, contract_address: address },
    parse: parsedBy(FeltText),
  };
}

/**
 * starknet_getClassHashAt.
 *
 * @param address - The contract.
 * @returns The call.
 */
export function classHashAtCall(address: string): NodeCall<string> {
  return {
    method: 'starknet_getClassHashAt',
    params: { block_id: 'pre_confirmed', contract_address: address },
    parse: parsedBy(FeltText),
  };
}

/**
 * starknet_call of a view.
 *
 * @param contractAddress - The contract.
 * @param selector - The entrypoint selector (hex).
 * @param calldata - The calldata.
 * @param block - Which state.
 * @returns The call.
 */
export function viewCall(
  contractAddress: string,
  selector: string,
  calldata: string[],
  block: BlockTag = 'latest',
): NodeCall<string[]> {
  return {
    method: 'starknet_call',
    params: {
      request: {
        contract_address: contractAddress,
        entry_point_selector: selector,
        calldata,
      },
      block_id: block,
    },
    parse: parsedBy(array(FeltText)),
  };
}

/**
 * A node's fee estimate, each value of its spec type (amounts u64, prices
 * u128, the overall fee a felt): the wallet signs bounds made from these,
 * and a value past its type would spill into its neighbour in the hash.
 */
export const FeeEstimateStruct = type({
  l1_gas_consumed: typedFelt('u64'),
  l1_gas_price: typedFelt('u128'),
  l2_gas_consumed: typedFelt('u64'),
  l2_gas_price: typedFelt('u128'),
  l1_data_gas_consumed: typedFelt('u64'),
  l1_data_gas_price: typedFelt('u128'),
  overall_fee: typedFelt('felt'),
  unit: string(),
});

export type NodeFeeEstimate = Infer<typeof FeeEstimateStruct>;

/** A v3 transaction as the node's write and estimate methods take it. */
export type BroadcastTransaction = BROADCASTED_TXN;

/** The fields every broadcast v3 transaction carries. */
type CommonFields = Pick<
  BROADCASTED_TXN,
  | 'version'
  | 'signature'
  | 'nonce'
  | 'resource_bounds'
  | 'tip'
  | 'paymaster_data'
  | 'nonce_data_availability_mode'
  | 'fee_data_availability_mode'
>;

/**
 * The fields every broadcast v3 transaction carries.
 *
 * @param details - Complete details.
 * @param signature - The signature.
 * @returns The common fields, in the node's names.
 */
export function commonFields(
  details: V3Details,
  signature: string[],
): CommonFields {
  return {
    version: details.version,
    signature,
    nonce: details.nonce,
    resource_bounds: details.resourceBounds,
    tip: details.tip,
    paymaster_data: details.paymasterData,
    nonce_data_availability_mode: details.nonceDataAvailabilityMode,
    fee_data_availability_mode: details.feeDataAvailabilityMode,
  };
}

/**
 * starknet_add{Invoke,DeployAccount,Declare}Transaction.
 *
 * @param transaction - The signed transaction.
 * @returns The call; its result holds `transaction_hash`.
 */
export function addTransactionCall(
  transaction: BroadcastTransaction,
): NodeCall<{ transaction_hash: string }> {
  const parse = parsedBy(type({ transaction_hash: FeltText }));
  switch (transaction.type) {
    case 'INVOKE':
      return {
        method: 'starknet_addInvokeTransaction',
        params: { invoke_transaction: transaction },
        parse,
      };
    case 'DEPLOY_ACCOUNT':
      return {
        method: 'starknet_addDeployAccountTransaction',
        params: { deploy_account_transaction: transaction },
        parse,
      };
    case 'DECLARE':
      return {
        method: 'starknet_addDeclareTransaction',
        params: { declare_transaction: transaction },
        parse,
      };
    default:
      throw new Error('Unknown transaction type');
  }
}

export const TransactionStatusStruct = type({
  finality_status: enums([
    'RECEIVED',
    'CANDIDATE',
    'PRE_CONFIRMED',
    'ACCEPTED_ON_L2',
    'ACCEPTED_ON_L1',
    'REJECTED',
  ]),
  execution_status: optional(enums(['SUCCEEDED', 'REVERTED'])),
  // Absent in the spec when nothing failed; starknet-devnet writes null.
  failure_reason: optional(nullable(string())),
});

/**
 * starknet_getTransactionStatus.
 *
 * @param transactionHash - The transaction.
 * @returns The call.
 */
export function transactionStatusCall(
  transactionHash: string,
): NodeCall<Infer<typeof TransactionStatusStruct>> {
  return {
    method: 'starknet_getTransactionStatus',
    params: { transaction_hash: transactionHash },
    parse: parsedBy(TransactionStatusStruct),
  };
}

const EmittedEventStruct = type({
  from_address: FeltText,
  keys: array(FeltText),
  data: array(FeltText),
  block_number: optional(number()),
  block_hash: optional(FeltText),
  transaction_hash: FeltText,
});

export type EmittedEvent = Infer<typeof EmittedEventStruct>;

/**
 * starknet_getEvents, one page: at most `chunkSize` events (a longer page
 * is a malformed answer).
 *
 * @param filter - The filter.
 * @param filter.address - The emitting contract, or a list of them (a
 * list's call fails alone, so that a node refusing lists fails no batch).
 * @param filter.keys - Keys, position-wise.
 * @param filter.fromBlock - First block number.
 * @param filter.toBlock - Last block number (the pre-confirmed block when
 * absent).
 * @param filter.chunkSize - Page size.
 * @param filter.continuationToken - Where the previous page ended.
 * @returns The call.
 */
export function eventsCall(filter: {
  address?: string | string[];
  keys: string[][];
  fromBlock: number;
  toBlock?: number;
  chunkSize: number;
  continuationToken?: string;
}): NodeCall<{
  events: EmittedEvent[];
  continuation_token?: string | undefined;
}> {
  return {
    method: 'starknet_getEvents',
    params: {
      filter: {
        ...(filter.address === undefined ? {} : { address: filter.address }),
        keys: filter.keys,
        from_block: { block_number: filter.fromBlock },
        to_block:
          filter.toBlock === undefined
            ? 'pre_confirmed'
            : { block_number: filter.toBlock },
        chunk_size: filter.chunkSize,
        ...(filter.continuationToken
          ? { continuation_token: filter.continuationToken }
          : {}),
      },
    },
    parse: parsedBy(
      type({
        events: size(array(EmittedEventStruct), 0, filter.chunkSize),
        continuation_token: optional(size(string(), 1, 256)),
      }),
    ),
    ...(Array.isArray(filter.address) ? { ownFailure: true as const } : {}),
  };
}

/**
 * starknet_blockNumber.
 *
 * @returns The call.
 */
export function blockNumberCall(): NodeCall<number> {
  return {
    method: 'starknet_blockNumber',
    params: [],
    parse: parsedBy(number()),
  };
}

const ResourcePriceStruct = type({ price_in_fri: typedFelt('u128') });

/**
 * The network's current prices, read from the latest block header (for
 * signing paths that cannot simulate, e.g. a DECLARE given by hash only).
 *
 * @returns The call.
 */
export function gasPricesCall(): NodeCall<GasPrices> {
  const parse = parsedBy(
    type({
      l1_gas_price: ResourcePriceStruct,
      l2_gas_price: ResourcePriceStruct,
      l1_data_gas_price: ResourcePriceStruct,
    }),
  );
  return {
    method: 'starknet_getBlockWithTxHashes',
    params: { block_id: 'latest' },
    parse: (value): GasPrices => {
      const header = parse(value);
      return {
        l1Gas: BigInt(header.l1_gas_price.price_in_fri),
        l2Gas: BigInt(header.l2_gas_price.price_in_fri),
        l1DataGas: BigInt(header.l1_data_gas_price.price_in_fri),
      };
    },
  };
}

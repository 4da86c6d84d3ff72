import { array, enums, number, optional, type } from 'superstruct';

import { FeltText, parsedBy } from './answers';
import { eventsCall, viewCall } from './calls';
import type { NodeCall } from './nodeCall';
import { selectorOf } from '../protocol/selectors';

/**
 * What the chain says of an outside execution (SNIP-9) an account signed:
 * whether its nonce is used, and which transaction ran it. An Argent
 * account ends `execute_from_outside` with `TransactionExecuted` keyed by
 * the signed SNIP-12 message hash, so the transaction that ran a signed
 * execution is the one whose receipt holds that event of the account —
 * whoever claims otherwise.
 */

const TRANSACTION_EXECUTED = selectorOf('TransactionExecuted');

const NONCE_CHECK = selectorOf('is_valid_outside_execution_nonce');

/** A receipt, as far as the wallet reads it here. */
export type ExecutionReceipt = {
  execution_status: 'SUCCEEDED' | 'REVERTED';
  events: { from_address: string; keys: string[] }[];
};

const ReceiptStruct = type({
  execution_status: enums(['SUCCEEDED', 'REVERTED']),
  events: array(type({ from_address: FeltText, keys: array(FeltText) })),
});

/**
 * starknet_getTransactionReceipt, read for its events.
 *
 * @param txnHash - The transaction.
 * @returns The call.
 */
export function receiptCall(txnHash: string): NodeCall<ExecutionReceipt> {
  return {
    method: 'starknet_getTransactionReceipt',
    params: { transaction_hash: txnHash },
    parse: parsedBy(ReceiptStruct),
  };
}

/**
 * Whether a receipt is of the transaction that ran the signed execution:
 * it succeeded and holds the account's TransactionExecuted keyed by the
 * execution's message hash.
 *
 * @param receipt - The receipt.
 * @param account - The account.
 * @param messageHash - The signed message hash.
 * @returns Whether it ran it.
 */
export function ranExecution(
  receipt: ExecutionReceipt,
  account: string,
  messageHash: string,
): boolean {
  return (
    receipt.execution_status === 'SUCCEEDED' &&
    receipt.events.some(
      ({ from_address: from, keys: [key, signed] }) =>
        BigInt(from) === BigInt(account) &&
        key !== undefined &&
        BigInt(key) === BigInt(TRANSACTION_EXECUTED) &&
        signed !== undefined &&
        BigInt(signed) === BigInt(messageHash),
    )
  );
}

/**
 * The chain's clock: the newest block (pre_confirmed, the one being built)
 * — its number and its timestamp, which no later block goes below.
 *
 * @returns The call.
 */
export function chainClockCall(): NodeCall<{
  blockNumber: number;
  timestamp: number;
}> {
  const parse = parsedBy(
    type({ block_number: optional(number()), timestamp: number() }),
  );
  return {
    method: 'starknet_getBlockWithTxHashes',
    params: { block_id: 'pre_confirmed' },
    parse: (value): { blockNumber: number; timestamp: number } => {
      const header = parse(value);
      return {
        blockNumber: header.block_number ?? 0,
        timestamp: header.timestamp,
      };
    },
  };
}

/**
 * `is_valid_outside_execution_nonce(nonce)` of the account: [1] unused.
 *
 * @param account - The account.
 * @param nonce - The execution's nonce.
 * @returns The call.
 */
export function nonceUnusedCall(
  account: string,
  nonce: string,
): NodeCall<string[]> {
  return viewCall(account, NONCE_CHECK, [nonce], 'pre_confirmed');
}

/**
 * The account's TransactionExecuted events keyed by the message hash, from
 * a block on (the first is the transaction that ran it).
 *
 * @param account - The account.
 * @param messageHash - The signed message hash.
 * @param fromBlock - The first block to read.
 * @returns The call.
 */
export function executedEventCall(
  account: string,
  messageHash: string,
  fromBlock: number,
): ReturnType<typeof eventsCall> {
  return eventsCall({
    address: account,
    keys: [[TRANSACTION_EXECUTED], [messageHash]],
    fromBlock,
    chunkSize: 10,
  });
}

import { array, number, optional, string, type } from 'superstruct';
import type { Infer } from 'superstruct';

import { FeltText, parsedBy } from './answers';
import type { EmittedEvent } from './calls';
import type { NodeClient } from './client';
import type { NodeCall } from './nodeCall';
import { transferOf } from './transferEvents';
import { normaliseAddress } from '../keys/address';
import { selectorOf } from '../protocol/selectors';
import type { TransactionRecord, TransactionStatus } from '../state/schema';

/**
 * The records of transactions the history found: their transactions,
 * receipts and blocks read in one round trip, each described as what it
 * did to the account it was found for.
 */

/** Entry points whose names the history shows instead of their selectors. */
const KNOWN_ENTRYPOINTS = [
  'transfer',
  'transferFrom',
  'transfer_from',
  'approve',
  'increaseAllowance',
  'increase_allowance',
  'decreaseAllowance',
  'decrease_allowance',
  'deploy_contract',
  'deployContract',
  'swap',
  'multicall',
];
const ENTRYPOINT_NAMES = new Map(
  KNOWN_ENTRYPOINTS.map((name) => [BigInt(selectorOf(name)), name]),
);

const TransactionStruct = type({
  type: string(),
  sender_address: optional(FeltText),
  contract_address: optional(FeltText),
  calldata: optional(array(FeltText)),
});

const ReceiptStruct = type({
  execution_status: string(),
  finality_status: string(),
  revert_reason: optional(string()),
  block_number: optional(number()),
  events: array(type({ from_address: FeltText })),
});

const BlockStruct = type({ block_number: number(), timestamp: number() });

/**
 * The status of a record from a receipt.
 *
 * @param receipt - The receipt.
 * @returns The status.
 */
export function statusOf(
  receipt: Pick<
    Infer<typeof ReceiptStruct>,
    'execution_status' | 'finality_status'
  >,
): TransactionStatus {
  if (receipt.execution_status === 'REVERTED') {
    return 'REVERTED';
  }
  if (receipt.finality_status === 'ACCEPTED_ON_L1') {
    return 'ACCEPTED_ON_L1';
  }
  return receipt.finality_status === 'PRE_CONFIRMED'
    ? 'PRE_CONFIRMED'
    : 'ACCEPTED_ON_L2';
}

/**
 * The first call of a Cairo 1 multicall `__execute__` calldata:
 * `[count, to, selector, length, ...data, ...]`.
 *
 * @param calldata - The calldata.
 * @returns Its first call, when it parses.
 */
function firstCall(
  calldata: string[],
): { to: string; entrypoint: string; data: string[] } | undefined {
  const [count, to, selector, length] = calldata;
  if (!count || !to || !selector || !length || BigInt(count) === 0n) {
    return undefined;
  }
  const size = Number(BigInt(length));
  if (4 + size > calldata.length) {
    return undefined;
  }
  return {
    to: normaliseAddress(to),
    entrypoint: ENTRYPOINT_NAMES.get(BigInt(selector)) ?? selector,
    data: calldata.slice(4, 4 + size),
  };
}

/** What the node says of one transaction found. */
export type Detail = {
  transaction: Infer<typeof TransactionStruct>;
  receipt: Infer<typeof ReceiptStruct>;
  timestamp: number | undefined;
};

/**
 * The transactions, receipts and blocks of what was found: one round trip;
 * what the node does not answer is left out.
 *
 * @param client - The network's node.
 * @param hashes - The transactions (canonical).
 * @param events - The events they were found by (for their blocks).
 * @returns Each transaction's detail, by hash.
 */
export async function readDetails(
  client: NodeClient,
  hashes: string[],
  events: EmittedEvent[],
): Promise<Map<string, Detail>> {
  const blocks = [
    ...new Set(
      events
        .map((event) => event.block_number)
        .filter((block): block is number => block !== undefined),
    ),
  ];
  const detailCalls: NodeCall<unknown>[] = [
    ...hashes.flatMap((txHash) => [
      {
        method: 'starknet_getTransactionByHash' as const,
        params: { transaction_hash: txHash },
        parse: parsedBy(TransactionStruct),
      },
      {
        method: 'starknet_getTransactionReceipt' as const,
        params: { transaction_hash: txHash },
        parse: parsedBy(ReceiptStruct),
      },
    ]),
    ...blocks.map((block) => ({
      method: 'starknet_getBlockWithTxHashes' as const,
      params: { block_id: { block_number: block } },
      parse: parsedBy(BlockStruct),
    })),
  ];
  const answers = await client.batchSettled(detailCalls);
  const timestamps = new Map<number, number>();
  answers.slice(hashes.length * 2).forEach((answer) => {
    if (answer.status === 'fulfilled') {
      const block = BlockStruct.create(answer.value);
      timestamps.set(block.block_number, block.timestamp);
    }
  });
  const details = new Map<string, Detail>();
  hashes.forEach((txHash, index) => {
    const txAnswer = answers[index * 2];
    const receiptAnswer = answers[index * 2 + 1];
    if (
      txAnswer?.status === 'fulfilled' &&
      receiptAnswer?.status === 'fulfilled'
    ) {
      const receipt = ReceiptStruct.create(receiptAnswer.value);
      details.set(txHash, {
        transaction: TransactionStruct.create(txAnswer.value),
        receipt,
        timestamp:
          receipt.block_number === undefined
            ? undefined
            : (timestamps.get(receipt.block_number) ?? 0),
      });
    }
  });
  return details;
}

/**
 * A record of a transaction found. A transaction the account sent is
 * described by its first call; one it did not send, by what it did to the
 * account (the transfer it was found by, as a `transfer_from` of its two
 * parties): what a stranger's calls do elsewhere is never shown as the
 * account's own act.
 *
 * @param client - The network's node.
 * @param found - The transaction.
 * @param found.txHash - Its hash (canonical).
 * @param found.account - The account it was found for.
 * @param found.detail - What the node says of it.
 * @param found.movement - The transfer it was found by, if one.
 * @returns The record.
 */
export function recordOf(
  client: NodeClient,
  found: {
    txHash: string;
    account: string;
    detail: Detail;
    movement: EmittedEvent | undefined;
  },
): TransactionRecord {
  const { transaction, receipt, timestamp } = found.detail;
  const sender = normaliseAddress(transaction.sender_address ?? found.account);
  const own = BigInt(sender) === BigInt(found.account);
  const first = firstCall(transaction.calldata ?? []);
  const call =
    own || !found.movement || movesFor(first, found.account)
      ? first
      : movementCall(found.movement);
  return {
    txnHash: found.txHash,
    txnType: transaction.type.toLowerCase(),
    senderAddress: sender,
    contractAddress: call?.to ?? '',
    contractFuncName: call?.entrypoint ?? '',
    contractCallData: call?.data ?? [],
    status: statusOf(receipt),
    failureReason: receipt.revert_reason ?? null,
    eventIds: receipt.events.map(
      (_, position) => `${found.txHash}_${position}`,
    ),
    timestamp: timestamp ?? Math.floor(Date.now() / 1000),
    chainId: client.network.chainId,
  };
}

/**
 * Whether a call is itself a token transfer from or to the account (then it
 * describes what the transaction did to the account as it is).
 *
 * @param call - The call.
 * @param account - The account.
 * @returns Whether it is.
 */
function movesFor(
  call: { entrypoint: string; data: string[] } | undefined,
  account: string,
): boolean {
  const [first, second] = (call?.data ?? []).map(BigInt);
  const mine = BigInt(account);
  if (call?.entrypoint === 'transfer') {
    return first === mine;
  }
  return (
    (call?.entrypoint === 'transfer_from' ||
      call?.entrypoint === 'transferFrom') &&
    (first === mine || second === mine)
  );
}

/**
 * A `Transfer` event (either layout: see transferOf) as the
 * `transfer_from` call that moves the same.
 *
 * @param event - The event.
 * @returns The call, when the event is a transfer.
 */
function movementCall(
  event: EmittedEvent,
): { to: string; entrypoint: string; data: string[] } | undefined {
  const transfer = transferOf(event);
  return transfer
    ? {
        to: transfer.token,
        entrypoint: 'transfer_from',
        data: [transfer.from, transfer.to, transfer.low, transfer.high],
      }
    : undefined;
}

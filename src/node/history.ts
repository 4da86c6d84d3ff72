import { hash } from 'starknet';
import { array, number, optional, string, type } from 'superstruct';
import type { Infer } from 'superstruct';

import { FeltText, parsedBy } from './answers';
import { eventsCall } from './calls';
import type { EmittedEvent, TransactionStatusStruct } from './calls';
import type { NodeClient } from './client';
import type { NodeCall } from './nodeCall';
import { normaliseAddress } from '../keys/address';
import type { TransactionRecord, TransactionStatus } from '../state/schema';

/** Argent's `TransactionExecuted` event: one per invoke the account runs. */
export const TRANSACTION_EXECUTED =
  '0x1dcde06aabdbca2f80aa51392b345d7549d7757aa855f7e37f5d335ac8243b1';
/** ERC-20 `Transfer`. */
export const TRANSFER =
  '0x99cd8bde557814842a3121e8ddfd433a539b8c9f14bf31ebf108d12e6196e9';

/** Blocks per day assumed when turning days into a block range (≥ 2 s blocks). */
const BLOCKS_PER_DAY = 43_200;
/** Events read per token when looking for incoming transfers. */
const TRANSFER_SCAN = 200;

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
  KNOWN_ENTRYPOINTS.map((name) => [
    BigInt(hash.getSelectorFromName(name)),
    name,
  ]),
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
 * Sender and recipient of a Transfer event: in its data (`[from, to, …]`,
 * older tokens) or in its keys (`[selector, from, to]`, OpenZeppelin Cairo 1).
 *
 * @param event - The event.
 * @returns The two parties, as numbers.
 */
function transferParties(event: EmittedEvent): bigint[] {
  const parties =
    event.keys.length >= 3 ? event.keys.slice(1, 3) : event.data.slice(0, 2);
  return parties.map((party) => BigInt(party));
}

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
 * A record's status from the node's `starknet_getTransactionStatus` answer:
 * a revert wins over finality, and its reason arrives with it (the record
 * keeps both).
 *
 * @param answer - The node's answer.
 * @param previousReason - The reason the record held.
 * @returns The record's status and failure reason.
 */
export function recordStatusOf(
  answer: Infer<typeof TransactionStatusStruct>,
  previousReason: string | null,
): Pick<TransactionRecord, 'status' | 'failureReason'> {
  return {
    status:
      answer.execution_status === 'REVERTED'
        ? 'REVERTED'
        : answer.finality_status,
    failureReason: answer.failure_reason ?? previousReason,
  };
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

/**
 * Transactions of an account found on chain: the invokes it ran (its
 * `TransactionExecuted` events) and every transaction moving a tracked
 * token from or to it (`Transfer` events; fees are transfers too, so its
 * deployment shows), from about `days` ago. Two
 * round trips: the events, then the transactions, receipts and blocks of
 * what was found.
 *
 * @param client - The network's node.
 * @param options - What to look for.
 * @param options.account - The account.
 * @param options.tokens - Tracked token contracts on this network.
 * @param options.days - How far back.
 * @param options.pageSize - The most transactions to read per kind.
 * @param options.known - Hashes already known, canonical (not read again).
 * @param options.latest - The latest block number.
 * @returns The records found.
 */
export async function historyFromChain(
  client: NodeClient,
  options: {
    account: string;
    tokens: string[];
    days: number;
    pageSize: number;
    known: Set<string>;
    latest: number;
  },
): Promise<TransactionRecord[]> {
  const fromBlock = Math.max(0, options.latest - options.days * BLOCKS_PER_DAY);
  const pages = await client.batch([
    eventsCall({
      address: options.account,
      keys: [[TRANSACTION_EXECUTED]],
      fromBlock,
      chunkSize: options.pageSize,
    }),
    ...options.tokens.map((token) =>
      eventsCall({
        address: token,
        keys: [[TRANSFER]],
        fromBlock,
        chunkSize: TRANSFER_SCAN,
      }),
    ),
  ]);
  const [executed, ...transfers] = pages;
  const account = BigInt(options.account);
  const involving = transfers
    .flatMap((page) => page.events)
    .filter((event: EmittedEvent) =>
      transferParties(event).some((party) => party === account),
    )
    .slice(-options.pageSize);
  const found = [...(executed?.events ?? []), ...involving];
  const hashes = [
    ...new Set(found.map((event) => normaliseHash(event.transaction_hash))),
  ].filter((txHash) => !options.known.has(txHash));
  if (hashes.length === 0) {
    return [];
  }
  const blocks = [
    ...new Set(
      found
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
  return hashes.flatMap((txHash, index) => {
    const txAnswer = answers[index * 2];
    const receiptAnswer = answers[index * 2 + 1];
    if (
      txAnswer?.status !== 'fulfilled' ||
      receiptAnswer?.status !== 'fulfilled'
    ) {
      return [];
    }
    const transaction = TransactionStruct.create(txAnswer.value);
    const receipt = ReceiptStruct.create(receiptAnswer.value);
    const call = firstCall(transaction.calldata ?? []);
    return [
      {
        txnHash: txHash,
        txnType: transaction.type.toLowerCase(),
        senderAddress: normaliseAddress(
          transaction.sender_address ?? options.account,
        ),
        contractAddress: call?.to ?? '',
        contractFuncName: call?.entrypoint ?? '',
        contractCallData: call?.data ?? [],
        status: statusOf(receipt),
        failureReason: receipt.revert_reason ?? null,
        eventIds: receipt.events.map((_, position) => `${txHash}_${position}`),
        timestamp:
          receipt.block_number === undefined
            ? Math.floor(Date.now() / 1000)
            : (timestamps.get(receipt.block_number) ?? 0),
        chainId: client.network.chainId,
      },
    ];
  });
}

/**
 * A transaction hash in canonical form (64 hex digits).
 *
 * @param txHash - Any hex form.
 * @returns The canonical hash.
 */
export function normaliseHash(txHash: string): string {
  return normaliseAddress(txHash);
}

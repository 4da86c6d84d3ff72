import type { Infer } from 'superstruct';

import { eventsCall } from './calls';
import type { EmittedEvent, TransactionStatusStruct } from './calls';
import type { NodeClient } from './client';
import {
  recentLatestBlock,
  refusesAddressLists,
  rememberLatestBlock,
} from './endpoints';
import {
  ADDRESSES_PER_FILTER,
  addressFilter,
  piecesOf,
  readEventFilters,
} from './eventLists';
import { readDetails, recordOf } from './historyDetails';
import type { EventQuery, EventsPage } from './newestEvents';
import type { NodeCall } from './nodeCall';
import { RECIPIENTS_PER_CALL, transferOf } from './transferEvents';
import { ChainRejectedError, NodeError } from '../errors';
import { normaliseAddress } from '../keys/address';
import type { TransactionRecord } from '../state/schema';
import { isCairo0Token } from '../tokens/cairo0';

export { statusOf } from './historyDetails';

/** Argent's `TransactionExecuted` event: one per invoke the account runs. */
export const TRANSACTION_EXECUTED =
  '0x1dcde06aabdbca2f80aa51392b345d7549d7757aa855f7e37f5d335ac8243b1';
/** ERC-20 `Transfer`. */
export const TRANSFER =
  '0x99cd8bde557814842a3121e8ddfd433a539b8c9f14bf31ebf108d12e6196e9';

/** Blocks per day assumed when turning days into a block range (≥ 2 s blocks). */
const BLOCKS_PER_DAY = 43_200;
/** Events per page of the history's reads (the spec's nodes accept 1,024). */
export const HISTORY_CHUNK = 200;
/** Round trips at most for the history's events (see readNewestEvents). */
export const HISTORY_ROUNDS = 4;

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

/** A record found on chain, with the wallet's account it is about. */
export type FoundRecord = { account: string; record: TransactionRecord };

/** The node's history of some accounts, and what of it was not read. */
export type ChainHistory = {
  found: FoundRecord[];
  /**
   * When the reads' bounds were hit before the window was read (a busy
   * account): the oldest block from which on everything was read.
   */
  partialFrom?: number;
  /**
   * Why some of it could not be read (a page the node failed, a timeout):
   * what was read of the other filters, and of this one before, is found.
   */
  unreadable?: string;
};

/**
 * Why a read of the node's history failed, in words a page or a dapp can
 * show (the node's own words are not repeated); a failure that is not the
 * node's is thrown again.
 *
 * @param error - What the read threw.
 * @returns The reason.
 */
export function historyFailure(error: unknown): string {
  if (error instanceof ChainRejectedError) {
    return `the node refused it (error ${error.code})`;
  }
  if (error instanceof NodeError) {
    return error.message;
  }
  throw error;
}

/** What the history reads: whose, which tokens, how far back, how much. */
export type HistoryRequest = {
  /** The accounts. */
  accounts: string[];
  /** Tracked token contracts on the network. */
  tokens: string[];
  /** How far back. */
  days: number;
  /** The most transactions to read per kind and account. */
  pageSize: number;
};

/**
 * The first page of each of the history's filters, asked in the caller's
 * batch beside the latest block (see earlyHistory), and from which block.
 */
export type EarlyHistory = { fromBlock: number; calls: NodeCall<EventsPage>[] };

/**
 * The first block of the history's window.
 *
 * @param latest - The latest block (or a lower bound of it).
 * @param days - How far back.
 * @returns The block.
 */
function windowStart(latest: number, days: number): number {
  return Math.max(0, latest - days * BLOCKS_PER_DAY);
}

/**
 * The history's filters, as few as the node allows (address and key lists,
 * JSON-RPC 0.10; see eventLists.ts): the accounts' own invokes
 * (`TransactionExecuted` from them), the tracked tokens' `Transfer`s keyed
 * to them as recipient and as sender (Cairo 1 tokens key both parties),
 * and the tracked Cairo 0 tokens' `Transfer`s read by address (their
 * parties are in the data: src/tokens/cairo0.ts), their events kept when
 * the data names an account. Accounts go RECIPIENTS_PER_CALL to a filter,
 * tokens ADDRESSES_PER_FILTER.
 *
 * @param chainId - The network's chain.
 * @param request - What is read.
 * @returns The filters.
 */
function historyQueries(
  chainId: string,
  request: HistoryRequest,
): EventQuery[] {
  const { accounts, pageSize: need } = request;
  // A Cairo 0 token's Transfer has no party keys: read by address only.
  const cairo0 = request.tokens.filter((token) =>
    isCairo0Token(chainId, token),
  );
  const tokens = request.tokens.filter((token) => !cairo0.includes(token));
  return piecesOf(accounts, RECIPIENTS_PER_CALL)
    .flatMap((group) => {
      const groupNeed = need * group.length;
      return [
        {
          address: addressFilter(group),
          keys: [[TRANSACTION_EXECUTED]],
          need: groupNeed,
        },
        ...piecesOf(tokens, ADDRESSES_PER_FILTER).flatMap((some) => [
          {
            address: addressFilter(some),
            keys: [[TRANSFER], [], group],
            need: groupNeed,
          },
          {
            address: addressFilter(some),
            keys: [[TRANSFER], group],
            need: groupNeed,
          },
        ]),
      ];
    })
    .concat(
      piecesOf(cairo0, ADDRESSES_PER_FILTER).map((some) => ({
        address: addressFilter(some),
        keys: [[TRANSFER]],
        need: Number.MAX_SAFE_INTEGER,
      })),
    );
}

/**
 * The first pages of the history's filters, to ask in the caller's first
 * batch beside the latest block, so that the history takes one round trip
 * less: placed from a block known to have been the latest at most a day
 * ago (an earlier read's, or the token search's `searched`), whose window
 * holds the one from the latest block (historyFromChain checks it). None
 * when no such block is known, or when the node refuses address lists.
 *
 * @param chainId - The network's chain.
 * @param request - What is read.
 * @param searched - The last token search on the network, if one.
 * @param searched.toBlock - The latest block it read to.
 * @param searched.searchedAt - When (seconds).
 * @returns The calls and their first block, or undefined.
 */
export function earlyHistory(
  chainId: string,
  request: HistoryRequest,
  searched?: { toBlock: number; searchedAt?: number | undefined },
): EarlyHistory | undefined {
  const known = recentLatestBlock(
    chainId,
    searched?.searchedAt === undefined
      ? undefined
      : { block: searched.toBlock, at: searched.searchedAt },
  );
  if (known === undefined || refusesAddressLists(chainId)) {
    return undefined;
  }
  const fromBlock = windowStart(known, request.days);
  return {
    fromBlock,
    calls: historyQueries(chainId, request).map(({ address, keys }) =>
      eventsCall({
        ...(address === undefined ? {} : { address }),
        keys,
        fromBlock,
        chunkSize: HISTORY_CHUNK,
      }),
    ),
  };
}

/**
 * The newest events of an account among those read, at most `pageSize` of
 * each kind (its invokes; the tracked tokens' transfers from or to it).
 *
 * @param events - Every event read.
 * @param account - The account.
 * @param pageSize - How many of each kind.
 * @returns Its events, each with the transfer it was found by, if one.
 */
function newestOfAccount(
  events: EmittedEvent[],
  account: string,
  pageSize: number,
): { event: EmittedEvent; transfer: boolean }[] {
  const mine = BigInt(account);
  const block = (event: EmittedEvent): number =>
    event.block_number ?? Number.MAX_SAFE_INTEGER;
  const newest = [...events].sort((left, right) => block(right) - block(left));
  const moved = newest
    .filter((event) => {
      const transfer = transferOf(event);
      return (
        transfer !== undefined &&
        (BigInt(transfer.from) === mine || BigInt(transfer.to) === mine)
      );
    })
    .slice(0, pageSize);
  const executed = newest
    .filter(
      ({ from_address: from, keys }) =>
        BigInt(from) === mine &&
        keys[0] !== undefined &&
        BigInt(keys[0]) === BigInt(TRANSACTION_EXECUTED),
    )
    .slice(0, pageSize);
  return [
    ...moved.map((event) => ({ event, transfer: true })),
    ...executed.map((event) => ({ event, transfer: false })),
  ];
}

/**
 * Transactions of some accounts found on chain: the invokes each ran and
 * every transaction moving a tracked token from or to it (fees are
 * transfers too, so its deployment shows), from about `days` ago, the
 * newest first (see readNewestEvents: one round trip when each filter
 * fits a page — none of its own when their first pages rode the caller's
 * batch, see earlyHistory —; historyQueries: three filters for up to 8
 * accounts and 64 tokens, one more for the tracked Cairo 0 tokens), then
 * one round trip for the transactions, receipts and blocks of what was
 * found.
 *
 * @param client - The network's node.
 * @param options - What to look for (see HistoryRequest).
 * @param options.known - Hashes already known, canonical (not read again).
 * @param options.latest - The latest block number.
 * @param options.early - The first pages asked with it (earlyHistory), and
 * their answers: used when their window holds the latest block's (a node
 * behind the block they were placed from is read as without them).
 * @param options.early.plan - What was asked.
 * @param options.early.answers - The answers, in order.
 * @returns The records found, and what was not read.
 */
export async function historyFromChain(
  client: NodeClient,
  options: HistoryRequest & {
    known: Set<string>;
    latest: number;
    early?: {
      plan: EarlyHistory;
      answers: PromiseSettledResult<EventsPage>[];
    };
  },
): Promise<ChainHistory> {
  const { chainId } = client.network;
  rememberLatestBlock(chainId, options.latest);
  const exact = windowStart(options.latest, options.days);
  const early =
    options.early && options.early.plan.fromBlock <= exact
      ? options.early
      : undefined;
  const reads = await readEventFilters(
    client,
    historyQueries(chainId, options),
    {
      fromBlock: early?.plan.fromBlock ?? exact,
      latest: options.latest,
      throughPending: true,
      need: options.pageSize,
      chunk: HISTORY_CHUNK,
      ...(early
        ? { rounds: HISTORY_ROUNDS - 1, pagesRead: early.answers }
        : { rounds: HISTORY_ROUNDS }),
    },
  );
  const failed = reads.filter((read) => 'failure' in read);
  if (failed.length === reads.length) {
    // Nothing was read: as a batch fails, the first error.
    throw failed[0]?.failure;
  }
  // A failed filter keeps what it read before the failure; the rest is said.
  const unread = reads.filter((read) => !read.whole && !('failure' in read));
  const partial = {
    ...(unread.length === 0
      ? {}
      : { partialFrom: Math.max(...unread.map(({ readFrom }) => readFrom)) }),
    ...(failed.length === 0
      ? {}
      : { unreadable: historyFailure(failed[0]?.failure) }),
  };
  const events = reads.flatMap((read) => read.events);
  // Per account, each transaction once: the event it was found by.
  const wanted = options.accounts.map((account) => {
    const byHash = new Map<
      string,
      { event: EmittedEvent; transfer: boolean }
    >();
    for (const found of newestOfAccount(events, account, options.pageSize)) {
      const txHash = normaliseHash(found.event.transaction_hash);
      if (!options.known.has(txHash) && !byHash.has(txHash)) {
        byHash.set(txHash, found);
      }
    }
    return { account, byHash };
  });
  const hashes = [
    ...new Set(wanted.flatMap(({ byHash }) => [...byHash.keys()])),
  ];
  if (hashes.length === 0) {
    return { found: [], ...partial };
  }
  const details = await readDetails(
    client,
    hashes,
    wanted.flatMap(({ byHash }) =>
      [...byHash.values()].map(({ event }) => event),
    ),
  );
  return {
    found: wanted.flatMap(({ account, byHash }) =>
      [...byHash].flatMap(([txHash, { event, transfer }]) => {
        const detail = details.get(txHash);
        return detail
          ? [
              {
                account: normaliseAddress(account),
                record: recordOf(client, {
                  txHash,
                  account,
                  detail,
                  movement: transfer ? event : undefined,
                }),
              },
            ]
          : [];
      }),
    ),
    ...partial,
  };
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

import type { ActivityEntry, HomeActivity } from './views/activity';
import type { Network } from '../../config';
import {
  blockNumberCall,
  transactionStatusCall,
  TransactionStatusStruct,
} from '../../node/calls';
import type { NodeClient } from '../../node/client';
import {
  earlyHistory,
  historyFailure,
  historyFromChain,
  normaliseHash,
  recordStatusOf,
} from '../../node/history';
import type { EarlyHistory, HistoryRequest } from '../../node/history';
import {
  claimedNames,
  nameLookupOf,
  namesWithin,
  reverseNameCall,
  verifiedNames,
} from '../../node/names';
import type { NameLookup, ReverseNames } from '../../node/names';
import type { EventsPage } from '../../node/newestEvents';
import type { NodeCall } from '../../node/nodeCall';
import type { MoneyDisplay } from '../../prices/money';
import { isFinal } from '../../state/activity';
import { discoveredOn } from '../../state/discovered';
import type {
  AccountRecord,
  TokenRecord,
  TransactionRecord,
  WalletState,
} from '../../state/schema';
import { activityLineOf, activityStatus } from '../../ui/activityText';

/**
 * The home page's activity: each account's transactions on the current
 * network, newest first — what the wallet sent (its records, their
 * statuses asked in the page's own batch) and, once the user asks for
 * more, what the node shows of the accounts (the history
 * snapnet_getTransactions reads). The page does not store what it reads:
 * the background check (src/background) settles records and tells the
 * user.
 */

/** Lines the page shows first; each "More" shows this many more. */
export const ACTIVITY_PAGE = 5;

/** How far back the node's history is read, as snapnet_getTransactions' default. */
const HISTORY_DAYS = 5;
/** The most transactions of each kind read per account. */
const HISTORY_PAGE = 25;

/** The page's share of its batch, and what to make of the answers. */
export type ActivityReads = {
  /** The wallet's records of the accounts asked about, newest first. */
  records: TransactionRecord[];
  /** The calls to add to the page's batch. */
  calls: NodeCall<unknown>[];
  /** Pending records asked about, in the order of `calls`. */
  pending: TransactionRecord[];
  /**
   * The node's history, when it is read too: a blockNumber call follows
   * the statuses, then its first pages when they ride the batch.
   */
  history?: { request: HistoryRequest; early?: EarlyHistory | undefined };
  /**
   * Without the history, the lines are the records shown, known before the
   * batch: their parties' reverse lookups end `calls`.
   */
  names?: NameLookup;
};

/**
 * What the page asks the node about its activity: the status of each
 * pending record among those it shows, and, when more than the first page
 * is shown, the latest block (the node's history is read from it) and,
 * when a recent block is known, the history's first pages (earlyHistory).
 *
 * @param state - The state.
 * @param network - The current network.
 * @param asked - The accounts the network's node may learn.
 * @param shown - How many lines to show.
 * @param tokens - Tracked tokens of the network (as the lines use them).
 * @returns The reads.
 */
export function activityReads(
  state: WalletState,
  network: Network,
  asked: AccountRecord[],
  shown: number,
  tokens: TokenRecord[],
): ActivityReads {
  const addresses = new Set(asked.map(({ address }) => address));
  const records = state.transactions
    .filter(
      (record) =>
        record.chainId === network.chainId &&
        addresses.has(record.senderAddress),
    )
    .sort((left, right) => right.timestamp - left.timestamp);
  const pending = records
    .slice(0, shown)
    .filter((record) => !isFinal(record.status));
  const request: HistoryRequest | undefined =
    shown > ACTIVITY_PAGE && asked.length > 0
      ? {
          accounts: asked.map(({ address }) => address),
          tokens: tokens.map(({ address }) => address),
          days: HISTORY_DAYS,
          pageSize: HISTORY_PAGE,
        }
      : undefined;
  const early =
    request &&
    earlyHistory(
      network.chainId,
      request,
      discoveredOn(state, network.chainId),
    );
  const names = request
    ? undefined
    : nameLookupOf(
        network,
        records
          .slice(0, shown)
          .flatMap(
            (record) =>
              activityLineOf(record, record.senderAddress, tokens).parties,
          ),
      );
  return {
    records,
    pending,
    ...(request ? { history: { request, early } } : {}),
    ...(names ? { names } : {}),
    calls: [
      ...pending.map(({ txnHash }) => transactionStatusCall(txnHash)),
      ...(request ? [blockNumberCall()] : []),
      ...(early?.calls ?? []),
      ...(names?.addresses ?? []).map((address) =>
        reverseNameCall(names?.contract ?? '0x0', address),
      ),
    ],
  };
}

/**
 * The node's history of the accounts (their invokes and the tracked
 * tokens' transfers to and from them), without what the wallet already
 * records. Never throws: a node that fails leaves the list to the records,
 * and says why.
 *
 * @param client - The network's node.
 * @param accounts - The accounts (those of the request).
 * @param reads - The page's reads, with the history's request.
 * @param answers - Their answers: the latest block, then the history's
 * first pages when they were asked.
 * @returns Each account's history found, or why there is none.
 */
async function nodeHistory(
  client: NodeClient,
  accounts: AccountRecord[],
  reads: ActivityReads & { history: NonNullable<ActivityReads['history']> },
  answers: PromiseSettledResult<unknown>[],
): Promise<{
  found: [AccountRecord, TransactionRecord][];
  problem?: string;
  partialFrom?: number;
  partlyUnreadable?: string;
}> {
  const latest = answers[reads.pending.length];
  if (latest?.status !== 'fulfilled') {
    return { found: [] };
  }
  const { request, early } = reads.history;
  const hashes = new Set(
    reads.records.map(({ txnHash }) => normaliseHash(txnHash)),
  );
  try {
    const history = await historyFromChain(client, {
      ...request,
      known: hashes,
      latest: Number(latest.value),
      ...(early
        ? {
            early: {
              plan: early,
              // Each answer was parsed by its own call's parser.
              answers: answers.slice(
                reads.pending.length + 1,
                reads.pending.length + 1 + early.calls.length,
              ) as PromiseSettledResult<EventsPage>[],
            },
          }
        : {}),
    });
    const byAddress = new Map(
      accounts.map((account) => [BigInt(account.address), account]),
    );
    return {
      found: history.found.flatMap(
        ({ account, record }): [AccountRecord, TransactionRecord][] => {
          const owner = byAddress.get(BigInt(account));
          return owner ? [[owner, record]] : [];
        },
      ),
      ...(history.partialFrom === undefined
        ? {}
        : { partialFrom: history.partialFrom }),
      ...(history.unreadable === undefined
        ? {}
        : { partlyUnreadable: history.unreadable }),
    };
  } catch (error) {
    return { found: [], problem: historyFailure(error) };
  }
}

/**
 * The activity the page shows, from its batch's answers.
 *
 * @param reads - What was asked.
 * @param answers - The answers to `reads.calls`, in order (none when the
 * node did not answer).
 * @param options - The rest of what the page knows.
 * @param options.client - The network's node (for its history).
 * @param options.accounts - The accounts asked about.
 * @param options.tokens - Tracked tokens of the network.
 * @param options.shown - How many lines to show.
 * @param options.display - Whether amounts are hidden.
 * @returns The activity.
 */
export async function activityOf(
  reads: ActivityReads,
  answers: PromiseSettledResult<unknown>[],
  options: {
    client: NodeClient;
    accounts: AccountRecord[];
    tokens: TokenRecord[];
    shown: number;
    display: MoneyDisplay;
  },
): Promise<HomeActivity> {
  const refreshed = new Map(
    reads.pending.flatMap((record, index) => {
      const answer = answers[index];
      return answer?.status === 'fulfilled'
        ? [
            [
              record.txnHash,
              recordStatusOf(
                TransactionStatusStruct.create(answer.value),
                record.failureReason,
              ),
            ] as const,
          ]
        : [];
    }),
  );
  const byAddress = new Map(
    options.accounts.map((account) => [account.address, account]),
  );
  const own = reads.records.flatMap(
    (record): [AccountRecord, TransactionRecord][] => {
      const account = byAddress.get(record.senderAddress);
      return account
        ? [[account, { ...record, ...refreshed.get(record.txnHash) }]]
        : [];
    },
  );
  const { history: asked } = reads;
  const history = asked
    ? await nodeHistory(
        options.client,
        options.accounts,
        { ...reads, history: asked },
        answers,
      )
    : { found: [] };
  const all = [...own, ...history.found].sort(
    ([, left], [, right]) => right.timestamp - left.timestamp,
  );
  const lines = all
    .slice(0, options.shown)
    .map(([account, record]) =>
      entryOf(account, record, options.tokens, options.display),
    );
  const reverse = reads.names
    ? claimedNames(
        reads.names,
        // Each answer was parsed by its own call's parser, in order.
        answers.slice(
          reads.calls.length - reads.names.addresses.length,
        ) as PromiseSettledResult<string | undefined>[],
      )
    : undefined;
  return {
    entries: await withNames(options.client, lines, reverse),
    more:
      options.accounts.length > 0 &&
      (all.length > options.shown || !reads.history),
    shown: options.shown,
    ...(history.problem === undefined
      ? {}
      : { historyUnreadable: history.problem }),
    ...('partialFrom' in history && history.partialFrom !== undefined
      ? { historyPartialFrom: history.partialFrom }
      : {}),
    ...('partlyUnreadable' in history && history.partlyUnreadable !== undefined
      ? { historyPartlyUnreadable: history.partlyUnreadable }
      : {}),
  };
}

/**
 * One line of the list, and the other parties it names.
 *
 * @param account - The account it belongs to.
 * @param record - The transaction.
 * @param tokens - Tracked tokens of the network.
 * @param display - Whether amounts are hidden.
 * @returns The entry and its parties.
 */
export function entryOf(
  account: AccountRecord,
  record: TransactionRecord,
  tokens: TokenRecord[],
  display: MoneyDisplay,
): { entry: ActivityEntry; parties: string[] } {
  const line = activityLineOf(record, account.address, tokens, display);
  return {
    entry: {
      chainId: record.chainId,
      txnHash: normaliseHash(record.txnHash),
      accountName: account.name ?? `Account ${account.addressIndex}`,
      line: line.text,
      status: activityStatus(record),
      timestamp: record.timestamp,
    },
    parties: line.parties,
  };
}

/**
 * The lines with the Starknet ID names of the parties they name, those
 * that resolve back only: the first MAX_NAMED_ADDRESSES distinct parties,
 * newest lines first. Their reverse lookups rode the page's batch when the
 * lines were known before it (then one more round trip checks the claims
 * forward); else (the node's history read) two round trips of their own.
 * Either way bounded in time (node/names.ts).
 *
 * @param client - The network's node.
 * @param lines - The entries and their parties, newest first.
 * @param reverse - The claims the page's batch read, if it read them.
 * @returns The entries, each with the names of its parties.
 */
export async function withNames(
  client: NodeClient,
  lines: { entry: ActivityEntry; parties: string[] }[],
  reverse: ReverseNames | undefined,
): Promise<ActivityEntry[]> {
  const names = reverse
    ? await verifiedNames(client, reverse)
    : await namesWithin(
        client,
        nameLookupOf(
          client.network,
          lines.flatMap(({ parties }) => parties),
        ),
      );
  return lines.map(({ entry, parties }) => {
    const own = names.filter(({ address }) =>
      parties.some((party) => BigInt(party) === BigInt(address)),
    );
    return own.length === 0 ? entry : { ...entry, names: own };
  });
}

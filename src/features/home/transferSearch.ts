import { ChainRejectedError, NodeError } from '../../errors';
import type { Reading } from '../../node/answers';
import type { NodeClient } from '../../node/client';
import {
  markRefusesAddressLists,
  refusesAddressLists,
} from '../../node/endpoints';
import {
  ADDRESSES_PER_FILTER,
  addressFilter,
  piecesOf,
  readEventFilters,
} from '../../node/eventLists';
import type { EventQuery, FirstPage } from '../../node/newestEvents';
import type { NodeCall } from '../../node/nodeCall';
import {
  receivedQuery,
  receivedTokensCall,
  RECIPIENTS_PER_CALL,
  tokensReceived,
  TRANSFER_CHUNK,
  TRANSFER_KEY,
} from '../../node/transferEvents';
import type { ReceivedTokens } from '../../node/transferEvents';
import { cairo0TokensOf } from '../../tokens/cairo0';

/**
 * The search behind token discovery: the Transfer events to the accounts
 * in a window of blocks — Cairo 1 tokens' keyed by recipient, the known
 * Cairo 0 tokens' read by address and kept when their data names an
 * account — the latest read first when they are more than a page. What a
 * search could not read (a page the node failed, or blocks under the
 * latest ones past its bounds) is kept as block ranges and read again by
 * later searches (see readSkipped) until read.
 */

/** Round trips of Transfer events at most (the first one's pages, then newest first). */
export const DISCOVERY_PAGES = 3;

/** Blocks a search could not read: [from, to], both read again later. */
export type BlockRange = { from: number; to: number };

/** One filter of the search, and the accounts its events are read for. */
export type SearchFilter = { query: EventQuery; accounts: string[] };

/** What a search found, and what it could not read. */
export type SearchResult = {
  tokens: ReceivedTokens['tokens'];
  /** Why it was not whole, for the page's note. */
  problems: string[];
  /** The blocks left unread, read again by later searches. */
  skipped: BlockRange[];
};

/**
 * The search's filters: the Cairo 1 transfers to each group of accounts
 * (RECIPIENTS_PER_CALL per filter), and the network's Cairo 0 tokens'
 * transfers (one filter of all of them, or one each on a node that
 * refuses address lists).
 *
 * @param chainId - The network.
 * @param accounts - The accounts.
 * @returns The filters.
 */
export function searchFilters(
  chainId: string,
  accounts: string[],
): SearchFilter[] {
  const cairo0 = [...cairo0TokensOf(chainId)];
  const perFilter = refusesAddressLists(chainId) ? 1 : ADDRESSES_PER_FILTER;
  return [
    ...piecesOf(accounts, RECIPIENTS_PER_CALL).map((group) => ({
      query: receivedQuery(group),
      accounts: group,
    })),
    ...(accounts.length === 0 ? [] : piecesOf(cairo0, perFilter)).map(
      (tokens) => ({
        query: { address: addressFilter(tokens), keys: [[TRANSFER_KEY]] },
        accounts,
      }),
    ),
  ];
}

/**
 * The first page of a filter over the window from a block to the latest.
 *
 * @param filter - The filter.
 * @param fromBlock - The window's first block.
 * @returns The call.
 */
export function firstPageCall(
  filter: SearchFilter,
  fromBlock: number,
): NodeCall<Reading<ReceivedTokens>> {
  return receivedTokensCall(
    filter.accounts,
    fromBlock,
    undefined,
    filter.query,
  );
}

/**
 * Why one page of the search has no tokens, or undefined when it has.
 *
 * @param page - The settled page.
 * @returns The problem.
 */
function pageProblem(
  page: PromiseSettledResult<Reading<ReceivedTokens>>,
): string | undefined {
  if (page.status === 'rejected') {
    return page.reason instanceof ChainRejectedError
      ? `the node refused the search (error ${page.reason.code})`
      : 'the node did not answer the search';
  }
  return 'problem' in page.value
    ? `the search: ${page.value.problem}`
    : undefined;
}

/**
 * The search over a window: each filter's first page (already asked, with
 * the latest block, in one batch); a filter the node answers in more than
 * one page is then read newest first (see readNewestEvents: backwards in
 * windows of blocks, DISCOVERY_PAGES round trips in all), so that however
 * many transfers reach the accounts, the latest are read; what is not read
 * is kept as skipped blocks.
 *
 * @param node - The network's node.
 * @param filters - The filters.
 * @param range - The window: its first and last blocks.
 * @param range.fromBlock - Its first block.
 * @param range.latest - Its last block.
 * @param asking - The first pages, in the order of `filters`.
 * @returns What was found (pages in block order), and what was not read.
 */
export async function receivedTokens(
  node: NodeClient,
  filters: SearchFilter[],
  range: { fromBlock: number; latest: number },
  asking: Promise<PromiseSettledResult<Reading<ReceivedTokens>>[]>,
): Promise<SearchResult> {
  const answers = await asking;
  const pages: ReceivedTokens['tokens'][] = [];
  const problems: string[] = [];
  const skipped: BlockRange[] = [];
  const next: { filter: SearchFilter; first: FirstPage }[] = [];
  answers.forEach((answer, index) => {
    const filter = filters[index];
    const problem = pageProblem(answer);
    if (problem !== undefined) {
      if (
        answer.status === 'rejected' &&
        answer.reason instanceof NodeError &&
        Array.isArray(filter?.query.address)
      ) {
        // A node refusing address lists: the next search asks one each.
        markRefusesAddressLists(node.network.chainId);
      }
      problems.push(problem);
      skipped.push({ from: range.fromBlock, to: range.latest });
    } else if (answer.status === 'fulfilled' && 'value' in answer.value) {
      const { tokens, continuation, lastBlock } = answer.value.value;
      pages.push(tokens);
      if (continuation !== undefined && filter) {
        next.push({ filter, first: { lastBlock, continuation } });
      }
    }
  });
  if (next.length > 0) {
    const reads = await readEventFilters(
      node,
      next.map(({ filter }) => filter.query),
      {
        ...range,
        throughPending: false,
        need: Number.MAX_SAFE_INTEGER,
        chunk: TRANSFER_CHUNK,
        rounds: DISCOVERY_PAGES - 1,
        firstPages: next.map(({ first }) => first),
      },
    );
    reads.forEach((read, index) => {
      const { filter, first } = next[index] ?? {
        filter: { accounts: [] },
        first: {},
      };
      pages.push(tokensReceived([...read.events].reverse(), filter.accounts));
      if (read.failure !== undefined || !read.whole) {
        const unreadFrom = first.lastBlock ?? range.fromBlock;
        const to = read.readFrom - 1;
        problems.push(
          read.failure === undefined
            ? `blocks ${unreadFrom} to ${to} were not read (more transfers to the accounts than ${DISCOVERY_PAGES} pages hold; the latest were read first) and are read by the next searches`
            : (pageProblem({ status: 'rejected', reason: read.failure }) ??
                'the node did not answer the search'),
        );
        // The first page's blocks were read (its last one maybe in part):
        // from that block to those read whole is left.
        if (to >= unreadFrom) {
          skipped.push({ from: unreadFrom, to });
        }
      }
    });
  }
  return {
    tokens: newestFirst(pages),
    problems: [...new Set(problems)],
    skipped,
  };
}

/**
 * Pages of tokens in block order as one list, most recent first.
 *
 * @param pages - The pages, oldest first.
 * @returns Each token once, with all its receivers.
 */
export function newestFirst(
  pages: ReceivedTokens['tokens'][],
): ReceivedTokens['tokens'] {
  const byToken = new Map<string, Set<string>>();
  for (const { token, receivers } of [...pages].reverse().flat()) {
    const known = byToken.get(token) ?? new Set();
    receivers.forEach((receiver) => known.add(receiver));
    byToken.set(token, known);
  }
  return [...byToken].map(([token, receivers]) => ({
    token,
    receivers: [...receivers],
  }));
}

/**
 * Reads again a range an earlier search skipped, every filter of the
 * search over it, newest first, DISCOVERY_PAGES round trips at most: what
 * is still unread (the blocks under those read whole, or the range when
 * the node failed) is left.
 *
 * @param node - The network's node.
 * @param filters - The search's filters.
 * @param range - The range.
 * @returns What was found, and what is left of the range.
 */
export async function readSkipped(
  node: NodeClient,
  filters: SearchFilter[],
  range: BlockRange,
): Promise<{ tokens: ReceivedTokens['tokens']; left: BlockRange[] }> {
  const reads = await readEventFilters(
    node,
    filters.map(({ query }) => query),
    {
      fromBlock: range.from,
      latest: range.to,
      throughPending: false,
      need: Number.MAX_SAFE_INTEGER,
      chunk: TRANSFER_CHUNK,
      rounds: DISCOVERY_PAGES,
    },
  );
  const readFrom = Math.max(
    ...reads.map((read) =>
      read.failure === undefined ? read.readFrom : range.to + 1,
    ),
  );
  return {
    tokens: newestFirst(
      reads.map((read, index) =>
        tokensReceived(
          [...read.events].reverse(),
          filters[index]?.accounts ?? [],
        ),
      ),
    ),
    left:
      reads.every((read) => read.whole && read.failure === undefined) ||
      readFrom <= range.from
        ? []
        : [{ from: range.from, to: readFrom - 1 }],
  };
}

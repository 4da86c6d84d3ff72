import { eventsCall } from './calls';
import type { EmittedEvent } from './calls';
import type { NodeClient } from './client';

/**
 * The newest events of some filters, read from a node that answers
 * `starknet_getEvents` oldest first. Every filter is keyed to what the
 * wallet asks about (an account's own events, or transfers from or to it),
 * so that a busy chain's other events are never read. All filters go in one
 * batch per round:
 *
 * - round one asks for the whole range [fromBlock, pre-confirmed]: when a
 *   filter's page ends there (no continuation), it holds everything, and
 *   most accounts need no second round;
 * - a filter with more events than a page is read backwards in windows of
 *   blocks, the newest window first: the window's size is guessed from how
 *   many blocks the full page covered (half of them), doubled after each
 *   window read whole, halved again when a window is still too full; one
 *   block too full is read page after page;
 * - a filter stops once it holds `need` events (the newest ones) or reached
 *   fromBlock; after `rounds` round trips what is left unread is said
 *   (`readFrom`), never guessed.
 */

/**
 * One filter: the emitting contract or contracts (any when absent), keys
 * position-wise, and how many of its newest events are needed when not
 * the read's `need`.
 */
export type EventQuery = {
  address?: string | string[];
  keys: string[][];
  need?: number;
};

/**
 * A first page the caller already read of a query's whole range, and where
 * it ended: the read goes on from it (newest part first) without asking
 * for that page again.
 */
export type FirstPage = { lastBlock: number | undefined; continuation: string };

/** A page of `starknet_getEvents`: its events, oldest first. */
export type EventsPage = {
  events: EmittedEvent[];
  continuation_token?: string | undefined;
};

/** What was read of one filter. */
export type NewestEvents = {
  /** Newest first: every event of the filter from `readFrom` on. */
  events: EmittedEvent[];
  /**
   * The oldest block read whole (events in it and after it are all in
   * `events`); the latest block + 1 when no window was read whole.
   */
  readFrom: number;
  /** Whether the read is whole: `need` events, or the range down to fromBlock. */
  whole: boolean;
  /** What the node answered instead of a page, when it failed (the read stops). */
  failure?: unknown;
};

/** A window of blocks being read: [from, to], to = undefined for pre-confirmed. */
type Window = {
  from: number;
  to: number | undefined;
  /** The window's last block as a number (the pre-confirmed one = latest + 1). */
  top: number;
  continuation?: string;
  /** Events of the window read so far, oldest first. */
  read: EmittedEvent[];
  /**
   * Events of the blocks just under the window, read whole by an earlier
   * page (oldest first), from `belowFrom` on; none when belowFrom = from.
   */
  below: EmittedEvent[];
  belowFrom: number;
};

/**
 * A window of blocks, nothing read of it yet.
 *
 * @param from - Its first block.
 * @param to - Its last block (undefined: the pre-confirmed one).
 * @param top - Its last block as a number.
 * @returns The window.
 */
function windowOf(from: number, to: number | undefined, top: number): Window {
  return { from, to, top, read: [], below: [], belowFrom: from };
}

type Progress = NewestEvents & { window: Window | undefined; span: number };

/**
 * Moves one filter on with the page its window got.
 *
 * @param progress - The filter's progress (changed in place).
 * @param page - The page.
 * @param page.events - Its events, oldest first.
 * @param page.continuation_token - Where the window goes on, if it does.
 * @param bounds - The range and how many events are needed.
 * @param bounds.fromBlock - The range's first block.
 * @param bounds.need - How many of the newest events are wanted.
 */
function advance(
  progress: Progress,
  page: EventsPage,
  bounds: { fromBlock: number; need: number },
): void {
  const { window } = progress;
  if (!window) {
    return;
  }
  window.read.push(...page.events);
  const token = page.continuation_token;
  if (token !== undefined) {
    const last = page.events[page.events.length - 1]?.block_number;
    continueWindow(progress, window, { last, token, known: true });
    return;
  }
  progress.events.push(...window.read.reverse(), ...window.below.reverse());
  progress.readFrom = window.belowFrom;
  if (
    progress.events.length >= bounds.need ||
    window.belowFrom <= bounds.fromBlock
  ) {
    progress.whole = true;
    progress.window = undefined;
    return;
  }
  progress.span *= 2;
  const below = window.belowFrom - 1;
  progress.window = windowOf(
    Math.max(bounds.fromBlock, below + 1 - progress.span),
    below,
    below,
  );
}

/**
 * A window the node answered in more than one page. When the page got past
 * the window's first block, the blocks before its last one are read whole:
 * what is above is read next, its newest part first — at most half as many
 * blocks as the page covered, down to the page's last block (the events
 * under it kept when that window reaches it). A page that did not get past
 * the first block (or has no block numbers) is followed page after page.
 *
 * @param progress - The filter's progress (changed in place).
 * @param window - The window.
 * @param page - Where the page ended.
 * @param page.last - The block of its last event, if it had one.
 * @param page.token - Its continuation token.
 * @param page.known - Whether the window's events read so far are known
 * (not for a first page the caller read).
 */
function continueWindow(
  progress: Progress,
  window: Window,
  page: { last: number | undefined; token: string; known: boolean },
): void {
  const { last, token } = page;
  if (last === undefined || last <= window.from || window.top <= last) {
    window.continuation = token;
    return;
  }
  const span = Math.max(1, Math.floor((last - window.from) / 2));
  progress.span = span;
  const from = Math.max(last, window.top - span + 1);
  const next = windowOf(from, window.to, window.top);
  if (from === last && page.known) {
    next.below = [
      ...window.below,
      ...window.read.filter(({ block_number: block }) =>
        block === undefined ? false : block < last,
      ),
    ];
    next.belowFrom = window.belowFrom;
  }
  progress.window = next;
}

/**
 * The newest events of each filter (see above), in as few round trips as
 * the chain allows: one when every filter fits a page. A filter the node
 * refuses (or answers with no page) stops there, with the failure.
 *
 * @param client - The network's node.
 * @param queries - The filters.
 * @param options - The range and the bounds.
 * @param options.fromBlock - The range's first block.
 * @param options.latest - The latest block.
 * @param options.throughPending - Whether the range ends at the
 * pre-confirmed block (else at the latest one).
 * @param options.need - How many of the newest events each filter needs
 * (unless it says).
 * @param options.chunk - Events per page.
 * @param options.rounds - Round trips at most.
 * @param options.firstPages - Pages of the whole range already read, per
 * query (see FirstPage).
 * @param options.pagesRead - The answers to the first page of each query's
 * whole range, asked already (in the caller's batch, with the latest
 * block): the first round, spent; `rounds` counts the others.
 * @returns What was read of each filter, in the order of `queries`.
 */
export async function readNewestEvents(
  client: NodeClient,
  queries: EventQuery[],
  options: {
    fromBlock: number;
    latest: number;
    throughPending: boolean;
    need: number;
    chunk: number;
    rounds: number;
    firstPages?: (FirstPage | undefined)[];
    pagesRead?: PromiseSettledResult<EventsPage>[];
  },
): Promise<NewestEvents[]> {
  const { fromBlock, latest } = options;
  const top = options.throughPending ? latest + 1 : latest;
  const progress: Progress[] = queries.map((_, index) => {
    const each: Progress = {
      events: [],
      readFrom: top + 1,
      whole: false,
      span: top + 1 - fromBlock,
      window: windowOf(
        fromBlock,
        options.throughPending ? undefined : latest,
        top,
      ),
    };
    const first = options.firstPages?.[index];
    const read = options.pagesRead?.[index];
    if (read?.status === 'fulfilled') {
      advance(each, read.value, {
        fromBlock,
        need: queries[index]?.need ?? options.need,
      });
    } else if (read) {
      each.failure = read.reason;
      each.window = undefined;
    } else if (first && each.window) {
      continueWindow(each, each.window, {
        last: first.lastBlock,
        token: first.continuation,
        known: false,
      });
    }
    return each;
  });
  for (let round = 0; round < options.rounds; round++) {
    const asked = progress.flatMap((each, index) =>
      each.window ? [{ each, window: each.window, index }] : [],
    );
    if (asked.length === 0) {
      break;
    }
    const pages = await client.batchSettled(
      asked.map(({ window, index }) =>
        eventsCall({
          ...(queries[index]?.address === undefined
            ? {}
            : { address: queries[index]?.address }),
          keys: queries[index]?.keys ?? [],
          fromBlock: window.from,
          ...(window.to === undefined ? {} : { toBlock: window.to }),
          chunkSize: options.chunk,
          ...(window.continuation === undefined
            ? {}
            : { continuationToken: window.continuation }),
        }),
      ),
    );
    asked.forEach(({ each, index }, position) => {
      const page = pages[position];
      if (page?.status === 'fulfilled') {
        advance(each, page.value, {
          fromBlock,
          need: queries[index]?.need ?? options.need,
        });
      } else {
        each.failure = page?.reason;
        each.window = undefined;
      }
    });
  }
  return progress.map(({ events, readFrom, whole, failure }) => ({
    events,
    readFrom,
    whole,
    ...(failure === undefined ? {} : { failure }),
  }));
}

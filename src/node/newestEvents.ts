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

/** One filter: the emitting contract and keys, position-wise. */
export type EventQuery = { address: string; keys: string[][] };

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
};

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
  page: { events: EmittedEvent[]; continuation_token?: string | undefined },
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
    if (last !== undefined && last >= window.from && window.top > window.from) {
      // Too many events to read the window whole: its newest part first.
      const span = Math.max(1, Math.floor((last - window.from + 1) / 2));
      progress.span = span;
      progress.window = {
        from: Math.max(window.from, window.top - span + 1),
        to: window.to,
        top: window.top,
        read: [],
      };
    } else {
      // One block (or pages without block numbers): page after page.
      window.continuation = token;
    }
    return;
  }
  progress.events.push(...window.read.reverse());
  progress.readFrom = window.from;
  if (
    progress.events.length >= bounds.need ||
    window.from <= bounds.fromBlock
  ) {
    progress.whole = true;
    progress.window = undefined;
    return;
  }
  progress.span *= 2;
  progress.window = {
    from: Math.max(bounds.fromBlock, window.from - progress.span),
    to: window.from - 1,
    top: window.from - 1,
    read: [],
  };
}

/**
 * The newest events of each filter (see above), in as few round trips as
 * the chain allows: one when every filter fits a page.
 *
 * @param client - The network's node.
 * @param queries - The filters.
 * @param options - The range and the bounds.
 * @param options.fromBlock - The range's first block.
 * @param options.latest - The latest block (the range ends at the
 * pre-confirmed block after it).
 * @param options.need - How many of the newest events each filter needs.
 * @param options.chunk - Events per page.
 * @param options.rounds - Round trips at most.
 * @returns What was read of each filter, in the order of `queries`.
 */
export async function readNewestEvents(
  client: NodeClient,
  queries: EventQuery[],
  options: {
    fromBlock: number;
    latest: number;
    need: number;
    chunk: number;
    rounds: number;
  },
): Promise<NewestEvents[]> {
  const { fromBlock, latest } = options;
  const progress: Progress[] = queries.map(() => ({
    events: [],
    readFrom: latest + 1,
    whole: false,
    span: latest + 2 - fromBlock,
    window: { from: fromBlock, to: undefined, top: latest + 1, read: [] },
  }));
  for (let round = 0; round < options.rounds; round++) {
    const asked = progress.flatMap((each, index) =>
      each.window ? [{ each, window: each.window, index }] : [],
    );
    if (asked.length === 0) {
      break;
    }
    const pages = await client.batch(
      asked.map(({ window, index }) => {
        const query = queries[index] ?? { address: '0x0', keys: [] };
        return eventsCall({
          address: query.address,
          keys: query.keys,
          fromBlock: window.from,
          ...(window.to === undefined ? {} : { toBlock: window.to }),
          chunkSize: options.chunk,
          ...(window.continuation === undefined
            ? {}
            : { continuationToken: window.continuation }),
        });
      }),
    );
    asked.forEach(({ each }, position) => {
      const page = pages[position];
      if (page) {
        advance(each, page, options);
      }
    });
  }
  return progress.map(({ events, readFrom, whole }) => ({
    events,
    readFrom,
    whole,
  }));
}

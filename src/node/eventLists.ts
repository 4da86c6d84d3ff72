import type { EmittedEvent } from './calls';
import type { NodeClient } from './client';
import { markRefusesAddressLists, refusesAddressLists } from './endpoints';
import { readNewestEvents } from './newestEvents';
import type { EventQuery, NewestEvents } from './newestEvents';
import { NodeError } from '../errors';

/**
 * Event reads in as few filters as the node allows. Since JSON-RPC 0.10 a
 * `starknet_getEvents` filter takes a list of addresses (and each key
 * position a list of values), so every token, or every account, goes in
 * one filter. A node that answers a list with an error of its own (not one
 * of the spec's, e.g. `-32602` invalid params) does not take lists: those
 * filters are read again, one address each, in the next round trip, and
 * the endpoint is remembered (src/node/endpoints.ts) so that later reads
 * go one address per filter at once.
 */

/** The most addresses in one filter's list (a node may bound it). */
export const ADDRESSES_PER_FILTER = 64;

/**
 * An address list as a filter takes it: a lone address as itself.
 *
 * @param addresses - The addresses (at least one).
 * @returns The filter's address.
 */
export function addressFilter(addresses: string[]): string | string[] {
  return addresses.length === 1 ? (addresses[0] ?? '0x0') : addresses;
}

/**
 * A list in pieces of at most `size`.
 *
 * @param items - The list.
 * @param size - The largest piece.
 * @returns The pieces (none for an empty list).
 */
export function piecesOf<Item>(items: Item[], size: number): Item[][] {
  const pieces: Item[][] = [];
  for (let at = 0; at < items.length; at += size) {
    pieces.push(items.slice(at, at + size));
  }
  return pieces;
}

/**
 * A filter one address each (a filter without a list as itself).
 *
 * @param query - The filter.
 * @returns The filters.
 */
function oneAddressEach(query: EventQuery): EventQuery[] {
  return Array.isArray(query.address)
    ? query.address.map((address) => ({ ...query, address }))
    : [query];
}

/**
 * Whether a read failed as a node refusing an address list does: with an
 * error that is not one of the spec's (a ChainRejectedError is the spec's
 * own answer, e.g. too many keys, and is kept as it is).
 *
 * @param read - The read.
 * @param query - Its filter.
 * @returns Whether the list was refused.
 */
function listRefused(read: NewestEvents, query: EventQuery): boolean {
  return Array.isArray(query.address) && read.failure instanceof NodeError;
}

/**
 * One read of several filters' reads (the same filter, one address each):
 * their events newest first, read whole from the latest of their
 * `readFrom`s.
 *
 * @param reads - The reads.
 * @returns The read.
 */
function joined(reads: NewestEvents[]): NewestEvents {
  const block = (event: EmittedEvent): number =>
    event.block_number ?? Number.MAX_SAFE_INTEGER;
  const failed = reads.find((read) => read.failure !== undefined);
  return {
    events: reads
      .flatMap(({ events }) => events)
      .sort((left, right) => block(right) - block(left)),
    readFrom: Math.max(...reads.map(({ readFrom }) => readFrom)),
    whole: reads.every(({ whole }) => whole),
    ...(failed ? { failure: failed.failure } : {}),
  };
}

/**
 * The newest events of each filter (see readNewestEvents), address lists
 * sent as lists unless the node refused them (then one address per
 * filter: at once when it is known to refuse, else after the refusal, one
 * round trip more, its first pages read again).
 *
 * @param client - The network's node.
 * @param queries - The filters.
 * @param options - As readNewestEvents takes them.
 * @returns What was read of each filter, in the order of `queries`.
 */
export async function readEventFilters(
  client: NodeClient,
  queries: EventQuery[],
  options: Parameters<typeof readNewestEvents>[2],
): Promise<NewestEvents[]> {
  const { chainId } = client.network;
  if (refusesAddressLists(chainId)) {
    return readOneAddressEach(client, queries, options);
  }
  const reads = await readNewestEvents(client, queries, options);
  const refused = queries.flatMap((query, index) => {
    const read = reads[index];
    return read && listRefused(read, query) ? [index] : [];
  });
  if (refused.length === 0) {
    return reads;
  }
  markRefusesAddressLists(chainId);
  const { firstPages: _theLists, pagesRead: _listsRead, ...rest } = options;
  const again = await readOneAddressEach(
    client,
    refused.map((index) => queries[index] ?? { keys: [] }),
    rest,
  );
  refused.forEach((index, position) => {
    const read = again[position];
    if (read) {
      reads[index] = read;
    }
  });
  return reads;
}

/**
 * The reads of filters sent one address each, joined back per filter.
 *
 * @param client - The network's node.
 * @param queries - The filters.
 * @param options - As readNewestEvents takes them (first pages of the
 * lists are not theirs: dropped).
 * @returns What was read of each filter, in the order of `queries`.
 */
async function readOneAddressEach(
  client: NodeClient,
  queries: EventQuery[],
  options: Parameters<typeof readNewestEvents>[2],
): Promise<NewestEvents[]> {
  const split = queries.map(oneAddressEach);
  const { firstPages, pagesRead, ...rest } = options;
  const whole = split.every((each) => each.length === 1);
  const reads = await readNewestEvents(client, split.flat(), {
    ...rest,
    ...(firstPages && whole ? { firstPages } : {}),
    ...(pagesRead && whole ? { pagesRead } : {}),
  });
  let at = 0;
  return split.map((each) => {
    const own = reads.slice(at, at + each.length);
    at += each.length;
    return own.length === 1 && own[0] ? own[0] : joined(own);
  });
}

import { readingCall } from './answers';
import type { Reading } from './answers';
import type { EventQuery } from './newestEvents';
import type { NodeCall } from './nodeCall';
import { normaliseAddress } from '../keys/address';
import { selectorOf } from '../protocol/selectors';

/**
 * The ERC-20 transfers an account received, as `starknet_getEvents` finds
 * them. Cairo 1 tokens (OpenZeppelin's and StarkGate's ERC-20, STRK and ETH
 * today) key their `Transfer` event `[selector, from, to]` with the amount
 * as data, so the node can filter by recipient: keys `[[Transfer], [], [the
 * accounts]]`. Cairo 0 tokens key it `[selector]` and put `[from, to,
 * amount_low, amount_high]` in the data: no filter finds them by
 * recipient, so the known ones (src/tokens/cairo0.ts) are read by address
 * and their events kept when the data names an account.
 */

/** The selector of `Transfer`, an ERC-20's first event key. */
export const TRANSFER_KEY = selectorOf('Transfer');

/** Events asked for per call: the spec's nodes accept at least 1,024. */
export const TRANSFER_CHUNK = 1000;

/** Recipients per call: some nodes refuse filters with many keys. */
export const RECIPIENTS_PER_CALL = 8;

/** The tokens some accounts received, as one page of events shows them. */
export type ReceivedTokens = {
  /** Token contracts (canonical), most recent first, each with its receivers. */
  tokens: { token: string; receivers: string[] }[];
  /** Where the next page starts, when the node did not answer the whole window. */
  continuation?: string;
  /** The block of the page's last event, when it says one. */
  lastBlock?: number;
};

const FELT = /^0x[0-9a-fA-F]{1,64}$/u;

/**
 * An object's own member, or undefined.
 *
 * @param value - Anything.
 * @param key - The member.
 * @returns Its value.
 */
function member(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? new Map(Object.entries(value)).get(key)
    : undefined;
}

/**
 * A page's continuation token, if it is one: a short printable text (the
 * wallet sends it back as it is, so it is bounded).
 *
 * @param token - What the answer holds there.
 * @returns The token, or nothing.
 */
function continuationOf(token: unknown): { continuation?: string } {
  return typeof token === 'string' && /^[\x21-\x7e]{1,256}$/u.test(token)
    ? { continuation: token }
    : {};
}

/**
 * Reads one page of `starknet_getEvents` as the tokens the accounts
 * received, without throwing on any JSON. The node filtered by key, but is
 * not trusted to have: an event counts only when it is a `Transfer` keyed
 * `[selector, from, to]` to one of the accounts, from a contract address.
 * Anything else in the page is skipped.
 *
 * @param answer - The node's answer.
 * @param accounts - The recipients asked about.
 * @returns The tokens, or why the answer is not a page of events.
 */
export function readReceivedTokens(
  answer: unknown,
  accounts: string[],
): Reading<ReceivedTokens> {
  const events = member(answer, 'events');
  if (!Array.isArray(events)) {
    return { problem: 'the answer is not a page of events' };
  }
  if (events.length > TRANSFER_CHUNK) {
    return { problem: `${events.length} events, more than asked for` };
  }
  const lastBlock = member(events[events.length - 1], 'block_number');
  return {
    value: {
      tokens: tokensReceived(events, accounts),
      ...continuationOf(member(answer, 'continuation_token')),
      ...(Number.isSafeInteger(lastBlock) && Number(lastBlock) >= 0
        ? { lastBlock: Number(lastBlock) }
        : {}),
    },
  };
}

/**
 * One event as an ERC-20 transfer, in either layout: Cairo 1 (keys
 * `[selector, from, to]`, data `[low, high]`) or Cairo 0 (keys
 * `[selector]`, data `[from, to, low, high]`); anything else, or from
 * address 0, is none.
 *
 * @param event - The event, as the node gave it.
 * @returns The transfer: the token (canonical), its parties and amount.
 */
export function transferOf(
  event: unknown,
):
  | { token: string; from: string; to: string; low: string; high: string }
  | undefined {
  const token = member(event, 'from_address');
  const keys = member(event, 'keys');
  const data = member(event, 'data');
  const felts = (value: unknown): value is string[] =>
    Array.isArray(value) &&
    value.every((item) => typeof item === 'string' && FELT.test(item));
  if (
    typeof token !== 'string' ||
    !FELT.test(token) ||
    BigInt(token) === 0n ||
    !felts(keys) ||
    !felts(data) ||
    keys[0] === undefined ||
    BigInt(keys[0]) !== BigInt(TRANSFER_KEY)
  ) {
    return undefined;
  }
  const [from, to, low, high] =
    keys.length === 3 && data.length === 2
      ? [keys[1], keys[2], data[0], data[1]]
      : [];
  const [oldFrom, oldTo, oldLow, oldHigh] =
    keys.length === 1 && data.length === 4 ? data : [];
  const parties =
    from === undefined
      ? [oldFrom, oldTo, oldLow, oldHigh]
      : [from, to, low, high];
  const [sender, recipient, amountLow, amountHigh] = parties;
  if (
    sender === undefined ||
    recipient === undefined ||
    amountLow === undefined ||
    amountHigh === undefined
  ) {
    return undefined;
  }
  return {
    token: normaliseAddress(token),
    from: sender,
    to: recipient,
    low: amountLow,
    high: amountHigh,
  };
}

/**
 * The tokens some accounts received, from events oldest first (anything
 * that is not a `Transfer` to one of them, in either layout, from a
 * contract address, is skipped: see transferOf).
 *
 * @param events - The events.
 * @param accounts - The recipients asked about.
 * @returns The tokens, most recent first, each with its receivers.
 */
export function tokensReceived(
  events: unknown[],
  accounts: string[],
): ReceivedTokens['tokens'] {
  const wanted = new Map(
    accounts.map((account) => [BigInt(account), normaliseAddress(account)]),
  );
  const byToken = new Map<string, Set<string>>();
  for (const event of [...events].reverse()) {
    const transfer = transferOf(event);
    const receiver =
      transfer === undefined ? undefined : wanted.get(BigInt(transfer.to));
    if (transfer === undefined || receiver === undefined) {
      continue;
    }
    const { token } = transfer;
    byToken.set(token, (byToken.get(token) ?? new Set()).add(receiver));
  }
  return [...byToken].map(([token, receivers]) => ({
    token,
    receivers: [...receivers],
  }));
}

/**
 * `starknet_getEvents` for the transfers to some accounts from a block on:
 * one page, bounded (see TRANSFER_CHUNK), read by readReceivedTokens. By
 * default the Cairo 1 filter, keyed to the accounts; else the filter given
 * (the Cairo 0 tokens' transfers by address, see src/tokens/cairo0.ts).
 *
 * @param accounts - The recipients (at most RECIPIENTS_PER_CALL).
 * @param fromBlock - The first block of the window.
 * @param continuation - Where the page starts, after the first.
 * @param query - The filter, when not keyed to the accounts.
 * @returns The call.
 */
export function receivedTokensCall(
  accounts: string[],
  fromBlock: number,
  continuation?: string,
  query: EventQuery = receivedQuery(accounts),
): NodeCall<Reading<ReceivedTokens>> {
  return {
    ...readingCall(
      {
        method: 'starknet_getEvents',
        params: {
          filter: {
            ...(query.address === undefined ? {} : { address: query.address }),
            from_block: { block_number: fromBlock },
            to_block: 'latest',
            keys: query.keys,
            chunk_size: TRANSFER_CHUNK,
            ...(continuation === undefined
              ? {}
              : { continuation_token: continuation }),
          },
        },
        parse: (value) => value,
      },
      (answer) => readReceivedTokens(answer, accounts),
    ),
    // A list the node refuses fails this call alone (see eventLists.ts).
    ...(Array.isArray(query.address) ? { ownFailure: true as const } : {}),
  };
}

/**
 * The Cairo 1 filter of the transfers to some accounts.
 *
 * @param accounts - The recipients.
 * @returns The filter.
 */
export function receivedQuery(accounts: string[]): EventQuery {
  return { keys: [[TRANSFER_KEY], [], accounts] };
}

/**
 * `starknet_blockNumber`, read without throwing: the end of the window
 * discovery searches (it shares the page's first round trip).
 *
 * @returns The call.
 */
export function latestBlockCall(): NodeCall<Reading<bigint>> {
  return {
    method: 'starknet_blockNumber',
    params: [],
    parse: (answer) =>
      Number.isSafeInteger(answer) && Number(answer) >= 0
        ? { value: BigInt(Number(answer)) }
        : { problem: 'the latest block number is not a block number' },
  };
}

import { plan, sendPlan } from './batchPlan';
import type { Ticket } from './batchPlan';
import type { Network } from '../../config';
import type { EmittedEvent } from '../../node/calls';
import { eventsCall } from '../../node/calls';
import type { NodeCall } from '../../node/nodeCall';
import { RECIPIENTS_PER_CALL } from '../../node/transferEvents';
import {
  readEvent,
  readNewDelegationPool,
  STAKING_EVENTS,
} from '../../staking/events';
import { REWARD_TOKEN } from '../../staking/protocol';
import type { Staking } from '../../state/schema';
import { storeStakingRead } from '../../state/staking';
import type { WalletContext } from '../../wallet/context';

/**
 * How the Stake view finds what to read, on from the block the last read
 * reached: the validators' pools from the staking contract's
 * NewDelegationPool events, and the accounts' positions from their own
 * NewPoolMember events (keyed to the member, from any pool, as JSON-RPC
 * 0.10 takes a list of keys: all the accounts in a filter). A member is
 * never deleted from a pool, so a position once found is kept.
 */

/** Events asked for per page. */
export const EVENT_CHUNK = 1000;

/** One page of events, as the node answers it. */
export type EventsPage = {
  events: EmittedEvent[];
  continuation_token?: string | undefined;
};

/** One events query of a read: its filter, page after page. */
export type EventsQuery = {
  kind: 'pools' | 'members';
  address?: string;
  keys: string[][];
  fromBlock: number;
  /** Where the previous page ended, when there is more. */
  continuation?: string;
};

/**
 * A 0x + 64 hex address from a felt.
 *
 * @param value - The felt.
 * @returns The canonical address.
 */
export function addressOf(value: bigint): string {
  return `0x${value.toString(16).padStart(64, '0')}`;
}

/**
 * The queries of a read: the pools announced since the last read, the
 * known accounts' new memberships since then, and the new accounts' from
 * block 0 (at most RECIPIENTS_PER_CALL accounts per filter).
 *
 * @param known - What was read before.
 * @param members - The accounts of the network asked about.
 * @returns The queries.
 */
export function eventQueries(known: Staking, members: string[]): EventsQuery[] {
  const searched = new Set(known.searched);
  const groups = (accounts: string[], fromBlock: number): EventsQuery[] =>
    Array.from(
      { length: Math.ceil(accounts.length / RECIPIENTS_PER_CALL) },
      (_, index) => ({
        kind: 'members' as const,
        keys: [
          [STAKING_EVENTS.NewPoolMember.selector],
          accounts.slice(
            index * RECIPIENTS_PER_CALL,
            (index + 1) * RECIPIENTS_PER_CALL,
          ),
        ],
        fromBlock,
      }),
    );
  return [
    {
      kind: 'pools',
      address: known.contract,
      keys: [[STAKING_EVENTS.NewDelegationPool.selector]],
      fromBlock: known.poolsFrom,
    },
    ...groups(
      members.filter((member) => searched.has(member)),
      known.membersFrom,
    ),
    ...groups(
      members.filter((member) => !searched.has(member)),
      0,
    ),
  ];
}

/**
 * A query's next page.
 *
 * @param query - The query.
 * @returns The call.
 */
export function pageCall(query: EventsQuery): NodeCall<EventsPage> {
  return eventsCall({
    ...(query.address === undefined ? {} : { address: query.address }),
    keys: query.keys,
    fromBlock: query.fromBlock,
    chunkSize: EVENT_CHUNK,
    ...(query.continuation === undefined
      ? {}
      : { continuationToken: query.continuation }),
  });
}

/** What pages of events found. */
export type Found = {
  pools: Staking['pools'];
  positions: Staking['positions'];
};

/**
 * The pools a page of the staking contract's events announces (either
 * layout: older pools were announced without their token, STRK's). An
 * event from another contract, or of another layout, is not one.
 *
 * @param contract - The staking contract.
 * @param events - The page's events.
 * @returns The pools.
 */
export function announcedPools(
  contract: string,
  events: EmittedEvent[],
): Staking['pools'] {
  return events.flatMap((event) => {
    if (BigInt(event.from_address) !== BigInt(contract)) {
      return [];
    }
    const reading = readNewDelegationPool(event.keys, event.data);
    if ('problem' in reading) {
      return [];
    }
    const { staker, pool, token } = reading.value;
    return [
      {
        staker: addressOf(staker),
        pool: addressOf(pool),
        token:
          token === undefined
            ? addressOf(BigInt(REWARD_TOKEN))
            : addressOf(token),
      },
    ];
  });
}

/**
 * The positions a page of NewPoolMember events shows: an event of a pool
 * the staking contract announced, naming that pool's validator, for one of
 * the accounts (anything else, a contract that only says it is a pool, is
 * not one).
 *
 * @param pools - The pools known.
 * @param members - The accounts asked about.
 * @param events - The page's events.
 * @returns The positions.
 */
export function memberships(
  pools: Staking['pools'],
  members: string[],
  events: EmittedEvent[],
): Staking['positions'] {
  const byPool = new Map(pools.map((each) => [each.pool, each]));
  const asked = new Set(members);
  return events.flatMap((event) => {
    const pool = byPool.get(addressOf(BigInt(event.from_address)));
    const reading = readEvent(
      STAKING_EVENTS.NewPoolMember,
      event.keys,
      event.data,
    );
    const named =
      event.keys[0] !== undefined &&
      BigInt(event.keys[0]) === BigInt(STAKING_EVENTS.NewPoolMember.selector);
    if (!pool || !named || 'problem' in reading) {
      return [];
    }
    const member = addressOf(reading.value.pool_member ?? 0n);
    const staker = addressOf(reading.value.staker_address ?? 0n);
    return asked.has(member) && staker === pool.staker
      ? [{ member, pool: pool.pool }]
      : [];
  });
}

/**
 * Where a query stopped, when it has more pages than a read follows: the
 * block of its last event (read again next time: what was found is kept
 * once).
 *
 * @param query - The query.
 * @param events - Its last page.
 * @returns The block to start from next time.
 */
export function stoppedAt(query: EventsQuery, events: EmittedEvent[]): number {
  const last = events[events.length - 1]?.block_number;
  return last === undefined ? query.fromBlock : Math.max(query.fromBlock, last);
}

/** The most follow-up pages of events per showing. */
const MAX_PAGES = 5;

/** What the events of one showing found, and where the next read starts. */
export type EventsOutcome = Found & {
  /** Where the next read of pools starts (the caller's block if whole). */
  poolsFrom: number | undefined;
  /** Whether every account's memberships were read whole. */
  membersWhole: boolean;
  problems: string[];
};

/**
 * Reads the queries' first pages (answered in the view's batch), then
 * their next pages, all queries' in one round trip each, at most
 * MAX_PAGES; a query with still more stops at the block of its last event.
 *
 * @param options - The read.
 * @param options.context - The user's context.
 * @param options.network - The network.
 * @param options.known - What was read before.
 * @param options.members - The accounts asked about.
 * @param options.first - Each query, with its ticket in the first batch.
 * @param options.answers - The first batch's answers.
 * @returns What was found.
 */
export async function followEvents(options: {
  context: WalletContext;
  network: Network;
  known: Staking;
  members: string[];
  first: { query: EventsQuery; ticket: Ticket<EventsPage> }[];
  answers: PromiseSettledResult<unknown>[];
}): Promise<EventsOutcome> {
  const { context, network, known, members } = options;
  const outcome: EventsOutcome = {
    pools: [],
    positions: [],
    poolsFrom: undefined,
    membersWhole: true,
    problems: [],
  };
  let pending = options.first.map(({ query, ticket }) => ({
    query,
    page: ticket(options.answers),
  }));
  for (let round = 1; pending.length > 0; round++) {
    const more: EventsQuery[] = [];
    for (const { query, page } of pending) {
      if (page === undefined) {
        outcome.problems.push(
          'The node did not answer a search of staking events: what is new may be missing.',
        );
        if (query.kind === 'pools') {
          outcome.poolsFrom = query.fromBlock;
        }
        outcome.membersWhole &&= query.kind !== 'members';
      } else if (query.kind === 'pools') {
        outcome.pools.push(...announcedPools(known.contract, page.events));
      } else {
        outcome.positions.push(
          ...memberships(
            [...known.pools, ...outcome.pools],
            members,
            page.events,
          ),
        );
      }
      if (page?.continuation_token === undefined) {
        continue;
      }
      if (round < MAX_PAGES) {
        more.push({ ...query, continuation: page.continuation_token });
        continue;
      }
      outcome.problems.push(
        'More staking events than one showing reads: Refresh reads on.',
      );
      if (query.kind === 'pools') {
        outcome.poolsFrom = stoppedAt(query, page.events);
      }
      outcome.membersWhole &&= query.kind !== 'members';
    }
    const next = plan();
    const tickets = more.map((query) => next.add(pageCall(query)));
    const { answers } = await sendPlan(context, network, next);
    pending = more.map((query, index) => ({
      query,
      page: tickets[index]?.(answers),
    }));
  }
  return outcome;
}

/**
 * Stores what a read of the events found, when it found anything or went
 * further: the pools and positions found, and where the next read starts
 * (the block the read reached; for the accounts' memberships only when
 * every account's were read whole). The Stake view and the background
 * check both read on from there.
 *
 * @param known - What was read before.
 * @param found - What the events found.
 * @param options - The read.
 * @param options.block - The latest block when read (undefined: unknown).
 * @param options.members - The accounts asked about.
 * @param options.rewardSupplier - The reward supplier, once known.
 */
export async function storeFound(
  known: Staking,
  found: EventsOutcome,
  options: {
    block: number | undefined;
    members: string[];
    rewardSupplier?: string | undefined;
  },
): Promise<void> {
  const { block, members, rewardSupplier } = options;
  const whole = block !== undefined && found.membersWhole;
  const read = {
    chainId: known.chainId,
    contract: known.contract,
    ...(rewardSupplier === undefined ? {} : { rewardSupplier }),
    poolsFrom: found.poolsFrom ?? block ?? known.poolsFrom,
    pools: found.pools,
    membersFrom: whole ? block : known.membersFrom,
    searched: whole ? members : [],
    positions: found.positions,
  };
  if (
    read.poolsFrom !== known.poolsFrom ||
    read.membersFrom !== known.membersFrom ||
    (rewardSupplier !== undefined && rewardSupplier !== known.rewardSupplier) ||
    found.pools.length + found.positions.length > 0 ||
    read.searched.some((member) => !known.searched.includes(member))
  ) {
    await storeStakingRead(read);
  }
}

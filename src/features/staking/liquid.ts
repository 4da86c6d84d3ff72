import type { Plan } from './batchPlan';
import { chainTimeCall } from './calls';
import type { ChainTime } from './calls';
import {
  amountCall,
  infoRead,
  requestReads,
  requestsIn,
  seenOf,
  WITHDRAW_QUEUE,
} from './liquidRequests';
import type { LiquidView } from './model';
import type { Network } from '../../config';
import { readingCall } from '../../node/answers';
import { eventsCall, viewCall } from '../../node/calls';
import { selectorOf } from '../../protocol/selectors';
import { toHex } from '../../protocol/values';
import {
  liquidStakingOf,
  ONE_SHARE,
  readQueueState,
  u256Calldata,
  vaultSelectors,
} from '../../staking/vault';
import type { Staking } from '../../state/schema';

/**
 * The Stake view's liquid part (Endur's xSTRK), read inside the view's own
 * batches (./readStaking.ts): in the first, the vault's rate now and at
 * the stored past block, each account's xSTRK, the queue's WithdrawQueue
 * events keyed by the accounts since the block the last read reached, each
 * stored request and its owner, the queue's state; in the second, only
 * what the first found new (a request, the past block to compare the rate
 * with on a first read, the queue's latest request for its wait).
 */

/** What the wallet keeps of the liquid part between reads. */
export type LiquidRecord = NonNullable<Staking['liquid']>;

/** Blocks back to compare the rate with, on a first read (a few days). */
const ANCHOR_BLOCKS = 100_000;
/** A past block older than this is moved closer (30 days). */
const ANCHOR_MAX_AGE = 30 * 86_400;
/** Events read per showing: the rest on the next one. */
const EVENT_CHUNK = 100;

/**
 * A yearly yield from two rates, as a percentage: compounding the change
 * over the time between them to a year.
 *
 * @param now - STRK per xSTRK now.
 * @param then - STRK per xSTRK at the past block.
 * @param seconds - The time between them.
 * @returns The percentage, or undefined when it cannot be estimated.
 */
export function yearlyYield(
  now: bigint,
  then: bigint,
  seconds: number,
): number | undefined {
  if (then <= 0n || seconds < 3600 || now < then) {
    return undefined;
  }
  const growth = Number((now * 10n ** 12n) / then) / 1e12;
  return (growth ** ((365 * 86_400) / seconds) - 1) * 100;
}

/** What the first batch's answers lead to. */
export type LiquidSecond = (later: PromiseSettledResult<unknown>[]) => {
  view: LiquidView;
  record: LiquidRecord;
};

/** The liquid part's reads, planned in the view's first batch. */
export type LiquidPlan = {
  /** After the first batch: plans the second, and reads both. */
  next: (
    answers: PromiseSettledResult<unknown>[],
    time: ChainTime | undefined,
    second: Plan,
  ) => LiquidSecond;
};

/**
 * Plans the liquid part's first reads (see the module's comment).
 *
 * @param first - The view's first batch.
 * @param network - The network.
 * @param known - What the last read kept.
 * @param members - The accounts shown.
 * @param requestsOnly - Read the accounts' requests alone (the background
 * check): no rate, no past block, no holdings, no queue state.
 * @returns The plan, or undefined on a network with no Endur contracts.
 */
export function planLiquid(
  first: Plan,
  network: Network,
  known: LiquidRecord | undefined,
  members: string[],
  requestsOnly = false,
): LiquidPlan | undefined {
  const contracts = liquidStakingOf(network);
  if (contracts === undefined) {
    return undefined;
  }
  const { vault, queue } = contracts;
  const names = vaultSelectors();
  const record: LiquidRecord = known ?? {
    requestsFrom: 0,
    searched: [],
    requests: [],
    told: [],
  };
  const none = (): undefined => undefined;
  const rate = requestsOnly
    ? none
    : first.read(
        amountCall(vault, names.convert_to_assets, u256Calldata(ONE_SHARE)),
      );
  const { anchor } = record;
  const anchorRate =
    requestsOnly || anchor === undefined
      ? none
      : first.read(
          amountCall(
            vault,
            names.convert_to_assets,
            u256Calldata(ONE_SHARE),
            anchor.block,
          ),
        );
  const balanceOf = selectorOf('balance_of');
  const holdings = (requestsOnly ? [] : members).map((member) => ({
    member,
    shares: first.read(amountCall(vault, balanceOf, [member])),
  }));
  const unsearched = members.some(
    (member) => !record.searched.includes(member),
  );
  const fromBlock = unsearched ? 0 : record.requestsFrom;
  const page =
    members.length === 0
      ? undefined
      : first.add(
          eventsCall({
            address: queue,
            keys: [[WITHDRAW_QUEUE], members],
            fromBlock,
            chunkSize: EVENT_CHUNK,
          }),
        );
  const stored = record.requests
    .filter(({ member }) => members.includes(member))
    .map(({ member, id }) =>
      requestReads(first, queue, { member, id: BigInt(id) }),
    );
  const state = requestsOnly
    ? none
    : first.read(
        readingCall(viewCall(queue, names.get_queue_state, []), (answer) =>
          Array.isArray(answer)
            ? readQueueState(answer.map(String))
            : { problem: 'not felts' },
        ),
      );
  return {
    next: (answers, time, second): LiquidSecond => {
      const events = page?.(answers);
      const listed = new Set(stored.map(({ id }) => id));
      const found = requestsIn(events?.events ?? [], queue, members).filter(
        ({ id }) => !listed.has(id) && listed.add(id),
      );
      const fresh = found.map((request) =>
        requestReads(second, queue, request),
      );
      const reanchor =
        !requestsOnly &&
        time !== undefined &&
        (anchor === undefined || time.time - anchor.time > ANCHOR_MAX_AGE);
      const pastBlock = Math.max(0, (time?.block ?? 0) - ANCHOR_BLOCKS);
      const past = reanchor
        ? {
            time: second.read(chainTimeCall({ block_number: pastBlock })),
            rate: second.read(
              amountCall(
                vault,
                names.convert_to_assets,
                u256Calldata(ONE_SHARE),
                pastBlock,
              ),
            ),
          }
        : undefined;
      const latest = state(answers);
      // The queue's wait, from its latest request when no request of the
      // accounts says it (the highest id, or the one below when it counts
      // from zero: Endur's numbering is not published).
      const waitReads =
        latest === undefined ||
        latest === 0n ||
        record.wait !== undefined ||
        stored.length + fresh.length > 0
          ? []
          : [latest, latest - 1n]
              .filter((id) => id >= 0n)
              .map((id) => infoRead(second, queue, id));
      return (later) => {
        const seenRequests = [
          ...stored.map((reads) => ({ reads, seen: seenOf(reads, answers) })),
          ...fresh.map((reads) => ({ reads, seen: seenOf(reads, later) })),
        ];
        const open = seenRequests.flatMap(({ seen }) =>
          typeof seen === 'object' && !seen.claimed ? [seen] : [],
        );
        const waits = [
          ...seenRequests.flatMap(({ seen }) =>
            typeof seen === 'object' ? [seen] : [],
          ),
          ...waitReads.flatMap((ticket) => {
            const info = ticket(later);
            return info
              ? [
                  {
                    requestedAt: Number(info.requestedAt),
                    claimableAt: Number(info.claimableAt),
                  },
                ]
              : [];
          }),
        ].flatMap(({ requestedAt, claimableAt }) =>
          requestedAt > 0 ? [claimableAt - requestedAt] : [],
        );
        const wait = waits[0] ?? record.wait;
        const pastTime = past?.time(later);
        const newAnchor = pastTime
          ? { block: pastTime.block, time: pastTime.time }
          : anchor;
        const then = past ? past.rate(later) : anchorRate(answers);
        const rateNow = rate(answers);
        const percent =
          rateNow !== undefined && then !== undefined && newAnchor && time
            ? yearlyYield(rateNow, then, time.time - newAnchor.time)
            : undefined;
        const view: LiquidView = {
          ...contracts,
          ...(rateNow === undefined ? {} : { rate: rateNow }),
          ...(percent === undefined || newAnchor === undefined
            ? {}
            : { yearly: { percent, since: newAnchor.time } }),
          ...(wait === undefined ? {} : { wait }),
          holdings: holdings.map(({ member, shares }) => ({
            member,
            shares: shares(answers),
          })),
          requests: open,
        };
        // Kept: the requests still open, and those not read this time.
        const kept = seenRequests.flatMap(({ reads, seen }) =>
          seen === 'unread' || (typeof seen === 'object' && !seen.claimed)
            ? [{ member: reads.member, id: toHex(reads.id) }]
            : [],
        );
        const lastEventBlock = Math.max(
          fromBlock,
          ...(events?.events ?? []).map(
            ({ block_number: block }) => block ?? 0,
          ),
        );
        // Read on from the block reached: the last event's when a page
        // more is left, else the latest block.
        let requestsFrom = fromBlock;
        if (events?.continuation_token !== undefined) {
          requestsFrom = lastEventBlock;
        } else if (events !== undefined) {
          requestsFrom = Math.max(fromBlock, time?.block ?? fromBlock);
        }
        return {
          view,
          record: {
            requestsFrom,
            searched:
              events === undefined
                ? record.searched
                : [...new Set([...record.searched, ...members])],
            requests: [
              ...record.requests.filter(
                ({ member }) => !members.includes(member),
              ),
              ...kept,
            ],
            ...(newAnchor === undefined ? {} : { anchor: newAnchor }),
            ...(wait === undefined ? {} : { wait }),
            told: record.told,
          },
        };
      };
    },
  };
}

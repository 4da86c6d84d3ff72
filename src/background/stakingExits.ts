import type { Network } from '../config';
import { plan, sendPlan } from '../features/staking/batchPlan';
import type { Ticket } from '../features/staking/batchPlan';
import { chainTimeCall, memberInfoCall } from '../features/staking/calls';
import type { ChainTime } from '../features/staking/calls';
import {
  eventQueries,
  followEvents,
  pageCall,
  storeFound,
} from '../features/staking/discovery';
import type { EventsPage, EventsQuery } from '../features/staking/discovery';
import { planLiquid } from '../features/staking/liquid';
import type { LiquidPlan } from '../features/staking/liquid';
import type { LiquidRequestView } from '../features/staking/model';
import { logger } from '../logger';
import type { NodeCall } from '../node/nodeCall';
import { moneyDisplayOf } from '../prices/preferences';
import type { PoolMemberInfo } from '../staking/layouts';
import { REWARD_TOKEN, stakingContractOf } from '../staking/protocol';
import { hiddenFromNode } from '../state/networks';
import type { Staking, WalletState } from '../state/schema';
import {
  markExitsTold,
  stakingOn,
  stakingUnread,
  storeLiquidRead,
} from '../state/staking';
import { notifyClaimReady, notifyExitReady } from '../ui/notifications';
import type { WalletContext } from '../wallet/context';

/** STRK as an exit notice names it, where the wallet does not track it. */
const STRK_WORDS = { address: REWARD_TOKEN, symbol: 'STRK', decimals: 18 };

/**
 * The background check's watch of staking exits, whoever started them (the
 * Stake view or any dapp; the view need never have been opened). Its reads
 * ride the check's own batch (./refresh.ts): the chain's time, the
 * accounts' new memberships (their own NewPoolMember events, all accounts
 * in one key list, read on from the block the last read reached, as the
 * Stake view finds them: features/staking/discovery.ts, the same stored
 * record) and the pools announced since, and each known position's
 * `get_pool_member_info_v1`. One more round trip only for what that found
 * new (a position's info), and one per further page of events. An exit
 * whose wait is over (its unpool time reached on the chain's clock) is told
 * once ("40 STRK can be withdrawn from validator …"), remembered by pool,
 * member and unpool time (a new intent restarts the wait, and is told again
 * when that one ends). A node that fails only delays the news.
 */

/** A network's watch, planned into the check's batch. */
export type ExitWatch = {
  network: Network;
  known: Staking;
  members: string[];
  calls: NodeCall<unknown>[];
  time: Ticket<ChainTime>;
  pages: { query: EventsQuery; ticket: Ticket<EventsPage> }[];
  infos: { pool: string; member: string; info: Ticket<InfoOrNone> }[];
  /** The accounts' liquid staking requests (Endur's queue), if any. */
  liquid?: LiquidPlan | undefined;
};

/** A member's info, or none (not a member, or unreadable). */
type InfoOrNone = PoolMemberInfo | undefined;

/** What a run found ready to withdraw. */
type Ready = { key: string; pool: string; member: string; amount: bigint };

/** What a run found ready: exits to withdraw, requests to claim. */
type AllReady = { exits: Ready[]; claims: LiquidRequestView[] };

/**
 * Plans a network's watch (none without a staking contract the wallet knows
 * or accounts its node may learn of).
 *
 * @param state - The state.
 * @param network - The network.
 * @returns The watch, its calls for the check's batch.
 */
export function exitWatchOf(
  state: WalletState,
  network: Network,
): ExitWatch | undefined {
  const contract = stakingContractOf(network);
  const accounts = state.accounts
    .filter(({ chainId }) => chainId === network.chainId)
    .map(({ address }) => address);
  const hidden = new Set(hiddenFromNode(state, network, accounts));
  const members = accounts.filter((account) => !hidden.has(account));
  if (contract === undefined || members.length === 0) {
    return undefined;
  }
  const known =
    stakingOn(state, network.chainId, contract) ??
    stakingUnread(network.chainId, contract);
  const batch = plan();
  return {
    network,
    known,
    members,
    calls: batch.calls,
    time: batch.read(chainTimeCall()),
    pages: eventQueries(known, members).map((query) => ({
      query,
      ticket: batch.add(pageCall(query)),
    })),
    infos: known.positions
      .filter(({ member }) => members.includes(member))
      .map(({ pool, member }) => ({
        pool,
        member,
        info: batch.read(memberInfoCall(pool, member)),
      })),
    liquid: planLiquid(batch, network, known.liquid, members, true),
  };
}

/**
 * What a watch's answers say: the memberships found (stored, read on from
 * there), the new ones' infos read in one more batch, and the exits whose
 * wait is over that were not told.
 *
 * @param context - The background context.
 * @param watch - The watch.
 * @param answers - The watch's answers in the check's batch (empty: the
 * node failed).
 * @returns The exits.
 */
async function readyOf(
  context: WalletContext,
  watch: ExitWatch,
  answers: PromiseSettledResult<unknown>[],
): Promise<AllReady> {
  const { network, known, members } = watch;
  const time = watch.time(answers);
  if (time === undefined) {
    return { exits: [], claims: [] };
  }
  const found = await followEvents({
    context,
    network,
    known,
    members,
    first: watch.pages,
    answers,
  });
  await storeFound(known, found, { block: time.block, members });
  const seen = new Set(watch.infos.map(({ pool, member }) => pool + member));
  const second = plan();
  const infos = [
    ...watch.infos.map((each) => ({ ...each, answers })),
    ...found.positions
      .filter(({ pool, member }) => !seen.has(pool + member))
      .map(({ pool, member }) => ({
        pool,
        member,
        info: second.read(memberInfoCall(pool, member)),
        answers: undefined,
      })),
  ];
  const liquidLater = watch.liquid?.next(answers, time, second);
  const { answers: later } = await sendPlan(context, network, second);
  const liquid = liquidLater?.(later);
  if (liquid) {
    await storeLiquidRead(network.chainId, known.contract, liquid.record);
  }
  const toldClaims = new Set(known.liquid?.told ?? []);
  const claims = (liquid?.view.requests ?? []).filter(
    ({ member, id, claimableAt }) =>
      claimableAt <= time.time && !toldClaims.has(`${member}:${id}`),
  );
  const told = new Set(known.toldExits);
  const exits = infos.flatMap(({ pool, member, info: ticket, ...rest }) => {
    const info = ticket(rest.answers ?? later);
    if (
      info?.unpoolTime === undefined ||
      info.unpoolAmount === 0n ||
      Number(info.unpoolTime) > time.time
    ) {
      return [];
    }
    const key = `${pool}:${member}:${info.unpoolTime}`;
    return told.has(key)
      ? []
      : [{ key, pool, member, amount: info.unpoolAmount }];
  });
  return { exits, claims };
}

/**
 * Tells of each exit whose wait is over, once, on every watched network; at
 * most `budget` a run (the rest wait for the next). Never throws.
 *
 * @param context - The background context.
 * @param watches - Each network's watch and its answers.
 * @param budget - How many notifications the run may still send.
 */
export async function tellReadyExits(
  context: WalletContext,
  watches: { watch: ExitWatch; answers: PromiseSettledResult<unknown>[] }[],
  budget: number,
): Promise<void> {
  let left = budget;
  for (const { watch, answers } of watches) {
    const { network, known } = watch;
    try {
      const found = await readyOf(context, watch, answers);
      const ready = found.exits.slice(0, Math.max(0, left));
      const state = await context.state();
      const display = moneyDisplayOf(await context.preferences());
      const pools = stakingOn(state, network.chainId, known.contract)?.pools;
      const told: string[] = [];
      try {
        for (const exit of ready) {
          const record = pools?.find(({ pool }) => pool === exit.pool);
          const account = state.accounts.find(
            ({ chainId, address }) =>
              chainId === network.chainId && address === exit.member,
          );
          const isStrk = BigInt(record?.token ?? 0) === BigInt(REWARD_TOKEN);
          await notifyExitReady({
            amount: exit.amount,
            // STRK is named by the wallet even where it is not tracked.
            token:
              state.tokens.find(
                ({ chainId, address }) =>
                  chainId === network.chainId && address === record?.token,
              ) ?? (isStrk ? STRK_WORDS : undefined),
            isStrk,
            staker: record?.staker ?? exit.pool,
            pool: exit.pool,
            networkName: network.name,
            accountName:
              account?.name ?? `Account ${account?.addressIndex ?? '?'}`,
            account: exit.member,
            display,
          });
          told.push(exit.key);
          left -= 1;
        }
      } finally {
        // Each one told is remembered, even when a later one failed.
        await markExitsTold(network.chainId, known.contract, told);
      }
      const claims = found.claims.slice(0, Math.max(0, left));
      const toldClaims: string[] = [];
      try {
        for (const claim of claims) {
          const account = state.accounts.find(
            ({ chainId, address }) =>
              chainId === network.chainId && address === claim.member,
          );
          await notifyClaimReady({
            amount: claim.assets,
            id: claim.id,
            networkName: network.name,
            accountName:
              account?.name ?? `Account ${account?.addressIndex ?? '?'}`,
            account: claim.member,
            display,
          });
          toldClaims.push(`${claim.member}:${claim.id}`);
          left -= 1;
        }
      } finally {
        await markExitsTold(network.chainId, known.contract, toldClaims, true);
      }
    } catch (error) {
      logger.info(`Staking exits on ${network.name} not checked`, error);
    }
  }
}

import {
  chainTimeCall,
  epochInfoCall,
  epochRewardsCall,
  memberInfoCall,
  stakerPoolsCall,
  stakingParametersCall,
  totalStakeCall,
} from './calls';
import { plan } from './batchPlan';
import type { Plan } from './batchPlan';
import {
  addressOf,
  announcedPools,
  eventQueries,
  memberships,
  pageCall,
  stoppedAt,
} from './discovery';
import type { EventsPage, EventsQuery } from './discovery';
import type {
  PositionView,
  StakingAccount,
  StakingView,
  TokenShown,
  ValidatorView,
} from './model';
import { tokensShown } from './tokens';
import type { Network } from '../../config';
import { InvalidInputError, NodeError } from '../../errors';
import type { Reading } from '../../node/answers';
import {
  claimedNames,
  nameLookupOf,
  reverseNameCall,
  verifiedNames,
} from '../../node/names';
import type { PoolMemberInfo, StakerPools } from '../../staking/layouts';
import { REWARD_TOKEN, stakingContractOf } from '../../staking/protocol';
import { estimatedYearlyReward } from '../../staking/rate';
import type { Staking } from '../../state/schema';
import {
  stakingOn,
  stakingUnread,
  storeStakingRead,
} from '../../state/staking';
import type { WalletContext } from '../../wallet/context';

/**
 * The Stake view's reads. One node batch when nothing new happened since
 * the last read: the latest block (where the events are read to, and the
 * chain's time), the events since the block the last read reached (new
 * pools, new memberships of the accounts), each known position's
 * `get_pool_member_info_v1`, each validator's `staker_pool_info`, the
 * staking contract's parameters and what the yearly rate needs, the
 * validators' names' reverse lookups, the untracked pool tokens' metadata.
 * A second batch only for what the first one found new (a position, a
 * validator), a name to check forward, or more pages of events.
 */

/** The most validators (stakers) whose pools are read per showing. */
export const MAX_VALIDATORS = 100;

/** The most follow-up pages of events per showing. */
const MAX_PAGES = 5;

/**
 * Sends a plan (nothing when it is empty): a node that fails leaves every
 * answer missing, and says why.
 *
 * @param context - The user's context.
 * @param network - The network.
 * @param batch - The plan.
 * @returns The answers, and the node's failure if any.
 */
async function send(
  context: WalletContext,
  network: Network,
  batch: Plan,
): Promise<{ answers: PromiseSettledResult<unknown>[]; failure?: string }> {
  if (batch.calls.length === 0) {
    return { answers: [] };
  }
  try {
    return { answers: await context.node(network).batchSettled(batch.calls) };
  } catch (error) {
    if (!(error instanceof NodeError)) {
      throw error;
    }
    return { answers: [], failure: error.message };
  }
}

/**
 * A reading's value, or undefined.
 *
 * @param reading - The reading, if answered.
 * @returns Its value.
 */
function valueOf<Value>(reading: Reading<Value> | undefined): Value | undefined {
  return reading !== undefined && 'value' in reading ? reading.value : undefined;
}

/** What the reads of one showing gathered. */
type Gathered = {
  infos: Map<string, Reading<PoolMemberInfo | undefined> | undefined>;
  stakers: Map<string, StakerPools | undefined>;
  names: Map<string, string>;
};

/**
 * The yearly reward of a pool, from the epoch's rewards and total stake.
 *
 * @param rate - What the rate needs, when read.
 * @param token - The pool's token.
 * @param commission - The validator's commission (basis points).
 * @returns FRI a year per whole token, if known.
 */
function yearlyOf(
  rate: { rewards: [bigint, bigint]; power: [bigint, bigint]; duration: bigint } | undefined,
  token: string,
  commission: number | undefined,
): bigint | undefined {
  if (rate === undefined || commission === undefined) {
    return undefined;
  }
  const strk = BigInt(token) === BigInt(REWARD_TOKEN);
  return estimatedYearlyReward({
    epochRewards: strk ? rate.rewards[0] : rate.rewards[1],
    epochDuration: rate.duration,
    totalStake: strk ? rate.power[0] : rate.power[1],
    commission: BigInt(commission),
  });
}

/**
 * The Stake view of a network's accounts (one batch when nothing new
 * happened; see the module's comment). What was found is stored, and read
 * on from there next time.
 *
 * @param context - The user's context.
 * @param network - The network.
 * @param accounts - Its accounts the node may be asked about.
 * @returns The view.
 */
export async function readStakingView(
  context: WalletContext,
  network: Network,
  accounts: StakingAccount[],
): Promise<StakingView> {
  const empty = { network, accounts, positions: [], validators: [], now: 0 };
  const contract = stakingContractOf(network);
  if (contract === undefined) {
    return {
      ...empty,
      unavailable: `Staking is shown on Mainnet and Testnet only: ${network.name} has no staking contract the wallet knows.`,
    };
  }
  const state = await context.state();
  const known: Staking =
    stakingOn(state, network.chainId, contract) ??
    stakingUnread(network.chainId, contract);
  const members = accounts.map(({ address }) => address);
  const problems: string[] = [];

  // The one batch.
  const first = plan();
  const timeOf = first.add(chainTimeCall());
  const queries = eventQueries(known, members);
  const pagesOf = queries.map((query) => first.add(pageCall(query)));
  const parametersOf = first.add(stakingParametersCall(contract));
  const epochOf = first.add(epochInfoCall(contract));
  const powerOf = first.add(totalStakeCall(contract));
  const rewardsOf =
    known.rewardSupplier === undefined
      ? undefined
      : first.add(epochRewardsCall(known.rewardSupplier));
  const positions = known.positions.filter(({ member }) => members.includes(member));
  const infoTickets = positions.map((position) => ({
    position,
    ticket: first.add(memberInfoCall(position.pool, position.member)),
  }));
  const stakers = [...new Set(known.pools.map(({ staker }) => staker))].slice(0, MAX_VALIDATORS);
  const stakerTickets = stakers.map((staker) => ({
    staker,
    ticket: first.add(stakerPoolsCall(contract, staker)),
  }));
  const named = nameLookupOf(network, [
    ...positions.map(({ pool }) => known.pools.find((each) => each.pool === pool)?.staker ?? '0x0'),
    ...stakers,
  ]);
  const reverseTickets = (named?.addresses ?? []).map((address) =>
    first.add(reverseNameCall(named?.contract ?? '0x0', address)),
  );
  const tokens = tokensShown(state, network, known.pools, first);
  const sent = await send(context, network, first);
  if (sent.failure !== undefined) {
    return { ...empty, problem: `Node unavailable: ${sent.failure}` };
  }
  const { answers } = sent;
  const time = valueOf(timeOf(answers));
  const parameters = valueOf(parametersOf(answers));

  // What the events found, page after page.
  const found = { pools: [] as Staking['pools'], positions: [] as Staking['positions'] };
  let poolsFrom = known.poolsFrom;
  let membersComplete = true;
  let pending: { query: EventsQuery; page: EventsPage | undefined }[] = queries.map(
    (query, index) => ({ query, page: pagesOf[index]?.(answers) }),
  );
  for (let round = 0; pending.length > 0; round++) {
    const more: EventsQuery[] = [];
    for (const { query, page } of pending) {
      if (page === undefined) {
        problems.push('The node did not answer a search of staking events: what is new may be missing.');
        membersComplete &&= query.kind !== 'members';
        continue;
      }
      if (query.kind === 'pools') {
        found.pools.push(...announcedPools(contract, page.events));
      } else {
        found.positions.push(
          ...memberships([...known.pools, ...found.pools], members, page.events),
        );
      }
      if (page.continuation_token === undefined) {
        continue;
      }
      if (round + 1 >= MAX_PAGES) {
        problems.push('More staking events than one showing reads: Refresh reads on.');
        if (query.kind === 'pools') {
          poolsFrom = stoppedAt(query, page.events);
        }
        membersComplete &&= query.kind !== 'members';
        continue;
      }
      more.push({ ...query, continuation: page.continuation_token });
    }
    if (more.length === 0) {
      break;
    }
    const next = plan();
    const tickets = more.map((query) => next.add(pageCall(query)));
    const { answers: nextAnswers } = await send(context, network, next);
    pending = more.map((query, index) => ({ query, page: tickets[index]?.(nextAnswers) }));
  }

  // The second batch, only for what is new.
  const knownPositions = new Set(positions.map(({ pool, member }) => `${pool}:${member}`));
  const newPositions = found.positions.filter(
    ({ pool, member }) => !knownPositions.has(`${pool}:${member}`),
  );
  const newStakers = [...new Set(found.pools.map(({ staker }) => staker))].filter(
    (staker) => !stakers.includes(staker),
  ).slice(0, Math.max(0, MAX_VALIDATORS - stakers.length));
  const supplier =
    known.rewardSupplier ??
    (parameters === undefined ? undefined : addressOf(parameters.rewardSupplier));
  const second = plan();
  const newInfoTickets = newPositions.map((position) => ({
    position,
    ticket: second.add(memberInfoCall(position.pool, position.member)),
  }));
  const newStakerTickets = newStakers.map((staker) => ({
    staker,
    ticket: second.add(stakerPoolsCall(contract, staker)),
  }));
  const lateRewardsOf =
    rewardsOf === undefined && supplier !== undefined
      ? second.add(epochRewardsCall(supplier))
      : undefined;
  const reverse = named
    ? claimedNames(
        named,
        reverseTickets.map((ticket) => ({
          status: 'fulfilled' as const,
          value: ticket(answers),
        })),
      )
    : undefined;
  // The names' forward lookups go on their own, bounded in time: a name
  // is never worth the view's wait.
  const [{ answers: secondAnswers }, shownNames] = await Promise.all([
    send(context, network, second),
    reverse ? verifiedNames(context.node(network), reverse) : [],
  ]);
  const names = new Map(shownNames.map(({ name, address }) => [address, name]));

  // Stored: read on from here next time.
  const complete = time !== undefined;
  if (complete || found.pools.length > 0 || found.positions.length > 0) {
    await storeStakingRead({
      chainId: network.chainId,
      contract,
      ...(supplier === undefined ? {} : { rewardSupplier: supplier }),
      poolsFrom: time !== undefined && poolsFrom === known.poolsFrom ? time.block : poolsFrom,
      pools: found.pools,
      membersFrom: time !== undefined && membersComplete ? time.block : known.membersFrom,
      searched: time !== undefined && membersComplete ? members : [],
      positions: found.positions,
    });
  }

  const gathered: Gathered = {
    infos: new Map([
      ...infoTickets.map(({ position, ticket }) => [`${position.pool}:${position.member}`, ticket(answers)] as const),
      ...newInfoTickets.map(({ position, ticket }) => [`${position.pool}:${position.member}`, ticket(secondAnswers)] as const),
    ]),
    stakers: new Map([
      ...stakerTickets.map(({ staker, ticket }) => [staker, valueOf(ticket(answers))] as const),
      ...newStakerTickets.map(({ staker, ticket }) => [staker, valueOf(ticket(secondAnswers))] as const),
    ]),
    names,
  };
  const epoch = valueOf(epochOf(answers));
  const power = valueOf(powerOf(answers));
  const rewards = valueOf(rewardsOf?.(answers) ?? lateRewardsOf?.(secondAnswers));
  const rate =
    epoch && power && rewards
      ? { rewards, power, duration: epoch.epochDuration }
      : undefined;
  const pools = [...known.pools, ...found.pools];
  const tokenOf = tokens.shown(answers);
  const validators = validatorsOf(pools, gathered, tokenOf, rate);
  return {
    network,
    accounts,
    positions: positionsOf([...positions, ...newPositions], pools, gathered, tokenOf),
    validators,
    ...(parameters === undefined ? {} : { exitWait: Number(parameters.exitWaitWindow) }),
    now: time?.time ?? Math.floor(Date.now() / 1000),
    ...(problems.length === 0 ? {} : { problem: [...new Set(problems)].join(' ') }),
  };
}

/**
 * The validators to choose from, the most delegated first.
 *
 * @param pools - The pools known.
 * @param gathered - What was read.
 * @param tokenOf - How each token is shown.
 * @param rate - What the yearly rate needs, if read.
 * @returns The validators.
 */
function validatorsOf(
  pools: Staking['pools'],
  gathered: Gathered,
  tokenOf: (token: string) => TokenShown,
  rate: Parameters<typeof yearlyOf>[0],
): ValidatorView[] {
  return pools
    .filter(({ staker }) => gathered.stakers.has(staker))
    .map(({ staker, pool, token }) => {
      const info = gathered.stakers.get(staker);
      const commission = info?.commission === undefined ? undefined : Number(info.commission);
      const delegated = info?.pools.find(({ poolContract }) => addressOf(poolContract) === pool)?.amount;
      return {
        staker,
        pool,
        token: tokenOf(token),
        starkName: gathered.names.get(staker),
        commission,
        delegated,
        yearlyReward: yearlyOf(rate, token, commission),
      };
    })
    .sort((left, right) => Number((right.delegated ?? 0n) - (left.delegated ?? 0n) > 0n) - Number((right.delegated ?? 0n) - (left.delegated ?? 0n) < 0n));
}

/**
 * The positions, as their pools answered (one that holds nothing any
 * more is left out).
 *
 * @param positions - The positions.
 * @param pools - The pools known.
 * @param gathered - What was read.
 * @param tokenOf - How each token is shown.
 * @returns The positions to show.
 */
function positionsOf(
  positions: Staking['positions'],
  pools: Staking['pools'],
  gathered: Gathered,
  tokenOf: (token: string) => TokenShown,
): PositionView[] {
  return positions.flatMap(({ pool, member }) => {
    const record = pools.find((each) => each.pool === pool);
    if (!record) {
      return [];
    }
    const base = {
      member,
      pool,
      staker: record.staker,
      token: tokenOf(record.token),
      starkName: gathered.names.get(record.staker),
    };
    const reading = gathered.infos.get(`${pool}:${member}`);
    if (reading === undefined) {
      return [{ ...base, unreadable: 'the node did not answer' }];
    }
    if ('problem' in reading) {
      return [{ ...base, unreadable: reading.problem }];
    }
    const info = reading.value;
    if (
      info === undefined ||
      (info.amount === 0n && info.unpoolAmount === 0n && info.unclaimedRewards === 0n)
    ) {
      return [];
    }
    return [
      {
        ...base,
        amount: info.amount,
        unclaimed: info.unclaimedRewards,
        commission: Number(info.commission),
        ...(info.unpoolTime === undefined || info.unpoolAmount === 0n
          ? {}
          : { exit: { amount: info.unpoolAmount, at: Number(info.unpoolTime) } }),
      },
    ];
  });
}

/**
 * Whether an account is a member of a pool now (a returning member adds to
 * its stake; a new one enters): one round trip, at the submit.
 *
 * @param context - The user's context.
 * @param network - The network.
 * @param pool - The pool.
 * @param member - The account.
 * @returns Whether it is a member.
 */
export async function readMembership(
  context: WalletContext,
  network: Network,
  pool: string,
  member: string,
): Promise<boolean> {
  const reading = await context.node(network).call(memberInfoCall(pool, member));
  if ('problem' in reading) {
    throw new InvalidInputError(
      'Validator',
      `the pool's answer about this account cannot be read (${reading.problem})`,
    );
  }
  return reading.value !== undefined;
}

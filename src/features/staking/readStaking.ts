import { plan, sendPlan } from './batchPlan';
import type { Plan, Ticket } from './batchPlan';
import {
  chainTimeCall,
  epochInfoCall,
  epochRewardsCall,
  memberInfoCall,
  stakerPoolsCall,
  stakingParametersCall,
  totalStakeCall,
} from './calls';
import {
  addressOf,
  eventQueries,
  followEvents,
  pageCall,
  storeFound,
} from './discovery';
import { planLiquid } from './liquid';
import type { StakingView } from './model';
import { tokenReads, tokenWriter } from './tokens';
import { positionsOf, validatorsOf } from './viewParts';
import type { Gathered } from './viewParts';
import type { Network } from '../../config';
import { InvalidInputError } from '../../errors';
import type { Reading } from '../../node/answers';
import {
  claimedNames,
  nameLookupOf,
  reverseNameCall,
  verifiedNames,
} from '../../node/names';
import type { PoolMemberInfo, StakerPools } from '../../staking/layouts';
import { stakingContractOf } from '../../staking/protocol';
import type { AccountRecord, Staking } from '../../state/schema';
import { stakingOn, stakingUnread, storeLiquidRead } from '../../state/staking';
import type { WalletContext } from '../../wallet/context';

/**
 * The Stake view's reads. One node batch when nothing new happened since
 * the last read: the latest block (where the events are read to, and the
 * chain's time), the events since the block the last read reached (new
 * pools, new memberships of the accounts), each known position's
 * `get_pool_member_info_v1`, each validator's `staker_pool_info`, the
 * staking contract's parameters and what the yearly rate needs, the
 * validators' names' reverse lookups, the untracked pool tokens' metadata.
 * One more round trip only for what that batch found new (a position, a
 * validator, the reward supplier), beside the forward check of a name
 * claimed, and one per further page of events.
 */

/** The most validators (stakers) whose pools are read per showing. */
export const MAX_VALIDATORS = 100;

/** The reads of positions and validators a batch carries. */
type HoldingReads = {
  infos: [string, Ticket<Reading<PoolMemberInfo | undefined>>][];
  stakers: [string, Ticket<StakerPools>][];
};

/**
 * Adds the reads of positions and validators to a batch.
 *
 * @param batch - The batch.
 * @param contract - The staking contract.
 * @param positions - The positions.
 * @param stakers - The validators.
 * @returns Their tickets.
 */
function holdingReads(
  batch: Plan,
  contract: string,
  positions: Staking['positions'],
  stakers: string[],
): HoldingReads {
  return {
    infos: positions.map(({ pool, member }) => [
      `${pool}:${member}`,
      batch.add(memberInfoCall(pool, member)),
    ]),
    stakers: stakers.map((staker) => [
      staker,
      batch.read(stakerPoolsCall(contract, staker)),
    ]),
  };
}

/**
 * The reads' answers, by position and by validator.
 *
 * @param reads - The reads.
 * @param answers - Their batch's answers.
 * @returns The answers.
 */
function answered(
  reads: HoldingReads,
  answers: PromiseSettledResult<unknown>[],
): Pick<Gathered, 'infos' | 'stakers'> {
  return {
    infos: new Map(reads.infos.map(([key, ticket]) => [key, ticket(answers)])),
    stakers: new Map(
      reads.stakers.map(([staker, ticket]) => [staker, ticket(answers)]),
    ),
  };
}

/**
 * The Stake view of a network's accounts (see the module's comment). What
 * was found is stored, and read on from there next time.
 *
 * @param context - The user's context.
 * @param network - The network.
 * @param asked - Its accounts the node may be asked about.
 * @returns The view.
 */
export async function readStakingView(
  context: WalletContext,
  network: Network,
  asked: AccountRecord[],
): Promise<StakingView> {
  const accounts = asked.map((account) => ({
    address: account.address,
    name: account.name ?? `Account ${account.addressIndex}`,
  }));
  const empty = { network, accounts, positions: [], validators: [], now: 0 };
  const contract = stakingContractOf(network);
  if (contract === undefined) {
    return {
      ...empty,
      unavailable: `Staking is shown on Mainnet and Testnet: ${network.name} has no staking contract the wallet knows.`,
    };
  }
  const state = await context.state();
  const known =
    stakingOn(state, network.chainId, contract) ??
    stakingUnread(network.chainId, contract);
  const members = accounts.map(({ address }) => address);
  const positions = known.positions.filter(({ member }) =>
    members.includes(member),
  );
  const stakers = [...new Set(known.pools.map(({ staker }) => staker))].slice(
    0,
    MAX_VALIDATORS,
  );

  const first = plan();
  const timeOf = first.read(chainTimeCall());
  const pages = eventQueries(known, members).map((query) => ({
    query,
    ticket: first.add(pageCall(query)),
  }));
  const parametersOf = first.read(stakingParametersCall(contract));
  const epochOf = first.read(epochInfoCall(contract));
  const powerOf = first.read(totalStakeCall(contract));
  const rewardsOf =
    known.rewardSupplier === undefined
      ? undefined
      : first.read(epochRewardsCall(known.rewardSupplier));
  const holdings = holdingReads(first, contract, positions, stakers);
  const named = nameLookupOf(network, [
    ...positions.map(
      ({ pool }) =>
        known.pools.find((each) => each.pool === pool)?.staker ?? '0x0',
    ),
    ...stakers,
  ]);
  const reverseOf = (named?.addresses ?? []).map((address) =>
    first.add(reverseNameCall(named?.contract ?? '0x0', address)),
  );
  const tokens = tokenReads(state, network, known.pools, first);
  const liquid = planLiquid(first, network, known.liquid, members);
  const { answers, failure } = await sendPlan(context, network, first);
  if (failure !== undefined) {
    return { ...empty, problem: `Node unavailable: ${failure}` };
  }
  const time = timeOf(answers);
  const parameters = parametersOf(answers);
  const found = await followEvents({
    context,
    network,
    known,
    members,
    first: pages,
    answers,
  });

  // What the first batch found new, read in a second one.
  const knownKeys = new Set(
    positions.map(({ pool, member }) => `${pool}:${member}`),
  );
  const newPositions = found.positions.filter(
    ({ pool, member }) => !knownKeys.has(`${pool}:${member}`),
  );
  const newStakers = [...new Set(found.pools.map(({ staker }) => staker))]
    .filter((staker) => !stakers.includes(staker))
    .slice(0, Math.max(0, MAX_VALIDATORS - stakers.length));
  const supplier =
    known.rewardSupplier ??
    (parameters && addressOf(parameters.rewardSupplier));
  const second = plan();
  const newHoldings = holdingReads(second, contract, newPositions, newStakers);
  const lateTokens = tokenReads(
    state,
    network,
    found.pools.filter(
      ({ token }) => !known.pools.some((each) => each.token === token),
    ),
    second,
  );
  const liquidLater = liquid?.next(answers, time, second);
  const lateRewardsOf =
    rewardsOf === undefined && supplier !== undefined
      ? second.read(epochRewardsCall(supplier))
      : undefined;
  const reverse =
    named &&
    claimedNames(
      named,
      reverseOf.map((ticket) => ({
        status: 'fulfilled' as const,
        value: ticket(answers),
      })),
    );
  // The names' forward lookups go on their own, bounded in time: a name is
  // never worth the view's wait.
  const [{ answers: later }, shownNames] = await Promise.all([
    sendPlan(context, network, second),
    reverse ? verifiedNames(context.node(network), reverse) : [],
  ]);

  await storeFound(known, found, {
    block: time?.block,
    members,
    rewardSupplier: supplier,
  });
  const liquidRead = liquidLater?.(later);
  if (liquidRead) {
    await storeLiquidRead(network.chainId, contract, liquidRead.record);
  }

  const [before, after] = [
    answered(holdings, answers),
    answered(newHoldings, later),
  ];
  const epoch = epochOf(answers);
  const power = powerOf(answers);
  const rewards = rewardsOf?.(answers) ?? lateRewardsOf?.(later);
  const gathered: Gathered = {
    infos: new Map([...before.infos, ...after.infos]),
    stakers: new Map([...before.stakers, ...after.stakers]),
    names: new Map(shownNames.map(({ name, address }) => [address, name])),
    tokenOf: tokenWriter(
      state,
      network,
      new Map([...tokens.read(answers), ...lateTokens.read(later)]),
    ),
    rate:
      epoch && power && rewards
        ? { rewards, power, epochDuration: epoch.epochDuration }
        : undefined,
  };
  const pools = [...known.pools, ...found.pools];
  return {
    network,
    accounts,
    positions: positionsOf([...positions, ...newPositions], pools, gathered),
    validators: validatorsOf(pools, gathered),
    ...(parameters === undefined
      ? {}
      : { exitWait: Number(parameters.exitWaitWindow) }),
    now: time?.time ?? Math.floor(Date.now() / 1000),
    ...(liquidRead ? { liquid: liquidRead.view } : {}),
    ...(found.problems.length === 0
      ? {}
      : { problem: [...new Set(found.problems)].join(' ') }),
  };
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
  const reading = await context
    .node(network)
    .call(memberInfoCall(pool, member));
  if ('problem' in reading) {
    throw new InvalidInputError(
      'Validator',
      `the pool's answer about this account cannot be read (${reading.problem})`,
    );
  }
  return reading.value !== undefined;
}

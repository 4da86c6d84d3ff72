import type { DecodedCallView } from './dialogInputs';
import { approvalBefore } from './stakingApprovals';
import { normaliseAddress } from '../keys/address';
import type { ShownName } from '../node/names';
import { dateText } from '../prices/dates';
import { unitsText } from '../prices/money';
import type { CallToShow } from '../protocol/calls';
import { poolCallParties } from '../sender/callParties';
import type { Party } from '../sender/callParties';
import { readPoolCall } from '../sender/stakingCalls';
import type {
  MemberFacts,
  PoolCall,
  PoolFacts,
  StakingFacts,
} from '../sender/stakingCalls';
import { trackedAmountText } from '../sender/stakingChecks';
import type { TokenRecord } from '../state/schema';

/**
 * The known-contract row of staking pools: a call with a pool entry point
 * to a contract the chain confirms is a pool of the network's staking
 * contract (src/sender/stakingReads.ts) reads in words; one to any other
 * contract is marked, and left to the other rows (its ABI).
 */

/** A pool, as the words need it. */
type Pool = Extract<PoolFacts, { kind: 'pool' }>;

/** What the words are read with. */
export type StakingContext = {
  facts: StakingFacts;
  tokens: TokenRecord[];
  account: string;
  names: ShownName[];
  /** The user's locale (dates). */
  locale: string;
};

export const NOT_A_POOL =
  "This contract is not a pool of Starknet's staking contract (checked on chain: its parameters must name a validator whose staking record lists it). Whatever the site calls it, nothing here is a stake with a validator.";

/**
 * An address felt as shown: 0x and 64 digits.
 *
 * @param value - The felt.
 * @returns The address.
 */
export function addressOf(value: bigint): string {
  return normaliseAddress(`0x${value.toString(16)}`);
}

/**
 * A validator as shown: its full address, with its Starknet ID name when it
 * resolves back.
 *
 * @param staker - The staker's address.
 * @param names - Names read both ways.
 * @returns The text.
 */
function validatorText(staker: string, names: ShownName[]): string {
  const named = names.find(({ address }) => BigInt(address) === BigInt(staker));
  return named ? `${staker} (${named.name})` : staker;
}

/**
 * A wait as words: "5 minutes", "7 days".
 *
 * @param seconds - The wait.
 * @returns The text.
 */
export function durationText(seconds: bigint): string {
  const units: [bigint, string][] = [
    [86_400n, 'day'],
    [3600n, 'hour'],
    [60n, 'minute'],
  ];
  const [size, name] = units.find(
    ([unit]) => seconds >= unit && seconds % unit === 0n,
  ) ?? [1n, 'second'];
  const count = seconds / size;
  return `${count} ${name}${count === 1n ? '' : 's'}`;
}

/**
 * A commission in basis points as a percentage: 500 → "5 %".
 *
 * @param basisPoints - The commission.
 * @param locale - The user's locale.
 * @returns The text.
 */
function commissionText(basisPoints: bigint, locale: string): string {
  return `${unitsText(basisPoints, 2, locale)} %`;
}

/**
 * A member's record in a pool.
 *
 * @param pool - The pool.
 * @param member - The member.
 * @returns Its record, if read.
 */
function memberIn(pool: Pool, member: bigint): MemberFacts | undefined {
  return pool.members.get(addressOf(member));
}

/** A pool call in words, and who gains from it. */
type PoolWords = { decoded: DecodedCallView; parties: Party[] };

/**
 * The parties of one pool call to a confirmed pool (the shared rule names
 * them): what each gains is said with the call's amount as shown.
 *
 * @param call - The call, read.
 * @param pool - The pool.
 * @param context - The staking facts, tokens and names.
 * @returns The parties.
 */
function partiesOf(
  call: PoolCall,
  pool: Pool,
  context: StakingContext,
): Party[] {
  let amount: string;
  if ('amount' in call) {
    amount = trackedAmountText(
      call.amount,
      pool.token,
      context.tokens,
      context.locale,
    );
  } else {
    amount =
      call.action === 'claim'
        ? claimedText(pool, call.member, context)
        : withdrawnText(pool, call.member, context);
  }
  return poolCallParties(
    call,
    amount,
    (member) => memberIn(pool, member)?.rewardAddress,
  );
}

/**
 * What a claim is about: the rewards the pool owes the member, when read.
 *
 * @param pool - The pool.
 * @param member - The member.
 * @param context - The staking facts, tokens and names.
 * @returns The text.
 */
function claimedText(
  pool: Pool,
  member: bigint,
  context: StakingContext,
): string {
  const record = memberIn(pool, member);
  return record === undefined
    ? 'the rewards'
    : `about ${trackedAmountText(record.unclaimedRewards, context.facts.rewardToken, context.tokens, context.locale)} of rewards`;
}

/**
 * What a withdrawal pays: the member's pending exit, when read.
 *
 * @param pool - The pool.
 * @param member - The member.
 * @param context - The staking facts, tokens and names.
 * @returns The text.
 */
function withdrawnText(
  pool: Pool,
  member: bigint,
  context: StakingContext,
): string {
  const waiting = memberIn(pool, member)?.unpoolAmount;
  return waiting === undefined
    ? 'the pending exit'
    : trackedAmountText(waiting, pool.token, context.tokens, context.locale);
}

/**
 * The words of one pool call to a confirmed pool, written for parties that
 * are the user's (the shared rule adds the others: ../parties.ts).
 *
 * @param call - The call, read.
 * @param shown - The call as signed.
 * @param calls - Every call of the transaction.
 * @param index - Its position.
 * @param pool - The pool.
 * @param context - The staking facts, tokens and names.
 * @returns The decoded call.
 */
function decodedOf(
  call: PoolCall,
  shown: CallToShow,
  calls: CallToShow[],
  index: number,
  pool: Pool,
  context: StakingContext,
): DecodedCallView {
  const { facts, tokens, names, locale } = context;
  const validator = validatorText(pool.staker, names);
  const staked = (amount: bigint): string =>
    trackedAmountText(amount, pool.token, tokens, locale);
  const base = [
    { label: 'Validator', value: validator },
    { label: 'Pool', value: shown.contractAddress },
  ];
  if (call.action === 'enter' || call.action === 'add') {
    const paired = approvalBefore(
      calls,
      index,
      shown.contractAddress,
      pool.token,
      call.amount,
    );
    return {
      summary: `Stake ${staked(call.amount)} with validator ${validator} · commission ${commissionText(pool.commission, locale)}`,
      fields: [
        ...base,
        { label: 'Amount', value: staked(call.amount) },
        call.action === 'enter'
          ? { label: 'Rewards to', value: addressOf(call.rewardAddress) }
          : { label: 'Member', value: addressOf(call.member) },
        { label: 'Commission', value: commissionText(pool.commission, locale) },
        ...(paired.field ? [{ label: 'Approval', value: paired.field }] : []),
      ],
      ...(paired.warning ? { warning: paired.warning } : {}),
    };
  }
  const member = memberIn(pool, BigInt(context.account));
  if (call.action === 'exitIntent') {
    if (call.amount === 0n) {
      return {
        summary: 'Cancel the pending exit',
        fields: [
          ...base,
          {
            label: 'Back to staking',
            value: staked(member?.unpoolAmount ?? 0n),
          },
        ],
      };
    }
    const when =
      facts.exitWait === undefined
        ? "after the staking contract's exit wait"
        : `after ${durationText(facts.exitWait)}${
            facts.now === undefined
              ? ''
              : ` (at ${dateText(facts.now + facts.exitWait, locale)})`
          }`;
    return {
      summary: `Unstake ${staked(call.amount)}: withdraw ${when}`,
      fields: [...base, { label: 'Amount', value: staked(call.amount) }],
      warning: `A new exit request replaces any pending one: ${staked(call.amount)} becomes the whole pending amount, and its wait starts again from now.${
        member && member.unpoolAmount > 0n
          ? ` ${staked(member.unpoolAmount)} now waiting goes back to staking.`
          : ''
      } What waits earns no rewards.`,
    };
  }
  if (call.action === 'exitAction') {
    return {
      summary: `Withdraw ${withdrawnText(pool, call.member, context)}`,
      fields: [...base, { label: 'To', value: addressOf(call.member) }],
    };
  }
  if (call.action === 'claim') {
    const record = memberIn(pool, call.member);
    return {
      summary: `Claim ${claimedText(pool, call.member, context)}`,
      fields: [
        ...base,
        { label: 'Member', value: addressOf(call.member) },
        {
          label: 'Rewards to',
          value:
            record === undefined
              ? 'the reward address of the member'
              : addressOf(record.rewardAddress),
        },
      ],
    };
  }
  const toStaker = validatorText(addressOf(call.toStaker), names);
  const toPool = addressOf(call.toPool);
  return {
    summary: `Move ${staked(call.amount)} from ${validator}`,
    fields: [
      ...base,
      { label: 'To validator', value: toStaker },
      { label: 'To pool', value: toPool },
      { label: 'Amount', value: staked(call.amount) },
    ],
    ...(facts.switchTargets.get(toPool) === true
      ? {}
      : {
          warning: `${toPool} is not listed as a pool of ${addressOf(call.toStaker)} by the staking contract: this move fails.`,
        }),
  };
}

/** What the staking row says of a call. */
export type StakingReading =
  | ({ kind: 'words' } & PoolWords)
  | { kind: 'not-pool' }
  | { kind: 'malformed' };

/**
 * The staking row of the known-contract table: a call with a pool entry
 * point, read (undefined: not a pool call, or the dialog has no staking
 * facts).
 *
 * @param calls - Every call of the transaction.
 * @param index - The call's position.
 * @param context - The staking facts, tokens and names.
 * @returns What the row says.
 */
export function readStakingCall(
  calls: CallToShow[],
  index: number,
  context: StakingContext,
): StakingReading | undefined {
  const shown = calls[index];
  const pool = shown && context.facts.pools.get(shown.contractAddress);
  if (!shown || !pool) {
    return undefined;
  }
  if (pool.kind === 'not-pool') {
    return { kind: 'not-pool' };
  }
  const call = readPoolCall(shown.selector, shown.calldata);
  if (call === undefined) {
    return undefined;
  }
  if (call === 'malformed') {
    return { kind: 'malformed' };
  }
  return {
    kind: 'words',
    decoded: decodedOf(call, shown, calls, index, pool, context),
    parties: partiesOf(call, pool, context),
  };
}

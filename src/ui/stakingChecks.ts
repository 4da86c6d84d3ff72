import { addressOf, amountText, momentText } from './stakingWords';
import { callsToShow } from './transactionText';
import { InvalidInputError } from '../errors';
import type { TransactionPreview } from '../sender/intent';
import { memberOf, readPoolCall } from '../sender/stakingCalls';
import type { PoolCall, PoolFacts } from '../sender/stakingCalls';
import type { TokenRecord } from '../state/schema';

/**
 * Staking calls that cannot do what they say, refused before the dialog
 * opens (so before anything is signed, sent or stored), whoever built them:
 * every confirmation of a transaction (the page's, a dapp's, through a
 * paymaster or not) is asked for here first. Read from the facts the sender
 * read with the plan (src/sender/stakingReads.ts); a fact that could not be
 * read refuses nothing (the simulation's outcome is still shown).
 */

/** A confirmed pool. */
type Pool = Extract<PoolFacts, { kind: 'pool' }>;

/** What the checks read a call with. */
type Checked = {
  call: PoolCall;
  pool: Pool;
  account: bigint;
  now: bigint | undefined;
  /** The account's balance of the pool's token, less earlier stakes. */
  left: bigint | undefined;
  /** Its balance before the calls. */
  balance: bigint | undefined;
  tokens: TokenRecord[];
};

/**
 * Why one pool call cannot be done, if it cannot.
 *
 * @param checked - The call and what it is read with.
 * @returns The reason, or undefined.
 */
function problemOf(checked: Checked): string | undefined {
  const { call, pool, account, now, left, balance, tokens } = checked;
  const amount = (value: bigint): string =>
    amountText(value, pool.token, tokens);
  if ('amount' in call && call.amount === 0n && call.action !== 'exitIntent') {
    return `the amount is zero: ${call.action === 'switch' ? 'move' : 'stake'} more than nothing`;
  }
  if (call.action === 'enter' || call.action === 'add') {
    if (pool.stakerLeavesAt !== undefined) {
      return `validator ${pool.staker} is leaving the staking contract (it leaves at ${momentText(pool.stakerLeavesAt)}): a stake with it is refused; choose another validator`;
    }
    if (left !== undefined && call.amount > left) {
      return `stakes ${amount(call.amount)} but the account holds ${amount(left)}${left === balance ? '' : ' after the stakes before it'}`;
    }
    return undefined;
  }
  const memberAddress = addressOf(memberOf(call, account));
  if (!pool.members.has(memberAddress)) {
    return undefined;
  }
  const member = pool.members.get(memberAddress);
  if (call.action === 'claim') {
    return undefined;
  }
  if (member === undefined) {
    return `${memberAddress} has nothing staked in this pool`;
  }
  if (call.action === 'exitIntent') {
    const total = member.amount + member.unpoolAmount;
    return call.amount > total
      ? `unstakes ${amount(call.amount)} but ${amount(total)} is staked in this pool`
      : undefined;
  }
  if (call.action === 'exitAction') {
    if (member.unpoolTime === undefined) {
      return 'nothing is waiting to be withdrawn from this pool: ask to unstake first';
    }
    return now !== undefined && now < member.unpoolTime
      ? `the exit wait is not over: ${amount(member.unpoolAmount)} can be withdrawn from ${momentText(member.unpoolTime)}`
      : undefined;
  }
  return call.action === 'switch' && call.amount > member.unpoolAmount
    ? `moves ${amount(call.amount)} but ${amount(member.unpoolAmount)} is waiting to leave this pool: ask to unstake at least that much first`
    : undefined;
}

/**
 * Refuses a transaction whose staking calls cannot be done: a stake of
 * zero, of more than the account holds of the pool's token, or with a
 * validator that is leaving; an unstake of more than is staked; a withdraw
 * before the wait is over (saying when it can be done) or with nothing
 * waiting; a move of zero or of more than is waiting.
 *
 * @param preview - The planned transaction, with its staking facts.
 * @param tokens - Tokens tracked on the network (for the amounts' units).
 * @param field - The param the calls are, to blame.
 * @throws {InvalidInputError} Naming the call and what is wrong.
 */
export function assertStakingPossible(
  preview: TransactionPreview,
  tokens: TokenRecord[],
  field: string,
): void {
  const facts = preview.staking;
  if (!facts || preview.intent.type !== 'INVOKE') {
    return;
  }
  const left = new Map(facts.balances);
  callsToShow(preview.intent.calls).forEach((shown, index) => {
    const pool = facts.pools.get(shown.contractAddress);
    const call = readPoolCall(shown.selector, shown.calldata);
    if (pool?.kind !== 'pool' || typeof call !== 'object') {
      return;
    }
    const problem = problemOf({
      call,
      pool,
      account: BigInt(preview.account),
      now: facts.now,
      left: left.get(pool.token),
      balance: facts.balances.get(pool.token),
      tokens,
    });
    if (problem !== undefined) {
      throw new InvalidInputError(
        `${field}[${index}]`,
        `${shown.entrypoint ?? shown.selector} on pool ${shown.contractAddress}: ${problem}. Nothing was signed.`,
      );
    }
    const before = left.get(pool.token);
    if (
      (call.action === 'enter' || call.action === 'add') &&
      before !== undefined
    ) {
      left.set(pool.token, before - call.amount);
    }
  });
}

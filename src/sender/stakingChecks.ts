import { memberOf, readPoolCall } from './stakingCalls';
import type { PoolCall, PoolFacts, StakingFacts } from './stakingCalls';
import { InvalidInputError } from '../errors';
import { formatUnits } from '../format';
import { normaliseAddress } from '../keys/address';
import { unitsText } from '../prices/money';
import type { CallToShow } from '../protocol/calls';
import type { TokenRecord } from '../state/schema';

/**
 * Staking calls that cannot do what they say, refused as soon as the facts
 * they are checked with are read (./stakingReads.ts reads none without
 * this check), so before anything is signed, estimated, sent or stored,
 * and before a paymaster is asked to build: every path that reads a
 * pool's facts (a send, a signature, a fee estimate, an outside execution,
 * a paymaster's build or estimate) goes through it. A fact that could not
 * be read refuses nothing (the simulation's outcome is still shown).
 */

/**
 * An amount of a token, in its units when the wallet tracks it: plain
 * (`1234.5 STRK`) in an error a site reads, in the user's locale in a
 * dialog's words.
 *
 * @param amount - Smallest units.
 * @param token - The token contract.
 * @param tokens - Tracked tokens.
 * @param locale - The user's locale, for a dialog.
 * @returns The text.
 */
export function trackedAmountText(
  amount: bigint,
  token: string | undefined,
  tokens: TokenRecord[],
  locale?: string,
): string {
  const known = tokens.find(
    ({ address }) => token !== undefined && BigInt(address) === BigInt(token),
  );
  return known
    ? `${locale === undefined ? formatUnits(amount, known.decimals) : unitsText(amount, known.decimals, locale)} ${known.symbol}`
    : `${amount} smallest units of the token ${token ?? '(unknown)'}`;
}

/**
 * A moment as UTC text: "14:05 UTC on 2026-11-28".
 *
 * @param seconds - Seconds since 1970.
 * @returns The text.
 */
export function momentText(seconds: bigint): string {
  const iso = new Date(Number(seconds) * 1000).toISOString();
  return `${iso.slice(11, 16)} UTC on ${iso.slice(0, 10)}`;
}

/** What the refusals are worded with, and what the user lets be read. */
export type ReadContext = {
  /** Tracked tokens (for the amounts' units). */
  tokens: TokenRecord[];
  /** The param the calls are, to blame (`<field>[<index>]`). */
  field: string;
  /**
   * Whether the user lets the wallet read prices (MetaMask's
   * `useExternalPricingData`): without it (or absent), no row reads the
   * oracle.
   */
  pricing?: boolean | undefined;
};

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
    trackedAmountText(value, pool.token, tokens);
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
  const memberAddress = normaliseAddress(
    `0x${memberOf(call, account).toString(16)}`,
  );
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
 * Refuses calls whose staking cannot be done: a stake of zero, of more
 * than the account holds of the pool's token, or with a validator that is
 * leaving; an unstake of more than is staked; a withdraw before the wait
 * is over (saying when it can be done) or with nothing waiting; a move of
 * zero or of more than is waiting.
 *
 * @param facts - What the chain says of the pools called.
 * @param calls - The calls.
 * @param account - The caller.
 * @param words - The tokens and the param to word the refusal with.
 * @throws {InvalidInputError} Naming the call and what is wrong.
 */
export function assertStakingPossible(
  facts: StakingFacts,
  calls: CallToShow[],
  account: string,
  words: ReadContext,
): void {
  const { tokens, field } = words;
  const left = new Map(facts.balances);
  calls.forEach((shown, index) => {
    const pool = facts.pools.get(shown.contractAddress);
    const call = readPoolCall(shown.selector, shown.calldata);
    if (pool?.kind !== 'pool' || typeof call !== 'object') {
      return;
    }
    const problem = problemOf({
      call,
      pool,
      account: BigInt(account),
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

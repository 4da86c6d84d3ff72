import { normaliseAddress } from '../keys/address';
import { readTokenCall } from '../node/tokenCalls';
import type { CallToShow } from '../protocol/calls';
import { readPoolCall } from '../sender/stakingCalls';
import type { StakingFacts } from '../sender/stakingCalls';

/**
 * The approve that comes just before a stake, read beside it: shown with
 * the stake when it allows the pool exactly the stake, flagged when it
 * allows more or another spender (part of the staking row's words:
 * ./stakingWords.ts).
 */

/**
 * How the approve just before a stake fits it: the same amount to the same
 * pool is shown with the stake; more, or another spender, is flagged.
 *
 * @param calls - The calls of the transaction.
 * @param index - The stake's position.
 * @param pool - The pool staked into.
 * @param token - The pool's token.
 * @param amount - The stake.
 * @returns A field and a warning, as they apply.
 */
export function approvalBefore(
  calls: CallToShow[],
  index: number,
  pool: string,
  token: string,
  amount: bigint,
): { field?: string; warning?: string } {
  const before = calls[index - 1];
  if (!before || BigInt(before.contractAddress) !== BigInt(token)) {
    return {};
  }
  let read: ReturnType<typeof readTokenCall>;
  try {
    read = readTokenCall(before.selector, before.calldata);
  } catch {
    return {};
  }
  if (read?.action !== 'approve') {
    return {};
  }
  if (read.spender !== BigInt(pool)) {
    return {
      warning: `Call ${index} lets ${normaliseAddress(`0x${read.spender.toString(16)}`)} spend your tokens: that is not this pool, which takes the stake.`,
    };
  }
  if (read.amount > amount) {
    return {
      warning: `Call ${index} lets this pool spend more than this stake: what is left of the allowance stays open to it.`,
    };
  }
  return read.amount === amount
    ? { field: `Call ${index} allows this pool exactly this amount` }
    : {};
}

/**
 * The words of an approve that comes just before a stake, when it does not
 * fit it (see approvalBefore): its warning.
 *
 * @param calls - The calls.
 * @param index - The approve's position.
 * @param facts - The staking facts.
 * @returns The warning, if the next call is a stake it does not fit.
 */
export function approvalWarning(
  calls: CallToShow[],
  index: number,
  facts: StakingFacts,
): string | undefined {
  const next = calls[index + 1];
  const pool = next && facts.pools.get(next.contractAddress);
  if (!next || pool?.kind !== 'pool') {
    return undefined;
  }
  const read = readPoolCall(next.selector, next.calldata);
  if (
    typeof read !== 'object' ||
    (read.action !== 'enter' && read.action !== 'add')
  ) {
    return undefined;
  }
  const { warning } = approvalBefore(
    calls,
    index + 1,
    next.contractAddress,
    pool.token,
    read.amount,
  );
  return warning && `The next call stakes with a validator. ${warning}`;
}

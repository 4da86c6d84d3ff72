import { fitsType } from '../protocol/values';
import type { PoolMemberInfo } from '../staking/layouts';
import { POOL_CALL_INPUTS, POOL_SELECTORS } from '../staking/protocol';
import type { PoolEntrypoint } from '../staking/protocol';

/**
 * The delegator's calls to a staking pool (starknet-staking's
 * `src/pool/interface.cairo`), read off their calldata by selector, and what
 * the chain says about the pools they call. Both the refusals (./stakingChecks.ts)
 * and the confirmation's words (src/ui/stakingWords.ts) read calls here, so
 * what is refused and what is shown are the same reading.
 */

/** A pool call, read: amounts are `Amount` (u128), parties addresses. */
export type PoolCall =
  | { action: 'enter'; rewardAddress: bigint; amount: bigint }
  | { action: 'add'; member: bigint; amount: bigint }
  | { action: 'exitIntent'; amount: bigint }
  | { action: 'exitAction'; member: bigint }
  | { action: 'claim'; member: bigint }
  | { action: 'switch'; toStaker: bigint; toPool: bigint; amount: bigint };

/** The action each pool entry point is read as. */
const ACTIONS: Record<PoolEntrypoint, PoolCall['action']> = {
  enter_delegation_pool: 'enter',
  add_to_delegation_pool: 'add',
  exit_delegation_pool_intent: 'exitIntent',
  exit_delegation_pool_action: 'exitAction',
  claim_rewards: 'claim',
  switch_delegation_pool: 'switch',
};

const BY_SELECTOR = new Map(
  (Object.keys(ACTIONS) as PoolEntrypoint[]).map((entrypoint) => [
    BigInt(POOL_SELECTORS[entrypoint]),
    entrypoint,
  ]),
);

/**
 * Whether a selector is one of a pool's delegator entry points.
 *
 * @param selector - The selector.
 * @returns Whether it is.
 */
export function isPoolSelector(selector: string): boolean {
  return BY_SELECTOR.has(BigInt(selector));
}

/**
 * Reads a pool call (its inputs as POOL_CALL_INPUTS has them): undefined
 * for another selector, 'malformed' when the calldata is not exactly the
 * entry point's inputs, each of its type.
 *
 * @param selector - The selector (hex).
 * @param calldata - The calldata.
 * @returns The call, read.
 */
export function readPoolCall(
  selector: string,
  calldata: string[],
): PoolCall | 'malformed' | undefined {
  const entrypoint = BY_SELECTOR.get(BigInt(selector));
  if (!entrypoint) {
    return undefined;
  }
  const inputs = POOL_CALL_INPUTS[entrypoint];
  let values: bigint[];
  try {
    values = calldata.map(BigInt);
  } catch {
    return 'malformed';
  }
  const fits =
    values.length === inputs.length &&
    inputs.every(([, type], index) => fitsType(values[index] ?? -1n, type));
  if (!fits) {
    return 'malformed';
  }
  const [first = 0n, second = 0n, third = 0n] = values;
  switch (ACTIONS[entrypoint]) {
    case 'enter':
      return { action: 'enter', rewardAddress: first, amount: second };
    case 'add':
      return { action: 'add', member: first, amount: second };
    case 'exitIntent':
      return { action: 'exitIntent', amount: first };
    case 'exitAction':
      return { action: 'exitAction', member: first };
    case 'claim':
      return { action: 'claim', member: first };
    default:
      return {
        action: 'switch',
        toStaker: first,
        toPool: second,
        amount: third,
      };
  }
}

/**
 * The pool member a call reads or moves: the caller for a new stake, an
 * exit intent or a switch, the named member otherwise.
 *
 * @param call - The pool call.
 * @param account - The caller.
 * @returns The member.
 */
export function memberOf(call: PoolCall, account: bigint): bigint {
  return 'member' in call ? call.member : account;
}

/** A pool member as `get_pool_member_info_v1` tells it. */
export type MemberFacts = PoolMemberInfo;

/**
 * A called contract with a pool entry point, as the chain shows it: a pool
 * of the network's staking contract (its `contract_parameters_v1` names a
 * staker whose `staker_pool_info` lists it, with the same token), or not.
 */
export type PoolFacts =
  | {
      kind: 'pool';
      staker: string;
      token: string;
      /** Basis points (500 = 5 %). */
      commission: bigint;
      /** When the validator leaves, if it asked to (staker_info_v1). */
      stakerLeavesAt: bigint | undefined;
      /**
       * Each member read (canonical address): undefined when it is no
       * member; a member whose read failed has no entry.
       */
      members: Map<string, MemberFacts | undefined>;
    }
  | { kind: 'not-pool' };

/** What the chain says about a transaction's pool calls. */
export type StakingFacts = {
  /** Each called contract with a pool entry point (canonical address). */
  pools: Map<string, PoolFacts>;
  /** The staking contract's exit wait (seconds), if read. */
  exitWait: bigint | undefined;
  /** The token rewards are paid in (the staking contract's), if read. */
  rewardToken: string | undefined;
  /** The chain's clock (the newest block's timestamp), if read. */
  now: bigint | undefined;
  /** The account's balance of each staked token (canonical address). */
  balances: Map<string, bigint>;
  /**
   * Each `switch_delegation_pool` target pool, with whether its staker's
   * `staker_pool_info` lists it.
   */
  switchTargets: Map<string, boolean>;
};

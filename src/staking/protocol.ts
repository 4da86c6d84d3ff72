import type { Call } from 'starknet';

import type { FieldType } from './felts';
import type { Network } from '../config';
import { MAINNET_CHAIN_ID, TESTNET_CHAIN_ID } from '../config';
import { InvalidInputError } from '../errors';
import { selectorOf } from '../protocol/selectors';
import { fitsType, toHex } from '../protocol/values';

/**
 * Starknet's staking, as starkware-libs/starknet-staking's deployed
 * BTC-enabled release has it (commit 5c11a568, whose ABI is written down in
 * vendor/contracts/starknet-staking-v3.abi.json and held to this file by
 * protocol.test.ts): the staking contract per network, one delegation pool
 * contract per validator and token, the entry points and views the wallet
 * uses, their calldata, events and error texts. Pure: no node is asked
 * anything here (layouts.ts reads the answers).
 */

/** The staking contract of each built-in network, by chain id. */
export const STAKING_CONTRACTS: Readonly<Record<string, string>> = {
  [MAINNET_CHAIN_ID]:
    '0x00ca1702e64c81d9a07b86bd2c540188d92a2c73cf5cc0e508d949015e7e84a7',
  [TESTNET_CHAIN_ID]:
    '0x03745ab04a431fc02871a139be6b93d9260b0ff3e779ad9c8b377183b23109f1',
};

/** STRK, the token every pool's rewards are paid in (BTC pools too). */
export const REWARD_TOKEN =
  '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d';

/**
 * The staking contract of a network: the built-in Mainnet's and Testnet's
 * (Sepolia), none for a network a site or the user added (its node could
 * serve any contract at any address and call it staking).
 *
 * @param network - The network.
 * @returns The contract address, or undefined.
 */
export function stakingContractOf(network: Network): string | undefined {
  return network.addedBy === undefined
    ? STAKING_CONTRACTS[network.chainId]
    : undefined;
}

/**
 * The selectors of a list of entry point names.
 *
 * @param names - The names.
 * @returns Each name's selector (canonical hex).
 */
function selectorsOf<Name extends string>(
  names: readonly Name[],
): Readonly<Record<Name, string>> {
  return Object.fromEntries(
    names.map((name) => [name, selectorOf(name)]),
  ) as Record<Name, string>;
}

/** A pool contract's entry points and views the wallet uses. */
export const POOL_SELECTORS = selectorsOf([
  'enter_delegation_pool',
  'add_to_delegation_pool',
  'exit_delegation_pool_intent',
  'exit_delegation_pool_action',
  'claim_rewards',
  'switch_delegation_pool',
  'get_pool_member_info_v1',
  'contract_parameters_v1',
] as const);

/** The staking contract's views the wallet uses. */
export const STAKING_SELECTORS = selectorsOf([
  'staker_info_v1',
  'staker_pool_info',
  'contract_parameters_v1',
  'get_active_tokens',
  'get_epoch_info',
  'get_current_total_staking_power',
  'get_total_stake_for_token',
] as const);

/** The reward supplier's views the yearly rate needs. */
export const REWARD_SUPPLIER_SELECTORS = selectorsOf([
  'calculate_current_epoch_rewards',
  'get_alpha',
] as const);

/** The minting curve's views (its address is not readable on chain). */
export const MINTING_CURVE_SELECTORS = selectorsOf([
  'yearly_mint',
  'contract_parameters',
] as const);

/**
 * Each pool entry point's calldata, in order, as the builders write it and
 * the confirmations read it.
 */
export const POOL_CALL_INPUTS = {
  enter_delegation_pool: [
    ['reward_address', 'address'],
    ['amount', 'u128'],
  ],
  add_to_delegation_pool: [
    ['pool_member', 'address'],
    ['amount', 'u128'],
  ],
  exit_delegation_pool_intent: [['amount', 'u128']],
  exit_delegation_pool_action: [['pool_member', 'address']],
  claim_rewards: [['pool_member', 'address']],
  switch_delegation_pool: [
    ['to_staker', 'address'],
    ['to_pool', 'address'],
    ['amount', 'u128'],
  ],
} as const satisfies Record<string, readonly (readonly [string, FieldType])[]>;

/** A pool entry point a member calls. */
export type PoolEntrypoint = keyof typeof POOL_CALL_INPUTS;

/**
 * A pool call's calldata from its values, each checked against its type.
 *
 * @param pool - The pool contract.
 * @param entrypoint - The entry point.
 * @param values - The values, in POOL_CALL_INPUTS's order.
 * @returns The call.
 */
function poolCall(
  pool: string,
  entrypoint: PoolEntrypoint,
  values: readonly bigint[],
): Call {
  const inputs = POOL_CALL_INPUTS[entrypoint];
  const calldata = inputs.map(([name, type], index) => {
    const value = values[index];
    if (value === undefined || !fitsType(value, type)) {
      throw new InvalidInputError(
        name,
        `Expected ${type === 'u128' ? 'an amount below 2^128' : 'a Starknet address'}`,
      );
    }
    return toHex(value);
  });
  return { contractAddress: pool, entrypoint, calldata };
}

/**
 * The ERC-20 approval a stake needs: the pool pulls the tokens with it.
 *
 * @param token - The staked token.
 * @param pool - The pool (the spender).
 * @param amount - The amount (a u128; the approval is a u256).
 * @returns The call.
 */
export function approveCall(token: string, pool: string, amount: bigint): Call {
  if (!fitsType(amount, 'u128')) {
    throw new InvalidInputError('amount', 'Expected an amount below 2^128');
  }
  return {
    contractAddress: token,
    entrypoint: 'approve',
    calldata: [toHex(BigInt(pool)), toHex(amount), '0x0'],
  };
}

/**
 * A first stake in a pool: approve, then `enter_delegation_pool`.
 *
 * @param options - The stake.
 * @param options.token - The pool's token.
 * @param options.pool - The pool contract.
 * @param options.rewardAddress - Where the rewards go.
 * @param options.amount - How much, in the token's units.
 * @returns The two calls, in order.
 */
export function enterPoolCalls(options: {
  token: string;
  pool: string;
  rewardAddress: string;
  amount: bigint;
}): Call[] {
  const { token, pool, rewardAddress, amount } = options;
  return [
    approveCall(token, pool, amount),
    poolCall(pool, 'enter_delegation_pool', [BigInt(rewardAddress), amount]),
  ];
}

/**
 * More stake from a returning member (members are never deleted): approve,
 * then `add_to_delegation_pool(member, amount)`.
 *
 * @param options - The stake.
 * @param options.token - The pool's token.
 * @param options.pool - The pool contract.
 * @param options.member - The member (the caller, or its reward address).
 * @param options.amount - How much, in the token's units.
 * @returns The two calls, in order.
 */
export function addToPoolCalls(options: {
  token: string;
  pool: string;
  member: string;
  amount: bigint;
}): Call[] {
  const { token, pool, member, amount } = options;
  return [
    approveCall(token, pool, amount),
    poolCall(pool, 'add_to_delegation_pool', [BigInt(member), amount]),
  ];
}

/**
 * `claim_rewards(member)`: the rewards go to the member's reward address.
 *
 * @param pool - The pool contract.
 * @param member - The member.
 * @returns The call.
 */
export function claimRewardsCall(pool: string, member: string): Call {
  return poolCall(pool, 'claim_rewards', [BigInt(member)]);
}

/**
 * `exit_delegation_pool_intent(amount)`: replaces any pending intent and
 * restarts the wait for the whole amount; 0 cancels.
 *
 * @param pool - The pool contract.
 * @param amount - The amount to leave.
 * @returns The call.
 */
export function exitIntentCall(pool: string, amount: bigint): Call {
  return poolCall(pool, 'exit_delegation_pool_intent', [amount]);
}

/**
 * `exit_delegation_pool_action(member)`: after the wait, pays the pending
 * amount back to the member.
 *
 * @param pool - The pool contract.
 * @param member - The member.
 * @returns The call.
 */
export function exitActionCall(pool: string, member: string): Call {
  return poolCall(pool, 'exit_delegation_pool_action', [BigInt(member)]);
}

/**
 * `switch_delegation_pool(to_staker, to_pool, amount)`: moves part of a
 * pending exit to another validator's pool of the same token.
 *
 * @param options - The move.
 * @param options.fromPool - The pool the intent is pending in.
 * @param options.toStaker - The validator moved to.
 * @param options.toPool - Its pool.
 * @param options.amount - How much of the pending amount.
 * @returns The call.
 */
export function switchPoolCall(options: {
  fromPool: string;
  toStaker: string;
  toPool: string;
  amount: bigint;
}): Call {
  const { fromPool, toStaker, toPool, amount } = options;
  return poolCall(fromPool, 'switch_delegation_pool', [
    BigInt(toStaker),
    BigInt(toPool),
    amount,
  ]);
}

/**
 * The revert texts of the staking contract and its pools (the Cairo source's
 * `describe()`), by the source's name.
 */
export const STAKING_ERRORS = {
  INTENT_WINDOW_NOT_FINISHED: 'Intent window is not finished',
  AMOUNT_TOO_HIGH: 'Amount is too high',
  AMOUNT_IS_ZERO: 'Amount is zero',
  POOL_MEMBER_DOES_NOT_EXIST: 'Pool member does not exist',
  POOL_MEMBER_EXISTS: 'Pool member exists, use add_to_delegation_pool instead',
  STAKER_INACTIVE: 'Staker inactive',
  MISSING_UNDELEGATE_INTENT: 'Undelegate intent is missing',
  CALLER_CANNOT_ADD_TO_POOL:
    'Caller address should be pool member address or reward address',
  POOL_CLAIM_REWARDS_FROM_UNAUTHORIZED_ADDRESS:
    'Claim rewards must be called from pool member address or reward address',
  UNDELEGATE_IN_PROGRESS:
    'Undelegate from pool in progress, pool member is in an exit window',
  CALLER_IS_TOKEN: 'Caller is a token address',
  STAKER_NOT_EXISTS: 'Staker does not exist',
  UNSTAKE_IN_PROGRESS: 'Unstake is in progress, staker is in an exit window',
  SELF_SWITCH_NOT_ALLOWED: 'Self switch is not allowed',
  DELEGATION_POOL_MISMATCH:
    'to_pool is not the delegation pool contract for to_staker',
  TOKEN_MISMATCH: 'Token mismatch',
} as const;

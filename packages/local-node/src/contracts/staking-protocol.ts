import { constants, hash } from 'starknet';

import { selectorOf } from './calls';

/**
 * What the local node knows of Starknet's staking contracts, in one place:
 * the addresses per chain, the entry points it emulates, the layouts of
 * their answers and events, and their error texts, as
 * starkware-libs/starknet-staking's deployed BTC-enabled release has them
 * (commit 5c11a568; the ABI is vendored in
 * vendor/contracts/starknet-staking-v3.abi.json and
 * test/staking-abi.test.ts holds this file to it). staking.ts and pool.ts
 * run the contracts; this file only describes them.
 */

/** Where the staking contract is on each chain (Mainnet's, Sepolia's). */
export const STAKING_ADDRESSES: Record<string, bigint> = {
  [constants.StarknetChainId.SN_MAIN]:
    0x00ca1702e64c81d9a07b86bd2c540188d92a2c73cf5cc0e508d949015e7e84a7n,
  [constants.StarknetChainId.SN_SEPOLIA]:
    0x03745ab04a431fc02871a139be6b93d9260b0ff3e779ad9c8b377183b23109f1n,
};

/**
 * StarkGate's Wrapped BTC (8 decimals) on each chain: the BTC-like token the
 * local chain stakes (Mainnet's WBTC, one of its active staking tokens;
 * Sepolia's WBTC from the same bridge list, vendor/tokens/).
 */
export const BTC_TOKEN_ADDRESSES: Record<string, bigint> = {
  [constants.StarknetChainId.SN_MAIN]:
    0x03fe2b97c1fd336e750087d68b9b867997fd64a2661ff3ca5a7c771641e8e7acn,
  [constants.StarknetChainId.SN_SEPOLIA]:
    0x00452bd5c0512a61df7c7be8cfea5e4f893cb40e126bdc40aee6054db955129en,
};

/**
 * The address on a chain: Mainnet's on SN_MAIN, Sepolia's on any other
 * chain (a local chain stands in for Sepolia).
 *
 * @param addresses - The addresses by chain id.
 * @param chainId - The chain id (hex).
 * @returns The address.
 */
function onChain(addresses: Record<string, bigint>, chainId: string): bigint {
  return (
    addresses[chainId] ??
    (addresses[constants.StarknetChainId.SN_SEPOLIA] as bigint)
  );
}

/**
 * The staking contract's address on a chain.
 *
 * @param chainId - The chain id (hex).
 * @returns The address.
 */
export function stakingAddressOf(chainId: string): bigint {
  return onChain(STAKING_ADDRESSES, chainId);
}

/**
 * The BTC-like token's address on a chain.
 *
 * @param chainId - The chain id (hex).
 * @returns The address.
 */
export function btcTokenAddressOf(chainId: string): bigint {
  return onChain(BTC_TOKEN_ADDRESSES, chainId);
}

// An identifier of the local chain's own (not a deployed contract's).
const localId = (text: string): bigint => hash.starknetKeccak(text);

/**
 * The reward supplier's address here: the local chain's own (the staking
 * contract's `contract_parameters_v1` names it, as the real one names its).
 */
export const REWARD_SUPPLIER_ADDRESS = localId('snapnet local reward supplier');

/** Class hashes of the emulations (local identifiers). */
export const STAKING_CLASS_HASH = localId('snapnet local staking');
export const POOL_CLASS_HASH = localId('snapnet local delegation pool');
export const REWARD_SUPPLIER_CLASS_HASH = localId(
  'snapnet local reward supplier class',
);

/** Sepolia's exit wait: 5 minutes (Mainnet waits 7 days). */
export const DEFAULT_EXIT_WAIT_WINDOW = 300;

/** The contracts' bound on the exit wait (MAX_EXIT_WAIT_WINDOW: 12 weeks). */
export const MAX_EXIT_WAIT_WINDOW = 12 * 7 * 24 * 60 * 60;

/** How long a local epoch lasts, in seconds of the chain's clock. */
export const EPOCH_DURATION = 300;

/** Blocks an epoch is said to last (`get_epoch_info`'s `length`). */
export const EPOCH_LENGTH = 30;

/** The minting curve's c (DEFAULT_C_NUM, over C_DENOM = 10,000). */
export const C_NUM = 213n;
export const C_DENOM = 10_000n;

/** The reward supplier's α: the BTC share of each epoch's rewards, in %. */
export const ALPHA = 25n;
export const ALPHA_DENOMINATOR = 100n;

/** Commissions are basis points. */
export const COMMISSION_DENOMINATOR = 10_000n;

/** SECONDS_IN_YEAR: 365 days. */
export const SECONDS_IN_YEAR = 365n * 24n * 60n * 60n;

/** A staker's minimum own stake (Sepolia's and Mainnet's `min_stake`: 20,000 STRK). */
export const MIN_STAKE = 20_000n * 10n ** 18n;

/** Entry points the emulations run, by contract. */
export const STAKING_ENTRYPOINTS = [
  'staker_info_v1',
  'get_staker_info_v1',
  'staker_pool_info',
  'contract_parameters_v1',
  'get_active_tokens',
  'get_tokens',
  'get_current_epoch',
  'get_epoch_info',
  'get_total_stake',
  'get_current_total_staking_power',
  'get_total_stake_for_token',
  'is_paused',
] as const;

export const POOL_ENTRYPOINTS = [
  'enter_delegation_pool',
  'add_to_delegation_pool',
  'exit_delegation_pool_intent',
  'exit_delegation_pool_action',
  'claim_rewards',
  'switch_delegation_pool',
  'enter_delegation_pool_from_staking_contract',
  'change_reward_address',
  'pool_member_info_v1',
  'get_pool_member_info_v1',
  'contract_parameters_v1',
] as const;

export const REWARD_SUPPLIER_ENTRYPOINTS = [
  'calculate_current_epoch_rewards',
  'contract_parameters_v1',
  'get_alpha',
] as const;

/** How a member is written: a felt of one of these types. */
export type FieldType = 'address' | 'u128' | 'u64' | 'u32' | 'u16' | 'felt';

/** An event: its name (the first key is its selector), keys, data. */
export type EventLayout = {
  name: string;
  keys: readonly (readonly [string, FieldType])[];
  data: readonly (readonly [string, FieldType])[];
};

const layout = (
  name: string,
  keys: EventLayout['keys'],
  data: EventLayout['data'],
): EventLayout => ({ name, keys, data });

/** The events the emulations emit, members in the source's order. */
export const STAKING_EVENTS = {
  NewDelegationPool: layout(
    'NewDelegationPool',
    [
      ['staker_address', 'address'],
      ['pool_contract', 'address'],
      ['token_address', 'address'],
    ],
    [['commission', 'u16']],
  ),
  NewStaker: layout(
    'NewStaker',
    [['staker_address', 'address']],
    [
      ['reward_address', 'address'],
      ['operational_address', 'address'],
      ['self_stake', 'u128'],
    ],
  ),
  CommissionInitialized: layout(
    'CommissionInitialized',
    [['staker_address', 'address']],
    [['commission', 'u16']],
  ),
  StakeDelegatedBalanceChanged: layout(
    'StakeDelegatedBalanceChanged',
    [
      ['staker_address', 'address'],
      ['token_address', 'address'],
    ],
    [
      ['old_delegated_stake', 'u128'],
      ['new_delegated_stake', 'u128'],
    ],
  ),
  RemoveFromDelegationPoolIntent: layout(
    'RemoveFromDelegationPoolIntent',
    [
      ['staker_address', 'address'],
      ['pool_contract', 'address'],
      ['token_address', 'address'],
      ['identifier', 'felt'],
    ],
    [
      ['old_intent_amount', 'u128'],
      ['new_intent_amount', 'u128'],
    ],
  ),
  RemoveFromDelegationPoolAction: layout(
    'RemoveFromDelegationPoolAction',
    [
      ['pool_contract', 'address'],
      ['token_address', 'address'],
      ['identifier', 'felt'],
    ],
    [['amount', 'u128']],
  ),
  ChangeDelegationPoolIntent: layout(
    'ChangeDelegationPoolIntent',
    [
      ['pool_contract', 'address'],
      ['token_address', 'address'],
      ['identifier', 'felt'],
    ],
    [
      ['old_intent_amount', 'u128'],
      ['new_intent_amount', 'u128'],
    ],
  ),
  NewPoolMember: layout(
    'NewPoolMember',
    [
      ['pool_member', 'address'],
      ['staker_address', 'address'],
    ],
    [
      ['reward_address', 'address'],
      ['amount', 'u128'],
    ],
  ),
  PoolMemberBalanceChanged: layout(
    'PoolMemberBalanceChanged',
    [['pool_member', 'address']],
    [
      ['old_delegated_stake', 'u128'],
      ['new_delegated_stake', 'u128'],
    ],
  ),
  PoolMemberExitIntent: layout(
    'PoolMemberExitIntent',
    [['pool_member', 'address']],
    [
      ['exit_timestamp', 'u64'],
      ['amount', 'u128'],
    ],
  ),
  PoolMemberExitAction: layout(
    'PoolMemberExitAction',
    [['pool_member', 'address']],
    [['unpool_amount', 'u128']],
  ),
  PoolMemberRewardClaimed: layout(
    'PoolMemberRewardClaimed',
    [
      ['pool_member', 'address'],
      ['reward_address', 'address'],
    ],
    [['amount', 'u128']],
  ),
  PoolMemberRewardAddressChanged: layout(
    'PoolMemberRewardAddressChanged',
    [['pool_member', 'address']],
    [
      ['new_address', 'address'],
      ['old_address', 'address'],
    ],
  ),
  SwitchDelegationPool: layout(
    'SwitchDelegationPool',
    [
      ['pool_member', 'address'],
      ['new_delegation_pool', 'address'],
    ],
    [['amount', 'u128']],
  ),
} as const;

/**
 * An event's keys and data from its members' values, in the layout's order.
 *
 * @param event - The layout.
 * @param values - Each member's value, by name.
 * @returns The keys (the name's selector first) and data.
 */
export function eventFelts(
  event: EventLayout,
  values: Record<string, bigint>,
): { keys: bigint[]; data: bigint[] } {
  const memberValue = ([name]: readonly [string, FieldType]): bigint => {
    const value = values[name];
    if (value === undefined) {
      throw new Error(`${event.name}: no value for ${name}`);
    }
    return value;
  };
  return {
    keys: [selectorOf(event.name), ...event.keys.map(memberValue)],
    data: event.data.map(memberValue),
  };
}

/** The revert texts (the Cairo source's `describe()`), by its names. */
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
  REWARD_ADDRESS_MISMATCH: 'Reward address mismatch',
  CALLER_IS_NOT_STAKING_CONTRACT: 'Caller is not staking contract',
  STAKER_NOT_EXISTS: 'Staker does not exist',
  UNSTAKE_IN_PROGRESS: 'Unstake is in progress, staker is in an exit window',
  SELF_SWITCH_NOT_ALLOWED: 'Self switch is not allowed',
  DELEGATION_POOL_MISMATCH:
    'to_pool is not the delegation pool contract for to_staker',
  TOKEN_MISMATCH: 'Token mismatch',
} as const;

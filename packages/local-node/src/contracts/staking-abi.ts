import { ADDRESS, BOOL, COMMON_TYPES, FELT, interfaceItems } from './abi';
import type { Fn } from './abi';

/**
 * The ABIs getClass answers for the staking emulations: the deployed
 * release's interfaces (the functions the local node runs, their structs
 * and enums), as vendor/contracts/starknet-staking-v3.abi.json has them.
 */

const U128 = 'core::integer::u128';
const U64 = 'core::integer::u64';
const U32 = 'core::integer::u32';
const U16 = 'core::integer::u16';
const TIMESTAMP = 'starkware_utils::time::time::Timestamp';
const TIME_DELTA = 'starkware_utils::time::time::TimeDelta';
const FELTS = 'core::array::Span::<core::felt252>';
const POOL_NS = 'staking::pool::interface::';
const STAKING_NS = 'staking::staking::interface::';
const OBJECTS_NS = 'staking::staking::objects::';

type Json = Record<string, unknown>;

const struct = (name: string, members: [string, string][]): Json => ({
  type: 'struct',
  name,
  members: members.map(([member, type]) => ({ name: member, type })),
});
const option = (type: string): Json => ({
  type: 'enum',
  name: `core::option::Option::<${type}>`,
  variants: [
    { name: 'Some', type },
    { name: 'None', type: '()' },
  ],
});
const span = (type: string): Json =>
  struct(`core::array::Span::<${type}>`, [
    ['snapshot', `@core::array::Array::<${type}>`],
  ]);

const TIME_TYPES = [
  struct(TIMESTAMP, [['seconds', U64]]),
  struct(TIME_DELTA, [['seconds', U64]]),
  option(TIMESTAMP),
];

const POOL_FNS: Fn[] = [
  [
    'enter_delegation_pool',
    [
      ['reward_address', ADDRESS],
      ['amount', U128],
    ],
    [],
    false,
  ],
  [
    'add_to_delegation_pool',
    [
      ['pool_member', ADDRESS],
      ['amount', U128],
    ],
    [U128],
    false,
  ],
  ['exit_delegation_pool_intent', [['amount', U128]], [], false],
  ['exit_delegation_pool_action', [['pool_member', ADDRESS]], [U128], false],
  ['claim_rewards', [['pool_member', ADDRESS]], [U128], false],
  [
    'switch_delegation_pool',
    [
      ['to_staker', ADDRESS],
      ['to_pool', ADDRESS],
      ['amount', U128],
    ],
    [U128],
    false,
  ],
  [
    'enter_delegation_pool_from_staking_contract',
    [
      ['amount', U128],
      ['data', FELTS],
    ],
    [],
    false,
  ],
  ['change_reward_address', [['reward_address', ADDRESS]], [], false],
  [
    'pool_member_info_v1',
    [['pool_member', ADDRESS]],
    [`${POOL_NS}PoolMemberInfoV1`],
    true,
  ],
  [
    'get_pool_member_info_v1',
    [['pool_member', ADDRESS]],
    [`core::option::Option::<${POOL_NS}PoolMemberInfoV1>`],
    true,
  ],
  ['contract_parameters_v1', [], [`${POOL_NS}PoolContractInfoV1`], true],
];

/** The delegation pool's ABI. */
export const POOL_ABI = JSON.stringify([
  ...COMMON_TYPES,
  ...TIME_TYPES,
  span(FELT),
  struct(`${POOL_NS}PoolMemberInfoV1`, [
    ['reward_address', ADDRESS],
    ['amount', U128],
    ['unclaimed_rewards', U128],
    ['commission', U16],
    ['unpool_amount', U128],
    ['unpool_time', `core::option::Option::<${TIMESTAMP}>`],
  ]),
  option(`${POOL_NS}PoolMemberInfoV1`),
  struct(`${POOL_NS}PoolContractInfoV1`, [
    ['staker_address', ADDRESS],
    ['staker_removed', BOOL],
    ['staking_contract', ADDRESS],
    ['token_address', ADDRESS],
    ['commission', U16],
  ]),
  ...interfaceItems('PoolImpl', `${POOL_NS}IPool`, POOL_FNS),
]);

const STAKER = [['staker_address', ADDRESS]] as [string, string][];

const STAKING_FNS: Fn[] = [
  ['staker_info_v1', STAKER, [`${STAKING_NS}StakerInfoV1`], true],
  [
    'get_staker_info_v1',
    STAKER,
    [`core::option::Option::<${STAKING_NS}StakerInfoV1>`],
    true,
  ],
  ['staker_pool_info', STAKER, [`${STAKING_NS}StakerPoolInfoV2`], true],
  ['contract_parameters_v1', [], [`${STAKING_NS}StakingContractInfoV1`], true],
  ['get_active_tokens', [], [`core::array::Span::<${ADDRESS}>`], true],
  ['get_tokens', [], [`core::array::Span::<(${ADDRESS}, ${BOOL})>`], true],
  ['get_current_epoch', [], [U64], true],
  ['get_epoch_info', [], [`${OBJECTS_NS}EpochInfo`], true],
  ['get_total_stake', [], [U128], true],
  [
    'get_current_total_staking_power',
    [],
    [`(${OBJECTS_NS}NormalizedAmount, ${OBJECTS_NS}NormalizedAmount)`],
    true,
  ],
  ['get_total_stake_for_token', [['token_address', ADDRESS]], [U128], true],
  ['is_paused', [], [BOOL], true],
];

/** The staking contract's ABI (`IStaking`'s views the node runs). */
export const STAKING_ABI = JSON.stringify([
  ...COMMON_TYPES,
  ...TIME_TYPES,
  option(U16),
  struct(`${STAKING_NS}StakingContractInfoV1`, [
    ['min_stake', U128],
    ['token_address', ADDRESS],
    ['attestation_contract', ADDRESS],
    ['pool_contract_class_hash', 'core::starknet::class_hash::ClassHash'],
    ['reward_supplier', ADDRESS],
    ['exit_wait_window', TIME_DELTA],
  ]),
  struct(`${STAKING_NS}StakerPoolInfoV1`, [
    ['pool_contract', ADDRESS],
    ['amount', U128],
    ['commission', U16],
  ]),
  option(`${STAKING_NS}StakerPoolInfoV1`),
  struct(`${STAKING_NS}StakerInfoV1`, [
    ['reward_address', ADDRESS],
    ['operational_address', ADDRESS],
    ['unstake_time', `core::option::Option::<${TIMESTAMP}>`],
    ['amount_own', U128],
    ['unclaimed_rewards_own', U128],
    ['pool_info', `core::option::Option::<${STAKING_NS}StakerPoolInfoV1>`],
  ]),
  option(`${STAKING_NS}StakerInfoV1`),
  struct(`${STAKING_NS}PoolInfo`, [
    ['pool_contract', ADDRESS],
    ['token_address', ADDRESS],
    ['amount', U128],
  ]),
  span(`${STAKING_NS}PoolInfo`),
  struct(`${STAKING_NS}StakerPoolInfoV2`, [
    ['commission', `core::option::Option::<${U16}>`],
    ['pools', `core::array::Span::<${STAKING_NS}PoolInfo>`],
  ]),
  struct(`${OBJECTS_NS}EpochInfo`, [
    ['epoch_duration', U32],
    ['length', U32],
    ['starting_block', U64],
    ['starting_epoch', U64],
    ['previous_length', U32],
    ['previous_epoch_duration', U32],
  ]),
  struct(`${OBJECTS_NS}NormalizedAmount`, [['amount_18_decimals', U128]]),
  span(ADDRESS),
  span(`(${ADDRESS}, ${BOOL})`),
  ...interfaceItems('StakingImpl', `${STAKING_NS}IStaking`, STAKING_FNS),
]);

/** The reward supplier's ABI. */
export const REWARD_SUPPLIER_ABI = JSON.stringify([
  struct('staking::reward_supplier::interface::RewardSupplierInfoV1', [
    ['unclaimed_rewards', U128],
    ['l1_pending_requested_amount', U128],
  ]),
  ...interfaceItems(
    'RewardSupplierImpl',
    'staking::reward_supplier::interface::IRewardSupplier',
    [
      ['calculate_current_epoch_rewards', [], [`(${U128}, ${U128})`], true],
      [
        'contract_parameters_v1',
        [],
        ['staking::reward_supplier::interface::RewardSupplierInfoV1'],
        true,
      ],
      ['get_alpha', [], [U128], true],
    ],
  ),
]);

import {
  ADDRESS,
  BOOL,
  BYTE_ARRAY,
  COMMON_TYPES,
  U256,
  constructorItem,
  functionItems,
  interfaceItems,
} from './abi';
import type { Fn } from './abi';

/** Where StarkGate's ERC-20 contract declares its events. */
const CONTRACT = 'src::strk::erc20_lockable::ERC20Lockable';

const amountIn: [string, string] = ['amount', U256];
const spenderIn: [string, string] = ['spender', ADDRESS];

/** The functions of StarkGate's `IERC20` the emulation runs. */
const erc20Fns: Fn[] = [
  ['name', [], [BYTE_ARRAY], true],
  ['symbol', [], [BYTE_ARRAY], true],
  ['decimals', [], ['core::integer::u8'], true],
  ['total_supply', [], [U256], true],
  ['balance_of', [['account', ADDRESS]], [U256], true],
  [
    'allowance',
    [
      ['owner', ADDRESS],
      ['spender', ADDRESS],
    ],
    [U256],
    true,
  ],
  ['transfer', [['recipient', ADDRESS], amountIn], [BOOL], false],
  [
    'transfer_from',
    [['sender', ADDRESS], ['recipient', ADDRESS], amountIn],
    [BOOL],
    false,
  ],
  ['approve', [spenderIn, amountIn], [BOOL], false],
];

const camelFns: Fn[] = [
  ['totalSupply', [], [U256], true],
  ['balanceOf', [['account', ADDRESS]], [U256], true],
  [
    'transferFrom',
    [['sender', ADDRESS], ['recipient', ADDRESS], amountIn],
    [BOOL],
    false,
  ],
];

/** StarkGate's allowance helpers, outside any interface. */
const allowanceFns: Fn[] = [
  ['increase_allowance', [spenderIn, ['added_value', U256]], [BOOL], false],
  ['increaseAllowance', [spenderIn, ['addedValue', U256]], [BOOL], false],
  [
    'decrease_allowance',
    [spenderIn, ['subtracted_value', U256]],
    [BOOL],
    false,
  ],
  ['decreaseAllowance', [spenderIn, ['subtractedValue', U256]], [BOOL], false],
];

/**
 * An ERC-20 event: both parties indexed (keys), the amount as data.
 *
 * @param name - The event's name.
 * @param parties - The names of the two parties.
 * @returns The event's ABI entry.
 */
function tokenEvent(
  name: string,
  parties: [string, string],
): Record<string, unknown> {
  return {
    type: 'event',
    name: `${CONTRACT}::${name}`,
    kind: 'struct',
    members: [
      ...parties.map((party) => ({ name: party, type: ADDRESS, kind: 'key' })),
      { name: 'value', type: U256, kind: 'data' },
    ],
  };
}

/**
 * The ABI of the fee tokens' class (STRK and ETH), as StarkGate's ERC-20
 * declares the part the emulation runs: `name`/`symbol` as `ByteArray`, the
 * snake and camel ERC-20 functions, the allowance helpers, the constructor
 * and the `Transfer`/`Approval` events (keys `[selector, from, to]`, data
 * `[low, high]`, as the tokens emit them). The governance, upgrade, locking
 * and minting entry points of the real class are not emulated, so not listed.
 */
export const ERC20_ABI = JSON.stringify([
  ...COMMON_TYPES,
  ...interfaceItems(
    'ERC20Impl',
    'openzeppelin::token::erc20::interface::IERC20',
    erc20Fns,
  ),
  ...interfaceItems(
    'ERC20CamelOnlyImpl',
    'openzeppelin::token::erc20::interface::IERC20CamelOnly',
    camelFns,
  ),
  ...functionItems(allowanceFns),
  constructorItem([
    ['name', BYTE_ARRAY],
    ['symbol', BYTE_ARRAY],
    ['decimals', 'core::integer::u8'],
    ['initial_supply', U256],
    ['recipient', ADDRESS],
    ['permitted_minter', ADDRESS],
    ['provisional_governance_admin', ADDRESS],
    ['upgrade_delay', 'core::integer::u64'],
  ]),
  tokenEvent('Transfer', ['from', 'to']),
  tokenEvent('Approval', ['owner', 'spender']),
  {
    type: 'event',
    name: `${CONTRACT}::Event`,
    kind: 'enum',
    variants: ['Transfer', 'Approval'].map((name) => ({
      name,
      type: `${CONTRACT}::${name}`,
      kind: 'nested',
    })),
  },
]);

/**
 * Compact ABI descriptions of the natively emulated classes, expanded into
 * Cairo 2 style ABI JSON (an interface with functions) for getClass answers.
 */

const FELT = 'core::felt252';
const U256 = 'core::integer::u256';
const BYTE_ARRAY = 'core::byte_array::ByteArray';
const ADDRESS = 'core::starknet::contract_address::ContractAddress';
const BOOL = 'core::bool';
const FELT_ARRAY = 'core::array::Array::<core::felt252>';
const CALLS = 'core::array::Array::<core::starknet::account::Call>';
const SPANS = 'core::array::Array::<core::array::Span::<core::felt252>>';

type Fn = [
  name: string,
  inputs: [string, string][],
  outputs: string[],
  view: boolean,
];

const u256Struct = {
  type: 'struct',
  name: U256,
  members: [
    { name: 'low', type: 'core::integer::u128' },
    { name: 'high', type: 'core::integer::u128' },
  ],
};

const callStruct = {
  type: 'struct',
  name: 'core::starknet::account::Call',
  members: [
    { name: 'to', type: ADDRESS },
    { name: 'selector', type: FELT },
    { name: 'calldata', type: 'core::array::Span::<core::felt252>' },
  ],
};

const boolEnum = {
  type: 'enum',
  name: BOOL,
  variants: [
    { name: 'False', type: '()' },
    { name: 'True', type: '()' },
  ],
};

/**
 * Builds an ABI JSON string.
 *
 * @param name - Interface name.
 * @param fns - Function descriptions.
 * @param constructorInputs - Constructor inputs.
 * @returns The ABI as a JSON string.
 */
function buildAbi(
  name: string,
  fns: Fn[],
  constructorInputs: [string, string][],
): string {
  const items = fns.map(([fnName, inputs, outputs, view]) => ({
    type: 'function',
    name: fnName,
    inputs: inputs.map(([inputName, type]) => ({ name: inputName, type })),
    outputs: outputs.map((type) => ({ type })),
    state_mutability: view ? 'view' : 'external',
  }));
  return JSON.stringify([
    { type: 'impl', name: `${name}Impl`, interface_name: name },
    u256Struct,
    callStruct,
    boolEnum,
    { type: 'interface', name, items },
    {
      type: 'constructor',
      name: 'constructor',
      inputs: constructorInputs.map(([inputName, type]) => ({
        name: inputName,
        type,
      })),
    },
  ]);
}

const accountFns: Fn[] = [
  ['__validate__', [['calls', CALLS]], [FELT], false],
  ['__execute__', [['calls', CALLS]], [SPANS], false],
  ['__validate_declare__', [['class_hash', FELT]], [FELT], false],
  [
    'is_valid_signature',
    [
      ['hash', FELT],
      ['signature', FELT_ARRAY],
    ],
    [FELT],
    true,
  ],
  ['supports_interface', [['interface_id', FELT]], [BOOL], true],
];

export const OZ_ABI = buildAbi(
  'openzeppelin::account::interface::AccountABI',
  [...accountFns, ['get_public_key', [], [FELT], true]],
  [['public_key', FELT]],
);

export const ERC20_ABI = buildAbi(
  'openzeppelin::token::erc20::interface::IERC20',
  [
    ['name', [], [BYTE_ARRAY], true],
    ['symbol', [], [BYTE_ARRAY], true],
    ['decimals', [], ['core::integer::u8'], true],
    ['total_supply', [], [U256], true],
    ['balance_of', [['account', ADDRESS]], [U256], true],
    ['balanceOf', [['account', ADDRESS]], [U256], true],
    [
      'allowance',
      [
        ['owner', ADDRESS],
        ['spender', ADDRESS],
      ],
      [U256],
      true,
    ],
    [
      'transfer',
      [
        ['recipient', ADDRESS],
        ['amount', U256],
      ],
      [BOOL],
      false,
    ],
    [
      'transfer_from',
      [
        ['sender', ADDRESS],
        ['recipient', ADDRESS],
        ['amount', U256],
      ],
      [BOOL],
      false,
    ],
    [
      'approve',
      [
        ['spender', ADDRESS],
        ['amount', U256],
      ],
      [BOOL],
      false,
    ],
  ],
  [
    ['name', BYTE_ARRAY],
    ['symbol', BYTE_ARRAY],
    ['decimals', 'core::integer::u8'],
    ['initial_supply', U256],
    ['recipient', ADDRESS],
  ],
);

export const UDC_ABI = buildAbi(
  'openzeppelin::utils::deployments::interface::IUniversalDeployer',
  [
    [
      'deploy_contract',
      [
        ['class_hash', 'core::starknet::class_hash::ClassHash'],
        ['salt', FELT],
        ['not_from_zero', BOOL],
        ['calldata', 'core::array::Span::<core::felt252>'],
      ],
      [ADDRESS],
      false,
    ],
  ],
  [],
);

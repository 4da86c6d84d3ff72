/**
 * Compact ABI descriptions of the natively emulated classes, expanded into
 * Cairo 2 style ABI JSON (an interface with functions) for getClass answers.
 */

export const FELT = 'core::felt252';
export const U256 = 'core::integer::u256';
export const BYTE_ARRAY = 'core::byte_array::ByteArray';
export const ADDRESS = 'core::starknet::contract_address::ContractAddress';
export const BOOL = 'core::bool';
const FELT_ARRAY = 'core::array::Array::<core::felt252>';
const CALLS = 'core::array::Array::<core::starknet::account::Call>';
const SPANS = 'core::array::Array::<core::array::Span::<core::felt252>>';

export type Fn = [
  name: string,
  inputs: [string, string][],
  outputs: string[],
  view: boolean,
];

type Json = Record<string, unknown>;

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

/** Cairo's ByteArray: full 31-byte words, then the pending word and its length. */
export const byteArrayStruct = {
  type: 'struct',
  name: BYTE_ARRAY,
  members: [
    { name: 'data', type: 'core::array::Array::<core::bytes_31::bytes31>' },
    { name: 'pending_word', type: FELT },
    { name: 'pending_word_len', type: 'core::integer::u32' },
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
 * ABI entries of functions.
 *
 * @param fns - Function descriptions.
 * @returns The entries.
 */
export function functionItems(fns: Fn[]): Json[] {
  return fns.map(([fnName, inputs, outputs, view]) => ({
    type: 'function',
    name: fnName,
    inputs: inputs.map(([inputName, type]) => ({ name: inputName, type })),
    outputs: outputs.map((type) => ({ type })),
    state_mutability: view ? 'view' : 'external',
  }));
}

/**
 * An embedded impl and its interface.
 *
 * @param impl - The impl's name.
 * @param name - The interface's path.
 * @param fns - Its functions.
 * @returns The two entries.
 */
export function interfaceItems(impl: string, name: string, fns: Fn[]): Json[] {
  return [
    { type: 'impl', name: impl, interface_name: name },
    { type: 'interface', name, items: functionItems(fns) },
  ];
}

/**
 * The constructor entry.
 *
 * @param inputs - Its inputs.
 * @returns The entry.
 */
export function constructorItem(inputs: [string, string][]): Json {
  return {
    type: 'constructor',
    name: 'constructor',
    inputs: inputs.map(([inputName, type]) => ({ name: inputName, type })),
  };
}

/** The structs and enums the emulated classes' functions use. */
export const COMMON_TYPES: Json[] = [
  u256Struct,
  callStruct,
  byteArrayStruct,
  boolEnum,
];

/**
 * Builds an ABI JSON string with one interface.
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
  const impl = `${name.split('::').pop() ?? name}Impl`;
  return JSON.stringify([
    ...COMMON_TYPES,
    ...interfaceItems(impl, name, fns),
    constructorItem(constructorInputs),
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

const SPAN = 'core::array::Span::<core::felt252>';

/** Starknet ID's naming contract: the two lookups a wallet reads. */
export const NAMING_ABI = buildAbi(
  'naming::interface::naming::INaming',
  [
    [
      'domain_to_address',
      [
        ['domain', SPAN],
        ['hint', SPAN],
      ],
      [ADDRESS],
      true,
    ],
    [
      'address_to_domain',
      [
        ['address', ADDRESS],
        ['hint', SPAN],
      ],
      [SPAN],
      true,
    ],
  ],
  [],
);

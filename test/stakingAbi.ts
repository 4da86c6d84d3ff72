import { readContract } from './vendored';

/**
 * The vendored ABI of Starknet's staking contracts (the deployed
 * BTC-enabled release, vendor/contracts/starknet-staking-v3.abi.json), read
 * the way a Starknet ABI is read: functions inside interfaces, structs by
 * members, enums by variants, events by members of kind key or data. The
 * snap's and the local node's staking files are held to it by their tests.
 */

type Param = { name: string; type: string };
type EventMember = Param & { kind: 'key' | 'data' };
type Entry = {
  type: string;
  name: string;
  inputs?: Param[];
  outputs?: { type: string }[];
  members?: (Param | EventMember)[];
  variants?: Param[];
  items?: Entry[];
  kind?: string;
};

/** The contracts of the vendored file. */
export type StakingContractName =
  | 'pool'
  | 'staking'
  | 'reward_supplier'
  | 'minting_curve';

type VendoredFile = Record<StakingContractName, Entry[]> & {
  legacy_events: { events: Entry[] };
};

const FILE = readContract<VendoredFile>('starknet-staking-v3.abi.json');

/** A function of a contract's ABI. */
export type AbiFunction = {
  name: string;
  inputs: Param[];
  outputs: string[];
  mutability: string;
};

/**
 * Every entry of a contract's ABI, interfaces flattened.
 *
 * @param contract - The contract.
 * @returns Its entries.
 */
function entriesOf(contract: StakingContractName): Entry[] {
  return FILE[contract].flatMap((entry) =>
    entry.type === 'interface' ? (entry.items ?? []) : [entry],
  );
}

/**
 * A function of a contract, by name.
 *
 * @param contract - The contract.
 * @param name - The function's name.
 * @returns The function, or undefined when the ABI has none of that name.
 */
export function abiFunction(
  contract: StakingContractName,
  name: string,
): AbiFunction | undefined {
  const entry = entriesOf(contract).find(
    (candidate) => candidate.type === 'function' && candidate.name === name,
  );
  return entry
    ? {
        name,
        inputs: entry.inputs ?? [],
        outputs: (entry.outputs ?? []).map((output) => output.type),
        mutability: String(
          (entry as { state_mutability?: string }).state_mutability,
        ),
      }
    : undefined;
}

/**
 * An event's members, by the event's short name (`NewPoolMember`), in the
 * pool's or the staking contract's ABI, or the pre-BTC layout.
 *
 * @param name - The short name.
 * @param legacy - Whether to read the pre-BTC (V1) layout.
 * @returns Its keys and data, in order, or undefined.
 */
export function abiEvent(
  name: string,
  legacy = false,
): { keys: Param[]; data: Param[] } | undefined {
  const entries = legacy
    ? FILE.legacy_events.events
    : [...entriesOf('pool'), ...entriesOf('staking')];
  const entry = entries.find(
    (candidate) =>
      candidate.type === 'event' &&
      candidate.kind === 'struct' &&
      candidate.name.endsWith(`::${name}`),
  );
  if (!entry) {
    return undefined;
  }
  const members = (entry.members ?? []) as EventMember[];
  const pick = (kind: 'key' | 'data'): Param[] =>
    members
      .filter((member) => member.kind === kind)
      .map(({ name: member, type }) => ({ name: member, type }));
  return { keys: pick('key'), data: pick('data') };
}

const SCALARS: Record<string, string> = {
  'core::starknet::contract_address::ContractAddress': 'address',
  'core::starknet::class_hash::ClassHash': 'felt',
  'core::felt252': 'felt',
  'core::integer::u128': 'u128',
  'core::integer::u64': 'u64',
  'core::integer::u32': 'u32',
  'core::integer::u16': 'u16',
  'core::integer::u8': 'u8',
};

/**
 * The field type a scalar Cairo type is checked as (`address`, `u128`, …);
 * a Timestamp or TimeDelta (a struct of one u64) reads as `u64`.
 *
 * @param type - The Cairo type.
 * @returns The field type, or undefined for a compound type.
 */
export function fieldTypeOf(type: string): string | undefined {
  if (
    type === 'starkware_utils::time::time::Timestamp' ||
    type === 'starkware_utils::time::time::TimeDelta'
  ) {
    return 'u64';
  }
  return SCALARS[type];
}

/**
 * A dotted path one step deeper.
 *
 * @param path - The path so far ('' at the top).
 * @param step - The member's name or index.
 * @returns The path.
 */
function joined(path: string, step: string): string {
  return path === '' ? step : `${path}.${step}`;
}

/**
 * A sample value of a type as felts, in the order Cairo Serde writes it:
 * every leaf a distinct small number (recorded with its dotted path), every
 * Option Some, every Span of one item, every bool true.
 *
 * @param contract - The contract whose ABI defines the type.
 * @param type - The Cairo type.
 * @param path - The leaf path so far.
 * @param leaves - Where each leaf's path and value are recorded.
 * @returns The felts.
 */
export function sampleFelts(
  contract: StakingContractName,
  type: string,
  path: string,
  leaves: Map<string, bigint>,
): bigint[] {
  const scalar = SCALARS[type];
  if (scalar) {
    const value = BigInt(leaves.size + 2);
    leaves.set(path, value);
    return [value];
  }
  if (type === 'core::bool') {
    leaves.set(path, 1n);
    return [1n];
  }
  const tuple = /^\((.*)\)$/u.exec(type);
  if (tuple?.[1]) {
    return tuple[1]
      .split(', ')
      .flatMap((member, index) =>
        sampleFelts(contract, member, joined(path, String(index)), leaves),
      );
  }
  const spanned = /^core::array::Span::<(.*)>$/u.exec(type);
  if (spanned?.[1]) {
    return [
      1n,
      ...sampleFelts(contract, spanned[1], joined(path, '0'), leaves),
    ];
  }
  const entries = entriesOf(contract);
  const struct = entries.find(
    (entry) => entry.type === 'struct' && entry.name === type,
  );
  if (struct) {
    return (struct.members ?? []).flatMap((member) =>
      sampleFelts(contract, member.type, joined(path, member.name), leaves),
    );
  }
  const enumeration = entries.find(
    (entry) => entry.type === 'enum' && entry.name === type,
  );
  const some = enumeration?.variants?.[0];
  if (some && type.startsWith('core::option::Option::<')) {
    return [0n, ...sampleFelts(contract, some.type, path, leaves)];
  }
  throw new Error(`The vendored ABI does not define ${type}`);
}

/** A value decoded by the ABI: a felt, or members / items / a variant. */
export type Decoded =
  | bigint
  | boolean
  | null
  | Decoded[]
  | { [member: string]: Decoded };

/**
 * Decodes felts as Cairo Serde writes a type of the ABI, all of them: a
 * missing felt, a trailing one, a bad tag or a value outside its type
 * throws.
 *
 * @param contract - The contract whose ABI defines the type.
 * @param type - The Cairo type.
 * @param felts - The felts.
 * @returns The value.
 */
export function decodeFelts(
  contract: StakingContractName,
  type: string,
  felts: readonly (string | bigint)[],
): Decoded {
  let index = 0;
  const take = (): bigint => {
    const felt = felts[index];
    if (felt === undefined) {
      throw new Error(`${type}: ends early`);
    }
    index += 1;
    return BigInt(felt);
  };
  const bounds: Record<string, bigint> = {
    u128: 2n ** 128n,
    u64: 2n ** 64n,
    u32: 2n ** 32n,
    u16: 2n ** 16n,
    u8: 2n ** 8n,
    address: 2n ** 251n,
    felt: 2n ** 252n,
  };
  const entries = entriesOf(contract);
  const read = (cairoType: string): Decoded => {
    const scalar = SCALARS[cairoType];
    if (scalar) {
      const value = take();
      if (value < 0n || value >= (bounds[scalar] ?? 0n)) {
        throw new Error(`${cairoType}: out of range`);
      }
      return value;
    }
    if (cairoType === 'core::bool') {
      const value = take();
      if (value > 1n) {
        throw new Error('bool: neither 0 nor 1');
      }
      return value === 1n;
    }
    const tuple = /^\((.*)\)$/u.exec(cairoType);
    if (tuple?.[1]) {
      return tuple[1].split(', ').map(read);
    }
    const spanned = /^core::array::Span::<(.*)>$/u.exec(cairoType);
    if (spanned?.[1]) {
      const item = spanned[1];
      return Array.from({ length: Number(take()) }, () => read(item));
    }
    const struct = entries.find(
      (entry) => entry.type === 'struct' && entry.name === cairoType,
    );
    if (struct) {
      return Object.fromEntries(
        (struct.members ?? []).map((member) => [
          member.name,
          read(member.type),
        ]),
      );
    }
    const enumeration = entries.find(
      (entry) => entry.type === 'enum' && entry.name === cairoType,
    );
    if (enumeration?.variants) {
      const variant = enumeration.variants[Number(take())];
      if (!variant) {
        throw new Error(`${cairoType}: no such variant`);
      }
      return variant.type === '()' ? null : read(variant.type);
    }
    throw new Error(`The vendored ABI does not define ${cairoType}`);
  };
  const value = read(type);
  if (index !== felts.length) {
    throw new Error(`${type}: ${felts.length - index} felts follow it`);
  }
  return value;
}

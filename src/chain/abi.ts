import { hash } from 'starknet';

export type AbiParam = { name: string; type: string };

/** The parts of a contract ABI the dialogs use to label calldata. */
export type ContractAbi = {
  /** Functions by selector (hex, canonical). */
  functions: Map<string, { name: string; inputs: AbiParam[] }>;
  structs: Map<string, AbiParam[]>;
  enums: Map<string, AbiParam[]>;
};

/** ABIs larger than this many entries are not read (a hostile site's). */
const MAX_ENTRIES = 2000;

/**
 * Reads `{name, type}` pairs.
 *
 * @param value - An ABI `inputs`, `members` or `variants` list.
 * @returns The pairs, or undefined when malformed.
 */
function params(value: unknown): AbiParam[] | undefined {
  if (!Array.isArray(value)) {
    return undefined;
  }
  const list = value.flatMap((item: unknown): AbiParam[] => {
    if (typeof item !== 'object' || item === null) {
      return [];
    }
    const entry = new Map(Object.entries(item));
    const name = entry.get('name');
    const type = entry.get('type');
    return typeof name === 'string' && typeof type === 'string'
      ? [{ name, type }]
      : [];
  });
  return list.length === value.length ? list : undefined;
}

/**
 * Every entry of an ABI as a map of its own fields, interfaces flattened.
 *
 * @param abi - The ABI (an array of entries).
 * @param depth - Interface nesting.
 * @returns Its entries.
 */
function entries(abi: unknown, depth = 0): Map<string, unknown>[] {
  if (!Array.isArray(abi) || abi.length > MAX_ENTRIES || depth > 2) {
    return [];
  }
  return abi.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) {
      return [];
    }
    const fields = new Map(Object.entries(entry));
    return fields.get('type') === 'interface'
      ? entries(fields.get('items'), depth + 1)
      : [fields];
  });
}

/**
 * The selector of an entrypoint name, canonical hex.
 *
 * @param name - The entrypoint name.
 * @returns `sn_keccak(name)` as hex.
 */
export function selectorOf(name: string): string {
  return `0x${BigInt(hash.getSelectorFromName(name)).toString(16)}`;
}

/**
 * Reads an ABI (Cairo 1 Sierra or Cairo 0), given as an array or as the
 * JSON text a Sierra class carries.
 *
 * @param raw - The ABI.
 * @returns Its functions, structs and enums (empty when unreadable).
 */
export function parseAbi(raw: unknown): ContractAbi {
  let abi = raw;
  if (typeof raw === 'string') {
    try {
      abi = JSON.parse(raw);
    } catch {
      abi = [];
    }
  }
  const parsed: ContractAbi = {
    functions: new Map(),
    structs: new Map(),
    enums: new Map(),
  };
  for (const entry of entries(abi)) {
    const kind = entry.get('type');
    const name = entry.get('name');
    if (typeof name !== 'string') {
      continue;
    }
    if (kind === 'function' || kind === 'l1_handler') {
      const inputs = params(entry.get('inputs'));
      if (inputs) {
        parsed.functions.set(selectorOf(name), { name, inputs });
      }
    } else if (kind === 'struct') {
      const members = params(entry.get('members'));
      if (members) {
        parsed.structs.set(name, members);
      }
    } else if (kind === 'enum') {
      const variants = params(entry.get('variants'));
      if (variants) {
        parsed.enums.set(name, variants);
      }
    }
  }
  return parsed;
}

/**
 * The ABI a dapp gave for a contract: `abis` may be one ABI (an array of
 * entries) or a map from contract address to ABI.
 *
 * @param abis - What the dapp passed.
 * @param contractAddress - The called contract (canonical).
 * @returns The ABI, or undefined when none applies.
 */
export function siteAbiFor(
  abis: unknown,
  contractAddress: string,
): ContractAbi | undefined {
  if (Array.isArray(abis)) {
    return parseAbi(abis);
  }
  if (typeof abis !== 'object' || abis === null) {
    return undefined;
  }
  const match = Object.entries(abis).find(
    ([key]) =>
      /^0x[0-9a-f]{1,64}$/iu.test(key) &&
      BigInt(key) === BigInt(contractAddress),
  );
  return match ? parseAbi(match[1]) : undefined;
}

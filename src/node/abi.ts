import { selectorOf } from '../protocol/selectors';

export type AbiParam = { name: string; type: string };

/** The parts of a contract ABI the dialogs use to label calldata. */
export type ContractAbi = {
  /** Functions by selector (hex, canonical). */
  functions: Map<string, { name: string; inputs: AbiParam[] }>;
  structs: Map<string, AbiParam[]>;
  enums: Map<string, AbiParam[]>;
};

/**
 * What reading an ABI gave: one to label calls with; none at all (a class
 * may carry no ABI: only then may a site describe its calls); or one that
 * cannot be read (malformed, past a bound below, or not fetched), which
 * nothing replaces.
 */
export type AbiReading =
  | { kind: 'found'; abi: ContractAbi }
  | { kind: 'none' }
  | { kind: 'unreadable'; reason: string };

/**
 * Bounds on reading an ABI (a chain's class or a site's `abis` is anyone's
 * text), so that reading one is linear in its size and small: entries
 * counted across interfaces, params (inputs, members, variants) per entry
 * and in all, and the length of every name and type. Real Cairo contracts
 * stay far below each (a large one has a few hundred entries, structs of
 * tens of members, names of tens of characters). An ABI past a bound is
 * unreadable as a whole: dropping the part past it could make a struct's
 * name read as a felt and mislabel calldata.
 */
export const ABI_BOUNDS = {
  entries: 2000,
  paramsPerEntry: 256,
  params: 20_000,
  textLength: 1024,
  interfaceDepth: 2,
};

/** Thrown while reading an ABI that cannot be read; says why. */
class UnreadableAbi extends Error {}

/** Counts what one reading has used, against ABI_BOUNDS. */
type Tally = { entries: number; params: number };

/**
 * A text of an ABI (a name or a type), bounded.
 *
 * @param value - The value.
 * @returns The text, or undefined when it is not text.
 */
function boundedText(value: unknown): string | undefined {
  if (typeof value !== 'string') {
    return undefined;
  }
  if (value.length > ABI_BOUNDS.textLength) {
    throw new UnreadableAbi(
      `a name or type longer than ${ABI_BOUNDS.textLength} characters`,
    );
  }
  return value;
}

/**
 * Reads `{name, type}` pairs.
 *
 * @param value - An ABI `inputs`, `members` or `variants` list.
 * @param tally - What the reading has used so far (updated).
 * @returns The pairs, or undefined when malformed.
 */
function params(value: unknown, tally: Tally): AbiParam[] | undefined {
  if (!Array.isArray(value)) {
    return undefined;
  }
  tally.params += value.length;
  if (value.length > ABI_BOUNDS.paramsPerEntry) {
    throw new UnreadableAbi(
      `an entry with more than ${ABI_BOUNDS.paramsPerEntry} inputs, members or variants`,
    );
  }
  if (tally.params > ABI_BOUNDS.params) {
    throw new UnreadableAbi(
      `more than ${ABI_BOUNDS.params} inputs, members and variants in all`,
    );
  }
  const list = value.flatMap((item: unknown): AbiParam[] => {
    if (typeof item !== 'object' || item === null) {
      return [];
    }
    const entry = new Map(Object.entries(item));
    const name = boundedText(entry.get('name'));
    const type = boundedText(entry.get('type'));
    return name !== undefined && type !== undefined ? [{ name, type }] : [];
  });
  return list.length === value.length ? list : undefined;
}

/**
 * Every entry of an ABI as a map of its own fields, interfaces flattened.
 *
 * @param abi - The ABI (an array of entries).
 * @param tally - What the reading has used so far (updated).
 * @param depth - Interface nesting.
 * @returns Its entries.
 */
function entries(
  abi: unknown,
  tally: Tally,
  depth = 0,
): Map<string, unknown>[] {
  if (!Array.isArray(abi) || depth > ABI_BOUNDS.interfaceDepth) {
    return [];
  }
  tally.entries += abi.length;
  if (tally.entries > ABI_BOUNDS.entries) {
    throw new UnreadableAbi(`more than ${ABI_BOUNDS.entries} entries`);
  }
  return abi.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) {
      return [];
    }
    const fields = new Map(Object.entries(entry));
    return fields.get('type') === 'interface'
      ? entries(fields.get('items'), tally, depth + 1)
      : [fields];
  });
}

/**
 * The entries of an ABI given as an array or as the JSON text a Sierra
 * class carries; undefined when there are none (absent, empty text, `[]`).
 *
 * @param raw - The ABI.
 * @returns Its entries, or undefined.
 */
function abiEntries(raw: unknown): unknown[] | undefined {
  let abi = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') {
      return undefined;
    }
    try {
      abi = JSON.parse(raw);
    } catch {
      throw new UnreadableAbi('its text is not JSON');
    }
  }
  if (abi === undefined || abi === null) {
    return undefined;
  }
  if (!Array.isArray(abi)) {
    throw new UnreadableAbi('it is not a list of entries');
  }
  return abi.length === 0 ? undefined : abi;
}

/**
 * Reads an ABI's entries into functions, structs and enums, within the
 * bounds.
 *
 * @param abi - The entries.
 * @returns The ABI.
 */
function readEntries(abi: unknown[]): ContractAbi {
  const parsed: ContractAbi = {
    functions: new Map(),
    structs: new Map(),
    enums: new Map(),
  };
  const tally: Tally = { entries: 0, params: 0 };
  for (const entry of entries(abi, tally)) {
    const kind = entry.get('type');
    const name = boundedText(entry.get('name'));
    if (name === undefined) {
      continue;
    }
    if (kind === 'function' || kind === 'l1_handler') {
      const inputs = params(entry.get('inputs'), tally);
      if (inputs) {
        parsed.functions.set(selectorOf(name), { name, inputs });
      }
    } else if (kind === 'struct') {
      const members = params(entry.get('members'), tally);
      if (members) {
        parsed.structs.set(name, members);
      }
    } else if (kind === 'enum') {
      const variants = params(entry.get('variants'), tally);
      if (variants) {
        parsed.enums.set(name, variants);
      }
    }
  }
  return parsed;
}

/**
 * Reads an ABI (Cairo 1 Sierra or Cairo 0), given as an array or as the
 * JSON text a Sierra class carries, within ABI_BOUNDS.
 *
 * @param raw - The ABI.
 * @returns Its functions, structs and enums; or that there is none; or why
 * it cannot be read.
 */
export function parseAbi(raw: unknown): AbiReading {
  try {
    const abi = abiEntries(raw);
    return abi === undefined
      ? { kind: 'none' }
      : { kind: 'found', abi: readEntries(abi) };
  } catch (error) {
    if (error instanceof UnreadableAbi) {
      return { kind: 'unreadable', reason: error.message };
    }
    throw error;
  }
}

/**
 * The ABI a dapp gave for a contract: `abis` may be one ABI (an array of
 * entries) or a map from contract address to ABI. Only an ABI that reads
 * is returned.
 *
 * @param abis - What the dapp passed.
 * @param contractAddress - The called contract (canonical).
 * @returns The ABI, or undefined when none applies or it cannot be read.
 */
export function siteAbiFor(
  abis: unknown,
  contractAddress: string,
): ContractAbi | undefined {
  let raw: unknown;
  if (Array.isArray(abis)) {
    raw = abis;
  } else if (typeof abis === 'object' && abis !== null) {
    raw = Object.entries(abis).find(
      ([key]) =>
        /^0x[0-9a-f]{1,64}$/iu.test(key) &&
        BigInt(key) === BigInt(contractAddress),
    )?.[1];
  }
  const reading = raw === undefined ? undefined : parseAbi(raw);
  return reading?.kind === 'found' ? reading.abi : undefined;
}

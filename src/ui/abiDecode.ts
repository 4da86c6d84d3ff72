import type { DecodedCallView } from './views';

type AbiParam = { name: string; type: string };
type AbiEntry = {
  type?: unknown;
  name?: unknown;
  inputs?: unknown;
  items?: unknown;
  members?: unknown;
};

const U256 = new Set(['core::integer::u256', 'Uint256']);
const ARRAY = /^core::array::(?:Array|Span)::<(.+)>$/u;

/**
 * Reads `{name, type}` pairs.
 *
 * @param value - An ABI `inputs` or `members` list.
 * @returns The pairs, or undefined when malformed.
 */
function params(value: unknown): AbiParam[] | undefined {
  if (!Array.isArray(value)) {
    return undefined;
  }
  const list = value.filter(
    (item): item is AbiParam =>
      typeof item === 'object' &&
      item !== null &&
      typeof item.name === 'string' &&
      typeof item.type === 'string',
  );
  return list.length === value.length ? list : undefined;
}

/**
 * Every entry of an ABI, interfaces flattened.
 *
 * @param abi - The ABI.
 * @returns Its entries.
 */
function entries(abi: unknown): AbiEntry[] {
  if (!Array.isArray(abi)) {
    return [];
  }
  return abi.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) {
      return [];
    }
    const typed: AbiEntry = entry;
    return typed.type === 'interface' ? entries(typed.items) : [typed];
  });
}

/**
 * The ABI for a contract: `abis` may be one ABI (an array of entries) or a
 * map from contract address to ABI.
 *
 * @param abis - What the dapp passed.
 * @param contractAddress - The called contract (canonical).
 * @returns The ABI's entries.
 */
function abiFor(abis: unknown, contractAddress: string): AbiEntry[] {
  if (Array.isArray(abis)) {
    return entries(abis);
  }
  if (typeof abis !== 'object' || abis === null) {
    return [];
  }
  const match = Object.entries(abis).find(
    ([key]) =>
      /^0x[0-9a-f]+$/iu.test(key) && BigInt(key) === BigInt(contractAddress),
  );
  return match ? entries(match[1]) : [];
}

/**
 * Reads one value of an ABI type off the calldata.
 *
 * @param type - The ABI type.
 * @param calldata - Remaining calldata (consumed).
 * @param structs - Struct definitions of the ABI.
 * @param depth - Nesting depth.
 * @returns Readable text.
 */
function readValue(
  type: string,
  calldata: string[],
  structs: Map<string, AbiParam[]>,
  depth: number,
): string {
  if (depth > 4) {
    throw new Error('too deep');
  }
  const take = (): string => {
    const value = calldata.shift();
    if (value === undefined) {
      throw new Error('calldata too short');
    }
    return value;
  };
  if (U256.has(type)) {
    const low = BigInt(take());
    return (low + BigInt(take()) * 2n ** 128n).toString();
  }
  const element = ARRAY.exec(type)?.[1];
  if (element !== undefined) {
    const length = Number(BigInt(take()));
    if (length > calldata.length) {
      throw new Error('array longer than calldata');
    }
    const items = Array.from({ length }, () =>
      readValue(element, calldata, structs, depth + 1),
    );
    return `[${items.join(', ')}]`;
  }
  if (type === 'core::bool') {
    return BigInt(take()) === 0n ? 'false' : 'true';
  }
  const members = structs.get(type);
  if (members) {
    return `{ ${members
      .map(
        (member) =>
          `${member.name}: ${readValue(member.type, calldata, structs, depth + 1)}`,
      )
      .join(', ')} }`;
  }
  return take();
}

/**
 * Labels a call's calldata with the names of its ABI function's inputs.
 *
 * @param call - The call.
 * @param call.contractAddress - The called contract.
 * @param call.entrypoint - The entrypoint.
 * @param call.calldata - The calldata.
 * @param abis - The ABIs the dapp passed.
 * @returns The decoded call, or undefined when the ABI does not fit.
 */
export function decodeWithAbi(
  call: { contractAddress: string; entrypoint: string; calldata: string[] },
  abis: unknown,
): DecodedCallView | undefined {
  const abi = abiFor(abis, call.contractAddress);
  const structs = new Map<string, AbiParam[]>();
  for (const entry of abi) {
    const members = params(entry.members);
    if (entry.type === 'struct' && typeof entry.name === 'string' && members) {
      structs.set(entry.name, members);
    }
  }
  const fn = abi.find(
    (entry) => entry.type === 'function' && entry.name === call.entrypoint,
  );
  const inputs = params(fn?.inputs);
  if (!inputs) {
    return undefined;
  }
  try {
    const remaining = [...call.calldata];
    const fields = inputs.map((input) => ({
      label: input.name,
      value: readValue(input.type, remaining, structs, 0),
    }));
    if (remaining.length > 0) {
      return undefined;
    }
    return {
      summary: `${call.entrypoint}(${inputs.map(({ name }) => name).join(', ')})`,
      fields,
    };
  } catch {
    return undefined;
  }
}

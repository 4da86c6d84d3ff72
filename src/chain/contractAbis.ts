import { optional, type, union, string, array, unknown } from 'superstruct';

import { parseAbi } from './abi';
import type { ContractAbi } from './abi';
import { CLASS_ANSWER_BYTES } from './nodeLimits';
import { parsedBy } from './rpc';
import type { NodeCall, NodeClient } from './rpc';
import { classHashAtCall } from './starknet';

/**
 * ABIs of classes as the chain has them, kept for the life of the snap
 * process: a class hash names immutable code, so its ABI never changes.
 * Which class sits at an address can change (upgrades), so that is asked
 * again on every request.
 */
const abiByClassHash = new Map<string, ContractAbi>();

/** The most distinct contracts whose ABIs one request fetches. */
export const MAX_ABI_LOOKUPS = 16;

/** How many class ABIs are kept (oldest dropped first). */
const CACHE_SIZE = 32;

/**
 * Remembers a class's ABI.
 *
 * @param classHash - The class hash (canonical hex).
 * @param abi - Its parsed ABI.
 */
function remember(classHash: string, abi: ContractAbi): void {
  abiByClassHash.set(classHash, abi);
  if (abiByClassHash.size > CACHE_SIZE) {
    const [oldest] = abiByClassHash.keys();
    if (oldest !== undefined) {
      abiByClassHash.delete(oldest);
    }
  }
}

/**
 * starknet_getClass, read for its ABI only (Sierra: JSON text; Cairo 0: an
 * array).
 *
 * @param classHash - The class.
 * @returns The call.
 */
function classAbiCall(classHash: string): NodeCall<ContractAbi> {
  const parse = parsedBy(
    type({ abi: optional(union([string(), array(unknown())])) }),
  );
  return {
    method: 'starknet_getClass',
    params: { block_id: 'latest', class_hash: classHash },
    parse: (value) => parseAbi(parse(value).abi ?? []),
    // A whole class comes back (Sierra program included), which can be MBs.
    maxAnswerBytes: CLASS_ANSWER_BYTES,
  };
}

/**
 * The calls that find the classes of some contracts (first round trip).
 *
 * @param addresses - The contracts (canonical, distinct).
 * @returns One getClassHashAt call per contract.
 */
export function classHashCalls(addresses: string[]): NodeCall<string>[] {
  return addresses.map((address) => classHashAtCall(address));
}

/**
 * The calls that fetch the ABIs not yet known (second round trip).
 *
 * @param classHashes - Class hashes from the first round trip.
 * @returns The class hashes to fetch and their calls.
 */
export function missingAbiCalls(classHashes: (string | undefined)[]): {
  hashes: string[];
  calls: NodeCall<ContractAbi>[];
} {
  const hashes = [
    ...new Set(
      classHashes.filter(
        (hash): hash is string =>
          hash !== undefined && !abiByClassHash.has(hash),
      ),
    ),
  ];
  return { hashes, calls: hashes.map(classAbiCall) };
}

/**
 * Stores fetched ABIs and maps each contract to its class's ABI.
 *
 * @param addresses - The contracts, as given to classHashCalls.
 * @param classHashes - Their class hashes (undefined: not deployed).
 * @param fetched - The hashes fetched and their settled answers.
 * @param fetched.hashes - The fetched class hashes.
 * @param fetched.answers - The node's answers, in the same order.
 * @returns The ABI of each contract whose class is known.
 */
export function abisByContract(
  addresses: string[],
  classHashes: (string | undefined)[],
  fetched: {
    hashes: string[];
    answers: PromiseSettledResult<ContractAbi>[];
  },
): Map<string, ContractAbi> {
  fetched.hashes.forEach((hash, index) => {
    const answer = fetched.answers[index];
    if (answer?.status === 'fulfilled') {
      remember(hash, answer.value);
    }
  });
  const result = new Map<string, ContractAbi>();
  addresses.forEach((address, index) => {
    const hash = classHashes[index];
    const abi = hash === undefined ? undefined : abiByClassHash.get(hash);
    if (abi) {
      result.set(address, abi);
    }
  });
  return result;
}

/**
 * The ABIs of some contracts as the chain has them, on their own (two round
 * trips at most: their classes, then the ABIs not yet known). A contract
 * the node has no class for is simply left out.
 *
 * @param client - The network's node.
 * @param addresses - The contracts (canonical, distinct).
 * @returns The ABI of each contract whose class is known.
 */
export async function contractAbis(
  client: NodeClient,
  addresses: string[],
): Promise<Map<string, ContractAbi>> {
  if (addresses.length === 0) {
    return new Map();
  }
  const answers = await client.batchSettled(classHashCalls(addresses));
  const classHashes = answers.map((answer) =>
    answer.status === 'fulfilled'
      ? `0x${BigInt(answer.value).toString(16)}`
      : undefined,
  );
  const missing = missingAbiCalls(classHashes);
  const fetched =
    missing.calls.length > 0 ? await client.batchSettled(missing.calls) : [];
  return abisByContract(addresses, classHashes, {
    hashes: missing.hashes,
    answers: fetched,
  });
}

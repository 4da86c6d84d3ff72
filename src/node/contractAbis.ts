import { optional, type, union, string, array, unknown } from 'superstruct';

import { parseAbi } from './abi';
import type { AbiReading } from './abi';
import { parsedBy } from './answers';
import { classHashAtCall, isContractNotFound } from './calls';
import type { NodeClient } from './client';
import { CLASS_ANSWER_BYTES } from './limits';
import {
  claimedNames,
  confirmedNames,
  forwardCalls,
  reverseNameCall,
  verifiedNames,
} from './names';
import type { LateNames, NameLookup, ShownName } from './names';
import type { NodeCall } from './nodeCall';
import type { Network } from '../config';
import { InvalidInputError } from '../errors';
import { normaliseAddress } from '../keys/address';

/**
 * ABIs of classes as each network's nodes gave them, kept for the life of
 * the snap process: a class hash names immutable code, so its ABI (or its
 * having none) never changes. Kept per network (chain, whose it is, node):
 * a node's answer is not checked against the class hash, so an ABI one
 * network's node gave never labels another network's calls (a site's node
 * could otherwise dress up a Mainnet class). An ABI that could not be
 * fetched is not kept (the next request asks again). Which class sits at an
 * address can change (upgrades), so that is asked again on every request.
 */
const abiByClassHash = new Map<string, AbiReading>();

/**
 * The cache key of a class's ABI as a network's nodes give it.
 *
 * @param network - The network asked.
 * @param classHash - The class hash (canonical hex).
 * @returns The key.
 */
function keyOf(network: Network, classHash: string): string {
  return JSON.stringify([
    network.chainId,
    network.addedBy ?? null,
    network.rpcUrl ?? null,
    classHash,
  ]);
}

/**
 * The most distinct contracts one request may call: each is looked up on
 * chain (its class, then its ABI) before its calls are shown, so a request
 * calling more is refused rather than shown with some contracts unchecked.
 */
export const MAX_ABI_LOOKUPS = 16;

/** The longest node error text kept as the reason an ABI is unreadable. */
const MAX_REASON = 200;

/** How many class ABIs are kept (oldest dropped first). */
const CACHE_SIZE = 32;

/**
 * The contracts some calls go to, distinct, each to be looked up: more than
 * MAX_ABI_LOOKUPS is refused, before the node is asked.
 *
 * @param addresses - The called contracts, in call order.
 * @param field - The param the calls are, to blame.
 * @returns The distinct contracts (canonical), in first-call order.
 * @throws {InvalidInputError} When they are more than the bound.
 */
export function lookupTargets(addresses: string[], field: string): string[] {
  const distinct = [...new Set(addresses.map(normaliseAddress))];
  if (distinct.length > MAX_ABI_LOOKUPS) {
    throw new InvalidInputError(
      field,
      `calls ${distinct.length} distinct contracts; at most ${MAX_ABI_LOOKUPS} can each be looked up on chain and shown`,
    );
  }
  return distinct;
}

/**
 * Remembers what a class's ABI reads as, when that cannot change: found, or
 * none at all. An unreadable ABI is not kept.
 *
 * @param key - The class hash, on the network asked (keyOf).
 * @param reading - Its ABI as read.
 */
function remember(key: string, reading: AbiReading): void {
  if (reading.kind === 'unreadable') {
    return;
  }
  abiByClassHash.set(key, reading);
  if (abiByClassHash.size > CACHE_SIZE) {
    const [oldest] = abiByClassHash.keys();
    if (oldest !== undefined) {
      abiByClassHash.delete(oldest);
    }
  }
}

/**
 * starknet_getClass, read for its ABI only (Sierra: JSON text; Cairo 0: an
 * array), within the ABI bounds.
 *
 * @param classHash - The class.
 * @returns The call.
 */
function classAbiCall(classHash: string): NodeCall<AbiReading> {
  const parse = parsedBy(
    type({ abi: optional(union([string(), array(unknown())])) }),
  );
  return {
    method: 'starknet_getClass',
    params: { block_id: 'latest', class_hash: classHash },
    parse: (value) => parseAbi(parse(value).abi),
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
 * @param network - The network asked.
 * @param classHashes - Class hashes from the first round trip.
 * @returns The class hashes to fetch and their calls.
 */
export function missingAbiCalls(
  network: Network,
  classHashes: (string | undefined)[],
): {
  hashes: string[];
  calls: NodeCall<AbiReading>[];
} {
  const hashes = [
    ...new Set(
      classHashes.filter(
        (hash): hash is string =>
          hash !== undefined && !abiByClassHash.has(keyOf(network, hash)),
      ),
    ),
  ];
  return { hashes, calls: hashes.map(classAbiCall) };
}

/**
 * What an ABI the node did not give reads as (its class, or which class
 * is there, could not be fetched).
 *
 * @param answer - The node's settled answer, if there was one.
 * @returns Why there is no ABI to read.
 */
function notFetched(
  answer: PromiseSettledResult<unknown> | undefined,
): AbiReading {
  const reason =
    answer?.status === 'rejected' && answer.reason instanceof Error
      ? answer.reason.message
      : 'no answer';
  // The node's words, cut short: a dialog shows them.
  const shown =
    reason.length > MAX_REASON ? `${reason.slice(0, MAX_REASON)}…` : reason;
  return { kind: 'unreadable', reason: `the node did not give it (${shown})` };
}

/**
 * Stores fetched ABIs and maps each contract to its class's ABI as read.
 * A contract with no class (not deployed) has no entry; every contract with
 * a class has one: found, none, or unreadable (its class could not be
 * fetched, or its ABI is malformed or too large) — never left out, so that
 * nothing else (a site's ABI) can stand in for what could not be read.
 *
 * @param network - The network asked.
 * @param addresses - The contracts, as given to classHashCalls.
 * @param classHashes - Their class hashes (undefined: not deployed).
 * @param fetched - The hashes fetched and their settled answers.
 * @param fetched.hashes - The fetched class hashes.
 * @param fetched.answers - The node's answers, in the same order.
 * @returns The ABI reading of each contract with a class.
 */
export function abisByContract(
  network: Network,
  addresses: string[],
  classHashes: (string | undefined)[],
  fetched: {
    hashes: string[];
    answers: PromiseSettledResult<AbiReading>[];
  },
): Map<string, AbiReading> {
  const readings = new Map<string, AbiReading>();
  fetched.hashes.forEach((hash, index) => {
    const answer = fetched.answers[index];
    const reading =
      answer?.status === 'fulfilled' ? answer.value : notFetched(answer);
    readings.set(hash, reading);
    remember(keyOf(network, hash), reading);
  });
  const result = new Map<string, AbiReading>();
  addresses.forEach((address, index) => {
    const hash = classHashes[index];
    if (hash !== undefined) {
      result.set(
        address,
        readings.get(hash) ??
          abiByClassHash.get(keyOf(network, hash)) ??
          notFetched(undefined),
      );
    }
  });
  return result;
}

/**
 * Whether a settled getClassHashAt answer says no contract is there.
 *
 * @param answer - The settled answer.
 * @returns Whether it is "Contract not found".
 */
function isNotFound(answer: PromiseSettledResult<string>): boolean {
  return answer.status === 'rejected' && isContractNotFound(answer.reason);
}

/**
 * Reads that ride contractAbis' two round trips: the first batch's, then
 * the second's, planned from the first's answers.
 */
export type RidingReads<Result> = {
  calls: NodeCall<unknown>[];
  read: (answers: PromiseSettledResult<unknown>[]) => {
    calls: NodeCall<unknown>[];
    read: (answers: PromiseSettledResult<unknown>[]) => Result;
  };
};

/**
 * The ABIs of some contracts as the chain has them, on their own (two round
 * trips at most: their classes, then the ABIs not yet known). A contract
 * with no code has no entry; one whose class the node would not name reads
 * as unreadable. Starknet ID names, when asked, ride the same round trips
 * (reverse lookups with the classes, forward ones with the ABIs). When every
 * ABI is known there is no second round trip before the dialog: the
 * forward checks are left to read while it is open (`late`).
 *
 * @param client - The network's node.
 * @param addresses - The contracts (canonical, distinct, at most
 * MAX_ABI_LOOKUPS: see lookupTargets).
 * @param names - Addresses shown whose names to look up (node/names.ts).
 * @param riding - Other reads that ride both round trips (then always two).
 * @returns The ABI reading of each contract with a class, the names that
 * resolve back to their address, the claims still to check forward while
 * the dialog is open, if any, and what the riding reads read.
 */
export async function contractAbis<Riding>(
  client: NodeClient,
  addresses: string[],
  names?: NameLookup,
  riding?: RidingReads<Riding>,
): Promise<{
  readings: Map<string, AbiReading>;
  names: ShownName[];
  late?: LateNames | undefined;
  riding?: Riding | undefined;
}> {
  if (addresses.length === 0 && !names && !riding) {
    return { readings: new Map(), names: [] };
  }
  const reverseCalls = (names?.addresses ?? []).map((address) =>
    reverseNameCall(names?.contract ?? '0x0', address),
  );
  const ridingFirst = riding?.calls ?? [];
  const allFirst = await client.batchSettled([
    ...classHashCalls(addresses),
    ...reverseCalls,
    ...ridingFirst,
  ]);
  const firstAnswers = allFirst.slice(0, allFirst.length - ridingFirst.length);
  const ridingSecond = riding?.read(
    allFirst.slice(allFirst.length - ridingFirst.length),
  );
  const answers = firstAnswers.slice(
    0,
    addresses.length,
  ) as PromiseSettledResult<string>[];
  const reverse = names
    ? claimedNames(
        names,
        // Each answer was parsed by its own call's parser, in order.
        firstAnswers.slice(addresses.length) as PromiseSettledResult<
          string | undefined
        >[],
      )
    : { contract: '0x0', claimed: [] };
  const classHashes = answers.map((answer) =>
    answer.status === 'fulfilled'
      ? `0x${BigInt(answer.value).toString(16)}`
      : undefined,
  );
  const missing = missingAbiCalls(client.network, classHashes);
  const forward = forwardCalls(reverse);
  let ridden: Riding | undefined;
  let second: PromiseSettledResult<unknown>[] = [];
  const ridingCalls = ridingSecond?.calls ?? [];
  if (missing.calls.length > 0 || ridingSecond) {
    const allSecond = await client.batchSettled([
      ...missing.calls,
      ...forward,
      ...ridingCalls,
    ]);
    second = allSecond.slice(0, allSecond.length - ridingCalls.length);
    ridden = ridingSecond?.read(
      allSecond.slice(allSecond.length - ridingCalls.length),
    );
  }
  const fetched = second.slice(
    0,
    missing.calls.length,
  ) as PromiseSettledResult<AbiReading>[];
  const readings = abisByContract(client.network, addresses, classHashes, {
    hashes: missing.hashes,
    answers: fetched,
  });
  answers.forEach((answer, index) => {
    const address = addresses[index];
    if (answer.status === 'rejected' && !isNotFound(answer) && address) {
      readings.set(address, notFetched(answer));
    }
  });
  if (missing.calls.length === 0 && !ridingSecond && forward.length > 0) {
    // The forward checks alone would be a round trip before the dialog.
    return {
      readings,
      names: [],
      late: {
        addresses: reverse.claimed.map(({ address }) => address),
        read: async (): Promise<ShownName[]> => verifiedNames(client, reverse),
      },
    };
  }
  return {
    readings,
    names: confirmedNames(
      reverse,
      second.slice(missing.calls.length) as PromiseSettledResult<bigint>[],
    ),
    riding: ridden,
  };
}

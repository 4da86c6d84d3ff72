import { starknetId } from 'starknet';
import { array } from 'superstruct';

import { FeltText, parsedBy } from './answers';
import { viewCall } from './calls';
import type { NodeClient } from './client';
import type { NodeCall } from './nodeCall';
import { MAINNET_CHAIN_ID, TESTNET_CHAIN_ID } from '../config';
import type { Network } from '../config';
import { normaliseAddress } from '../keys/address';
import { selectorOf } from '../protocol/selectors';
import { ADDRESS_BOUND } from '../protocol/values';

/**
 * Starknet ID names, read from the network's naming contract and never
 * trusted one way only: a reverse record (address → name) is set by
 * whoever owns the address, so a drainer can call itself `uniswap.stark`.
 * A name is shown only when it also resolves forward (name → address) to
 * the very address, both answers read by the wallet itself on the network
 * the request binds. The reverse lookups ride a batch the wallet sends
 * anyway, the forward ones the next: names cost no round trip.
 */

/** A name that resolves to its address both ways. */
export type ShownName = { name: string; address: string };

/**
 * Names read while a dialog is open, never before it: the addresses whose
 * lines the dialog reserves at once, and the read (bounded in time, never
 * failing: a stall or garbage reads as no name) that fills them in place.
 */
export type LateNames = {
  addresses: string[];
  /** Reads them; `isOpen` says whether the dialog still wants them. */
  read: (isOpen: () => boolean) => Promise<ShownName[]>;
};

/** The most addresses one request looks up (each costs two calls). */
export const MAX_NAMED_ADDRESSES = 8;

/** The most labels a name may have (`pay.alice.stark` has two). */
const MAX_LABELS = 4;

const ADDRESS_TO_DOMAIN = selectorOf('address_to_domain');
const DOMAIN_TO_ADDRESS = selectorOf('domain_to_address');

/** The name a user may type: labels of a-z, 0-9 and "-", then `.stark`. */
const NAME_SHAPE = /^(?:[a-z0-9-]{1,48}\.){1,4}stark$/u;

/**
 * The naming contract of a network: starknet.js's StarknetIdContract for
 * the built-in Mainnet and Testnet (Sepolia), none for a network a site or
 * the user added (its node could serve any contract at any address).
 *
 * @param network - The network.
 * @returns The contract address, or undefined.
 */
export function namingContractOf(network: Network): string | undefined {
  if (network.addedBy !== undefined) {
    return undefined;
  }
  if (network.chainId === MAINNET_CHAIN_ID) {
    return starknetId.StarknetIdContract.MAINNET;
  }
  if (network.chainId === TESTNET_CHAIN_ID) {
    return starknetId.StarknetIdContract.TESTNET_SEPOLIA;
  }
  return undefined;
}

/**
 * Whether text is written as a Starknet ID name (not an address).
 *
 * @param text - What the user typed.
 * @returns Whether it ends in `.stark`.
 */
export function looksLikeName(text: string): boolean {
  return text.toLowerCase().endsWith('.stark');
}

/**
 * A name's labels as the contract takes them (starknet.js's `useEncoded`,
 * subdomain first), or undefined when it is not a well-formed name.
 *
 * @param name - The name (`alice.stark`, `pay.alice.stark`).
 * @returns The encoded labels.
 */
export function encodedLabels(name: string): bigint[] | undefined {
  if (!NAME_SHAPE.test(name) || !starknetId.isStarkDomain(name)) {
    return undefined;
  }
  return name
    .slice(0, -'.stark'.length)
    .split('.')
    .map((label) => starknetId.useEncoded(label));
}

/**
 * The name encoded labels spell, when they are a well-formed name that
 * encodes back to the very labels (starknet.js's `useDecoded`); anything
 * else — too many labels, huge felts, another alphabet — is no name.
 *
 * @param labels - The labels a contract answered.
 * @returns The name, or undefined.
 */
export function decodedName(labels: bigint[]): string | undefined {
  if (labels.length === 0 || labels.length > MAX_LABELS) {
    return undefined;
  }
  const name = starknetId.useDecoded(labels);
  const encoded = encodedLabels(name);
  return encoded?.length === labels.length &&
    encoded.every((label, index) => label === labels[index])
    ? name
    : undefined;
}

/**
 * The reverse lookup of an address: its name as the contract spells it
 * (undefined: none, or an answer that is no name).
 *
 * @param contract - The naming contract.
 * @param address - The address.
 * @returns The call.
 */
export function reverseNameCall(
  contract: string,
  address: string,
): NodeCall<string | undefined> {
  const call = viewCall(contract, ADDRESS_TO_DOMAIN, [address, '0x0']);
  return {
    ...call,
    ownFailure: true,
    parse: (value): string | undefined => {
      const [length, ...labels] = call.parse(value).map(BigInt);
      return length === BigInt(labels.length) ? decodedName(labels) : undefined;
    },
  };
}

/**
 * A forward lookup's answer that is no contract address: 0x0 (the naming
 * contract's "no such name") or a felt at or past 2^251, which no contract
 * can have. Whatever resolves a name meets it here, before anything is
 * built with the answer.
 */
export class NotAnAddressAnswer extends Error {
  readonly answered: bigint;

  /**
   * @param answered - What the naming contract answered.
   */
  constructor(answered: bigint) {
    super(
      answered === 0n
        ? 'domain_to_address: no address'
        : `domain_to_address: 0x${answered.toString(16)} is not a Starknet address (at least 2^251)`,
    );
    this.answered = answered;
  }
}

/**
 * The forward lookup of a name: the address it resolves to, always one a
 * contract can have (0 < address < 2^251); any other answer is rejected as
 * a NotAnAddressAnswer.
 *
 * @param contract - The naming contract.
 * @param labels - The name's encoded labels.
 * @returns The call.
 */
export function forwardNameCall(
  contract: string,
  labels: bigint[],
): NodeCall<bigint> {
  const call = viewCall(contract, DOMAIN_TO_ADDRESS, [
    `0x${labels.length.toString(16)}`,
    ...labels.map((label) => `0x${label.toString(16)}`),
    '0x0',
  ]);
  return {
    ...call,
    ownFailure: true,
    parse: (value): bigint => {
      const [address, ...rest] = parsedBy(array(FeltText))(value);
      if (address === undefined || rest.length > 0) {
        throw new Error('domain_to_address: expected one address');
      }
      const answered = BigInt(address);
      if (answered === 0n || answered >= ADDRESS_BOUND) {
        throw new NotAnAddressAnswer(answered);
      }
      return answered;
    },
  };
}

/** The names still to check, after the reverse lookups. */
export type ReverseNames = { contract: string; claimed: ShownName[] };

/** Addresses to look up on a network, and where. */
export type NameLookup = { contract: string; addresses: string[] };

/**
 * What to look up for addresses shown to the user: at most
 * MAX_NAMED_ADDRESSES distinct addresses, in order, on the network's naming
 * contract; undefined when the network has none or nothing to look up.
 *
 * @param network - The network the request binds.
 * @param addresses - The addresses shown (any hex form).
 * @returns The lookup.
 */
export function nameLookupOf(
  network: Network,
  addresses: string[],
): NameLookup | undefined {
  const contract = namingContractOf(network);
  const distinct = [
    ...new Set(
      addresses
        .filter((address) => /^0x[0-9a-f]{1,64}$/iu.test(address))
        .map(normaliseAddress)
        .filter((address) => BigInt(address) !== 0n),
    ),
  ].slice(0, MAX_NAMED_ADDRESSES);
  return contract === undefined || distinct.length === 0
    ? undefined
    : { contract, addresses: distinct };
}

/**
 * The names the reverse lookups claim, from their settled answers (a
 * failed or garbled answer claims nothing).
 *
 * @param lookup - The lookup.
 * @param answers - The reverse lookups' answers, in order.
 * @returns What to check forward.
 */
export function claimedNames(
  lookup: NameLookup,
  answers: PromiseSettledResult<string | undefined>[],
): ReverseNames {
  const claimed: ShownName[] = [];
  lookup.addresses.forEach((address, index) => {
    const answer = answers[index];
    if (answer?.status === 'fulfilled' && answer.value !== undefined) {
      claimed.push({ name: answer.value, address });
    }
  });
  return { contract: lookup.contract, claimed };
}

/**
 * The forward lookups of claimed names, to batch with the next reads.
 *
 * @param reverse - The claimed names.
 * @returns The calls, in the claims' order.
 */
export function forwardCalls(reverse: ReverseNames): NodeCall<bigint>[] {
  return reverse.claimed.map(({ name }) =>
    forwardNameCall(reverse.contract, encodedLabels(name) ?? []),
  );
}

/**
 * The names that resolve back to their address: a claim whose forward
 * lookup answered the very address. Anything else shows no name.
 *
 * @param reverse - The claimed names.
 * @param answers - The forward lookups' answers, in order.
 * @returns The names to show.
 */
export function confirmedNames(
  reverse: ReverseNames,
  answers: PromiseSettledResult<bigint>[],
): ShownName[] {
  return reverse.claimed.filter(({ address }, index) => {
    const answer = answers[index];
    return answer?.status === 'fulfilled' && answer.value === BigInt(address);
  });
}

/**
 * How long a batch of forward lookups alone may keep a page or a dialog
 * waiting (when they ride no other read): past it, no name is shown.
 */
export const FORWARD_LOOKUP_MS = 3_000;

/**
 * A promise bounded in time: past the limit, or when it fails, the
 * fallback. Names are never worth a page's or a dialog's wait.
 *
 * @param sending - What is on its way.
 * @param fallback - What to use instead.
 * @param limitMs - How long to wait.
 * @returns Its value, or the fallback.
 */
async function within<Value>(
  sending: Promise<Value>,
  fallback: Value,
  limitMs: number,
): Promise<Value> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Value>((resolve) => {
    timer = setTimeout(() => resolve(fallback), limitMs);
  });
  try {
    return await Promise.race([sending.catch(() => fallback), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Forward lookups sent on their own, bounded in time: a naming contract (or
 * node) that stalls or fails costs the names, never the page or the dialog.
 *
 * @param sending - The batch on its way.
 * @param limitMs - How long to wait.
 * @returns Its answers, or none (failed or too late).
 */
export async function forwardWithin(
  sending: Promise<PromiseSettledResult<bigint>[]>,
  limitMs = FORWARD_LOOKUP_MS,
): Promise<PromiseSettledResult<bigint>[]> {
  return within(sending, [], limitMs);
}

/**
 * The claims checked forward in one batch of their own (none when nothing
 * is claimed), bounded in time: the names that resolve back.
 *
 * @param client - The network's node.
 * @param reverse - The claims the reverse lookups read.
 * @param limitMs - How long to wait.
 * @returns The names to show.
 */
export async function verifiedNames(
  client: Pick<NodeClient, 'batchSettled'>,
  reverse: ReverseNames,
  limitMs = FORWARD_LOOKUP_MS,
): Promise<ShownName[]> {
  if (reverse.claimed.length === 0) {
    return [];
  }
  return confirmedNames(
    reverse,
    await forwardWithin(client.batchSettled(forwardCalls(reverse)), limitMs),
  );
}

/**
 * The names of addresses when no read of the wallet's can carry the
 * lookups: two round trips of their own (a batch of reverse lookups, then
 * one of forward lookups for the names claimed, none when none is),
 * bounded in time together: a naming contract or node that stalls, fails
 * or answers garbage costs the names only.
 *
 * @param client - The network's node (the one the request binds).
 * @param lookup - What to look up (nameLookupOf), if anything.
 * @param limitMs - How long both round trips may take.
 * @param wanted - Whether the names are still wanted (a dialog still
 * open): when not, the forward lookups are not asked.
 * @returns The names that resolve back to their address.
 */
export async function namesWithin(
  client: Pick<NodeClient, 'batchSettled'>,
  lookup: NameLookup | undefined,
  limitMs = FORWARD_LOOKUP_MS,
  wanted: () => boolean = (): boolean => true,
): Promise<ShownName[]> {
  if (!lookup) {
    return [];
  }
  const read = async (): Promise<ShownName[]> => {
    const reverse = claimedNames(
      lookup,
      await client.batchSettled(
        lookup.addresses.map((address) =>
          reverseNameCall(lookup.contract, address),
        ),
      ),
    );
    if (reverse.claimed.length === 0 || !wanted()) {
      return [];
    }
    return confirmedNames(
      reverse,
      await client.batchSettled(forwardCalls(reverse)),
    );
  };
  return within(read(), [], limitMs);
}

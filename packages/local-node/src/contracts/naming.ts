import { constants, hash, starknetId } from 'starknet';

import { CalldataReader } from './calls';
import { mapSlot, readSlot, writeSlot } from './storage-vars';
import type { CallContext, NativeClass } from './types';
import type { Overlay, StateReader } from '../base/state-store';

/**
 * Starknet ID's naming contract as a wallet reads it: `domain_to_address`
 * answers the address a domain resolves to (0x0 when none) and
 * `address_to_domain` the address's reverse record as a span of labels
 * (`[0]` when none), each label encoded as starknet.js's `useEncoded` does,
 * subdomains first (`pay.alice.stark` is `[pay, alice]`). As the deployed
 * contract does, a reverse record is answered only when its domain resolves
 * back to the address, unless it was set `unchecked` (a contract that lies,
 * for testing a wallet's own check).
 */

/** Where starknet.js's StarknetIdContract says the contract is, per chain. */
export const NAMING_ADDRESSES: Record<string, bigint> = {
  [constants.StarknetChainId.SN_MAIN]: BigInt(
    starknetId.StarknetIdContract.MAINNET,
  ),
  [constants.StarknetChainId.SN_SEPOLIA]: BigInt(
    starknetId.StarknetIdContract.TESTNET_SEPOLIA,
  ),
};

/**
 * The naming contract's address on a chain: Mainnet's on SN_MAIN, Sepolia's
 * on any other chain (a local chain stands in for Sepolia).
 *
 * @param chainId - The chain id (hex).
 * @returns The address.
 */
export function namingAddressOf(chainId: string): bigint {
  return (
    NAMING_ADDRESSES[chainId] ??
    BigInt(starknetId.StarknetIdContract.TESTNET_SEPOLIA)
  );
}

/** Class hash the node uses for its naming emulation. */
export const NAMING_CLASS_HASH = BigInt(
  hash.starknetKeccak('snapnet local Starknet ID naming'),
);

/** Labels of a domain in a contract's longest span (the real one's limit is gas). */
const MAX_LABELS = 16;

const forwardSlot = (labels: bigint[]): bigint =>
  mapSlot('naming_forward', BigInt(hash.computePoseidonHashOnElements(labels)));
const reverseSlot = (address: bigint): bigint =>
  mapSlot('naming_reverse', address);
const uncheckedSlot = (address: bigint): bigint =>
  mapSlot('naming_reverse_unchecked', address);

/**
 * The address a domain resolves to (0 when none).
 *
 * @param state - The state.
 * @param contract - The naming contract.
 * @param labels - The encoded labels.
 * @returns The address.
 */
function resolve(
  state: StateReader,
  contract: bigint,
  labels: bigint[],
): bigint {
  return labels.length === 0
    ? 0n
    : readSlot(state, contract, forwardSlot(labels));
}

/**
 * The reverse record of an address as stored (empty when none).
 *
 * @param state - The state.
 * @param contract - The naming contract.
 * @param address - The address.
 * @returns The encoded labels.
 */
function reverseRecord(
  state: StateReader,
  contract: bigint,
  address: bigint,
): bigint[] {
  const base = reverseSlot(address);
  const length = Number(readSlot(state, contract, base));
  return Array.from({ length }, (_, index) =>
    readSlot(state, contract, base + 1n + BigInt(index)),
  );
}

const domainToAddress = (ctx: CallContext, calldata: bigint[]): bigint[] => {
  const reader = new CalldataReader(calldata);
  const labels = reader.array();
  reader.array();
  return [resolve(ctx.env.state, ctx.self, labels)];
};

const addressToDomain = (ctx: CallContext, calldata: bigint[]): bigint[] => {
  const reader = new CalldataReader(calldata);
  const address = reader.felt();
  reader.array();
  const { state } = ctx.env;
  const labels = reverseRecord(state, ctx.self, address);
  const answered =
    labels.length > 0 &&
    (readSlot(state, ctx.self, uncheckedSlot(address)) !== 0n ||
      resolve(state, ctx.self, labels) === address);
  return answered ? [BigInt(labels.length), ...labels] : [0n];
};

/** Native naming contract. */
export const NAMING_CLASS: NativeClass = {
  kind: 'naming',
  entries: {
    domain_to_address: domainToAddress,
    address_to_domain: addressToDomain,
  },
};

/**
 * A `.stark` name's labels as the contract stores them, encoded by
 * starknet.js (`useEncoded`), subdomains first.
 *
 * @param name - The name (`alice.stark`, `pay.alice.stark`).
 * @returns The encoded labels.
 */
export function encodeName(name: string): bigint[] {
  if (!name.endsWith('.stark') || !starknetId.isStarkDomain(name)) {
    throw new Error(
      'name: expected a .stark name of labels a-z, 0-9 and "-" (at most 48 characters each)',
    );
  }
  const labels = name.slice(0, -'.stark'.length).split('.');
  if (labels.length > MAX_LABELS) {
    throw new Error(`name: at most ${MAX_LABELS} labels`);
  }
  return labels.map((label) => starknetId.useEncoded(label));
}

/** Which records a name sets. */
export type NameRecords = 'both' | 'forward' | 'reverse' | 'reverse-unchecked';

/**
 * Sets a name's records: the forward record (name → address; address 0
 * removes it) and the reverse record (address → name). `reverse-unchecked`
 * sets a reverse record answered even when the name does not resolve back.
 *
 * @param state - The state to write.
 * @param contract - The naming contract.
 * @param record - The record.
 * @param record.labels - The encoded labels.
 * @param record.address - The address.
 * @param record.records - Which records to set.
 */
export function setName(
  state: Overlay,
  contract: bigint,
  record: { labels: bigint[]; address: bigint; records: NameRecords },
): void {
  const { labels, address, records } = record;
  if (records === 'both' || records === 'forward') {
    writeSlot(state, contract, forwardSlot(labels), address);
  }
  if (records !== 'forward' && address !== 0n) {
    const base = reverseSlot(address);
    const old = Number(readSlot(state, contract, base));
    for (let index = labels.length; index < old; index++) {
      writeSlot(state, contract, base + 1n + BigInt(index), 0n);
    }
    writeSlot(state, contract, base, BigInt(labels.length));
    labels.forEach((label, index) =>
      writeSlot(state, contract, base + 1n + BigInt(index), label),
    );
    writeSlot(
      state,
      contract,
      uncheckedSlot(address),
      records === 'reverse-unchecked' ? 1n : 0n,
    );
  }
}

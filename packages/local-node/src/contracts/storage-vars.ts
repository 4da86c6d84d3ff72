/* eslint-disable no-bitwise -- felt and u256 arithmetic */
import { hash } from 'starknet';

import { storageKey } from '../base/state-store';
import type { StateReader } from '../base/state-store';
import type { Overlay } from '../base/state-store';

const varCache = new Map<string, bigint>();
const mapCache = new Map<string, bigint>();

/**
 * The base slot of a Cairo storage variable: sn_keccak(name).
 *
 * @param name - The variable name.
 * @returns The slot.
 */
export function varSlot(name: string): bigint {
  let slot = varCache.get(name);
  if (slot === undefined) {
    slot = hash.starknetKeccak(name);
    varCache.set(name, slot);
  }
  return slot;
}

/**
 * The slot of a mapping entry: pedersen(sn_keccak(name), key...) (cached).
 *
 * @param name - The variable name.
 * @param keys - The mapping keys.
 * @returns The slot.
 */
export function mapSlot(name: string, ...keys: bigint[]): bigint {
  const cacheKey = `${name}:${keys.map((key) => key.toString(16)).join(':')}`;
  let slot = mapCache.get(cacheKey);
  if (slot === undefined) {
    slot = varSlot(name);
    for (const key of keys) {
      slot = BigInt(hash.computePedersenHash(slot, key));
    }
    if (mapCache.size > 200_000) {
      mapCache.clear();
    }
    mapCache.set(cacheKey, slot);
  }
  return slot;
}

/**
 * Reads a felt storage slot.
 *
 * @param state - The state.
 * @param address - The contract.
 * @param slot - The slot.
 * @returns The value.
 */
export function readSlot(
  state: StateReader,
  address: bigint,
  slot: bigint,
): bigint {
  return state.read(storageKey(address, slot));
}

/**
 * Writes a felt storage slot.
 *
 * @param state - The state.
 * @param address - The contract.
 * @param slot - The slot.
 * @param value - The value.
 */
export function writeSlot(
  state: Overlay,
  address: bigint,
  slot: bigint,
  value: bigint,
): void {
  state.write(storageKey(address, slot), value);
}

/**
 * Reads a u256 stored as (low at slot, high at slot + 1).
 *
 * @param state - The state.
 * @param address - The contract.
 * @param slot - The slot.
 * @returns The value.
 */
export function readU256(
  state: StateReader,
  address: bigint,
  slot: bigint,
): bigint {
  const low = readSlot(state, address, slot);
  const high = readSlot(state, address, slot + 1n);
  return (high << 128n) | low;
}

/**
 * Writes a u256 as (low at slot, high at slot + 1).
 *
 * @param state - The state.
 * @param address - The contract.
 * @param slot - The slot.
 * @param value - The value.
 */
export function writeU256(
  state: Overlay,
  address: bigint,
  slot: bigint,
  value: bigint,
): void {
  const mask = (1n << 128n) - 1n;
  writeSlot(state, address, slot, value & mask);
  writeSlot(state, address, slot + 1n, value >> 128n);
}

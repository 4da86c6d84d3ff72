import { hash } from 'starknet';

import {
  ARGENT_CAIRO0_IMPLEMENTATION,
  ARGENT_CLASS_HASH,
  ARGENT_PROXY_CLASS_HASH,
} from '../config';
import { selectorOf } from '../protocol/selectors';
import type { AccountKind } from '../state/schema';

const INITIALIZE_SELECTOR = selectorOf('initialize');

/**
 * What a DEPLOY_ACCOUNT of an Argent account for `publicKey` carries: the
 * class, the constructor calldata (owner = public key, no guardian) and the
 * salt (the public key). The deployer is 0, so the chain id plays no part.
 *
 * @param publicKey - The Stark public key (x coordinate), hex.
 * @param kind - Which Argent generation.
 * @returns Class hash, constructor calldata and salt.
 */
export function deploymentData(
  publicKey: string,
  kind: AccountKind = 'argent-cairo1',
): { classHash: string; constructorCalldata: string[]; salt: string } {
  if (kind === 'argent-cairo0') {
    return {
      classHash: ARGENT_PROXY_CLASS_HASH,
      constructorCalldata: [
        ARGENT_CAIRO0_IMPLEMENTATION,
        INITIALIZE_SELECTOR,
        '0x2',
        publicKey,
        '0x0',
      ],
      salt: publicKey,
    };
  }
  return {
    classHash: ARGENT_CLASS_HASH,
    constructorCalldata: [publicKey, '0x0'],
    salt: publicKey,
  };
}

/**
 * Addresses already computed in this snap process. The address costs nine
 * Pedersen hashes (~20 ms); it is public data, a pure function of the public
 * key, so remembering it is safe.
 */
const knownAddresses = new Map<string, string>();
const KNOWN_ADDRESSES_LIMIT = 512;

/**
 * The counterfactual address of the Argent account owned by `publicKey`,
 * 0x-prefixed and padded to 64 hex digits.
 *
 * @param publicKey - The Stark public key, hex.
 * @param kind - Which Argent generation.
 * @returns The account address.
 */
export function accountAddress(
  publicKey: string,
  kind: AccountKind = 'argent-cairo1',
): string {
  const key = `${kind}:${publicKey}`;
  const known = knownAddresses.get(key);
  if (known) {
    return known;
  }
  const { classHash, constructorCalldata, salt } = deploymentData(
    publicKey,
    kind,
  );
  const address = normaliseAddress(
    hash.calculateContractAddressFromHash(
      salt,
      classHash,
      constructorCalldata,
      0,
    ),
  );
  if (knownAddresses.size >= KNOWN_ADDRESSES_LIMIT) {
    knownAddresses.clear();
  }
  knownAddresses.set(key, address);
  return address;
}

/**
 * The canonical form of a Starknet address: lower-case, 0x, 64 hex digits.
 *
 * @param address - Any hex form of the address.
 * @returns The canonical address.
 */
export function normaliseAddress(address: string): string {
  return `0x${BigInt(address).toString(16).padStart(64, '0')}`;
}

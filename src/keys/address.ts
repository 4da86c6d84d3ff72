import { hash } from 'starknet';

import {
  ARGENT_CAIRO0_IMPLEMENTATION,
  ARGENT_CLASS_HASH,
  ARGENT_PROXY_CLASS_HASH,
} from '../config';
import type { AccountKind } from '../state/schema';

const INITIALIZE_SELECTOR = hash.getSelectorFromName('initialize');

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
  const { classHash, constructorCalldata, salt } = deploymentData(
    publicKey,
    kind,
  );
  return normaliseAddress(
    hash.calculateContractAddressFromHash(
      salt,
      classHash,
      constructorCalldata,
      0,
    ),
  );
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

import { getBIP44AddressKeyDeriver } from '@metamask/key-tree';
import type { BIP44AddressKeyDeriver } from '@metamask/key-tree';
import { ec } from 'starknet';

import { accountAddress } from './address';
import { STARKNET_COIN_TYPE } from '../config';

export type DerivedAccount = {
  addressIndex: number;
  derivationPath: string;
  privateKey: string;
  publicKey: string;
  address: string;
};

/**
 * Turns a BIP-44 node's private key into a Stark key pair and the Argent
 * 0.3.1 address it owns. Pure, so the index-0 vector can be unit-tested.
 *
 * @param bip44PrivateKey - The 32-byte BIP-44 private key, hex.
 * @returns The ground Stark private key, its public key and the address.
 */
export function starkKeysFromBip44Key(bip44PrivateKey: string): {
  privateKey: string;
  publicKey: string;
  address: string;
} {
  const privateKey = `0x${ec.starkCurve.grindKey(bip44PrivateKey)}`;
  const publicKey = ec.starkCurve.getStarkKey(privateKey);
  return { privateKey, publicKey, address: accountAddress(publicKey) };
}

/**
 * Derives accounts of this seed on demand. One instance serves one request:
 * it asks MetaMask for the coin-type node once and caches derived indices
 * only for the life of that request. Keys are never written anywhere.
 */
export class KeyRing {
  #deriver: Promise<BIP44AddressKeyDeriver> | undefined;

  readonly #accounts = new Map<number, Promise<DerivedAccount>>();

  /**
   * The account at `m/44'/9004'/0'/0/index`.
   *
   * @param addressIndex - The BIP-44 address index.
   * @returns Its keys and address.
   */
  async account(addressIndex: number): Promise<DerivedAccount> {
    let account = this.#accounts.get(addressIndex);
    if (!account) {
      account = this.#derive(addressIndex);
      this.#accounts.set(addressIndex, account);
    }
    return account;
  }

  /**
   * Derives one index (asks MetaMask for the coin-type node once).
   *
   * @param addressIndex - The BIP-44 address index.
   * @returns Its keys and address.
   */
  async #derive(addressIndex: number): Promise<DerivedAccount> {
    this.#deriver ??= snap
      .request({
        method: 'snap_getBip44Entropy',
        params: { coinType: STARKNET_COIN_TYPE },
      })
      .then(async (node) => getBIP44AddressKeyDeriver(node));
    const deriver = await this.#deriver;
    const node = await deriver(addressIndex);
    if (!node.privateKey) {
      throw new Error('The derived node has no private key');
    }
    return {
      addressIndex,
      derivationPath: `m/44'/${STARKNET_COIN_TYPE}'/0'/0/${addressIndex}`,
      ...starkKeysFromBip44Key(node.privateKey),
    };
  }
}

import { getBIP44AddressKeyDeriver } from '@metamask/key-tree';
import type { BIP44AddressKeyDeriver } from '@metamask/key-tree';
import { ec } from 'starknet';

import { accountAddress } from './address';
import { STARKNET_COIN_TYPE } from '../config';
import { whenIdle } from '../requestScope';

/** The Stark key pair at one BIP-44 index. */
export type DerivedKeys = {
  addressIndex: number;
  derivationPath: string;
  privateKey: string;
  publicKey: string;
};

/** The key pair and the Argent 0.3.1 account address it owns. */
export type DerivedAccount = DerivedKeys & { address: string };

/**
 * Turns a BIP-44 node's private key into a Stark key pair. Pure, so the
 * index-0 vector can be unit-tested.
 *
 * @param bip44PrivateKey - The 32-byte BIP-44 private key, hex.
 * @returns The ground Stark private key and its public key.
 */
export function starkKeysFromBip44Key(bip44PrivateKey: string): {
  privateKey: string;
  publicKey: string;
} {
  const privateKey = `0x${ec.starkCurve.grindKey(bip44PrivateKey)}`;
  return { privateKey, publicKey: ec.starkCurve.getStarkKey(privateKey) };
}

/**
 * The coin-type node's deriver, kept for the life of the snap process (an
 * accepted design: it is never written to state, returned or logged), so a
 * request does not ask MetaMask for the entropy again. A failed request for
 * it is forgotten, so the next request asks again.
 */
let coinTypeDeriver: Promise<BIP44AddressKeyDeriver> | undefined;

/**
 * The cached promises not settled yet. When the snap goes idle, MetaMask
 * cuts off what is still on its way (a `snap_getBip44Entropy` never
 * answers): such an entry would hold every later request for ever, so it
 * is forgotten then, and the next request asks again (src/requestScope.ts).
 */
const unsettled = new Set<Promise<unknown>>();

/**
 * Marks a cached promise unsettled until it settles. It must be the very
 * promise the cache holds (an async wrapper would be another promise, never
 * matched when the snap goes idle).
 *
 * @param promise - The cached promise.
 */
function markUnsettled(promise: Promise<unknown>): void {
  unsettled.add(promise);
  const settle = (): void => {
    unsettled.delete(promise);
  };
  promise.then(settle, settle).catch(() => undefined);
}

/**
 * The deriver of `m/44'/9004'/0'/0/*`.
 *
 * @returns The deriver.
 */
async function deriver(): Promise<BIP44AddressKeyDeriver> {
  if (!coinTypeDeriver) {
    coinTypeDeriver = snap
      .request({
        method: 'snap_getBip44Entropy',
        params: { coinType: STARKNET_COIN_TYPE },
      })
      .then(async (node) => getBIP44AddressKeyDeriver(node))
      .catch((error: unknown) => {
        coinTypeDeriver = undefined;
        throw error;
      });
    markUnsettled(coinTypeDeriver);
  }
  return coinTypeDeriver;
}

/**
 * Keys already derived in this snap process, by index (the most recent
 * KEY_CACHE_SIZE): like the coin-type node they come from, they stay in
 * memory only, never in state, a response or a log. Deriving an index costs
 * a BIP-32 step, the grinding and a Stark public key, which is most of a
 * signature's time.
 */
const derivedKeys = new Map<number, Promise<DerivedKeys>>();

whenIdle(() => {
  if (coinTypeDeriver && unsettled.has(coinTypeDeriver)) {
    coinTypeDeriver = undefined;
  }
  for (const [index, keys] of [...derivedKeys]) {
    if (unsettled.has(keys)) {
      derivedKeys.delete(index);
    }
  }
  unsettled.clear();
});

/** How many indices' keys are kept. */
const KEY_CACHE_SIZE = 64;

/**
 * Derives accounts of this seed on demand, each index once per snap process
 * (see derivedKeys). Keys are never written anywhere.
 */
export class KeyRing {
  /** The public keys this ring derived (the request's, to keep from sites). */
  readonly #publicKeys = new Set<string>();

  /**
   * The public keys this ring has derived so far.
   *
   * @returns Them, hex.
   */
  derivedPublicKeys(): string[] {
    return [...this.#publicKeys];
  }

  /**
   * The key pair at `m/44'/9004'/0'/0/index`.
   *
   * @param addressIndex - The BIP-44 address index.
   * @returns Its keys.
   */
  async keys(addressIndex: number): Promise<DerivedKeys> {
    let keys = derivedKeys.get(addressIndex);
    if (!keys) {
      keys = this.#derive(addressIndex);
      markUnsettled(keys);
      keys.catch(() => derivedKeys.delete(addressIndex));
      derivedKeys.set(addressIndex, keys);
      if (derivedKeys.size > KEY_CACHE_SIZE) {
        const [oldest] = derivedKeys.keys();
        if (oldest !== undefined) {
          derivedKeys.delete(oldest);
        }
      }
    }
    const derived = await keys;
    this.#publicKeys.add(derived.publicKey);
    return derived;
  }

  /**
   * The key pair at an index and its Argent account address (the address
   * costs a few hashes; use `keys` when the address is already known).
   *
   * @param addressIndex - The BIP-44 address index.
   * @returns Its keys and address.
   */
  async account(addressIndex: number): Promise<DerivedAccount> {
    const keys = await this.keys(addressIndex);
    return { ...keys, address: accountAddress(keys.publicKey) };
  }

  /**
   * Derives one index from the coin-type node.
   *
   * @param addressIndex - The BIP-44 address index.
   * @returns Its keys.
   */
  async #derive(addressIndex: number): Promise<DerivedKeys> {
    const node = await (await deriver())(addressIndex);
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

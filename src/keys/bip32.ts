import { secp256k1 } from '@metamask/key-tree';
import type { JsonBIP44CoinTypeNode } from '@metamask/key-tree';
import { hmac } from '@noble/hashes/hmac';
import { sha512 } from '@noble/hashes/sha2';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils';

/**
 * BIP-32 private derivation from the coin-type node MetaMask gives
 * (`snap_getBip44Entropy`) down to `m/44'/coin'/0'/0/index`: the few steps
 * key-tree's `getBIP44AddressKeyDeriver` takes, without its node classes,
 * extended keys and fingerprints (about 27 KB of bundle), which the wallet
 * never reads. The curve is key-tree's own secp256k1 (noble's), so the keys
 * are key-tree's to the bit; the unit tests hold them to key-tree's for
 * hundreds of indices.
 */

/** A private node: its key and chain code, 32 bytes each. */
type PrivateNode = { privateKey: Uint8Array; chainCode: Uint8Array };

/** Derives the private key at an address index, `0x` + 64 hex digits. */
export type AddressKeyDeriver = (addressIndex: number) => string;

const HARDENED_OFFSET = 0x80000000;

/** The coin-type node's depth (`m/44'/coin'`). */
const COIN_TYPE_DEPTH = 2;

/**
 * A number as 32 bytes, big-endian.
 *
 * @param value - A number below 2^256.
 * @returns Its bytes.
 */
function bytes32(value: bigint): Uint8Array {
  return hexToBytes(value.toString(16).padStart(64, '0'));
}

/**
 * Bytes as a number, big-endian.
 *
 * @param bytes - The bytes.
 * @returns The number.
 */
function toBigInt(bytes: Uint8Array): bigint {
  return BigInt(`0x${bytesToHex(bytes)}`);
}

/**
 * A 32-bit index, big-endian.
 *
 * @param index - The index.
 * @returns Its 4 bytes.
 */
function uint32(index: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, index);
  return bytes;
}

/**
 * BIP-32's CKDpriv. When an index gives no valid key (odds about 2^-127),
 * the next index is used, as key-tree does.
 *
 * @param parent - The parent node.
 * @param index - The child index, below 2^31.
 * @param hardened - Whether the child is hardened.
 * @returns The child node.
 */
function childNode(
  parent: PrivateNode,
  index: number,
  hardened: boolean,
): PrivateNode {
  if (!Number.isInteger(index) || index < 0 || index >= HARDENED_OFFSET) {
    throw new Error('Invalid BIP-32 index: Must be a non-negative integer.');
  }
  const order = secp256k1.curve.n;
  for (let child = index; child < HARDENED_OFFSET; child++) {
    const data = hardened
      ? concatBytes(
          new Uint8Array([0]),
          parent.privateKey,
          uint32(child + HARDENED_OFFSET),
        )
      : concatBytes(
          secp256k1.getPublicKey(parent.privateKey, true),
          uint32(child),
        );
    const entropy = hmac(sha512, parent.chainCode, data);
    const tweak = toBigInt(entropy.subarray(0, 32));
    const key = (toBigInt(parent.privateKey) + tweak) % order;
    if (tweak > 0n && tweak < order && key > 0n) {
      return { privateKey: bytes32(key), chainCode: entropy.slice(32) };
    }
  }
  throw new Error('Invalid BIP-32 index: no valid child key');
}

/**
 * The deriver of `m/44'/coin'/0'/0/*` from MetaMask's coin-type node (the
 * change node derived once, here).
 *
 * @param node - The coin-type node.
 * @returns The deriver.
 */
export function addressKeyDeriver(
  node: JsonBIP44CoinTypeNode,
): AddressKeyDeriver {
  const privateKey = hexToBytes((node.privateKey ?? '').replace(/^0x/u, ''));
  const chainCode = hexToBytes(node.chainCode.replace(/^0x/u, ''));
  if (
    node.depth !== COIN_TYPE_DEPTH ||
    chainCode.length !== 32 ||
    privateKey.length !== 32 ||
    !secp256k1.isValidPrivateKey(privateKey)
  ) {
    throw new Error('Invalid coin-type node');
  }
  const account = childNode({ privateKey, chainCode }, 0, true);
  const change = childNode(account, 0, false);
  return (addressIndex) =>
    `0x${bytesToHex(childNode(change, addressIndex, false).privateKey)}`;
}

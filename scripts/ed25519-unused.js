/**
 * Stand-in for `@noble/curves/ed25519` in the snap bundle. Only
 * MetaMask's key-tree imports it, for its ed25519 and Cardano (CIP-3) curves,
 * which this snap never uses: every Stark key comes from the secp256k1
 * BIP-44 node MetaMask hands it (`snap_getBip44Entropy`). The curve and its
 * Edwards arithmetic would add ~12 KB. key-tree reads `ed25519.CURVE` when
 * it loads, so that is an empty object; anything else fails loudly. Aliased
 * in snap.config.ts.
 */

/**
 * Fails: ed25519 is not part of this snap.
 *
 * @returns {never} Nothing: it throws.
 */
function unused() {
  throw new Error(
    'ed25519 is not part of this snap: Stark keys come from the secp256k1 BIP-44 node (snap_getBip44Entropy)',
  );
}

const ed25519 = {
  CURVE: Object.freeze({}),
  getPublicKey: unused,
  get ExtendedPoint() {
    return unused();
  },
};

module.exports = { ed25519 };

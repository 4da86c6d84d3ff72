/**
 * Stand-in for @metamask/scure-bip39 and its English wordlist in the snap
 * bundle. @metamask/key-tree imports them for its BIP-39 paths (a mnemonic
 * to a seed), which this snap never takes: it derives every key from the
 * BIP-44 coin-type node MetaMask hands it (`snap_getBip44Entropy`). They
 * would add ~50 KB of code and words. Reaching one fails loudly. Aliased in
 * snap.config.ts.
 */

/**
 * Fails: BIP-39 is not part of this snap.
 *
 * @returns {never} Nothing: it throws.
 */
function unused() {
  throw new Error(
    'BIP-39 mnemonics are not part of this snap: keys come from MetaMask (snap_getBip44Entropy)',
  );
}

module.exports = {
  get wordlist() {
    return unused();
  },
  mnemonicToEntropy: unused,
  entropyToMnemonic: unused,
  mnemonicToSeed: unused,
  mnemonicToSeedSync: unused,
  generateMnemonic: unused,
  validateMnemonic: unused,
};

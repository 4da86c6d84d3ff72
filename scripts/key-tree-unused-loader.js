/**
 * Webpack loader for the parts of @metamask/key-tree this snap never runs,
 * applied in snap.config.ts: the BIP-39 and CIP-3 derivers and the ed25519
 * and ed25519-BIP32 curves (~6 KB with the ed25519 arithmetic they pull
 * in). The snap derives every key on secp256k1 with BIP-32 steps only, from
 * the BIP-44 coin-type node MetaMask hands it (`snap_getBip44Entropy`,
 * src/keys/derivation.ts); key-tree picks a deriver by a path's prefix and a
 * curve by a node's curve name, so these modules are reached only for
 * `bip39:`, `slip10:`/`cip3:` paths or ed25519 nodes, which the snap never
 * builds.
 *
 * Each module is replaced by one that exports the same names, every one a
 * function that throws: key-tree still loads (what it imports by name from
 * them resolves; its `derivers` and `curves` tables hold a stand-in of
 * their own for each, scripts/key-tree-tables-loader.js), and anything that
 * would reach one fails loudly instead of deriving.
 *
 * It fails the build when a module's exports are no longer the ones listed
 * here (a key-tree upgrade), rather than silently changing what is left out.
 */

/** The exports of each replaced module, by its path inside key-tree/dist. */
const UNUSED_MODULES = {
  'derivers/bip39.mjs': [
    'mnemonicToSeed',
    'bip39MnemonicToMultipath',
    'multipathToBip39Mnemonic',
    'getDerivationPathWithSeed',
    'deriveChildKey',
    'createBip39KeyFromSeed',
    'entropyToCip3MasterNode',
  ],
  'derivers/cip3.mjs': [
    'toReversed',
    'bytesToBigInt',
    'bigIntToBytes',
    'padEnd32Bytes',
    'trunc28Mul8',
    'mod2Pow256',
    'add',
    'getKeyExtension',
    'derivePrivateKey',
    'deriveChainCode',
    'derivePublicKey',
    'deriveChildKey',
  ],
  'curves/ed25519.mjs': [
    'curve',
    'name',
    'secret',
    'isValidPrivateKey',
    'deriveUnhardenedKeys',
    'publicKeyLength',
    'getPublicKey',
    'publicAdd',
    'compressPublicKey',
    'decompressPublicKey',
    'privateKeyLength',
    'masterNodeGenerationSpec',
    'compressedPublicKeyLength',
  ],
  'curves/ed25519Bip32.mjs': [
    'curve',
    'name',
    'secret',
    'isValidPrivateKey',
    'deriveUnhardenedKeys',
    'publicKeyLength',
    'bytesToNumberLE',
    'multiplyWithBase',
    'getPublicKey',
    'publicAdd',
    'compressPublicKey',
    'decompressPublicKey',
    'privateKeyLength',
    'masterNodeGenerationSpec',
    'compressedPublicKeyLength',
  ],
};

/**
 * The stand-in for one of the modules.
 *
 * @this {{ resourcePath: string }}
 * @param {string} source - The module's text.
 * @returns {string} The stand-in's text.
 */
function keyTreeUnused(source) {
  const file = this.resourcePath.split(/[\\/]/u).slice(-2).join('/');
  const expected = UNUSED_MODULES[file];
  const found = [
    ...source.matchAll(/^export (?:async )?(?:function|const) (\w+)\b/gmu),
  ].map((match) => match[1]);
  if (
    expected === undefined ||
    /^export (?!(?:async )?(?:function|const) )/mu.test(source) ||
    found.join() !== expected.join()
  ) {
    throw new Error(
      `key-tree-unused-loader: the exports of @metamask/key-tree's ${file} changed; update scripts/key-tree-unused-loader.js`,
    );
  }
  const what = file.startsWith('curves/')
    ? `the ${file.slice('curves/'.length, -'.mjs'.length)} curve`
    : `${file.slice('derivers/'.length, -'.mjs'.length)} derivation`;
  return [
    'function unused() {',
    `  throw new Error(${JSON.stringify(
      `${what} is not part of this snap: keys come from the secp256k1 BIP-44 node (snap_getBip44Entropy)`,
    )});`,
    '}',
    `export { ${expected.map((name) => `unused as ${name}`).join(', ')} };`,
    '',
  ].join('\n');
}

module.exports = keyTreeUnused;

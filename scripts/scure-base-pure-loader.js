/**
 * Webpack loader for @scure/base (`lib/esm/index.js`), applied in
 * snap.config.ts. The package builds each of its codecs when it loads
 * (`export const base32 = chain(radix2(5), alphabet(…), …)`): calls a
 * minifier must keep, so every codec stayed in the snap's bundle (bech32,
 * the base32 and base58 variants, hex…) though only base64 (@metamask/utils,
 * starknet.js) and base58check (@metamask/key-tree) are used.
 *
 * The builders the codecs are made of only return new objects (they throw
 * only on arguments these constant calls never pass), so this loader marks
 * them `/* @__NO_SIDE_EFFECTS__ *\/`, as the package already marks its
 * `genBase58`: Terser then drops a codec nothing uses, and keeps the rest as
 * they are. The file's lines are unchanged, so source maps still point at
 * them.
 *
 * It fails the build when a builder is no longer declared as expected (an
 * upgrade), rather than silently growing the bundle again.
 */

/** The codec builders, declared `function name(` in the file. */
const BUILDERS = [
  'chain',
  'alphabet',
  'join',
  'padding',
  'normalize',
  'radix',
  'radix2',
  'checksum',
  'genBech32',
];

/**
 * Marks the builders as free of side effects.
 *
 * @param {string} source - The file's text.
 * @returns {string} The rewritten text.
 */
function scureBasePure(source) {
  let marked = 0;
  const rewritten = source.replace(
    new RegExp(`^function (${BUILDERS.join('|')})\\(`, 'gmu'),
    (declaration) => {
      marked += 1;
      return `/* @__NO_SIDE_EFFECTS__ */ ${declaration}`;
    },
  );
  if (
    marked !== BUILDERS.length ||
    source.includes('__NO_SIDE_EFFECTS__ */ function')
  ) {
    throw new Error(
      `scure-base-pure-loader: ${marked} of @scure/base's ${BUILDERS.length} codec builders recognised; update scripts/scure-base-pure-loader.js`,
    );
  }
  return rewritten;
}

module.exports = scureBasePure;

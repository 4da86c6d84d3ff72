/**
 * Webpack loader for key-tree's two tables, `curves` (curves/curve.mjs) and
 * `derivers` (derivers/index.mjs), applied in snap.config.ts. Each table is
 * built from modules' namespaces (`import * as ed25519 from …`), and a
 * namespace used as a value carries a getter for every export: the modules
 * key-tree-unused-loader.js already stands in for (the ed25519 and
 * ed25519-BIP32 curves, the BIP-39 and CIP-3 derivers) still cost ~1 KB of
 * getters, one per name, all leading to the same function that throws.
 *
 * Here those four entries are instead one object each whose every property
 * read throws (a `Proxy`, scripts/key-tree-shared.mjs), with the same
 * message: key-tree still builds its
 * tables and lists their names (`Object.keys(curves)`), and anything that
 * would reach one of these curves or derivers fails loudly. The modules'
 * named imports elsewhere (`mnemonicToSeed`, `getDerivationPathWithSeed`…)
 * still come from the stand-in modules.
 *
 * It fails the build when a table's imports are no longer the ones written
 * here (a key-tree upgrade), rather than silently changing what is left out.
 */

/** The module holding the stand-in (and key-tree-members-loader.js's). */
const SHARED = require.resolve('./key-tree-shared.mjs');

/**
 * Per table (its path inside key-tree/dist): the namespace imports replaced,
 * and what each is, as the stand-in's message names it.
 */
const TABLES = {
  'curves/curve.mjs': {
    ed25519: 'the ed25519 curve',
    ed25519Bip32: 'the ed25519Bip32 curve',
  },
  'derivers/index.mjs': {
    bip39: 'bip39 derivation',
    cip3: 'cip3 derivation',
  },
};

/**
 * The table's module with its unreached namespaces as stand-ins.
 *
 * @this {{ resourcePath: string }}
 * @param {string} source - The module's text.
 * @returns {string} The rewritten text, on the same lines.
 */
function keyTreeTables(source) {
  const file = this.resourcePath.split(/[\\/]/u).slice(-2).join('/');
  const replaced = TABLES[file];
  const changed = () =>
    new Error(
      `key-tree-tables-loader: the tables of @metamask/key-tree's ${file} changed; update scripts/key-tree-tables-loader.js`,
    );
  if (replaced === undefined) {
    throw changed();
  }
  let rewritten = source;
  for (const [name, what] of Object.entries(replaced)) {
    const line = `import * as ${name} from "./${name}.mjs";`;
    if (rewritten.split(line).length !== 2) {
      throw changed();
    }
    rewritten = rewritten.replace(
      line,
      `const ${name} = keyTreeUnreachedTable(${JSON.stringify(what)});`,
    );
  }
  return `${rewritten}\nimport { keyTreeUnreachedTable } from ${JSON.stringify(
    SHARED,
  )};\n`;
}

module.exports = keyTreeTables;

/**
 * A step of scripts/starknet-namespaces-loader.js: starknet.js's `CallData`
 * class with only the static members the snap reaches.
 *
 * The snap reaches `CallData` only through starknet's own helpers that
 * flatten calldata without an ABI (`transaction.getExecuteCalldata`,
 * `hash.calculateContractAddressFromHash`, the outside-execution and
 * paymaster helpers): the statics `compile`, `toCalldata` and `toHex`. Its
 * source never builds a `CallData` from an ABI. But a minifier keeps every
 * member of a class it keeps, and the ABI-driven ones (the constructor's
 * ABI parser, `validate`, `compile`, `parse`, `format`, `decodeParameters`,
 * `getAbiStruct`, `getAbiEnum`) kept the Cairo ABI parsers, validators,
 * response parsers and Cairo integer classes (≈ 30 kB).
 *
 * Each of those members keeps its name and parameters, its body a stand-in
 * that throws (the `left out` helper the loader declares), so the code only
 * they reached goes. The build stops if the source imports one of the
 * classes that build a `CallData` from an ABI (`BUILDERS`: the file's
 * three `new CallData(` are theirs), since those members would then throw. The ABI parser's two parsing strategies, objects keyed
 * by the Cairo types' `abiSelector` statics (reads a minifier must keep),
 * are built by pure calls instead, so the Cairo integer classes go with
 * them. The file keeps its lines (source maps). The build stops when the
 * class no longer has the members listed below, or the strategies are not
 * found (an upgrade).
 */

/** The class's members as starknet 10.8 writes them, in order. */
const MEMBERS = [
  'constructor',
  'validate',
  'compile',
  'static compile',
  'parse',
  'format',
  'static getAbiStruct',
  'static getAbiEnum',
  'static toCalldata',
  'static toHex',
  'decodeParameters',
];

/**
 * starknet's exports that build a `CallData` from an ABI (`Contract`;
 * `Deployer`, and the accounts that deploy through it), or the class itself.
 */
const BUILDERS = [
  'Account',
  'CallData',
  'Contract',
  'Deployer',
  'WalletAccount',
  'defaultDeployer',
  'legacyDeployer',
];

/** The members kept: the statics starknet's helpers call. */
const KEPT = new Set(['static compile', 'static toCalldata', 'static toHex']);

/**
 * Rewrites the class (see the top of this file).
 *
 * @param {string} source - The text of starknet's ESM bundle, as the loader has it.
 * @param {string} leftOut - The name of the function that throws.
 * @param {Set<string>} imported - What the snap's source imports from it.
 * @returns {string} The rewritten text.
 */
function callDataStaticsOnly(source, leftOut, imported) {
  const builders = BUILDERS.filter((name) => imported.has(name));
  if (builders.length > 0 || source.match(/\bnew CallData\(/gu)?.length !== 3) {
    throw new Error(
      `starknet-namespaces-loader: the source imports ${JSON.stringify(builders)} from starknet, or its \`new CallData(\` changed, and scripts/starknet-calldata-statics.js leaves out what builds a CallData from an ABI; update it`,
    );
  }
  const classText = /^var CallData = class _CallData \{\n[^]*?\n\};$/mu.exec(
    source,
  )?.[0];
  const found = [];
  const rewritten = classText?.replace(
    /^ {2}((?:static )?\w+)\(.*\) (\{\n[^]*?\n {2}\})$/gmu,
    (member, name, body) => {
      found.push(name);
      if (KEPT.has(name)) {
        return member;
      }
      const lines = body.split('\n').length - 1;
      return member.replace(
        body,
        `{ return ${leftOut}();${'\n'.repeat(lines)}  }`,
      );
    },
  );
  if (rewritten === undefined || found.join() !== MEMBERS.join()) {
    throw new Error(
      `starknet-namespaces-loader: starknet's CallData class has the members ${JSON.stringify(found)}, not those scripts/starknet-calldata-statics.js knows; update it`,
    );
  }
  return parsingStrategiesPure(source.replace(classText, () => rewritten));
}

/**
 * The parsing strategies as pure declarations (see the top of this file).
 *
 * @param {string} source - The file, its `CallData` rewritten.
 * @returns {string} The rewritten text.
 */
function parsingStrategiesPure(source) {
  let strategies = 0;
  const rewritten = source.replace(
    /^var (hdParsingStrategy|fastParsingStrategy) = \{\n([^]*?)\n\};$/gmu,
    (_, name, members) => {
      strategies += 1;
      return `var ${name} = /* @__PURE__ */ (() => ({\n${members}\n}))();`;
    },
  );
  if (strategies !== 2) {
    throw new Error(
      `starknet-namespaces-loader: ${strategies} of starknet's 2 calldata parsing strategies found; update scripts/starknet-calldata-statics.js`,
    );
  }
  return rewritten;
}

module.exports = { callDataStaticsOnly };

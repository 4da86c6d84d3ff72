/**
 * Webpack loader for starknet.js's ESM bundle (`starknet/dist/index.mjs`),
 * applied in snap.config.ts. That file is one esbuild bundle whose
 * namespaces (`hash`, `ec`, `stark`, `wallet`, `RPC09`…) are filled by
 * statements `__export(hash_exports, {…})`: calls a minifier must keep, so
 * every namespace and all the code it names stayed in the snap's bundle,
 * used or not (RPC channels, wallet connectors, starknet.id…).
 *
 * This loader writes each namespace as one declaration,
 * `var hash_exports = /* @__PURE__ *\/ starknetNamespace({}, {…})`: the same
 * object with the same getters, built at the same place, from a helper that
 * now returns it. Webpack leaves out a namespace no used code names (the
 * annotation), and Terser one that only dropped code named (snap.config.ts
 * lists the helper, under a name no other package uses, in `pure_funcs`:
 * the snaps CLI's post-processing drops comments before Terser runs). A
 * used namespace is kept whole, as before. The Universal Deployer helpers
 * built at load time for the Account class (not used by the snap) are made
 * pure the same way.
 *
 * It fails the build when starknet's file no longer has that shape (an
 * upgrade), rather than silently growing the bundle again.
 */

/** The namespace helper's name in the rewritten file (see pure_funcs). */
const HELPER = 'starknetNamespace';

/**
 * Rewrites the file (same lines, so source maps still point at the
 * original lines).
 *
 * @param {string} source - The file's text.
 * @returns {string} The rewritten text.
 */
function starknetNamespaces(source) {
  const helper =
    'var __export = (target, all) => {\n  for (var name in all)\n    __defProp(target, name, { get: all[name], enumerable: true });\n};';
  if (!source.includes(helper) || source.includes(HELPER)) {
    throw new Error(
      "starknet-namespaces-loader: starknet's __export helper changed; update scripts/starknet-namespaces-loader.js",
    );
  }
  let namespaces = 0;
  let deployers = 0;
  const rewritten = source
    .replace(
      helper,
      `var ${HELPER} = (target, all) => {\n  for (var name in all)\n    __defProp(target, name, { get: all[name], enumerable: true }); return target;\n};`,
    )
    .replace(/^var (\w+_exports) = \{\};\n__export\(\1, \{$/gmu, (_, name) => {
      namespaces += 1;
      return `var ${name} =\n/* @__PURE__ */ ${HELPER}({}, {`;
    })
    .replace(
      /^var (defaultDeployer|legacyDeployer) = (new Deployer\([\w.]+, [\w.]+\));$/gmu,
      (_, name, construction) => {
        deployers += 1;
        return `var ${name} = /* @__PURE__ */ (() => ${construction})();`;
      },
    );
  if (namespaces < 20 || deployers !== 2 || /\b__export\(/u.test(rewritten)) {
    throw new Error(
      `starknet-namespaces-loader: ${namespaces} namespaces and ${deployers} deployers of starknet's bundle recognised, or an __export left; update scripts/starknet-namespaces-loader.js`,
    );
  }
  return rewritten;
}

module.exports = starknetNamespaces;
module.exports.STARKNET_NAMESPACE_HELPER = HELPER;

/**
 * Webpack loader for starknet.js's ESM bundle (`starknet/dist/index.mjs`),
 * applied in snap.config.ts. That file is one esbuild bundle whose
 * namespaces (`hash`, `ec`, `stark`, `wallet`, `RPC09`…) are filled by
 * statements `__export(hash_exports, {…})`: a call webpack must keep, so
 * every namespace and all the code it names stayed in the snap's bundle,
 * used or not (RPC channels, wallet connectors, starknet.id…).
 *
 * This loader writes each namespace as one declaration,
 * `var hash_exports = /* @__PURE__ *\/ __export({}, {…})`, and makes the
 * helper return its object: the same object with the same getters, built at
 * the same place, but a declaration webpack knows to be pure, so a
 * namespace the snap never reaches is left out with what only it names.
 * A used namespace is kept whole, as before.
 *
 * It fails the build when starknet's file no longer has that shape (an
 * upgrade), rather than silently growing the bundle again.
 *
 * @param {string} source - The file's text.
 * @returns {string} The rewritten text (same lines, so maps still point
 * at the original lines).
 */
module.exports = function starknetNamespaces(source) {
  const helper =
    'var __export = (target, all) => {\n  for (var name in all)\n    __defProp(target, name, { get: all[name], enumerable: true });\n};';
  if (!source.includes(helper)) {
    throw new Error(
      "starknet-namespaces-loader: starknet's __export helper changed; update scripts/starknet-namespaces-loader.js",
    );
  }
  let namespaces = 0;
  const rewritten = source
    .replace(
      helper,
      'var __export = (target, all) => {\n  for (var name in all)\n    __defProp(target, name, { get: all[name], enumerable: true }); return target;\n};',
    )
    .replace(
      /^var (\w+_exports) = \{\};\n__export\(\1, \{$/gmu,
      (_match, name) => {
        namespaces += 1;
        return `var ${name} =\n/* @__PURE__ */ __export({}, {`;
      },
    );
  // The Universal Deployer helpers, built at load time for the Account
  // class (which the snap does not use): pure too, so left out when unused.
  let deployers = 0;
  const result = rewritten.replace(
    /^var (defaultDeployer|legacyDeployer) = (new Deployer\([\w.]+, [\w.]+\));$/gmu,
    (_match, name, construction) => {
      deployers += 1;
      return `var ${name} = /* @__PURE__ */ (() => ${construction})();`;
    },
  );
  if (namespaces < 20 || deployers !== 2) {
    throw new Error(
      `starknet-namespaces-loader: ${namespaces} namespaces and ${deployers} deployers of starknet's bundle recognised; update scripts/starknet-namespaces-loader.js`,
    );
  }
  return result;
};

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
 * pure the same way. Last, `CallData` keeps only the statics the snap
 * reaches (scripts/starknet-calldata-statics.js).
 *
 * It fails the build when starknet's file no longer has that shape (an
 * upgrade), rather than silently growing the bundle again.
 */

const { dirname, resolve } = require('path');

const { callDataStaticsOnly } = require('./starknet-calldata-statics');
const { starknetUsedMembers } = require('./starknet-used-members');

/** The namespace helper's name in the rewritten file (see pure_funcs). */
const HELPER = 'starknetNamespace';

/** The name of the getter that stands in for a member left out. */
const UNUSED_HELPER = 'starknetLeftOut';

/**
 * The helper of a namespace whose unread members are left out (see
 * pure_funcs): the namespace with the members the source reads, behind a
 * `Proxy` that throws for any other.
 */
const PRUNED_HELPER = 'starknetPrunedNamespace';

/** The namespace that stands for @scure/starknet as `ec.starkCurve`. */
const STARK_CURVE = 'starknetStarkCurve';

/** The re-export helper's name in the rewritten file (see pure_funcs). */
const REEXPORT_HELPER = 'starknetReExport';

/**
 * Rewrites the file (same lines, so source maps still point at the
 * original lines).
 *
 * @param {string} source - The file's text.
 * @returns {string} The rewritten text.
 */
function starknetNamespaces(source) {
  return readMembersOnly(
    rpcTypes(namespacesAsDeclarations(source)),
    resolve(this?.rootContext ?? resolve(__dirname, '..'), 'src'),
    (file) => this?.addDependency(file),
  );
}

/**
 * The namespaces as pure declarations (see the top of this file).
 *
 * @param {string} source - The file's text.
 * @returns {string} The rewritten text.
 */
function namespacesAsDeclarations(source) {
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

/**
 * Lets webpack leave out the namespace objects of the RPC type packages
 * (`@starknet-io/starknet-types-09` and `-0104`, ~4.5 KB of getter lists:
 * every enum of each spec, three times over). starknet reads a few enums
 * from them, but through forms that need the whole namespace as an object:
 * destructuring (`var { EDAMode } = RPCSPEC0104`), the `RPC` namespace
 * that re-exports the 0.10.4 package at load time (`__reExport`), and
 * reads through it (`api_exports.ETransactionType`). Rewritten as the same
 * reads, straight from the package (`RPCSPEC0104.EDAMode`: the same
 * object, since the `RPC` namespace's own names are not among them), and
 * the re-exports as pure declarations built at the same place from
 * the re-export helper, so that the `RPC` namespace, which the snap does
 * not use, goes with them.
 *
 * @param {string} source - The file, its namespaces rewritten.
 * @returns {string} The rewritten text.
 */
function rpcTypes(source) {
  const counts = {
    destructured: 0,
    readThrough: 0,
    reExports: 0,
    exported: 0,
  };
  const ownNames = ['JRPC', 'PAYMASTER_API', 'RPCSPEC0104', 'RPCSPEC09'];
  const rewritten = source
    .replace(
      /^var \{ (\w+)(?:: (\w+))? \} = (RPCSPEC09|RPCSPEC0104);$/gmu,
      (_, member, alias, namespace) => {
        counts.destructured += 1;
        return `var ${alias ?? member} = ${namespace}.${member};`;
      },
    )
    .replace(/\b(?:api|rpc)_exports\.(\w+)/gu, (whole, member) => {
      if (ownNames.includes(member)) {
        return whole;
      }
      counts.readThrough += 1;
      return `RPCSPEC0104.${member}`;
    })
    .replace(
      /^var rpc_exports = \{\};\n__reExport\(rpc_exports, starknet_types_0104_star\);$/mu,
      () => {
        counts.reExports += 1;
        return `var ${REEXPORT_HELPER} = (target, mod) => __copyProps(target, mod, "default");\nvar rpc_exports = /* @__PURE__ */ ${REEXPORT_HELPER}({}, starknet_types_0104_star);`;
      },
    )
    .replace(/^__reExport\(api_exports, rpc_exports\);$/mu, () => {
      counts.reExports += 1;
      return `var api_exports_reexported = /* @__PURE__ */ ${REEXPORT_HELPER}(api_exports, rpc_exports);`;
    })
    .replace(/^ {2}api_exports as RPC,$/mu, () => {
      counts.exported += 1;
      return '  api_exports_reexported as RPC,';
    });
  if (
    counts.destructured !== 15 ||
    counts.readThrough < 80 ||
    counts.reExports !== 2 ||
    counts.exported !== 1 ||
    /\b__reExport\(/u.test(rewritten) ||
    // Left: each declaration and the re-export that reads both.
    rewritten.match(/\bapi_exports\b/gu)?.length !== 2 ||
    rewritten.match(/\brpc_exports\b/gu)?.length !== 2
  ) {
    throw new Error(
      `starknet-namespaces-loader: starknet's RPC type namespaces changed (${JSON.stringify(counts)}); update scripts/starknet-namespaces-loader.js`,
    );
  }
  return rewritten;
}

/**
 * Leaves out the members of starknet's namespaces that the snap's source
 * never reads (scripts/starknet-used-members.js finds the ones it does):
 * a used namespace otherwise kept all it names (`hash` its calldata
 * encoder and class-hash code, `stark`, `transaction`…). The namespace
 * object stays, with the members the source reads, behind a `Proxy` that
 * throws for any other (a getter each, the same, cost ~2 KB), so the code a
 * member left out named can go. Only namespaces starknet's own code
 * never handles as a whole are touched (its reads of their members, such as
 * `cairo_exports.felt`, are kept too); all others stay as they are.
 *
 * @param {string} source - The file, namespaces and RPC types rewritten.
 * @param {string} srcDir - The snap's source folder.
 * @param {(file: string) => void} watch - Told each source file read.
 * @returns {string} The rewritten text.
 */
function readMembersOnly(source, srcDir, watch) {
  const exported = new Map(
    [...source.matchAll(/^ {2}(\w+_exports) as (\w+),?$/gmu)].map(
      ([, name, as]) => [name, as],
    ),
  );
  const { members, imported, files } = starknetUsedMembers(
    srcDir,
    new Set(exported.values()),
  );
  files.forEach(watch);
  let pruned = 0;
  const rewritten = source.replace(
    /^var (\w+_exports) =\n\/\* @__PURE__ \*\/ starknetNamespace\(\{\}, \{\n([^]*?)\n\}\);$/gmu,
    (whole, name, getters) => {
      if (
        !getters
          .split('\n')
          .every((line) => /^ {2}\w+: \(\) => \w+,?$/u.test(line))
      ) {
        throw new Error(
          `starknet-namespaces-loader: the getters of starknet's ${name} changed shape; update scripts/starknet-namespaces-loader.js`,
        );
      }
      const as = exported.get(name);
      const others = source.match(new RegExp(`\\b${name}\\b(?!\\.)`, 'gu'));
      if (as === undefined || others?.length !== 2) {
        return whole;
      }
      const read = new Set([
        ...(members.get(as) ?? []),
        ...[...source.matchAll(new RegExp(`\\b${name}\\.(\\w+)`, 'gu'))].map(
          (match) => match[1],
        ),
      ]);
      pruned += 1;
      // An unread member's line is left blank: no getter at all (the Proxy
      // throws for it), the lines still where they were.
      return whole
        .replace(`${HELPER}({}, {`, `${PRUNED_HELPER}({}, {`)
        .replace(getters, () =>
          getters.replace(/^ {2}(\w+): .*?,?$/gmu, (getter, member) =>
            read.has(member) ? getter.replace(/,?$/u, ',') : '',
          ),
        );
    },
  );
  if (
    pruned < 20 ||
    rewritten.includes(`var ${UNUSED_HELPER} `) ||
    !/^var __reExport = .*;$/mu.test(rewritten)
  ) {
    throw new Error(
      `starknet-namespaces-loader: ${pruned} namespaces of starknet's bundle recognised for pruning; update scripts/starknet-namespaces-loader.js`,
    );
  }
  const withHelper = rewritten.replace(
    /^(var __reExport = .*;)$/mu,
    (line) =>
      `${line} var ${UNUSED_HELPER} = () => { throw new Error("This part of starknet.js is left out of the snap's bundle: its source never reads it (scripts/starknet-namespaces-loader.js)"); }; var ${PRUNED_HELPER} = (target, all) => new Proxy(${HELPER}(target, all), { get: (namespace, name) => name in namespace ? namespace[name] : ${UNUSED_HELPER}() });`,
  );
  return callDataStaticsOnly(
    starkCurveReadMembersOnly(withHelper, members.get('ec')),
    UNUSED_HELPER,
    imported,
  );
}

/**
 * The same for `ec.starkCurve`, which is @scure/starknet's whole module
 * (`import * as starkCurve`): handed out as a value, it kept all of the
 * package (ECDH, Ethereum-signature keys, account paths…). When the source
 * only reads its members (`ec.starkCurve.sign`), `ec.starkCurve` is built
 * as a namespace of its own with the members the source reads, reading the
 * package's; reading any other throws (the same `Proxy`).
 *
 * @param {string} source - The file, namespaces pruned.
 * @param {Set<string> | undefined} read - What the source reads of `ec`.
 * @returns {string} The rewritten text.
 */
function starkCurveReadMembersOnly(source, read) {
  const getter = /^ {2}starkCurve: \(\) => starkCurve(,?)$/mu;
  if (
    !source.includes('import * as starkCurve from "@scure/starknet";') ||
    !getter.test(source)
  ) {
    throw new Error(
      "starknet-namespaces-loader: starknet's ec.starkCurve changed; update scripts/starknet-namespaces-loader.js",
    );
  }
  if (read?.has('starkCurve.*') ?? true) {
    return source;
  }
  // Its export names, from starknet's own copy of the package.
  /* eslint-disable n/no-extraneous-require, n/global-require, import-x/no-dynamic-require */
  const scure = require.resolve('@scure/starknet', {
    paths: [dirname(require.resolve('starknet'))],
  });
  const keys = Object.keys(require(scure)).filter(
    (key) => key !== '__esModule',
  );
  /* eslint-enable n/no-extraneous-require, n/global-require, import-x/no-dynamic-require */
  const getters = keys
    .filter((key) => read.has(`starkCurve.${key}`))
    .map((key) => `${key}: () => starkCurve.${key}`);
  return source
    .replace(getter, (_, comma) => `  starkCurve: () => ${STARK_CURVE}${comma}`)
    .replace(
      /^(var __reExport = .*;)$/mu,
      (line) =>
        `${line} var ${STARK_CURVE} = /* @__PURE__ */ ${PRUNED_HELPER}({}, { ${getters.join(', ')} });`,
    );
}

module.exports = starknetNamespaces;
module.exports.STARKNET_NAMESPACE_HELPER = HELPER;
module.exports.STARKNET_REEXPORT_HELPER = REEXPORT_HELPER;
module.exports.STARKNET_PRUNED_HELPER = PRUNED_HELPER;

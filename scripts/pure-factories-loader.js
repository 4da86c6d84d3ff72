/**
 * Webpack loader for factories that packages call when they load, applied
 * in snap.config.ts: @metamask/superstruct's struct factories
 * (`dist/structs/*.mjs`), @metamask/utils' `definePattern`, the snaps SDK's
 * own struct factories and error classes (`createSnapError`), and
 * multiformats' codec builders (`rfc4648`, `baseX`…, whose every base32,
 * base36 and base58 variant is built). Packages build their structs when they load
 * (`export const JsonRpcRequestStruct = object({…})`,
 * `definePattern('CaipAssetId', /…/u)`): calls a minifier must keep, so
 * every struct stayed in the snap's bundle, used or not (@metamask/utils'
 * JSON-RPC and CAIP structs, with their patterns, the SDK's unused unions,
 * multiformats' unused bases).
 *
 * Each factory only returns a new object (a `Struct`, an error class, a
 * codec; none reads or writes anything else, or throws on the constant
 * arguments the packages pass), so this loader marks them `/* @__NO_SIDE_EFFECTS__ *\/`, as
 * scripts/scure-base-pure-loader.js does for @scure/base's codec builders:
 * Terser then drops a struct nothing uses, and keeps the rest as they are.
 * The files' lines are unchanged, so source maps still point at them.
 *
 * It fails the build when a file's exported functions are no longer the
 * ones listed here (an upgrade), rather than silently marking a new one.
 */

/** The factories of each file, by the end of its path. */
const FACTORIES = {
  '@metamask/superstruct/dist/structs/types.mjs': [
    'any',
    'array',
    'bigint',
    'boolean',
    'date',
    'enums',
    'func',
    'instance',
    'integer',
    'intersection',
    'literal',
    'map',
    'never',
    'nullable',
    'number',
    'object',
    'optional',
    'exactOptional',
    'record',
    'regexp',
    'set',
    'string',
    'tuple',
    'type',
    'union',
    'unknown',
  ],
  '@metamask/superstruct/dist/structs/refinements.mjs': [
    'empty',
    'max',
    'min',
    'nonempty',
    'pattern',
    'size',
    'refine',
  ],
  '@metamask/superstruct/dist/structs/coercions.mjs': [
    'coerce',
    'defaulted',
    'trimmed',
  ],
  '@metamask/superstruct/dist/structs/utilities.mjs': [
    'assign',
    'define',
    'deprecated',
    'dynamic',
    'lazy',
    'omit',
    'partial',
    'pick',
  ],
  '@metamask/utils/dist/superstruct.mjs': ['definePattern'],
  '@metamask/snaps-sdk/dist/internals/structs.mjs': [
    'literal',
    'union',
    'enumValue',
    'typedUnion',
    'selectiveUnion',
    'nonEmptyRecord',
  ],
  '@metamask/snaps-sdk/dist/internals/error-wrappers.mjs': ['createSnapError'],
  'multiformats/dist/src/bases/base.js': ['or', 'from', 'baseX', 'rfc4648'],
};

/**
 * Files that call a factory for each of their exports (the SDK's error
 * classes, `export const InternalError = createSnapError(rpcErrors.internal)`):
 * the factory by file. Terser kept those calls though the factory is marked:
 * each reads a member of `rpcErrors` or `providerErrors` as its argument,
 * which it must assume may have effects. Each call is marked
 * `/* @__PURE__ *\/` where it is made, so an unused error class goes.
 */
const PURE_CALLS = {
  '@metamask/snaps-sdk/dist/error-wrappers.mjs': 'createSnapError',
};

/** Exports other than functions, by file (left as they are). */
const OTHER_EXPORTS = {
  'multiformats/dist/src/bases/base.js': ['export class Codec {'],
};

/**
 * Marks the factories as free of side effects.
 *
 * @this {{ resourcePath: string }}
 * @param {string} source - The file's text.
 * @returns {string} The rewritten text.
 */
function pureFactories(source) {
  const path = this.resourcePath.split(/[\\/]/u).join('/');
  const calls = Object.keys(PURE_CALLS).find((name) =>
    path.endsWith(`/node_modules/${name}`),
  );
  if (calls !== undefined) {
    return pureCalls(source, calls, PURE_CALLS[calls]);
  }
  const file = Object.keys(FACTORIES).find((name) =>
    path.endsWith(`/node_modules/${name}`),
  );
  const found = [...source.matchAll(/^export function (\w+)\(/gmu)].map(
    (match) => match[1],
  );
  if (
    file === undefined ||
    found.join() !== FACTORIES[file].join() ||
    source
      .split('\n')
      .filter(
        (line) =>
          line.startsWith('export ') && !/^export function \w+\(/u.test(line),
      )
      .join() !== (OTHER_EXPORTS[file] ?? []).join()
  ) {
    throw new Error(
      `pure-factories-loader: the exports of ${file ?? path} changed; update scripts/pure-factories-loader.js`,
    );
  }
  return source.replace(
    /^export function /gmu,
    'export /* @__NO_SIDE_EFFECTS__ */ function ',
  );
}

/**
 * The file with each export's factory call marked pure.
 *
 * @param {string} source - The file's text.
 * @param {string} file - The file, as PURE_CALLS names it.
 * @param {string} factory - The factory its exports call.
 * @returns {string} The rewritten text, on the same lines.
 */
function pureCalls(source, file, factory) {
  const exported = source
    .split('\n')
    .filter((line) => line.startsWith('export '));
  const call = new RegExp(
    `^export const \\w+ = ${factory}\\((?:rpcErrors|providerErrors)\\.\\w+\\);$`,
    'u',
  );
  if (exported.length < 10 || !exported.every((line) => call.test(line))) {
    throw new Error(
      `pure-factories-loader: the exports of ${file} changed; update scripts/pure-factories-loader.js`,
    );
  }
  return source.replace(
    new RegExp(`^(export const \\w+ = )${factory}\\(`, 'gmu'),
    `$1/* @__PURE__ */ ${factory}(`,
  );
}

module.exports = pureFactories;

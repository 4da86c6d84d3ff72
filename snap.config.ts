import type { SnapConfig } from '@metamask/snaps-cli';
import { merge } from '@metamask/snaps-cli';
import { resolve } from 'path';
import TerserPlugin from 'terser-webpack-plugin';

import {
  nodeUrlsFromEnvironment,
  paymasterUrlsFromEnvironment,
  swapApiUrlsFromEnvironment,
} from './scripts/node-urls';
import {
  STARKNET_NAMESPACE_HELPER,
  STARKNET_PRUNED_HELPER,
  STARKNET_REEXPORT_HELPER,
} from './scripts/starknet-namespaces-loader';

/**
 * Build-time network configuration. The snap reads these as `process.env.*`;
 * the URL of each network comes from here and nowhere else.
 *
 * - `SNAP_MAINNET_RPC_URL` / `SNAP_TESTNET_RPC_URL`: the network's nodes,
 *   one JSON-RPC URL or several separated by commas, tried in that order;
 *   they replace the default keyless public nodes (scripts/node-urls.js).
 * - `SNAP_RPC_API_KEY`: puts the keyed Infura node in front of the public
 *   ones of each network whose variable above is absent.
 *   An empty variable, an empty entry or an empty key stops the build.
 * - `SNAP_MAINNET_PAYMASTER_URL` / `SNAP_TESTNET_PAYMASTER_URL`: the
 *   network's SNIP-29 paymaster (one URL, or `none`); by default the public
 *   keyless ones starknet.js names (scripts/node-urls.js).
 * - `SNAP_MAINNET_SWAP_URL` / `SNAP_TESTNET_SWAP_URL`: the network's swap
 *   API in AVNU's shape (its base, one URL, or `none`); by default AVNU's
 *   own (scripts/node-urls.js).
 * - `SNAP_NODE_TIMEOUT_MS`: how long one exchange with a node may take, body
 *   included (default 30000). Only the test build shortens it, to test
 *   stalled nodes quickly; values outside 1000–30000 stop the build, so no
 *   build waits longer than production.
 * - `SNAP_CONTENT_STORAGE_URL`: the content-storage API token logos are read
 *   from (its base; the snap adds `/api/v0/cat`), default the provider's.
 * - `SNAP_CONTENT_STORAGE_AUTH`: its basic-auth `key:secret`, optional.
 * - `SNAP_EXTRA_VERIFIED_TOKENS`: test builds only: a JSON list (at most 8)
 *   of `{chainId, address, name, symbol, decimals}` the wallet also treats
 *   as verified tokens (src/tokens/verified.ts); a malformed value stops the
 *   build. Production builds leave it unset.
 * - `SNAP_LOG_LEVEL`: what the snap logs to the console: `error`, `warn`
 *   (the default), `info` or `debug`.
 * - `SNAP_SOURCE_MAP=1`: also writes `dist/bundle.js.map`, hidden (the
 *   bundle's bytes stay the same: no `sourceMappingURL` comment), mapping
 *   every line (without the CLI's `sourceMap` flag its loader maps whole
 *   modules only). The test build does, so that the end-to-end tiers'
 *   coverage maps back to src/ lines.
 */
const nodeUrls = nodeUrlsFromEnvironment(process.env);
const paymasterUrls = paymasterUrlsFromEnvironment(process.env);
const swapApiUrls = swapApiUrlsFromEnvironment(process.env);
const nodeTimeoutMs = process.env.SNAP_NODE_TIMEOUT_MS ?? '30000';
if (
  !/^\d+$/u.test(nodeTimeoutMs) ||
  Number(nodeTimeoutMs) < 1000 ||
  Number(nodeTimeoutMs) > 30000
) {
  throw new Error(
    `SNAP_NODE_TIMEOUT_MS must be 1000–30000 (milliseconds), not ${nodeTimeoutMs}`,
  );
}

/**
 * Whether a text is a list of extra verified tokens as src/tokens/verified.ts
 * reads it (it drops the whole list otherwise).
 *
 * @param text - The variable's value.
 * @returns Whether it is one.
 */
function isVerifiedTokenList(text: string): boolean {
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    return false;
  }
  const fields = ['address', 'chainId', 'decimals', 'name', 'symbol'];
  return (
    Array.isArray(list) &&
    list.length <= 8 &&
    list.every(
      (entry) =>
        typeof entry === 'object' &&
        entry !== null &&
        Object.keys(entry).sort().join() === fields.join() &&
        /^0x[0-9a-f]{1,64}$/u.test(entry.chainId) &&
        /^0x[0-9a-f]{64}$/u.test(entry.address) &&
        typeof entry.name === 'string' &&
        entry.name.length >= 1 &&
        entry.name.length <= 64 &&
        /^[A-Za-z0-9._-]{1,16}$/u.test(entry.symbol) &&
        Number.isInteger(entry.decimals) &&
        entry.decimals >= 0 &&
        entry.decimals <= 255,
    )
  );
}

const extraVerifiedTokens = process.env.SNAP_EXTRA_VERIFIED_TOKENS ?? '';
if (extraVerifiedTokens !== '' && !isVerifiedTokenList(extraVerifiedTokens)) {
  throw new Error(
    'SNAP_EXTRA_VERIFIED_TOKENS must be a JSON list of at most 8 {chainId, address, name, symbol, decimals}',
  );
}

/**
 * Where the build writes `dist/` and the manifest, and what `serve` serves:
 * the repository, unless `SNAP_BUILD_DIR` names a copy. `npm start` builds
 * into a copy so that the local build's shasum never rewrites the committed
 * snap.manifest.json.
 */
const buildDir = process.env.SNAP_BUILD_DIR ?? __dirname;

const contentStorageUrl =
  process.env.SNAP_CONTENT_STORAGE_URL ?? 'https://ipfs.infura.io:5001';
const contentStorageAuth = process.env.SNAP_CONTENT_STORAGE_AUTH ?? '';

/** The webpack configuration the snaps CLI hands snap.config.ts. */
type Configuration = Parameters<
  NonNullable<SnapConfig['customizeWebpackConfig']>
>[0];

/**
 * Lets Terser see the packages' `/* @__PURE__ *\/` annotations. The snaps
 * CLI post-processes the bundle (SES fixes, comments stripped) before its
 * Terser runs, so every annotation was gone by then and Terser kept each
 * unused value a call built (noble's SHA-224/384 hashers, superstruct's
 * structs…). Its plugin keeps the comments when told; Terser then writes
 * none (`format.comments`), so the bundle still has no comments. Fails
 * the build if the CLI's plugin is no longer there to tell.
 *
 * @param webpackConfig - The CLI's webpack configuration.
 * @returns The same configuration, its snaps plugin told to keep comments.
 */
function keepPureAnnotations(webpackConfig: Configuration): Configuration {
  const snapsPlugin = webpackConfig.plugins?.find(
    (plugin) => plugin?.constructor.name === 'SnapsWebpackPlugin',
  );
  const options: unknown =
    snapsPlugin && 'options' in snapsPlugin ? snapsPlugin.options : undefined;
  if (typeof options !== 'object' || options === null) {
    throw new Error(
      "snap.config.ts: the snaps CLI's SnapsWebpackPlugin was not found; update keepPureAnnotations",
    );
  }
  Object.assign(options, { stripComments: false });
  return webpackConfig;
}

const config: SnapConfig = {
  input: resolve(__dirname, 'src/index.tsx'),
  output: { path: resolve(buildDir, 'dist') },
  manifest: { path: resolve(buildDir, 'snap.manifest.json') },
  server: {
    root: buildDir,
    port: Number(process.env.SNAP_SERVER_PORT ?? 8081),
  },
  polyfills: false,
  // With the map, swc maps each module's lines too (the CLI's loader reads
  // this flag); the devtool below keeps the map hidden.
  sourceMap: process.env.SNAP_SOURCE_MAP === '1',
  stats: {
    buffer: false,
  },
  environment: {
    // Each list as its URLs joined by commas (src/config.ts splits them).
    SNAP_MAINNET_RPC_URL: nodeUrls.mainnet.join(','),
    SNAP_TESTNET_RPC_URL: nodeUrls.testnet.join(','),
    SNAP_MAINNET_PAYMASTER_URL: paymasterUrls.mainnet,
    SNAP_TESTNET_PAYMASTER_URL: paymasterUrls.testnet,
    SNAP_MAINNET_SWAP_URL: swapApiUrls.mainnet,
    SNAP_TESTNET_SWAP_URL: swapApiUrls.testnet,
    SNAP_NODE_TIMEOUT_MS: nodeTimeoutMs,
    SNAP_CONTENT_STORAGE_URL: contentStorageUrl,
    SNAP_CONTENT_STORAGE_AUTH: contentStorageAuth,
    SNAP_LOG_LEVEL: process.env.SNAP_LOG_LEVEL ?? 'warn',
    SNAP_EXTRA_VERIFIED_TOKENS: extraVerifiedTokens,
  },
  customizeWebpackConfig: (webpackConfig) => ({
    ...merge(keepPureAnnotations(webpackConfig), {
      ...(process.env.SNAP_SOURCE_MAP === '1'
        ? { devtool: 'hidden-source-map' as const }
        : {}),
      module: {
        rules: [
          {
            // starknet.js's namespaces as pure declarations, so the ones
            // the snap never reaches are left out, and its CallData class
            // with only the statics the snap reaches (the loader says why).
            test: /[\\/]node_modules[\\/]starknet[\\/]dist[\\/]index\.mjs$/u,
            enforce: 'pre' as const,
            loader: resolve(__dirname, 'scripts/starknet-namespaces-loader.js'),
          },
          {
            // @scure/base's codec builders marked free of side effects, so
            // the codecs nothing uses are left out (the loader says why).
            test: /[\\/]node_modules[\\/]@scure[\\/]base[\\/]lib[\\/]esm[\\/]index\.js$/u,
            enforce: 'pre' as const,
            loader: resolve(__dirname, 'scripts/scure-base-pure-loader.js'),
          },
          {
            // key-tree's BIP-39 and CIP-3 derivers and ed25519 curves, which
            // the snap never reaches, as stand-ins that throw (the loader
            // says why).
            test: /[\\/]node_modules[\\/]@metamask[\\/]key-tree[\\/]dist[\\/](?:derivers[\\/](?:bip39|cip3)|curves[\\/](?:ed25519|ed25519Bip32))\.mjs$/u,
            enforce: 'pre' as const,
            loader: resolve(__dirname, 'scripts/key-tree-unused-loader.js'),
          },
          {
            // Factories packages call when they load (superstruct's and the
            // SDK's structs, @metamask/utils' definePattern, the SDK's error
            // classes, multiformats' bases) marked free of side effects, so
            // what nothing uses is left out (the loader says why).
            test: /[\\/]node_modules[\\/](?:@metamask[\\/](?:superstruct[\\/]dist[\\/]structs[\\/](?:types|refinements|coercions|utilities)|utils[\\/]dist[\\/]superstruct|snaps-sdk[\\/]dist[\\/](?:internals[\\/](?:structs|error-wrappers)|error-wrappers))\.mjs|multiformats[\\/]dist[\\/]src[\\/]bases[\\/]base\.js)$/u,
            enforce: 'pre' as const,
            loader: resolve(__dirname, 'scripts/pure-factories-loader.js'),
          },
          {
            // key-tree's curves and derivers tables with the entries the
            // loader above stands in for as one object each that throws
            // when read, instead of a namespace with a getter per name (the
            // loader says why).
            test: /[\\/]node_modules[\\/]@metamask[\\/]key-tree[\\/]dist[\\/](?:curves[\\/]curve|derivers[\\/]index)\.mjs$/u,
            enforce: 'pre' as const,
            loader: resolve(__dirname, 'scripts/key-tree-tables-loader.js'),
          },
          {
            // The members of key-tree's node classes the snap never
            // reaches (extended keys, seeds, paths, JSON) as stand-ins that
            // throw (the loader says why).
            test: /[\\/]node_modules[\\/]@metamask[\\/]key-tree[\\/]dist[\\/](?:SLIP10Node|BIP44Node|BIP44CoinTypeNode)\.mjs$/u,
            enforce: 'pre' as const,
            loader: resolve(__dirname, 'scripts/key-tree-members-loader.js'),
          },
          {
            // Class members nothing in the bundle calls (multiformats'
            // CID conversions, noble's Point.msm, ECDSA key recovery, ECDH
            // and square roots of fields the snap has none of,
            // fast-safe-stringify's stable variant) as stand-ins that throw
            // (the loader says why).
            test: /[\\/]node_modules[\\/](?:multiformats[\\/]dist[\\/]src[\\/]cid|@noble[\\/]curves[\\/]esm[\\/]abstract[\\/](?:weierstrass|modular)|fast-safe-stringify[\\/]index)\.js$/u,
            enforce: 'pre' as const,
            loader: resolve(__dirname, 'scripts/unreached-members-loader.js'),
          },
          {
            // key-tree's modules as free of side effects (its package does
            // not say so), so that what the snap's derivation
            // (getBIP44AddressKeyDeriver, src/keys/derivation.ts) never
            // reaches is left out. Safe: at its top level key-tree only
            // defines (functions, classes, constants, the WeakMaps of its
            // own private fields), which scripts/bundle-diet.test.ts holds.
            test: /[\\/]node_modules[\\/]@metamask[\\/]key-tree[\\/]/u,
            sideEffects: false,
          },
        ],
      },
      resolve: {
        alias: {
          // @metamask/utils imports all of lodash (~70 KB) for `memoize`
          // only; scripts/lodash-memoize.js is that one function.
          lodash: resolve(__dirname, 'scripts/lodash-memoize.js'),
          // @metamask/key-tree imports BIP-39 (mnemonic code and its
          // wordlist, ~50 KB) for paths the snap never takes: it derives
          // from MetaMask's BIP-44 node. scripts/bip39-unused.js fails if
          // one is ever reached.
          '@metamask/scure-bip39$': resolve(
            __dirname,
            'scripts/bip39-unused.js',
          ),
          '@metamask/scure-bip39/dist/wordlists/english.js': resolve(
            __dirname,
            'scripts/bip39-unused.js',
          ),
          // The snaps SDK already bundles @metamask/superstruct (a fork of
          // superstruct with the same factories): the snap's own structs use
          // that copy instead of a second library. The source imports
          // `superstruct`, which the OpenRPC generator records in tests and
          // scripts (scripts/openrpc/record-structs.ts).
          superstruct$: resolve(
            require.resolve('@metamask/superstruct/package.json'),
            '../dist/index.mjs',
          ),
        },
      },
    }),
    optimization: {
      ...webpackConfig.optimization,
      // The CLI's Terser, told that starknet's namespace (pruned or whole)
      // and re-export helpers are pure (see scripts/starknet-namespaces-loader.js), and
      // writing no comments (the CLI's post-processing, which strips them,
      // now runs before it: see keepPureAnnotations). Two passes (the CLI
      // makes one): the second saves ~2.3 KB, which the request scopes, fair
      // turns and tip estimates of #48 needed to keep the bundle under its
      // 466,000 bytes. It folds away code of a few lines of src/, which then
      // have no place in the source map and read as never run in the
      // end-to-end coverage (the unit tests' coverage, counted together with
      // it, still sees them). A third pass and `hoist_funs` (function
      // declarations moved to the top of their scope, where the language
      // already hoists them, so nothing runs differently) save ~1 KB more.
      // Tried and left out, each unsafe for code we do not own: unsafe_arrows
      // (~2.3 KB: a function made an arrow can no longer be a constructor),
      // pure_getters (~0.7 KB: a property read kept to throw would go).
      minimizer: [
        new TerserPlugin({
          parallel: true,
          extractComments: false,
          terserOptions: {
            format: { comments: false },
            compress: {
              passes: 3,
              hoist_funs: true,
              pure_funcs: [
                STARKNET_NAMESPACE_HELPER,
                STARKNET_PRUNED_HELPER,
                STARKNET_REEXPORT_HELPER,
              ],
            },
          },
        }),
      ],
    },
  }),
};

export default config;

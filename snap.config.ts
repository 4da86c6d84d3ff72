import type { SnapConfig } from '@metamask/snaps-cli';
import { merge } from '@metamask/snaps-cli';
import { resolve } from 'path';

/**
 * Build-time network configuration. The snap reads these as `process.env.*`;
 * the URL of each network comes from here and nowhere else.
 *
 * - `SNAP_MAINNET_RPC_URL` / `SNAP_TESTNET_RPC_URL`: full JSON-RPC URLs.
 * - `SNAP_RPC_API_KEY`: used to form the default Infura URLs when the two
 *   variables above are absent.
 * - `SNAP_CONTENT_STORAGE_URL`: the content-storage API token logos are read
 *   from (its base; the snap adds `/api/v0/cat`), default the provider's.
 * - `SNAP_CONTENT_STORAGE_AUTH`: its basic-auth `key:secret`, optional.
 */
const apiKey = process.env.SNAP_RPC_API_KEY ?? '';
const mainnetRpcUrl =
  process.env.SNAP_MAINNET_RPC_URL ??
  `https://starknet-mainnet.infura.io/v3/${apiKey}`;
const testnetRpcUrl =
  process.env.SNAP_TESTNET_RPC_URL ??
  `https://starknet-sepolia.infura.io/v3/${apiKey}`;

const contentStorageUrl =
  process.env.SNAP_CONTENT_STORAGE_URL ?? 'https://ipfs.infura.io:5001';
const contentStorageAuth = process.env.SNAP_CONTENT_STORAGE_AUTH ?? '';

const config: SnapConfig = {
  input: resolve(__dirname, 'src/index.tsx'),
  server: {
    port: Number(process.env.SNAP_SERVER_PORT ?? 8081),
  },
  polyfills: false,
  stats: {
    buffer: false,
  },
  environment: {
    SNAP_MAINNET_RPC_URL: mainnetRpcUrl,
    SNAP_TESTNET_RPC_URL: testnetRpcUrl,
    SNAP_CONTENT_STORAGE_URL: contentStorageUrl,
    SNAP_CONTENT_STORAGE_AUTH: contentStorageAuth,
  },
  customizeWebpackConfig: (webpackConfig) =>
    merge(webpackConfig, {
      resolve: {
        alias: {
          // @metamask/utils imports all of lodash for `memoize` only.
          lodash: resolve(__dirname, 'scripts/lodash-memoize.js'),
        },
      },
    }),
};

export default config;

import { resolve } from 'path';

import {
  TEST_MAINNET_PORT,
  TEST_NODE_PORT,
  TEST_NODE_TIMEOUT_MS,
  TEST_STORAGE_KEY,
  TEST_STORAGE_PORT,
  TEST_STORAGE_SECRET,
} from '../test/ports';

/** The repository root. */
export const ROOT = resolve(__dirname, '..');

/** Where the benchmark writes its results. */
export const RESULTS_DIR = resolve(__dirname, 'results');

/** Scratch file the snaps-jest run writes its measurements to. */
export const SNAP_MEASUREMENTS = resolve(RESULTS_DIR, 'snap.tmp');

/** The port `npm run build:test` points the snap's Testnet URL at. */
export const TESTNET_PORT = TEST_NODE_PORT;

/**
 * The environment of `npm run build:test` (both networks and the content
 * storage on 127.0.0.1, the short node timeout): every variable that script
 * sets, or the analysed build would not be the bundle measured.
 */
export const TEST_BUILD_ENV = {
  SNAP_NODE_TIMEOUT_MS: String(TEST_NODE_TIMEOUT_MS),
  SNAP_TESTNET_RPC_URL: `http://127.0.0.1:${TESTNET_PORT}/rpc`,
  SNAP_MAINNET_RPC_URL: `http://127.0.0.1:${TEST_MAINNET_PORT}/rpc`,
  SNAP_CONTENT_STORAGE_URL: `http://127.0.0.1:${TEST_STORAGE_PORT}`,
  SNAP_CONTENT_STORAGE_AUTH: `${TEST_STORAGE_KEY}:${TEST_STORAGE_SECRET}`,
};

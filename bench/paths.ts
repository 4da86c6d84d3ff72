import { resolve } from 'path';

import { TEST_MAINNET_PORT, TEST_NODE_PORT } from '../test/ports';

/** The repository root. */
export const ROOT = resolve(__dirname, '..');

/** Where the benchmark writes its results. */
export const RESULTS_DIR = resolve(__dirname, 'results');

/** Scratch file the snaps-jest run writes its measurements to. */
export const SNAP_MEASUREMENTS = resolve(RESULTS_DIR, 'snap.tmp');

/** The port `npm run build:test` points the snap's Testnet URL at. */
export const TESTNET_PORT = TEST_NODE_PORT;

/** The environment of `npm run build:test` (both networks on 127.0.0.1). */
export const TEST_BUILD_ENV = {
  SNAP_TESTNET_RPC_URL: `http://127.0.0.1:${TESTNET_PORT}/rpc`,
  SNAP_MAINNET_RPC_URL: `http://127.0.0.1:${TEST_MAINNET_PORT}/rpc`,
};

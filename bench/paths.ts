import { resolve } from 'path';

import { TEST_NODE_PORT } from '../test/ports';

/** The repository root. */
export const ROOT = resolve(__dirname, '..');

/** Where the benchmark writes its results. */
export const RESULTS_DIR = resolve(__dirname, 'results');

/** Scratch file the snaps-jest run writes its measurements to. */
export const SNAP_MEASUREMENTS = resolve(RESULTS_DIR, 'snap.tmp');

/** The port `npm run build:test` points the snap's Testnet URL at. */
export const TESTNET_PORT = TEST_NODE_PORT;

/** The environment of `npm run build:test`: the analysed build gets all of it. */
export { TEST_BUILD_ENV } from '../scripts/snap-build';

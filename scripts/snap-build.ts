import { spawn } from 'child_process';
import type { ChildProcess } from 'child_process';
import { copyFile, mkdir, rm } from 'fs/promises';
import { resolve } from 'path';

import {
  TEST_MAINNET_PORT,
  TEST_MAINNET_SPARE_PORT,
  TEST_NODE_PORT,
  TEST_NODE_TIMEOUT_MS,
  TEST_STORAGE_KEY,
  TEST_STORAGE_PORT,
  TEST_STORAGE_SECRET,
} from '../test/ports';
import { VERIFIED_TEST_TOKEN } from '../test/verifiedTestToken';

const root = resolve(__dirname, '..');

/**
 * The environment of the test build: both networks and the content storage
 * on 127.0.0.1 (the ports of test/ports.ts), the short node timeout.
 * Mainnet has two nodes, as the production build does, so the failover
 * tests run through the built snap; the second is down unless a test
 * starts it. The token the chain tests deploy is listed as verified on the
 * test network (test/verifiedTestToken.ts).
 */
export const TEST_BUILD_ENV = {
  SNAP_NODE_TIMEOUT_MS: String(TEST_NODE_TIMEOUT_MS),
  SNAP_TESTNET_RPC_URL: `http://127.0.0.1:${TEST_NODE_PORT}/rpc`,
  SNAP_MAINNET_RPC_URL: [TEST_MAINNET_PORT, TEST_MAINNET_SPARE_PORT]
    .map((port) => `http://127.0.0.1:${port}/rpc`)
    .join(','),
  // The local node (and the devnet tier's proxy) serve SNIP-29 there too.
  SNAP_TESTNET_PAYMASTER_URL: `http://127.0.0.1:${TEST_NODE_PORT}/rpc`,
  SNAP_MAINNET_PAYMASTER_URL: `http://127.0.0.1:${TEST_MAINNET_PORT}/rpc`,
  // The local node serves AVNU's swap API at its root.
  SNAP_TESTNET_SWAP_URL: `http://127.0.0.1:${TEST_NODE_PORT}`,
  SNAP_MAINNET_SWAP_URL: `http://127.0.0.1:${TEST_MAINNET_PORT}`,
  SNAP_CONTENT_STORAGE_URL: `http://127.0.0.1:${TEST_STORAGE_PORT}`,
  SNAP_CONTENT_STORAGE_AUTH: `${TEST_STORAGE_KEY}:${TEST_STORAGE_SECRET}`,
  SNAP_EXTRA_VERIFIED_TOKENS: JSON.stringify([VERIFIED_TEST_TOKEN]),
};

/**
 * Makes `dir` a fresh copy of what the snaps CLI reads beside the build
 * (manifest, package.json, icon), for a build whose shasum must not touch
 * the committed manifest (`SNAP_BUILD_DIR`, see snap.config.ts).
 *
 * @param dir - The build's folder.
 * @param claim - Marks the folder as its owner's, first thing in the empty
 * folder (so a build stopped at any point leaves a folder its owner knows).
 */
export async function prepareBuildDir(
  dir: string,
  claim?: () => Promise<void>,
): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await claim?.();
  await mkdir(resolve(dir, 'images'), { recursive: true });
  for (const file of [
    'snap.manifest.json',
    'package.json',
    'images/icon.svg',
  ]) {
    await copyFile(resolve(root, file), resolve(dir, file));
  }
}

/**
 * Runs the snaps CLI with extra environment, its output shown.
 *
 * @param args - CLI arguments.
 * @param env - Extra environment.
 * @returns The child process.
 */
export function snapsCli(
  args: string[],
  env: Record<string, string>,
): ChildProcess {
  return spawn('npx', ['mm-snap', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
}

/**
 * Waits for a process to end.
 *
 * @param child - The process.
 * @returns Whether it exited with 0.
 */
export async function succeeded(child: ChildProcess): Promise<boolean> {
  return new Promise((resolveExit) => {
    child.on('error', () => resolveExit(false));
    child.on('exit', (code) => resolveExit(code === 0));
  });
}

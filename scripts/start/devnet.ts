/* eslint-disable n/no-unsupported-features/node-builtins -- Node 20's fetch */
import { execFile } from 'child_process';

import { spawnGroup } from './child-group';
import type { ChildGroup } from './child-group';
import { StartError } from './start-error';
import { devnetBinary } from '../../test/chain/devnet';

/** How long starknet-devnet may take to answer after it starts. */
const STARTUP_LIMIT_MS = 60_000;

/** What devnet printed last, shown when it fails. */
const KEPT_OUTPUT_CHARS = 4_000;

/**
 * The installed starknet-devnet's version, or a message saying how to
 * install it: checked before anything starts.
 *
 * @returns E.g. `starknet-devnet 0.10.1`.
 */
export async function devnetVersion(): Promise<string> {
  const binary = devnetBinary();
  return new Promise((resolve, reject) => {
    execFile(binary, ['--version'], { timeout: 10_000 }, (error, stdout) => {
      if (error) {
        reject(
          new StartError(
            `--devnet needs starknet-devnet, which cannot run from ${binary} (${error.message}). Install it with npm run devnet:install (or name another binary with STARKNET_DEVNET).`,
          ),
        );
        return;
      }
      resolve(stdout.trim());
    });
  });
}

/**
 * Waits until devnet answers `GET /is_alive`, for at most STARTUP_LIMIT_MS.
 *
 * @param base - Its base URL.
 * @param group - Its process.
 * @returns Whether it answered (false: it ended, or the time is up).
 */
async function answersInTime(
  base: string,
  group: ChildGroup,
): Promise<boolean> {
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (group.running() && Date.now() < deadline) {
    const alive = await fetch(`${base}/is_alive`)
      .then((response) => response.ok)
      .catch(() => false);
    if (alive) {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * Starts starknet-devnet on 127.0.0.1 (Sepolia's chain id, ten accounts of a
 * fixed seed, so the same accounts every time; the full state archive, which
 * the snap's history reads) and waits until it answers.
 *
 * @param port - Its port.
 * @param onStarted - Receives the process group as soon as it exists, so
 * that a stop during startup stops it.
 * @returns The running process group, and its JSON-RPC URL.
 */
export async function startDevnet(
  port: number,
  onStarted: (group: ChildGroup) => void,
): Promise<{ group: ChildGroup; url: string; output: () => string }> {
  const group = spawnGroup(
    devnetBinary(),
    [
      ...['--host', '127.0.0.1', '--port', String(port)],
      ...['--seed', '0', '--accounts', '10', '--chain-id', 'SN_SEPOLIA'],
      ...['--state-archive-capacity', 'full'],
    ],
    { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  onStarted(group);
  let printed = '';
  const keep = (chunk: Buffer): void => {
    printed = `${printed}${chunk.toString('utf8')}`.slice(-KEPT_OUTPUT_CHARS);
  };
  group.child.stdout?.on('data', keep);
  group.child.stderr?.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  if (!(await answersInTime(base, group))) {
    const how = group.running()
      ? `did not answer within ${STARTUP_LIMIT_MS / 1000} s`
      : `ended at startup (${await group.exited})`;
    throw new StartError(`starknet-devnet ${how}. It printed:\n${printed}`);
  }
  return { group, url: `${base}/rpc`, output: () => printed };
}

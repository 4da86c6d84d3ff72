/* eslint-disable n/no-process-env, n/no-unsupported-features/node-builtins -- the binary's location comes from the environment; Node 20's fetch */
import { spawn } from 'child_process';
import type { ChildProcess } from 'child_process';
import { homedir } from 'os';
import { join } from 'path';

import { startCountingProxy } from './counting-proxy';
import type { PredeployedAccount, TestNode, TestNodeOptions } from './types';
import { freePort } from '../../scripts/start/ports';
import { rpcPaymasterEndpoint } from '@snapnet/local-node';

/** The version the conformance tier is pinned to (scripts/devnet-install.sh). */
export const DEVNET_VERSION = '0.10.1';
/** Same seed every run: same predeployed accounts, same hashes. */
const DEVNET_SEED = '42';
const STARTUP_LIMIT_MS = 60_000;
const STOP_LIMIT_MS = 5_000;

/**
 * The starknet-devnet binary: `STARKNET_DEVNET`, else cargo's install dir.
 *
 * @returns Its path.
 */
export function devnetBinary(): string {
  return (
    process.env.STARKNET_DEVNET ??
    join(
      process.env.CARGO_HOME ?? join(homedir(), '.cargo'),
      'bin',
      'starknet-devnet',
    )
  );
}

/**
 * Waits until devnet answers `GET /is_alive`, or fails with what it printed.
 *
 * @param child - The devnet process.
 * @param url - Its base URL.
 * @param output - What it printed so far.
 */
async function waitUntilAlive(
  child: ChildProcess,
  url: string,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`starknet-devnet exited at startup:\n${output()}`);
    }
    const alive = await fetch(`${url}/is_alive`)
      .then((response) => response.ok)
      .catch(() => false);
    if (alive) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`starknet-devnet did not start within 60 s:\n${output()}`);
}

/**
 * Stops a devnet process: SIGTERM, then SIGKILL if it lingers.
 *
 * @param child - The process.
 */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => resolve()),
  );
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_LIMIT_MS);
  await exited;
  clearTimeout(timer);
}

type DevnetAccount = {
  address: string;
  private_key: string;
  public_key: string;
};

/**
 * Devnet's predeployed accounts, asked of devnet itself (not through the
 * counting proxy).
 *
 * @param base - Devnet's base URL.
 * @returns The accounts with their keys.
 */
async function predeployedAccounts(
  base: string,
): Promise<PredeployedAccount[]> {
  const response = await fetch(`${base}/rpc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'devnet_getPredeployedAccounts',
    }),
  });
  const { result }: { result: DevnetAccount[] } = await response.json();
  return result.map((account) => ({
    address: account.address,
    privateKey: account.private_key,
    publicKey: account.public_key,
  }));
}

/**
 * Starts starknet-devnet (fixed seed, predeployed accounts, the chain id
 * asked for) on a free loopback port, behind a counting proxy on `port`
 * that answers SNIP-29's `paymaster_*` calls itself (the local node's
 * paymaster service over devnet's JSON-RPC, its last account relaying).
 *
 * @param options - Where to listen, which chain.
 * @returns The running node.
 */
export async function startDevnet(options: TestNodeOptions): Promise<TestNode> {
  const internalPort = await freePort();
  const child = spawn(
    devnetBinary(),
    [
      '--host',
      '127.0.0.1',
      '--port',
      String(internalPort),
      '--seed',
      String(options.seed ?? DEVNET_SEED),
      '--accounts',
      String(options.accounts ?? 3),
      '--chain-id',
      options.chainId ?? 'SN_SEPOLIA',
      // History reads storage and classes at past blocks.
      '--state-archive-capacity',
      'full',
      ...(options.startTime === undefined
        ? []
        : ['--start-time', String(options.startTime)]),
      ...(options.gasPricesFri === undefined
        ? []
        : [
            '--gas-price-fri',
            String(options.gasPricesFri.l1),
            '--l2-gas-price-fri',
            String(options.gasPricesFri.l2),
          ]),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let printed = '';
  const keep = (chunk: Buffer): void => {
    printed = `${printed}${chunk.toString('utf8')}`.slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const spawnFailure = new Promise<never>((_resolve, reject) =>
    child.once('error', (error) =>
      reject(
        new Error(
          `cannot run ${devnetBinary()} (${error.message}): run npm run devnet:install`,
        ),
      ),
    ),
  );
  const base = `http://127.0.0.1:${internalPort}`;
  try {
    await Promise.race([
      waitUntilAlive(child, base, () => printed),
      spawnFailure,
    ]);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  const accounts = await predeployedAccounts(base).catch(
    async (error: unknown) => {
      await stopProcess(child);
      throw error;
    },
  );
  // SNIP-29's paymaster in front of devnet, as the local node serves it on
  // its own endpoint: the same service, devnet's last account as relayer.
  const last = accounts[accounts.length - 1];
  const proxy = await rpcPaymasterEndpoint({
    nodeUrl: `${base}/rpc`,
    relayer: last && { address: last.address, privateKey: last.privateKey },
    ...(options.paymasterDialect === undefined
      ? {}
      : { dialect: options.paymasterDialect }),
  })
    .then(async (paymaster) =>
      startCountingProxy(options.port, base, paymaster),
    )
    .catch(async (error: unknown) => {
      await stopProcess(child);
      throw error;
    });
  return {
    url: `http://127.0.0.1:${options.port}/rpc`,
    backend: 'devnet',
    accounts,
    requestCount: (method) => proxy.requestCount(method),
    roundTripCount: () => proxy.roundTripCount(),
    resetRequestCount: () => proxy.resetRequestCount(),
    stop: async (): Promise<void> => {
      await proxy.close();
      await stopProcess(child);
    },
  };
}

/* eslint-disable n/no-unsupported-features/node-builtins -- Node 20's fetch and fs.cp */
/**
 * `npm start` run as a developer runs it, on free ports, with its build in a
 * folder of the test's: a taken port stops it before anything starts; a
 * build that fails, Ctrl-C, SIGINT, SIGTERM and SIGHUP (to the script or to
 * `npm`) leave no process of it and free ports; the banner appears once
 * every part answers, and never when one does not; `--rpc-url` checks the
 * node's chain. One run builds the snap as `npm start` does by default; the
 * later runs reuse that build (`--no-build`), so the tests run in order.
 */
import { cp, mkdtemp, rm } from 'fs/promises';
import { join, resolve } from 'path';

import type { RunOptions, StartPorts, StartRun } from './run-start';
import {
  freeStartPorts,
  holdPort,
  killRun,
  listeningAddresses,
  processesLeft,
  releasePort,
  runStart,
  markedProcesses,
  mintBody,
  post,
  takenPorts,
} from './run-start';
import {
  MINT_ADDRESS_PLACEHOLDER,
  READY_LINE,
} from '../../scripts/start/banner';
import { TESTNET_CHAIN_ID } from '../../src/config';
import { startLocalNode } from '@snapnet/local-node';

/** The production build of the snap, on a loaded 2-core machine. */
const BUILD_LIMIT_MS = 600_000;

const STOPPING = 'stopping everything it started';

/** The test's build folders: inside the repository, as a build's must be. */
const BUILD_DIR_PREFIX = resolve(
  __dirname,
  '../../node_modules/.cache/snapnet-start-test-',
);

describe('npm start', () => {
  let ports: StartPorts;
  let buildDir: string;
  const runs: StartRun[] = [];

  const start = (
    options: Omit<RunOptions, 'ports' | 'buildDir'> &
      Partial<Pick<RunOptions, 'buildDir'>>,
  ): StartRun => {
    const run = runStart({ ports, buildDir, ...options });
    runs.push(run);
    return run;
  };

  /**
   * Waits for the run to end, then checks nothing of it is left.
   *
   * @param run - The run.
   * @param heldByTest - Ports the test itself holds.
   * @returns How the started process ended.
   */
  const endsCleanly = async (
    run: StartRun,
    heldByTest: number[] = [],
  ): Promise<number | NodeJS.Signals> => {
    const how = await run.exited;
    expect(await processesLeft(run.mark)).toStrictEqual([]);
    expect(await takenPorts(ports)).toStrictEqual(heldByTest);
    return how;
  };

  beforeAll(async () => {
    ports = await freeStartPorts();
    buildDir = await mkdtemp(BUILD_DIR_PREFIX);
  });

  afterEach(async () => {
    // A failed test must leave nothing running either.
    await Promise.all(runs.splice(0).map(async (run) => killRun(run.mark)));
  });

  afterAll(async () => {
    await rm(buildDir, { recursive: true, force: true });
  });

  describe.each([
    ['node', 'LOCAL_NODE_PORT'],
    ['snap', 'SNAP_SERVER_PORT'],
    ['site', 'SITE_PORT'],
  ] as const)('when the %s port is taken', (name, variable) => {
    it(`names it and ${variable}, exits non-zero before building, and leaves nothing`, async () => {
      const port = ports[name];
      const holder = await holdPort(port);
      try {
        const run = start({ via: 'npm', args: [] });
        const how = await endsCleanly(run, [port]);
        expect(how).not.toBe(0);
        expect(run.output()).toContain(`Port ${port} is in use`);
        expect(run.output()).toContain(`${variable}=`);
        expect(run.output()).not.toContain('building the snap');
      } finally {
        await releasePort(holder);
      }
    });
  });

  it('stops everything, non-zero, when the snap build fails', async () => {
    const run = start({ via: 'script', args: [] });
    await run.waitFor('building the snap');
    // mm-snap build: node running snaps-cli's main script.
    let build: string | undefined;
    while (build === undefined && (await markedProcesses(run.mark)).length) {
      await new Promise((resolveWait) => setTimeout(resolveWait, 50));
      build = (await markedProcesses(run.mark)).find(
        (line) => line.includes('snaps-cli') && line.endsWith(' build'),
      );
    }
    if (build === undefined) {
      throw new Error(`no mm-snap build was seen:\n${run.output()}`);
    }
    // The build dies as a crash would end it.
    process.kill(Number(build.split(' ')[0]), 'SIGKILL');
    expect(await endsCleanly(run)).toBe(1);
    expect(run.output()).toContain('The snap build failed');
    expect(run.output()).not.toContain(READY_LINE);
  });

  it('stops the build and everything else on SIGTERM during the build', async () => {
    const run = start({ via: 'npm', args: [] });
    await run.waitFor('building the snap');
    process.kill(run.child.pid ?? 0, 'SIGTERM');
    expect(await endsCleanly(run)).toBe(0);
    expect(run.output()).toContain(STOPPING);
    expect(run.output()).not.toContain(READY_LINE);
  });

  it(
    'builds the snap against its node, prints the banner once all three answer on 127.0.0.1, and stops everything on Ctrl-C',
    async () => {
      const run = start({ via: 'npm', args: [] });
      await run.waitFor(READY_LINE);
      expect(
        await listeningAddresses([ports.node, ports.snap, ports.site]),
      ).toStrictEqual(
        [ports.node, ports.snap, ports.site]
          .map((port) => `127.0.0.1:${port}`)
          .sort(),
      );

      const nodeUrl = `http://127.0.0.1:${ports.node}/rpc`;
      expect(
        await post(
          nodeUrl,
          '{"jsonrpc":"2.0","id":1,"method":"starknet_chainId"}',
        ),
      ).toMatchObject({ result: TESTNET_CHAIN_ID });
      const snapUrl = `http://127.0.0.1:${ports.snap}`;
      const manifest = (await (
        await fetch(`${snapUrl}/snap.manifest.json`)
      ).json()) as { source: { location: { npm: { filePath: string } } } };
      const bundle = await (
        await fetch(`${snapUrl}/${manifest.source.location.npm.filePath}`)
      ).text();
      expect(bundle).toContain(nodeUrl);
      const page = await (
        await fetch(`http://127.0.0.1:${ports.site}/`)
      ).text();
      expect(page).toContain(`local:http://localhost:${ports.snap}`);

      expect(run.output()).toContain(
        `SNIP-29 paymaster (fees in STRK or ETH, or sponsored; the snap's Testnet uses it): ${nodeUrl}`,
      );
      // The banner's devnet_mint line works as printed, address put in.
      const account = /#1 (0x[0-9a-f]+)/u.exec(run.output())?.[1] ?? '';
      expect(
        await post(
          nodeUrl,
          mintBody(run.output(), MINT_ADDRESS_PLACEHOLDER, account),
        ),
      ).toMatchObject({
        result: { new_balance: String(10n ** 21n + 10n ** 20n), unit: 'FRI' },
      });

      // Ctrl-C: the terminal signals npm's whole foreground group.
      process.kill(-(run.child.pid ?? 0), 'SIGINT');
      await endsCleanly(run);
      expect(run.output()).toContain(STOPPING);
    },
    BUILD_LIMIT_MS,
  );

  it.each([
    ['SIGINT', 'script'],
    ['SIGTERM', 'script'],
    ['SIGHUP', 'script'],
    ['SIGTERM', 'npm'],
    ['SIGINT', 'npm'],
    ['SIGHUP', 'npm'],
  ] as const)(
    'stops everything on %s to the %s process alone',
    async (signal, via) => {
      const run = start({ via, args: ['--no-build'] });
      await run.waitFor(READY_LINE);
      process.kill(run.child.pid ?? 0, signal);
      await endsCleanly(run);
      expect(run.output()).toContain(STOPPING);
    },
  );

  it('prints no banner while a part does not answer, and stops everything', async () => {
    // The snap server of a build without its manifest answers 500.
    const broken = await mkdtemp(BUILD_DIR_PREFIX);
    try {
      await cp(buildDir, broken, { recursive: true });
      await rm(join(broken, 'snap.manifest.json'));
      const run = start({
        via: 'script',
        args: ['--no-build'],
        buildDir: broken,
      });
      expect(await endsCleanly(run)).toBe(1);
      expect(run.output()).toMatch(/The snap server at \S+ did not answer/u);
      expect(run.output()).not.toContain('Funded accounts');
      expect(run.output()).not.toContain(READY_LINE);
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });

  it('refuses a node of another chain (--rpc-url) before starting anything', async () => {
    const mainnet = await startLocalNode({
      host: '127.0.0.1',
      chainId: 'SN_MAIN',
    });
    try {
      const run = start({ via: 'script', args: ['--rpc-url', mainnet.url] });
      expect(await endsCleanly(run)).toBe(1);
      expect(run.output()).toContain(`The node at ${mainnet.url} serves chain`);
      expect(run.output()).toContain('not Testnet');
      expect(run.output()).not.toContain('building the snap');
    } finally {
      await mainnet.stop();
    }
  });

  it('runs the snap and the page against a node of yours (--rpc-url), and leaves that node running', async () => {
    const node = await startLocalNode({ host: '127.0.0.1', port: ports.node });
    try {
      // The same variables as the build above, so that it serves as is.
      const run = start({
        via: 'script',
        args: ['--rpc-url', node.url, '--no-build'],
        env: { SNAP_CONTENT_STORAGE_URL: node.storageUrl },
      });
      await run.waitFor(READY_LINE);
      expect(run.output()).toContain('a node of yours (--rpc-url)');
      expect(run.output()).toContain(`#0 ${node.accounts[0]?.address ?? '?'}`);
      expect(run.output()).toContain('devnet_mint');
      process.kill(run.child.pid ?? 0, 'SIGTERM');
      await run.exited;
      expect(await processesLeft(run.mark)).toStrictEqual([]);
      expect(await takenPorts(ports)).toStrictEqual([ports.node]);
      expect(
        await post(
          node.url,
          '{"jsonrpc":"2.0","id":1,"method":"starknet_chainId"}',
        ),
      ).toMatchObject({ result: TESTNET_CHAIN_ID });
    } finally {
      await node.stop();
    }
  });
});

/**
 * The published packages, as a dapp outside the repository gets them: both
 * packed with `npm pack` and installed from their tarballs into an empty
 * project. A page bundled by esbuild from the installed `@snapnet/client`
 * (its ES module build) runs in Chromium against the installed snap (the
 * packed dist/bundle.js, manifest and icon, installed by the simulator as a
 * `local:` snap, shasum checked) behind the installed testing entry's
 * simulated MetaMask (its CommonJS build, `require`d from the project);
 * tsc type-checks ES-module and CommonJS consumers against the installed
 * declarations. The snap is the production build: only methods that reach
 * no node are called.
 */
import { installSnap } from '@metamask/snaps-jest';
import { execFile } from 'child_process';
import { build } from 'esbuild';
import { copyFile, mkdir, readFile, writeFile } from 'fs/promises';
import { join, resolve } from 'path';
import { promisify } from 'util';

import { packAndInstall } from './packInstall';
import type { InstalledProject } from './packInstall';
import { serveFolder } from './serveFolder';
import type { ServedFolder } from './serveFolder';
import { launchChromium } from '../../../../test/chromium';
import type { RunningChromium } from '../../../../test/chromium';

const run = promisify(execFile);

declare global {
  /** The page's dapp (consumer/page.mjs). */

  var installedDapp: {
    start(): Promise<unknown>;
    switchTo(chainId: string): Promise<unknown>;
  };
}

/** A snap id, as the simulator's own copy of the SDK brands it. */
type LocalSnapId = Extract<Parameters<typeof installSnap>[0], string>;

type Testing = typeof import('@snapnet/client/testing');

const CONSUMER = join(__dirname, 'consumer');
const TSC = require.resolve('typescript/bin/tsc');
const TESTNET = '0x534e5f5345504f4c4941';
const MAINNET = '0x534e5f4d41494e';
/** Packing builds the client; installing reads npm's cache. */
const SETUP_TIMEOUT_MS = 240000;

let project: InstalledProject | undefined;
let snapServer: ServedFolder | undefined;
let pageServer: ServedFolder | undefined;
let browser: RunningChromium | undefined;

beforeAll(async () => {
  project = await packAndInstall();
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await pageServer?.close();
  await snapServer?.close();
  await project?.remove();
});

/**
 * The installed project's folder.
 *
 * @returns It.
 */
function projectDir(): string {
  if (!project) {
    throw new Error('The packages were not installed');
  }
  return project.dir;
}

/**
 * Runs a script with Node in the installed project (outside Jest, whose
 * module mapping points `@snapnet/client` at the sources).
 *
 * @param args - Node's arguments.
 * @param cwd - Where.
 * @returns What it printed, or failing, printed.
 */
async function runNode(args: string[], cwd: string): Promise<string> {
  return run(process.execPath, args, { cwd }).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string; stderr?: string }) =>
      `${error.stdout ?? ''}${error.stderr ?? ''}`,
  );
}

/** What consumer/require.cjs reports. */
type RequireReport = {
  client: string;
  testing: string;
  manifest: string;
  openrpc: string;
  sourceResolved: string;
  formatted: string;
  parsed: string;
  userRejected: number;
  snapClient: string;
  npmSnapId: string;
  simulatedMetaMask: string;
};

describe('the installed packages', () => {
  let report: RequireReport;

  beforeAll(async () => {
    const script = join(projectDir(), 'require.cjs');
    await copyFile(join(CONSUMER, 'require.cjs'), script);
    report = JSON.parse(await runNode([script], projectDir()));
  });

  it('ship the snap with its manifest, icon and OpenRPC document, and the client as built files only', async () => {
    const modules = join(projectDir(), 'node_modules');
    const manifest = JSON.parse(await readFile(report.manifest, 'utf8'));
    expect(manifest.source.location.npm).toStrictEqual({
      filePath: 'dist/bundle.js',
      iconPath: 'images/icon.svg',
      packageName: 'starknet-snap-wallet',
      registry: 'https://registry.npmjs.org/',
    });
    expect(report.manifest).toBe(
      join(modules, 'starknet-snap-wallet', 'snap.manifest.json'),
    );
    expect(report.openrpc).toBe(
      join(modules, 'starknet-snap-wallet', 'openrpc.json'),
    );
    expect(report.client).toBe(
      join(modules, '@snapnet', 'client', 'dist', 'index.js'),
    );
    expect(report.testing).toBe(
      join(modules, '@snapnet', 'client', 'dist', 'testing.js'),
    );
    expect(report.sourceResolved).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });

  it('carry their MIT licence text', async () => {
    const modules = join(projectDir(), 'node_modules');
    for (const installed of ['starknet-snap-wallet', '@snapnet/client']) {
      const licence = await readFile(
        join(modules, installed, 'LICENSE'),
        'utf8',
      );
      expect(licence.split('\n')[0]).toBe('MIT License');
    }
  });

  it('load from CommonJS: the client and its testing entry', () => {
    expect(report).toMatchObject({
      formatted: '1.5',
      parsed: '1500000000000000000',
      userRejected: 4001,
      snapClient: 'function',
      npmSnapId: 'npm:starknet-snap-wallet',
      simulatedMetaMask: 'function',
    });
  });

  it('type-check as ES-module and CommonJS consumers see them', async () => {
    const types = join(projectDir(), 'types');
    await mkdir(types);
    for (const file of ['tsconfig.json', 'types.mts', 'types.cts']) {
      await copyFile(join(CONSUMER, file), join(types, file));
    }
    expect(
      await runNode([TSC, '-p', join(types, 'tsconfig.json')], types),
    ).toBe('');
  }, 60000);

  it('run a page bundled from the ES module build in Chromium, against the installed snap behind the testing entry', async () => {
    const pageDir = join(projectDir(), 'page');
    await mkdir(pageDir);
    await copyFile(join(CONSUMER, 'page.mjs'), join(pageDir, 'page.mjs'));
    await writeFile(
      join(pageDir, 'index.html'),
      '<!doctype html><title>dapp</title><script src="page.js"></script>',
    );
    const { metafile } = await build({
      entryPoints: [join(pageDir, 'page.mjs')],
      outfile: join(pageDir, 'page.js'),
      absWorkingDir: projectDir(),
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      metafile: true,
      logLevel: 'warning',
    });
    expect(Object.keys(metafile.inputs)).toContain(
      'node_modules/@snapnet/client/dist/index.mjs',
    );

    // The testing entry as a dapp's tests load it, in front of the snap
    // installed from the tarball.
    // eslint-disable-next-line import-x/no-dynamic-require, n/global-require, @typescript-eslint/no-require-imports
    const { SimulatedMetaMask, provideMetaMask }: Testing = require(
      report.testing,
    );
    snapServer = await serveFolder(
      resolve(projectDir(), 'node_modules', 'starknet-snap-wallet'),
    );
    pageServer = await serveFolder(pageDir);
    const metamask = new SimulatedMetaMask(
      await installSnap(`local:${snapServer.url}` as LocalSnapId),
      { origin: pageServer.url },
    );
    browser = await launchChromium();
    const { page } = browser;
    await provideMetaMask(page, metamask);
    await page.goto(pageServer.url);

    expect(
      await page.evaluate(async () => globalThis.installedDapp.start()),
    ).toStrictEqual({
      installed: {
        id: 'npm:starknet-snap-wallet',
        version: metamask.snapVersion,
        enabled: true,
        blocked: false,
      },
      network: { name: expect.any(String), chainId: TESTNET },
      amount: '1.5',
    });

    const switching = page.evaluate(
      async (chainId) => globalThis.installedDapp.switchTo(chainId),
      MAINNET,
    );
    expect(await metamask.approveNext('snapnet_switchNetwork')).toMatch(
      /Mainnet/u,
    );
    expect(await switching).toStrictEqual({
      switched: true,
      network: { name: expect.any(String), chainId: MAINNET },
    });
  }, 120000);
});

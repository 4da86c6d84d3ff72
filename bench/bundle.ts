import { execFile } from 'child_process';
import { readFile, rm } from 'fs/promises';
import { resolve } from 'path';
import { promisify } from 'util';
import { gzip } from 'zlib';

import { ROOT, TEST_BUILD_ENV } from './paths';
import { bytesPerSource } from './sourceMap';
import { TEST_BUILD_DIR } from '../scripts/test-build-dir';

export type Dependency = { name: string; bytes: number };

export type BundleFigures = {
  bytes: number;
  gzipBytes: number;
  /** Whether the analysed build is byte-identical to the test build's bundle. */
  analysedBuildIdentical: boolean;
  /** Bundle bytes per package (or src/, webpack runtime), largest first. */
  dependencies: Dependency[];
};

const ANALYSIS_DIR = resolve(__dirname, 'results/analysis.tmp');

/**
 * The package (or project folder) a bundled source file belongs to. Nested
 * copies show their path: `starknet › @noble/curves`.
 *
 * @param source - A source name from the map, e.g.
 * `webpack://module.exports/./node_modules/starknet/dist/index.mjs`.
 * @returns The group name.
 */
export function packageOf(source: string): string {
  const path = source
    .replace(/^webpack:\/\/[^/]*\//u, '')
    .replace(/^\.\//u, '');
  const parts = path.split('node_modules/').slice(1);
  if (parts.length > 0) {
    return parts
      .map((part) => {
        const segments = part.split('/');
        return (
          segments[0]?.startsWith('@')
            ? segments.slice(0, 2)
            : segments.slice(0, 1)
        ).join('/');
      })
      .join(' › ');
  }
  if (path.startsWith('webpack/')) {
    return 'webpack runtime';
  }
  return `${path.split('/')[0] ?? path}/ (project)`;
}

/**
 * Builds the snap a second time with the same config plus a hidden source
 * map (bench/analysis.config.ts), into a scratch folder.
 */
async function buildForAnalysis(): Promise<void> {
  await rm(ANALYSIS_DIR, { recursive: true, force: true });
  await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      resolve(ROOT, 'node_modules/@metamask/snaps-cli/dist/main.mjs'),
      'build',
      '--config',
      resolve(__dirname, 'analysis.config.ts'),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, ...TEST_BUILD_ENV },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
}

/**
 * Size of the test build's bundle (`npm run build:test`), gzipped size, and the bytes of each dependency in
 * it, attributed through the source map of an identical build.
 *
 * @returns The figures.
 */
export async function measureBundle(): Promise<BundleFigures> {
  const bundle = await readFile(resolve(TEST_BUILD_DIR, 'dist/bundle.js'));
  await buildForAnalysis();
  const analysed = await readFile(resolve(ANALYSIS_DIR, 'bundle.js'));
  const map: { sources: string[]; mappings: string } = JSON.parse(
    await readFile(resolve(ANALYSIS_DIR, 'bundle.js.map'), 'utf8'),
  );
  const groups = new Map<string, number>();
  for (const [source, bytes] of bytesPerSource(
    analysed.toString('utf8'),
    map,
  )) {
    const name = source === 'unmapped' ? 'unmapped' : packageOf(source);
    groups.set(name, (groups.get(name) ?? 0) + bytes);
  }
  return {
    bytes: bundle.length,
    gzipBytes: (await promisify(gzip)(bundle, { level: 9 })).length,
    analysedBuildIdentical: bundle.equals(analysed),
    dependencies: [...groups]
      .map(([name, bytes]) => ({ name, bytes }))
      .sort((a, b) => b.bytes - a.bytes),
  };
}

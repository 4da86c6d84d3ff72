import { readFile } from 'fs/promises';
import { resolve } from 'path';
import { promisify } from 'util';
import { gzip } from 'zlib';

import { bytesPerSource } from './sourceMap';
import { TEST_BUILD_DIR } from '../scripts/test-build-dir';

export type Dependency = { name: string; bytes: number };

export type BundleFigures = {
  bytes: number;
  gzipBytes: number;
  /** Bundle bytes per package (or src/, webpack runtime), largest first. */
  dependencies: Dependency[];
  /** The project's share (src/) by folder (or top-level file), largest first. */
  srcFolders: Dependency[];
};

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
 * The folder of src/ a bundled source file is in (`src/ui/`), or the file
 * itself when it sits at src/'s top (`src/errors.ts`).
 *
 * @param source - A source name from the map.
 * @returns The folder, or undefined for code outside src/.
 */
export function srcFolderOf(source: string): string | undefined {
  const path = source
    .replace(/^webpack:\/\/[^/]*\//u, '')
    .replace(/^\.\//u, '');
  const [root, first, ...rest] = path.split('/');
  if (root !== 'src' || first === undefined) {
    return undefined;
  }
  return rest.length > 0 ? `src/${first}/` : `src/${first}`;
}

/**
 * Totals as a list, largest first.
 *
 * @param totals - Bytes per name.
 * @returns The list.
 */
function largestFirst(totals: Map<string, number>): Dependency[] {
  return [...totals]
    .map(([name, bytes]) => ({ name, bytes }))
    .sort((a, b) => b.bytes - a.bytes);
}

/**
 * Size of the test build's bundle (`npm run build:test`), gzipped size, and
 * the bytes of each dependency in it, attributed through its own (hidden)
 * source map.
 *
 * @returns The figures.
 */
export async function measureBundle(): Promise<BundleFigures> {
  const bundlePath = resolve(TEST_BUILD_DIR, 'dist/bundle.js');
  const bundle = await readFile(bundlePath);
  const map = await readFile(`${bundlePath}.map`, 'utf8');
  const groups = new Map<string, number>();
  const folders = new Map<string, number>();
  for (const [source, bytes] of bytesPerSource(bundle.toString('utf8'), map)) {
    const name = source === 'unmapped' ? 'unmapped' : packageOf(source);
    groups.set(name, (groups.get(name) ?? 0) + bytes);
    const folder = srcFolderOf(source);
    if (folder !== undefined) {
      folders.set(folder, (folders.get(folder) ?? 0) + bytes);
    }
  }
  return {
    bytes: bundle.length,
    gzipBytes: (await promisify(gzip)(bundle, { level: 9 })).length,
    dependencies: largestFirst(groups),
    srcFolders: largestFirst(folders),
  };
}

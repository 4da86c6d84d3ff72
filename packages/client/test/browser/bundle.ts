/**
 * Builds a library test page: one esbuild bundle of a page entry with the
 * libraries it imports, for Chromium. The one place that decides where
 * `@snapnet/client` comes from: the workspace's source for now; to test the
 * installed package instead, resolve it from a project where the packed
 * tarball is installed (drop the alias, point `nodePaths` there).
 */
import { build } from 'esbuild';
import { resolve } from 'path';

const CLIENT_ENTRY = resolve(__dirname, '../../src/index.ts');
const SNAP_API = resolve(__dirname, '../../../../src/api.ts');

/**
 * Bundles a page entry into one browser script.
 *
 * @param entry - The page's entry file (TypeScript).
 * @returns The script.
 */
export async function bundlePage(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'warning',
    // React reads it to choose its build.
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: {
      '@snapnet/client': CLIENT_ENTRY,
      '@snapnet/snap-api': SNAP_API,
    },
  });
  const [output] = result.outputFiles;
  if (!output) {
    throw new Error(`esbuild wrote nothing for ${entry}`);
  }
  return output.text;
}

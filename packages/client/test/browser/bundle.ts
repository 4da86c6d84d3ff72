/**
 * Builds a library test page: one esbuild bundle of a page entry with the
 * libraries it imports, for Chromium. The one place that decides where
 * `@snapnet/client` comes from: the packed package installed in a project
 * outside the repository (./installedClient), resolved there as a bundler
 * resolves a dependency (its `exports`, the ES module build), with its own
 * dependencies from that project.
 */
import { build } from 'esbuild';
import type { Plugin } from 'esbuild';

import { installedClientDir } from './installedClient';

/**
 * Resolves `@snapnet/client` (and its subpaths) in the installed project.
 *
 * @param dir - The project's folder.
 * @returns The plugin.
 */
function installedClient(dir: string): Plugin {
  return {
    name: 'installed-snapnet-client',
    setup(plugin): void {
      plugin.onResolve(
        // esbuild runs filters as Go regular expressions, which take no flags.
        // eslint-disable-next-line require-unicode-regexp
        { filter: /^@snapnet\/client(\/.*)?$/ },
        async (args) => {
          if (args.pluginData === 'installed') {
            return undefined;
          }
          const resolved = await plugin.resolve(args.path, {
            kind: args.kind,
            resolveDir: dir,
            pluginData: 'installed',
          });
          return resolved.errors.length > 0
            ? { errors: resolved.errors }
            : { path: resolved.path };
        },
      );
    },
  };
}

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
    plugins: [installedClient(installedClientDir())],
  });
  const [output] = result.outputFiles;
  if (!output) {
    throw new Error(`esbuild wrote nothing for ${entry}`);
  }
  return output.text;
}

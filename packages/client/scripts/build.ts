/**
 * Builds the publishable package into dist/: each entry (the client, and
 * the testing entry) as CommonJS (`.js`) and ES module (`.mjs`) bundles of
 * the package's own code — its dependencies stay imports — with `.d.ts`
 * declarations. The code the client takes from the snap's API module
 * (amount formatting, error codes) is bundled in; nothing else of the snap
 * is (the bundles are checked for it).
 *
 * `npm run build -w packages/client` (and `npm pack`, through `prepack`)
 * runs this file.
 */
import { build } from 'esbuild';
import type { Metafile } from 'esbuild';
import { rm, writeFile } from 'fs/promises';
import { join, relative, resolve } from 'path';

import { writeDeclarations } from './declarations';
import { dependencies } from '../package.json';

const PACKAGE_ROOT = resolve(__dirname, '..');
const REPOSITORY_ROOT = resolve(PACKAGE_ROOT, '../..');
const SOURCE_DIR = join(PACKAGE_ROOT, 'src');
export const DIST_DIR = join(PACKAGE_ROOT, 'dist');

/** The packages the client's code imports, installed with it. */
const DEPENDENCIES = Object.keys(dependencies);

/** The entries: name in dist/ → source module. */
const ENTRIES = {
  index: join(SOURCE_DIR, 'index.ts'),
  testing: join(SOURCE_DIR, 'testing', 'index.ts'),
};

/** The only modules of the snap the bundles may hold. */
const SNAP_MODULES_ALLOWED = new Set(['src/api.ts', 'src/format.ts']);

/**
 * Refuses a bundle that took in snap code beyond its API module.
 *
 * @param metafile - esbuild's account of the bundle's inputs.
 */
function checkSnapInputs(metafile: Metafile): void {
  const snapInputs = Object.keys(metafile.inputs)
    .map((input) => relative(REPOSITORY_ROOT, resolve(input)))
    .filter((input) => input.startsWith('src/'));
  const extra = snapInputs.filter((input) => !SNAP_MODULES_ALLOWED.has(input));
  if (extra.length > 0) {
    throw new Error(
      `The client bundle took in the snap's runtime: ${extra.join(', ')}`,
    );
  }
}

/**
 * Bundles the entries in one module format.
 *
 * @param format - `cjs` or `esm`.
 */
async function bundle(format: 'cjs' | 'esm'): Promise<void> {
  const { metafile } = await build({
    entryPoints: ENTRIES,
    outdir: DIST_DIR,
    outExtension: { '.js': format === 'esm' ? '.mjs' : '.js' },
    bundle: true,
    format,
    platform: 'neutral',
    target: 'es2022',
    // Dependencies are the dapp's to install and bundle; the snap's API
    // module (a tsconfig path, not a package) is bundled.
    external: DEPENDENCIES.flatMap((name) => [name, `${name}/*`]),
    tsconfig: join(REPOSITORY_ROOT, 'tsconfig.json'),
    metafile: true,
    logLevel: 'warning',
  });
  checkSnapInputs(metafile);
}

/**
 * Builds dist/.
 *
 * @returns The folder.
 */
export async function buildClient(): Promise<string> {
  await rm(DIST_DIR, { recursive: true, force: true });
  await Promise.all([bundle('cjs'), bundle('esm')]);
  await writeDeclarations({
    sourceDir: SOURCE_DIR,
    entries: Object.values(ENTRIES),
    bridge: join(SOURCE_DIR, 'snap-api.ts'),
    outDir: DIST_DIR,
  });
  // ES-module declarations: the same types, for the `import` condition.
  for (const [name, source] of Object.entries(ENTRIES)) {
    const declarations = relative(SOURCE_DIR, source).replace(/\.ts$/u, '.js');
    await writeFile(
      join(DIST_DIR, `${name}.d.mts`),
      `export * from './${declarations}';\n`,
    );
  }
  return DIST_DIR;
}

if (require.main === module) {
  buildClient()
    .then((outdir) => console.log(`Built the client into ${outdir}`))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}

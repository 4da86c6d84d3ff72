/**
 * Bundles the page (src/page) into dist/ with esbuild: one script, its
 * stylesheet and index.html. Nothing is loaded from elsewhere at run time.
 *
 * `npm run build -w packages/site` runs this file.
 */
import { build } from 'esbuild';
import { copyFile, mkdir } from 'fs/promises';
import { join, resolve } from 'path';

/** The package's folder. */
export const SITE_ROOT = resolve(__dirname, '..');

/** Where the page is built. */
export const DIST_DIR = join(SITE_ROOT, 'dist');

const PAGE_DIR = join(SITE_ROOT, 'src', 'page');

/**
 * Builds the page into a folder.
 *
 * @param outdir - The folder (default: the package's dist/).
 * @returns The folder.
 */
export async function buildSite(outdir: string = DIST_DIR): Promise<string> {
  await mkdir(outdir, { recursive: true });
  await build({
    entryPoints: [join(PAGE_DIR, 'main.ts')],
    outfile: join(outdir, 'main.js'),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    sourcemap: true,
    logLevel: 'warning',
  });
  await Promise.all(
    ['index.html', 'style.css'].map(async (file) =>
      copyFile(join(PAGE_DIR, file), join(outdir, file)),
    ),
  );
  return outdir;
}

if (require.main === module) {
  buildSite()
    .then((outdir) => console.log(`Built the page into ${outdir}`))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}

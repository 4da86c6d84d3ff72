/**
 * `npm run bench:size`: the bundle part of the benchmark alone, in about
 * half a minute: builds the test snap (`npm run build:test`, which writes
 * the hidden source map) unless `--no-build` is given, then prints the
 * bundle's bytes, gzip size and what each package and each folder of src/
 * costs in it. Writes nothing.
 */
import { spawn } from 'child_process';

import { measureBundle } from './bundle';
import { ROOT } from './paths';
import { bundleSection } from './report';

/**
 * Builds unless told not to, then prints the figures.
 */
async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) {
    const status = await new Promise<number | null>((resolvePromise) => {
      spawn('npm', ['run', 'build:test'], { cwd: ROOT, stdio: 'inherit' })
        .on('error', () => resolvePromise(null))
        .on('exit', resolvePromise);
    });
    if (status !== 0) {
      throw new Error('bench:size: npm run build:test failed');
    }
  }
  console.log(bundleSection(await measureBundle()));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

/**
 * `npm run build:test`: the snap pointed at the loopback ports of
 * test/ports.ts, built into TEST_BUILD_DIR, where the snaps-jest suites
 * (root, client, page, bench) install it from. The tracked dist/ and
 * snap.manifest.json are left alone.
 */
import {
  prepareBuildDir,
  snapsCli,
  succeeded,
  TEST_BUILD_ENV,
} from './snap-build';
import { TEST_BUILD_DIR } from './test-build-dir';

/**
 * Builds, and fails the script when the build fails.
 */
async function main(): Promise<void> {
  await prepareBuildDir(TEST_BUILD_DIR);
  const built = await succeeded(
    snapsCli(['build'], {
      ...TEST_BUILD_ENV,
      SNAP_BUILD_DIR: TEST_BUILD_DIR,
      SNAP_SOURCE_MAP: '1',
    }),
  );
  if (!built) {
    throw new Error('build:test: the snap build failed');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

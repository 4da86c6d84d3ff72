/**
 * The benchmark's own jest run: the snaps-jest simulation of the built snap,
 * against a local node on the test build's Testnet port. Not part of
 * `npm test`; started by bench/run.ts with --runInBand.
 */
const { esmSupport } = require('../packages/local-node/jest-esm');
const { TEST_BUILD_DIR } = require('../scripts/test-build-dir');

module.exports = {
  rootDir: '..',
  preset: '@metamask/snaps-jest',
  // The snap `npm run build:test` built, from its folder.
  testEnvironmentOptions: { server: { root: TEST_BUILD_DIR } },
  testMatch: ['<rootDir>/bench/*.bench.ts'],
  // The snap's source (the method table) imports multiformats, an ES module.
  ...esmSupport(__dirname, '<rootDir>/tsconfig.json'),
  testTimeout: 600000,
};

const { resolve } = require('path');

const { TEST_BUILD_DIR } = require('../../scripts/test-build-dir');

// The built snap to test against: the test build (`npm run build:test` at the
// root) unless SNAPNET_SNAP_ROOT names another build, e.g. a snapshot taken
// while the snap is being rebuilt.
// eslint-disable-next-line n/no-process-env
const snapRoot = process.env.SNAPNET_SNAP_ROOT ?? TEST_BUILD_DIR;

const tsJest = [
  'ts-jest',
  { tsconfig: resolve(__dirname, '../../tsconfig.json') },
];

// The sources behind tsconfig.json's `paths`: the snap's API module and the
// client's entries (the published package is tested apart, installed from
// its tarball).
const moduleNameMapper = {
  '^@snapnet/snap-api$': resolve(__dirname, '../../src/api.ts'),
  '^@snapnet/client$': resolve(__dirname, '../client/src/index.ts'),
  '^@snapnet/client/testing$': resolve(
    __dirname,
    '../client/src/testing/index.ts',
  ),
};

module.exports = {
  testTimeout: 30000,
  projects: [
    {
      displayName: 'client-unit',
      moduleNameMapper,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.test.ts'],
      transform: { '^.+\\.ts$': tsJest },
    },
    {
      // The real snap: snaps-jest serves the test build (`npm test` at the
      // root builds it first, pointed at port 5055).
      displayName: 'client-snap',
      moduleNameMapper,
      preset: '@metamask/snaps-jest',
      testEnvironmentOptions: {
        server: { root: snapRoot },
      },
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/browser/'],
      transform: { '^.+\\.ts$': tsJest },
    },
    {
      // The connection libraries in Chromium, each on a page it built,
      // against the real snap (the same test build) and the local node.
      displayName: 'client-browser',
      // The pages bundle the packed client, installed once per run.
      globalSetup: '<rootDir>/test/browser/globalSetup.ts',
      globalTeardown: '<rootDir>/test/browser/globalTeardown.ts',
      moduleNameMapper,
      preset: '@metamask/snaps-jest',
      testEnvironmentOptions: {
        server: { root: snapRoot },
      },
      testMatch: ['<rootDir>/test/browser/**/*.test.ts'],
      transform: { '^.+\\.ts$': tsJest },
    },
  ],
};

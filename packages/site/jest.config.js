const { resolve } = require('path');

const { TEST_BUILD_DIR } = require('../../scripts/test-build-dir');

// The built snap under test: the test build (`npm test` at the root runs
// `npm run build:test` first, pointing Testnet at port 5055).
// eslint-disable-next-line n/no-process-env
const snapRoot = process.env.SNAPNET_SNAP_ROOT ?? TEST_BUILD_DIR;

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
  displayName: 'site-browser',
  moduleNameMapper,
  preset: '@metamask/snaps-jest',
  testEnvironmentOptions: { server: { root: snapRoot } },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 60000,
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      { tsconfig: resolve(__dirname, '../../tsconfig.json') },
    ],
  },
};

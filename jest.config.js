const { esmSupport } = require('./packages/local-node/jest-esm');
const { TEST_BUILD_DIR } = require('./scripts/test-build-dir');

// snaps-jest installs the snap `npm run build:test` built, from its folder.
const testBuild = { server: { root: TEST_BUILD_DIR } };

// TypeScript through ts-jest; the local node's ESM-only IPFS libraries
// compiled to CommonJS (the chain tests start local nodes in-process).
const compile = esmSupport(__dirname, '<rootDir>/tsconfig.json');

module.exports = {
  testTimeout: 60000,
  // `npm test` measures the snap's source as the unit tests run it (this
  // report) and as the end-to-end tiers run the bundle (V8's coverage of the
  // test build): scripts/coverage.ts puts both together and holds the floor.
  collectCoverageFrom: ['src/**/*.{ts,tsx}', '!src/**/*.test.{ts,tsx}'],
  coverageReporters: ['json'],
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/src/**/*.test.ts',
        '<rootDir>/src/**/*.test.tsx',
        '<rootDir>/scripts/**/*.test.ts',
      ],
      ...compile,
    },
    {
      displayName: 'snap',
      preset: '@metamask/snaps-jest',
      testEnvironmentOptions: testBuild,
      testMatch: ['<rootDir>/test/*.test.ts', '<rootDir>/test/*.test.tsx'],
      // Keep the preset's own setup (its matchers), then scan for key leaks.
      setupFilesAfterEnv: [
        '<rootDir>/node_modules/@metamask/snaps-jest/dist/setup.cjs',
        '<rootDir>/test/setup.ts',
      ],
      ...compile,
    },
    {
      // Against a local node on the port the test build points at (one file
      // at a time: run with --runInBand).
      displayName: 'chain',
      preset: '@metamask/snaps-jest',
      testEnvironmentOptions: testBuild,
      testMatch: ['<rootDir>/test/chain/**/*.test.ts'],
      setupFilesAfterEnv: [
        '<rootDir>/node_modules/@metamask/snaps-jest/dist/setup.cjs',
        '<rootDir>/test/setup.ts',
      ],
      ...compile,
    },
    {
      // `npm start` as a developer runs it (one file; it builds the snap
      // once): run with --runInBand.
      displayName: 'start',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/start/**/*.test.ts'],
      ...compile,
    },
    // The local node against starknet-devnet: npm run test:devnet only.
    // eslint-disable-next-line n/no-process-env
    ...(process.env.TEST_BACKEND === 'devnet'
      ? [
          {
            displayName: 'conformance',
            testEnvironment: 'node',
            testMatch: ['<rootDir>/test/conformance/**/*.test.ts'],
            ...compile,
          },
        ]
      : []),
  ],
};

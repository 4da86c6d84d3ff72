const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }];

module.exports = {
  testTimeout: 60000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/src/**/*.test.ts',
        '<rootDir>/src/**/*.test.tsx',
        '<rootDir>/scripts/**/*.test.ts',
      ],
      transform: { '^.+\\.tsx?$': tsJest },
    },
    {
      displayName: 'snap',
      preset: '@metamask/snaps-jest',
      testMatch: ['<rootDir>/test/*.test.ts'],
      // Keep the preset's own setup (its matchers), then scan for key leaks.
      setupFilesAfterEnv: [
        '<rootDir>/node_modules/@metamask/snaps-jest/dist/setup.cjs',
        '<rootDir>/test/setup.ts',
      ],
      transform: { '^.+\\.tsx?$': tsJest },
    },
    {
      // Against a local node on the port the test build points at (one file
      // at a time: run with --runInBand).
      displayName: 'chain',
      preset: '@metamask/snaps-jest',
      testMatch: ['<rootDir>/test/chain/**/*.test.ts'],
      setupFilesAfterEnv: [
        '<rootDir>/node_modules/@metamask/snaps-jest/dist/setup.cjs',
        '<rootDir>/test/setup.ts',
      ],
      transform: { '^.+\\.tsx?$': tsJest },
    },
    // The local node against starknet-devnet: npm run test:devnet only.
    // eslint-disable-next-line n/no-process-env
    ...(process.env.TEST_BACKEND === 'devnet'
      ? [
          {
            displayName: 'conformance',
            testEnvironment: 'node',
            testMatch: ['<rootDir>/test/conformance/**/*.test.ts'],
            transform: { '^.+\\.tsx?$': tsJest },
          },
        ]
      : []),
  ],
};

/**
 * The benchmark's own jest run: the snaps-jest simulation of the built snap,
 * against a local node on the test build's Testnet port. Not part of
 * `npm test`; started by bench/run.ts with --runInBand.
 */
module.exports = {
  rootDir: '..',
  preset: '@metamask/snaps-jest',
  testMatch: ['<rootDir>/bench/*.bench.ts'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
  },
  testTimeout: 600000,
};

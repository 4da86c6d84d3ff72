const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }];

module.exports = {
  testTimeout: 60000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
      transform: { '^.+\\.tsx?$': tsJest },
    },
    {
      displayName: 'snap',
      preset: '@metamask/snaps-jest',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      transform: { '^.+\\.tsx?$': tsJest },
    },
  ],
};

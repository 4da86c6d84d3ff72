const { esmSupport } = require('./jest-esm');

module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  testTimeout: 60000,
  ...esmSupport(__dirname, '<rootDir>/../../tsconfig.json'),
};

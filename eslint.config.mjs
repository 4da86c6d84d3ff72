import base, { createConfig } from '@metamask/eslint-config';
import nodejs from '@metamask/eslint-config-nodejs';
import typescript from '@metamask/eslint-config-typescript';
import regexp from 'eslint-plugin-regexp';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

// eslint-disable-next-line import-x/extensions -- Node's ESM loader needs it
import nestedRepetition from './scripts/eslint-nested-repetition.js';

const rootDir = dirname(fileURLToPath(import.meta.url));

/**
 * MetaMask's naming rule, plus snake_case type properties: the Starknet
 * JSON-RPC types the wallet and the local node read are snake_case.
 */
const namingRule = typescript
  .map((entry) => entry.rules?.['@typescript-eslint/naming-convention'])
  .find(Boolean);
const naming = [
  ...namingRule,
  {
    selector: 'typeProperty',
    format: ['camelCase', 'snake_case'],
    leadingUnderscore: 'allow',
  },
];

/**
 * Zones for `import-x/no-restricted-paths` that keep a package's folders in a
 * line: each layer may import the ones before it, never one after it.
 *
 * @param {string} root - The package's source folder.
 * @param {(string | string[])[]} layers - Its layers, lowest first: a folder or
 * file, or several side by side.
 * @returns {object[]} The zones.
 */
const layered = (root, layers) => {
  const paths = (layer) =>
    (Array.isArray(layer) ? layer : [layer]).map((name) => `${root}/${name}`);
  const line = layers
    .map((layer) => (Array.isArray(layer) ? `{${layer.join(', ')}}` : layer))
    .join(' → ');
  return layers.slice(0, -1).map((layer, index) => ({
    target: paths(layer),
    from: layers.slice(index + 1).flatMap(paths),
    message: `${root}: ${line}; a layer imports only those before it.`,
  }));
};

const config = createConfig([
  {
    ignores: [
      'dist/',
      'node_modules/',
      'coverage/',
      'bench/results/',
      'test-artifacts/',
      'packages/*/dist/',
    ],
  },
  ...base,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    extends: typescript,
    rules: { '@typescript-eslint/naming-convention': naming },
    languageOptions: {
      parserOptions: {
        tsconfigRootDir: rootDir,
        // The library test pages are browser code, bundled by esbuild: their
        // own tsconfig resolves packages as a bundler does.
        project: [
          './tsconfig.json',
          './packages/client/test/browser/pages/tsconfig.json',
        ],
      },
    },
  },
  {
    files: [
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
      'snap.config.ts',
      'packages/**/*.ts',
      'test/**/*.ts',
      // Unit tests run in Node (e.g. against loopback HTTP servers).
      'src/**/*.test.ts',
      'scripts/**',
      'bench/**',
    ],
    extends: nodejs,
  },
  {
    // Time linear in input wherever a site, node or file supplies text: no
    // regular expression that backtracks super-linearly, at the strictest
    // settings; and, for the exponential shape the plugin's analysis can
    // miss, no repeated group holding an unbounded repetition.
    plugins: { regexp, snapnet: { rules: nestedRepetition.rules } },
    rules: {
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': [
        'error',
        { ignorePartial: false, ignoreSticky: false },
      ],
      'snapnet/no-nested-repetition': 'error',
    },
  },
  {
    // Project choice: doc comments where the why is not obvious, not on every
    // callback and type member. Declarations, classes and methods still need one.
    rules: {
      'jsdoc/require-jsdoc': [
        'error',
        {
          require: {
            ArrowFunctionExpression: false,
            ClassDeclaration: true,
            FunctionDeclaration: true,
            FunctionExpression: false,
            MethodDefinition: true,
          },
        },
      ],
    },
  },
  {
    // Build configuration reads the environment by design.
    files: ['snap.config.ts', 'scripts/**', 'bench/**'],
    rules: { 'n/no-process-env': 'off' },
  },
  {
    // snaps-sdk JSX names its text component `Text`, like the DOM global.
    files: ['**/*.tsx'],
    rules: { '@typescript-eslint/no-shadow': ['error', { allow: ['Text'] }] },
  },
  {
    // The snap's layers. Tests may reach above what they test (to build inputs
    // the way a caller would), so the rule holds for the shipped code.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Test helpers live in test/: the shipped code never reaches them.
            {
              target: 'src',
              from: 'test',
              message: 'src/ ships: it imports nothing from test/.',
            },
            ...layered('src', [
              [
                'config.ts',
                'errorMeanings.ts',
                'errors.ts',
                'format.ts',
                'logger.ts',
                'queue.ts',
                'requestScope.ts',
                'text.ts',
              ],
              'protocol',
              'tokens',
              'state',
              'keys',
              'signing',
              'node',
              'prices',
              'staking',
              'swap',
              'content',
              'sender',
              'paymaster',
              'ui',
              'wallet',
              'methods',
              'features',
              'background',
            ]),
          ],
        },
      ],
    },
  },
  {
    // Every amount the page shows goes through amountText
    // (src/prices/money.ts), which masks it while the user hides balances:
    // the page's folder formats no amount of its own.
    files: [
      'src/features/home/**/*.ts',
      'src/features/home/**/*.tsx',
      'src/ui/activityText.ts',
    ],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/format'],
              importNames: ['formatUnits'],
              message:
                'Write amounts on the page with amountText (src/prices/money.ts): it masks them while the user hides balances.',
            },
          ],
        },
      ],
    },
  },
  {
    // One file per wallet method, none importing another: what handlers
    // share lives in method.ts, structs.ts and params.ts (the router alone
    // imports every handler).
    files: ['src/methods/*.ts'],
    ignores: ['src/methods/router.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                './*',
                '!./method',
                '!./structs',
                '!./params',
                '!./callerTypes',
              ],
              message:
                'A wallet method imports no other method: share through method.ts, structs.ts or params.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/local-node/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: layered('packages/local-node/src', [
            'base',
            'contracts',
            'chain',
            'storage',
            'methods',
            'paymaster',
            'swap',
            'server',
          ]),
        },
      ],
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module' },
  },
  {
    // A dapp's files, run only where the packed packages are installed (a
    // temporary project): here @snapnet/client has no build to resolve.
    files: ['packages/client/test/installed/consumer/**'],
    rules: {
      'import-x/no-unresolved': 'off',
      'import-x/no-extraneous-dependencies': 'off',
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'test/**', 'packages/*/test/**'],
    languageOptions: {
      globals: {
        describe: 'readonly',
        it: 'readonly',
        test: 'readonly',
        expect: 'readonly',
        beforeAll: 'readonly',
        afterAll: 'readonly',
        beforeEach: 'readonly',
        afterEach: 'readonly',
        jest: 'readonly',
      },
    },
  },
]);

export default config;

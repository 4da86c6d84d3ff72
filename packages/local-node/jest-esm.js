/* eslint-disable n/no-sync -- jest reads its configuration synchronously */
const { existsSync, readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

/**
 * Jest settings for the ESM-only IPFS libraries (ipfs-unixfs-importer and
 * friends). Jest runs tests as CommonJS: these packages must be resolved with
 * the "import" condition (see jest-resolver.js) and compiled to CommonJS.
 * Which packages need compiling is read from the installed tree, starting at
 * the given packages, so a new transitive dependency needs no edit here.
 */

/**
 * Finds the directory of a package as Node would from a given directory.
 *
 * @param {string} name - The package name.
 * @param {string} from - The directory asking.
 * @returns {string | undefined} The package directory.
 */
function packageDir(name, from) {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) {
      return candidate;
    }
    if (dirname(dir) === dir) {
      return undefined;
    }
  }
}

/**
 * The directories of every ES-module package reachable from the roots.
 *
 * @param {string[]} roots - Package names to start from.
 * @param {string} from - Where they are installed for.
 * @returns {string[]} Package directories.
 */
function esmPackageDirs(roots, from) {
  const seen = new Set();
  const esm = [];
  const visit = (name, parent) => {
    const dir = packageDir(name, parent);
    if (!dir || seen.has(dir)) {
      return;
    }
    seen.add(dir);
    const manifest = JSON.parse(
      readFileSync(join(dir, 'package.json'), 'utf8'),
    );
    if (manifest.type === 'module') {
      esm.push(dir);
    }
    for (const dependency of Object.keys(manifest.dependencies ?? {})) {
      visit(dependency, dir);
    }
  };
  roots.forEach((root) => visit(root, from));
  return esm;
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/**
 * The jest options that let CommonJS tests load the ESM-only libraries.
 *
 * @param {string} from - The directory whose dependencies are meant.
 * @param {string} tsconfig - The tsconfig ts-jest compiles TypeScript with.
 * @returns {object} `resolver`, `transform` and `transformIgnorePatterns`.
 */
function esmSupport(from, tsconfig) {
  const dirs = esmPackageDirs(
    [
      'ipfs-unixfs-importer',
      'ipfs-unixfs-exporter',
      'ipfs-unixfs',
      '@ipld/dag-pb',
      'multiformats',
    ],
    from,
  );
  const compiled = dirs.map(escapeRegExp).join('|');
  return {
    resolver: join(__dirname, 'jest-resolver.js'),
    transform: {
      '^.+\\.tsx?$': ['ts-jest', { tsconfig }],
      '^.+\\.js$': [
        'ts-jest',
        {
          tsconfig: {
            allowJs: true,
            module: 'commonjs',
            target: 'es2022',
            isolatedModules: true,
          },
        },
      ],
    },
    // Everything in node_modules stays as it is, except those ES modules.
    transformIgnorePatterns: [
      `^(?!(?:${compiled})/(?!node_modules/)).*/node_modules/`,
    ],
  };
}

module.exports = { esmSupport };

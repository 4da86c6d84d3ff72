#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's CommonJS loader.
/* eslint-disable n/no-process-exit -- a CLI entry point */
import { createRequire } from 'node:module';
// eslint-disable-next-line import-x/no-unresolved -- an exports subpath the resolver does not read
import { register } from 'tsx/cjs/api';

register();
const load = createRequire(import.meta.url);
const { main } = load('../src/cli.ts');

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});

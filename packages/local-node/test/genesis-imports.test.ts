/* eslint-disable n/no-sync -- the sources read synchronously */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

import { GENESIS_FAMILIES } from '../src/chain/genesis';

/**
 * The genesis is a line: the local chain writes it from one list of
 * families, and no module reached from the local chain imports its way back
 * to itself (genesis → staking-genesis → pipeline → local-chain → genesis
 * was a circle).
 */

const SRC = resolve(__dirname, '..', 'src');
const IMPORT = /^(?:import|export)[^'"]*?from '(\.[^']+)';$/gmu;

/**
 * The modules a module imports (relative imports, types included).
 *
 * @param file - The module's path.
 * @returns The imported modules' paths.
 */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].flatMap(([, specifier]) => {
    const base = resolve(dirname(file), specifier ?? '');
    const found = [`${base}.ts`, join(base, 'index.ts')].find((candidate) =>
      existsSync(candidate),
    );
    return found ? [found] : [];
  });
}

/**
 * The first import circle reached from a module, if any.
 *
 * @param start - The module.
 * @returns The circle's modules, relative to src/, or undefined.
 */
function circleFrom(start: string): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string): string[] | undefined => {
    const at = path.indexOf(file);
    if (at >= 0) {
      return [...path.slice(at), file].map((entry) => relative(SRC, entry));
    }
    if (done.has(file)) {
      return undefined;
    }
    path.push(file);
    for (const next of importsOf(file)) {
      const circle = visit(next);
      if (circle) {
        return circle;
      }
    }
    path.pop();
    done.add(file);
    return undefined;
  };
  return visit(start);
}

describe('the genesis', () => {
  it('is written from one list of families, in order', () => {
    expect(GENESIS_FAMILIES.map(({ name }) => name)).toStrictEqual([
      'core',
      'staking',
      'swap',
      'liquid staking',
    ]);
  });

  it('has no import circle from the local chain down', () => {
    expect(circleFrom(join(SRC, 'chain', 'local-chain.ts'))).toBeUndefined();
  });
});

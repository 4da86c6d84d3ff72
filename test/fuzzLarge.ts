import type { Json } from '@metamask/snaps-sdk';
import * as fc from 'fast-check';
import type { Arbitrary } from 'fast-check';

/**
 * Large inputs for the fuzz test, shaped where work past linear would hide:
 * typed data of many enums (whose types starknet.js encodes again for each
 * item that holds them) or of long chains of struct types, text a regular
 * expression could backtrack on (runs of one character, the SVG comments
 * that once froze the snap), and long arrays. The fuzz test holds every
 * request to a time linear in its size, so these make that bound mean
 * something. (No logo is read in the fuzz test, no content storage runs:
 * the SVG text reaches every other check of strings.)
 */

const DOMAIN: Json = {
  name: 'Fuzz',
  version: '1',
  chainId: 'SN_SEPOLIA',
  revision: '1',
};

const STARKNET_DOMAIN: Json = [
  { name: 'name', type: 'shortstring' },
  { name: 'version', type: 'shortstring' },
  { name: 'chainId', type: 'shortstring' },
  { name: 'revision', type: 'shortstring' },
];

/**
 * Revision-1 typed data of an array of `Item`s, each holding one value of
 * each of `kinds` enum types of `variants` variants (every other variant
 * holding the next enum type, so each type depends on all after it), the
 * first variant chosen. starknet.js encodes and hashes `Item`'s type, all
 * its enums' variants included, once per item: time that grows with items
 * times variants, about 13 s for 85 KB of one enum (2,500 items, 1,200
 * variants) in Node.
 *
 * @param items - Items in the array.
 * @param kinds - Enum types (and members of `Item`).
 * @param variants - Variants per enum type.
 * @returns The typed data.
 */
export function enumHeavy(
  items: number,
  kinds: number,
  variants: number,
): Json {
  const names = Array.from({ length: kinds }, (_, index) => `E${index}`);
  const enumType = (position: number): Json =>
    Array.from({ length: variants }, (_, index) => ({
      name: `v${index}`,
      type:
        index % 2 === 0 ? '()' : `(felt,${names[position + 1] ?? 'felt'},u128)`,
    }));
  const item = Object.fromEntries(
    names.map((name) => [name.toLowerCase(), { v0: [] }]),
  );
  return {
    types: {
      StarknetDomain: STARKNET_DOMAIN,
      Note: [{ name: 'items', type: 'Item*' }],
      Item: names.map((name) => ({
        name: name.toLowerCase(),
        type: 'enum',
        contains: name,
      })),
      ...Object.fromEntries(
        names.map((name, position) => [name, enumType(position)]),
      ),
    },
    primaryType: 'Note',
    domain: DOMAIN,
    message: { items: Array.from({ length: items }, () => item) },
  };
}

/**
 * Revision-1 typed data of a chain of struct types, each holding the next.
 *
 * @param length - How many struct types.
 * @returns The typed data.
 */
function structChain(length: number): Json {
  const types: Record<string, Json> = { StarknetDomain: STARKNET_DOMAIN };
  let message: Json = { leaf: 'x' };
  types[`T${length}`] = [{ name: 'leaf', type: 'shortstring' }];
  for (let index = length - 1; index >= 0; index--) {
    types[`T${index}`] = [{ name: 'next', type: `T${index + 1}` }];
    message = { next: message };
  }
  return { types, primaryType: 'T0', domain: DOMAIN, message };
}

/** Characters whose long runs a careless regular expression rescans. */
const RUN_CHARACTERS = [' ', '\n', '\t', '0', 'a', '/', '-', '.', ',', '<'];

/**
 * A large value of one of the shapes above (typed data most often: it has
 * the most paths to check).
 */
export const largeValue: Arbitrary<Json> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.integer({ min: 1, max: 3_000 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 1_200 }),
      )
      .map(([items, kinds, variants]) => enumHeavy(items, kinds, variants)),
  },
  {
    weight: 2,
    arbitrary: fc.integer({ min: 10, max: 3_000 }).map(structChain),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 30, max: 20_000 })
      .map((count) => `${'<!---->'.repeat(count)}x`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...RUN_CHARACTERS),
        fc.integer({ min: 1_000, max: 100_000 }),
        fc.constantFrom('', '!', 'x', '\u0000'),
      )
      .map(([character, length, end]) => `${character.repeat(length)}${end}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1_000, max: 20_000 })
      .map((length) => Array.from({ length }, (_, index) => `0x${index}`)),
  },
);

/**
 * A method's params with one of them (or one more) a large value.
 *
 * @param keys - The method's param names.
 * @param examples - Valid params of the method.
 * @returns The params.
 */
export function largeParams(keys: string[], examples: Json[]): Arbitrary<Json> {
  const objects = examples.filter(
    (example): example is Record<string, Json> =>
      typeof example === 'object' &&
      example !== null &&
      !Array.isArray(example),
  );
  return fc
    .tuple(
      fc.constantFrom<Record<string, Json>>(...objects, {}),
      fc.constantFrom(...keys, 'extra'),
      largeValue,
    )
    .map(([example, key, value]) =>
      Object.fromEntries([...Object.entries(example), [key, value]]),
    );
}

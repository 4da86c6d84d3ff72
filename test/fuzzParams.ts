import type { Json } from '@metamask/snaps-sdk';
import * as fc from 'fast-check';
import type { Arbitrary } from 'fast-check';

import { ACCOUNT_0, MAINNET, TESTNET } from './fixtures';
import { largeParams } from './fuzzLarge';
import { methods } from '../src/methods/router';
import type { MethodName } from '../src/methods/router';

/**
 * What a hostile or careless dapp may send as params, for the fuzz test:
 * random JSON, huge arrays and strings, deep nesting, keys that reach
 * prototypes, numbers out of every range, bad hex, calls no dialog can
 * show — alone, as any member of a method's params, or replacing, removing
 * or adding one member of a valid example.
 */

/** Keys that reach prototypes or thenables when code copies carelessly. */
const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'toJSON',
  'then',
];

/** Numbers past the ranges params accept (indices, counts, decimals). */
const EDGE_NUMBERS = [
  -1,
  -0,
  0.5,
  255,
  256,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 64,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** The Stark field prime: felts are below it. */
const FIELD_PRIME =
  '0x800000000000011000000000000000000000000000000000000000000000001';

/** Hex that is not a felt, or only just is. */
const BAD_HEX = [
  '',
  '0x',
  '0X1',
  '0xZZ',
  ' 0x1',
  '0x1 ',
  '-0x1',
  '0x-1',
  '1e3',
  'NaN',
  '0b101',
  '0x1\u0000',
  '\uff10x\uff11',
  FIELD_PRIME,
  `0x${'f'.repeat(64)}`,
  `0x${'f'.repeat(65)}`,
  `0x${'0'.repeat(300)}1`,
  '0x800000000000000000000000000000000000000000000000000000000000000',
  // Just inside and just past the widths a transaction hash packs: a
  // resource amount and the tip (u64), a price (u128).
  '0xffffffffffffffff',
  '0x10000000000000000',
  `0x${'f'.repeat(32)}`,
  `0x1${'0'.repeat(32)}`,
  // Mainnet's chain id plus the prime: the same felt once hashed.
  '0x8000000000000110000000000000000000000000000000000534e5f4d41494f',
  // A chain id of bytes that are not printable text.
  '0x534e5f00',
];

/** Text that does not read as it is: names and labels must refuse or show it. */
const HIDDEN_TEXT = [
  'Mainnet\u200b',
  'Ma\u0456nnet',
  'evil\u202etxt.exe',
  '\u2066Testnet\u2069',
  'STRK\ufe0f',
  'tab\tnew\nline',
  '\u3164',
  '⟨U+202E⟩',
];

/**
 * Values some param accepts (chain ids, an own address written another way,
 * small numbers, empty containers), so that mutated params also pass
 * validation and reach dialogs and the node.
 */
const PLAUSIBLE: Json[] = [
  MAINNET,
  TESTNET,
  // Account 0 without its leading zero, and in capitals.
  ACCOUNT_0.address.replace(/^0x0+/u, '0x'),
  `0x${ACCOUNT_0.address.slice(2).toUpperCase()}`,
  '0x0',
  '0x1',
  '0',
  '7',
  0,
  1,
  18,
  true,
  false,
  null,
  [],
  {},
];

/**
 * Values nested `depth` levels deep, alternating arrays and objects.
 *
 * @param depth - How deep.
 * @returns The value.
 */
function nested(depth: number): Json {
  let value: Json = '0x1';
  for (let level = 0; level < depth; level++) {
    value = level % 2 === 0 ? [value] : { value };
  }
  return value;
}

/**
 * An object with one own property, whatever its name (`__proto__`
 * included: defined, never assigned).
 *
 * @param key - The property.
 * @param value - Its value.
 * @returns The object.
 */
function ownProperty(key: string, value: Json): Json {
  return Object.fromEntries([[key, value]]);
}

/**
 * Calls no dialog can show, each refused before the node is asked: to more
 * distinct contracts than the wallet looks up (16), or with more calldata
 * than a dialog holds even raw.
 */
const unshowableCalls: Arbitrary<Json> = fc.oneof(
  fc.integer({ min: 17, max: 32 }).map((count) =>
    Array.from({ length: count }, (_, index) => ({
      contractAddress: `0x${(0x100 + index).toString(16)}`,
      entrypoint: 'transfer',
      calldata: [],
    })),
  ),
  fc.integer({ min: 16, max: 32 }).map((count) =>
    Array.from({ length: count }, () => ({
      contractAddress: '0x1',
      entrypoint: 'poke',
      calldata: Array.from({ length: 2048 }, () => `0x${'7'.repeat(62)}`),
    })),
  ),
);

/** Something that is not what any param wants, or only just is. */
export const hostileValue: Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(asJson) },
  { weight: 3, arbitrary: fc.constantFrom(...BAD_HEX) },
  { weight: 2, arbitrary: fc.constantFrom(...HIDDEN_TEXT) },
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.jsonValue({ maxDepth: 1 }))
      .map(([key, value]) => ownProperty(key, asJson(value))),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.integer({ min: 1_000, max: 20_000 }),
        fc.constantFrom<Json>('0x1', 1, { contractAddress: '0x1' }, []),
      )
      .map(([length, item]) => Array.from({ length }, () => item)),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 10_000, max: 1_000_000 })
      .map((length) => 'a'.repeat(length)),
  },
  { weight: 1, arbitrary: unshowableCalls },
  {
    // Not deeper: from about 5,000 levels the simulator's own worker
    // transport (postMessage) overflows its stack before the snap is asked.
    weight: 1,
    arbitrary: fc.integer({ min: 20, max: 1_000 }).map(nested),
  },
);

/**
 * A fast-check JSON value as the snaps SDK types it.
 *
 * @param value - The value (fast-check's own JSON type).
 * @returns It, as Json.
 */
function asJson(value: unknown): Json {
  return JSON.parse(JSON.stringify(value));
}

/** A path into a JSON value: object keys and array indices. */
type JsonPath = (string | number)[];

/**
 * Every path of a JSON value, itself included.
 *
 * @param value - The value.
 * @param prefix - The path to it.
 * @returns Its paths, parents before children.
 */
function pathsOf(value: Json, prefix: JsonPath = []): JsonPath[] {
  let children: [string | number, Json][] = [];
  if (Array.isArray(value)) {
    children = value.map((item, index) => [index, item]);
  } else if (typeof value === 'object' && value !== null) {
    children = Object.entries(value);
  }
  return [
    prefix,
    ...children.flatMap(([key, child]) => pathsOf(child, [...prefix, key])),
  ];
}

/** What a mutation does at its path. */
type Mutation =
  | { kind: 'replace'; value: Json }
  | { kind: 'remove' }
  | { kind: 'add'; key: string; value: Json };

/**
 * A copy of a JSON value with one mutation at one path.
 *
 * @param value - The value.
 * @param path - Where.
 * @param mutation - What.
 * @returns The mutated copy.
 */
function mutate(value: Json, path: JsonPath, mutation: Mutation): Json {
  const [head, ...rest] = path;
  if (head === undefined) {
    if (mutation.kind === 'replace') {
      return mutation.value;
    }
    if (mutation.kind === 'add') {
      if (Array.isArray(value)) {
        return [...value, mutation.value];
      }
      if (typeof value === 'object' && value !== null) {
        return Object.fromEntries([
          ...Object.entries(value),
          [mutation.key, mutation.value],
        ]);
      }
      return mutation.value;
    }
    return null;
  }
  if (Array.isArray(value)) {
    return rest.length === 0 && mutation.kind === 'remove'
      ? value.filter((_item, index) => index !== head)
      : value.map((item, index) =>
          index === head ? mutate(item, rest, mutation) : item,
        );
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).flatMap(([key, child]): [string, Json][] => {
        if (key !== head) {
          return [[key, child]];
        }
        return rest.length === 0 && mutation.kind === 'remove'
          ? []
          : [[key, mutate(child, rest, mutation)]];
      }),
    );
  }
  return value;
}

const mutation: Arbitrary<Mutation> = fc.oneof(
  {
    weight: 5,
    arbitrary: hostileValue.map(
      (value): Mutation => ({
        kind: 'replace',
        value,
      }),
    ),
  },
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(...PLAUSIBLE)
      .map((value): Mutation => ({ kind: 'replace', value })),
  },
  { weight: 2, arbitrary: fc.constant<Mutation>({ kind: 'remove' }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string()),
        hostileValue,
      )
      .map(([key, value]): Mutation => ({ kind: 'add', key, value })),
  },
);

/**
 * Valid params with up to two members changed (none, now and then: a valid
 * call, whose dialog is declined).
 *
 * @param examples - Valid params of the method.
 * @returns The mutated params.
 */
function mutatedExample(examples: Json[]): Arbitrary<Json> {
  return fc.constantFrom(...examples).chain((example) =>
    fc
      .array(fc.tuple(fc.constantFrom(...pathsOf(example)), mutation), {
        minLength: 0,
        maxLength: 2,
      })
      .map((steps) =>
        steps.reduce(
          (params, [path, step]) => mutate(params, path, step),
          example,
        ),
      ),
  );
}

/** Request params: a JSON object or array, as MetaMask forwards them. */
export type RequestParams = Json[] | Record<string, Json>;

/**
 * Params as a request carries them: a value that is neither an object nor
 * an array is sent as the array of it.
 *
 * @param value - The value.
 * @returns The params.
 */
function asParams(value: Json): RequestParams {
  if (Array.isArray(value)) {
    return value;
  }
  return typeof value === 'object' && value !== null ? value : [value];
}

/**
 * Params for one method: anything at all, its own keys with hostile values,
 * one of its valid examples broken, or one with a large value.
 *
 * @param keys - The method's param names.
 * @param examples - Valid params of the method.
 * @returns The arbitrary.
 */
export function paramsFor(
  keys: string[],
  examples: Json[],
): Arbitrary<RequestParams> {
  const ownKeys = fc.dictionary(
    fc.constantFrom(...keys, ...PROTOTYPE_KEYS),
    hostileValue,
    { maxKeys: Math.max(1, keys.length) },
  );
  return fc
    .oneof(
      { weight: 1, arbitrary: hostileValue },
      { weight: 2, arbitrary: ownKeys.map(asJsonObject) },
      { weight: 5, arbitrary: mutatedExample(examples) },
      { weight: 3, arbitrary: largeParams(keys, examples) },
    )
    .map(asParams);
}

/**
 * A fast-check dictionary as a JSON object (its `__proto__` key, if drawn,
 * kept as an own property).
 *
 * @param entries - The dictionary.
 * @returns The object.
 */
function asJsonObject(entries: Record<string, Json>): Json {
  return Object.fromEntries(Object.entries(entries));
}

/**
 * The names of a method's params, from its struct in the router's table.
 *
 * @param name - The method.
 * @returns Its top-level param names.
 */
export function paramNamesOf(name: MethodName): string[] {
  const { schema }: { schema: unknown } = methods[name].params;
  return typeof schema === 'object' && schema !== null
    ? Object.keys(schema)
    : [];
}

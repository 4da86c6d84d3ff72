import * as fc from 'fast-check';
import { hash, shortString } from 'starknet';
import type { TypedData } from 'starknet';

import { ADDRESS_BOUND, FELT_PRIME, U128_BOUND } from '../protocol/values';

/**
 * Test code: fast-check generators of SNIP-12 typed data a site may send —
 * revisions 0 and 1, every basic and preset type, enums, merkle trees,
 * nested structs and arrays (outside executions: outsideExecutionArbitrary).
 * A generated payload is first a meaning (its types and the values as they
 * hash), then one of its many spellings: a felt as hex, decimal, a number
 * or text; a selector as a name or hex; members in any order, with members
 * the type does not list; merkle leaves with sibling subtrees swapped. Two
 * spellings of one meaning hash alike and must show alike.
 */

/** A type of the generated typed data. */
type TypeNode =
  | { kind: 'basic'; name: string }
  | { kind: 'preset'; name: 'u256' | 'TokenAmount' | 'NftId' }
  | { kind: 'struct'; name: string; members: NamedNode[] }
  | { kind: 'array'; element: TypeNode }
  | {
      kind: 'enum';
      name: string;
      variants: { name: string; params: TypeNode[] }[];
    }
  | { kind: 'merkle'; leaf: TypeNode };

type NamedNode = { name: string; node: TypeNode };

/** A value as it hashes, before it is spelt. */
type Meaning =
  | { kind: 'number'; value: bigint; text?: string }
  | { kind: 'bool'; value: boolean }
  | { kind: 'text'; text: string }
  | { kind: 'struct'; members: [string, Meaning][] }
  | { kind: 'list'; items: Meaning[] }
  | { kind: 'enum'; variant: string; params: Meaning[] };

/** A generated payload's meaning: its types and values as they hash. */
export type Payload = {
  revision: '0' | '1';
  types: TypedData['types'];
  primaryType: string;
  primary: TypeNode & { kind: 'struct' };
  domainType: NamedNode[];
  domain: [string, Meaning][];
  message: Meaning;
};

/** Printable ASCII: the text starknet.js hashes faithfully. */
const ASCII_CHAR = fc
  .integer({ min: 0x20, max: 0x7e })
  .map((code) => String.fromCharCode(code));

/**
 * Whether JavaScript's BigInt reads a text as a number.
 *
 * @param text - The text.
 * @returns Whether it does.
 */
function readsAsNumber(text: string): boolean {
  try {
    BigInt(text);
    return true;
  } catch {
    return false;
  }
}

/** A text hashed as its short string: 1 to 31 printable ASCII characters, not a number. */
const SHORT_TEXT = fc
  .string({ unit: ASCII_CHAR, minLength: 1, maxLength: 31 })
  .filter((text) => !readsAsNumber(text) && !/^0[xX]/u.test(text));

/** Type names: plain, spaced, accented, or hiding a right-to-left override. */
const TYPE_NAME_BASES = ['Mail', 'Order Item', 'Détail', 'pay\u202Etxt', 'T'];

/**
 * Member names of a revision: any short text without the characters that
 * delimit its encoded types.
 *
 * @param revision - The revision.
 * @returns The arbitrary.
 */
function memberName(revision: '0' | '1'): fc.Arbitrary<string> {
  const forbidden = revision === '1' ? /["\\]/u : /[,():]/u;
  return fc.oneof(
    fc.constantFrom('amount', 'to', 'Some Name', 'na\u202Eme', '#1', 'variant'),
    fc
      .string({ unit: 'binary', minLength: 1, maxLength: 6 })
      .filter((name) => !forbidden.test(name) && name !== '__proto__'),
  );
}

const BASICS: Record<'0' | '1', string[]> = {
  '0': ['felt', 'bool', 'string', 'selector'],
  '1': [
    'felt',
    'bool',
    'string',
    'selector',
    'u128',
    'i128',
    'ContractAddress',
    'ClassHash',
    'timestamp',
    'shortstring',
  ],
};

/**
 * A type node: a basic or preset type, or (while depth lasts) a struct, an
 * array, an enum (revision 1) or a merkle tree.
 *
 * @param revision - The revision.
 * @param depth - How many more levels may nest.
 * @param path - A unique path, for unique type names.
 * @returns The arbitrary.
 */
function typeNode(
  revision: '0' | '1',
  depth: number,
  path: string,
): fc.Arbitrary<TypeNode> {
  const basic = fc
    .constantFrom(...BASICS[revision])
    .map((name): TypeNode => ({ kind: 'basic', name }));
  const leaves =
    revision === '1'
      ? fc.oneof(
          { weight: 4, arbitrary: basic },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom(
                'u256' as const,
                'TokenAmount' as const,
                'NftId' as const,
              )
              .map((name): TypeNode => ({ kind: 'preset', name })),
          },
        )
      : basic;
  if (depth === 0) {
    return leaves;
  }
  const struct = structNode(revision, depth - 1, path);
  const options: fc.Arbitrary<TypeNode>[] = [
    leaves,
    leaves,
    struct,
    fc
      .oneof(leaves, structNode(revision, depth - 1, `${path}a`))
      .map((element): TypeNode => ({ kind: 'array', element })),
    fc
      .oneof(
        structNode(revision, depth - 1, `${path}m`),
        ...(revision === '1'
          ? [fc.constant<TypeNode>({ kind: 'preset', name: 'u256' })]
          : []),
      )
      .map((leaf): TypeNode => ({ kind: 'merkle', leaf })),
  ];
  if (revision === '1') {
    options.push(enumNode(depth - 1, path));
  }
  return fc.oneof(...options);
}

/**
 * A struct type with a unique name and one to four members.
 *
 * @param revision - The revision.
 * @param depth - How many more levels may nest.
 * @param path - A unique path.
 * @returns The arbitrary.
 */
function structNode(
  revision: '0' | '1',
  depth: number,
  path: string,
): fc.Arbitrary<TypeNode & { kind: 'struct' }> {
  return fc
    .tuple(
      fc.constantFrom(...TYPE_NAME_BASES),
      fc.uniqueArray(memberName(revision), { minLength: 0, maxLength: 3 }),
    )
    .chain(([base, names]) =>
      fc
        .tuple(
          ...names.map((_, index) =>
            typeNode(revision, depth, `${path}.${index}`),
          ),
        )
        .map((nodes) => ({
          kind: 'struct' as const,
          name: `${base} ${path}`,
          members: names.map((name, index) => ({
            name,
            node: nodes[index] ?? { kind: 'basic', name: 'felt' },
          })),
        })),
    );
}

/**
 * An enum type with one to three variants of zero to two values each.
 *
 * @param depth - How many more levels may nest.
 * @param path - A unique path.
 * @returns The arbitrary.
 */
function enumNode(depth: number, path: string): fc.Arbitrary<TypeNode> {
  const param = (index: string): fc.Arbitrary<TypeNode> =>
    fc.oneof(
      typeNode('1', 0, index),
      structNode('1', Math.max(depth - 1, 0), `${index}s`),
      typeNode('1', 0, index).map(
        (element): TypeNode => ({ kind: 'array', element }),
      ),
    );
  return fc
    .uniqueArray(memberName('1'), { minLength: 1, maxLength: 3 })
    .chain((names) =>
      fc
        .tuple(
          ...names.map((_, index) =>
            fc.oneof(
              fc.constant([]),
              fc.tuple(param(`${path}e${index}p0`)),
              fc.tuple(
                param(`${path}e${index}p0`),
                param(`${path}e${index}p1`),
              ),
            ),
          ),
        )
        .map(
          (params): TypeNode => ({
            kind: 'enum',
            name: `Choice ${path}`,
            variants: names.map((name, index) => ({
              name,
              params: [...(params[index] ?? [])],
            })),
          }),
        ),
    );
}

/**
 * The type text of a node, as typed data writes it.
 *
 * @param node - The node.
 * @returns E.g. `felt`, `Mail 0*`.
 */
function typeTextOf(node: TypeNode): string {
  switch (node.kind) {
    case 'array':
      return `${typeTextOf(node.element)}*`;
    case 'merkle':
      return 'merkletree';
    case 'enum':
      return 'enum';
    default:
      return node.name;
  }
}

/**
 * The member declaration of a node.
 *
 * @param name - The member's name.
 * @param node - Its type.
 * @returns The declaration.
 */
function declaration(
  name: string,
  node: TypeNode,
): { name: string; type: string; contains?: string } {
  if (node.kind === 'enum') {
    return { name, type: 'enum', contains: node.name };
  }
  if (node.kind === 'merkle') {
    return { name, type: 'merkletree', contains: typeTextOf(node.leaf) };
  }
  return { name, type: typeTextOf(node) };
}

/**
 * Collects the definitions of every struct and enum a node reaches.
 *
 * @param node - The node.
 * @param types - Collects the definitions.
 */
function collectTypes(node: TypeNode, types: TypedData['types']): void {
  if (node.kind === 'struct') {
    types[node.name] = node.members.map(({ name, node: member }) =>
      declaration(name, member),
    );
    node.members.forEach(({ node: member }) => collectTypes(member, types));
  } else if (node.kind === 'array') {
    collectTypes(node.element, types);
  } else if (node.kind === 'merkle') {
    collectTypes(node.leaf, types);
  } else if (node.kind === 'enum') {
    types[node.name] = node.variants.map(({ name, params }) => ({
      name,
      type: `(${params.map(typeTextOf).join(',')})`,
    }));
    node.variants.forEach(({ params }) =>
      params.forEach((param) => collectTypes(param, types)),
    );
  }
}

/**
 * The meaning of a basic value of a type.
 *
 * @param revision - The revision.
 * @param name - The basic type.
 * @returns The arbitrary.
 */
function basicMeaning(
  revision: '0' | '1',
  name: string,
): fc.Arbitrary<Meaning> {
  const number = (min: bigint, max: bigint): fc.Arbitrary<Meaning> =>
    fc.bigInt({ min, max }).map((value) => ({ kind: 'number', value }));
  const text = SHORT_TEXT.map(
    (shown): Meaning => ({
      kind: 'number',
      value: BigInt(shortString.encodeShortString(shown)),
      text: shown,
    }),
  );
  switch (name) {
    case 'felt':
      return fc.oneof(number(0n, FELT_PRIME - 1n), text);
    case 'shortstring':
    case 'string':
      return revision === '1' && name === 'string'
        ? fc
            .string({ unit: ASCII_CHAR, maxLength: 70 })
            .map((shown): Meaning => ({ kind: 'text', text: shown }))
        : fc.oneof(text, number(0n, 127n));
    case 'bool':
      return fc.boolean().map((value): Meaning => ({ kind: 'bool', value }));
    case 'selector':
      return fc.oneof(
        number(0n, FELT_PRIME - 1n),
        fc
          .string({ unit: 'binary', maxLength: 12 })
          .filter((entrypoint) => !/^0[xX]/u.test(entrypoint))
          .map(
            (entrypoint): Meaning => ({
              kind: 'number',
              value: BigInt(hash.getSelectorFromName(entrypoint)),
              text: entrypoint,
            }),
          ),
      );
    case 'ContractAddress':
      return number(0n, ADDRESS_BOUND - 1n);
    case 'ClassHash':
      return number(0n, FELT_PRIME - 1n);
    case 'i128':
      return number(-(2n ** 127n), 2n ** 127n - 1n);
    default:
      return number(0n, U128_BOUND - 1n);
  }
}

/**
 * The meaning of a value of a type.
 *
 * @param revision - The revision.
 * @param node - The type.
 * @returns The arbitrary.
 */
function meaningOf(revision: '0' | '1', node: TypeNode): fc.Arbitrary<Meaning> {
  switch (node.kind) {
    case 'basic':
      return basicMeaning(revision, node.name);
    case 'preset':
      if (node.name === 'u256') {
        return fc
          .bigInt({ min: 0n, max: 2n ** 256n - 1n })
          .map((value): Meaning => ({ kind: 'number', value }));
      }
      return fc
        .tuple(
          basicMeaning(revision, 'ContractAddress'),
          meaningOf(revision, { kind: 'preset', name: 'u256' }),
        )
        .map(
          ([address, amount]): Meaning => ({
            kind: 'struct',
            members:
              node.name === 'TokenAmount'
                ? [
                    ['token_address', address],
                    ['amount', amount],
                  ]
                : [
                    ['collection_address', address],
                    ['token_id', amount],
                  ],
          }),
        );
    case 'struct':
      return fc
        .tuple(
          ...node.members.map(({ node: member }) =>
            meaningOf(revision, member),
          ),
        )
        .map(
          (values): Meaning => ({
            kind: 'struct',
            members: node.members.map(({ name }, index) => [
              name,
              values[index] ?? { kind: 'bool', value: false },
            ]),
          }),
        );
    case 'array':
      return fc
        .array(meaningOf(revision, node.element), { maxLength: 3 })
        .map((items): Meaning => ({ kind: 'list', items }));
    case 'merkle':
      return fc
        .array(meaningOf(revision, node.leaf), { minLength: 1, maxLength: 4 })
        .map((items): Meaning => ({ kind: 'list', items }));
    default:
      return fc.constantFrom(...node.variants).chain(({ name, params }) =>
        fc.tuple(...params.map((param) => meaningOf(revision, param))).map(
          (values): Meaning => ({
            kind: 'enum',
            variant: name,
            params: values,
          }),
        ),
      );
  }
}

/**
 * The many spellings of a number a type accepts.
 *
 * @param type - The basic type (`u256` halves are u128).
 * @param meaning - The number.
 * @returns The arbitrary.
 */
export function spellNumber(
  type: string,
  meaning: Meaning & { kind: 'number' },
): fc.Arbitrary<unknown> {
  const { value } = meaning;
  if (type === 'selector') {
    return fc.constantFrom(
      `0x${value.toString(16)}`,
      ...(meaning.text === undefined ? [] : [meaning.text]),
    );
  }
  const spellings: unknown[] = [value.toString()];
  if (value >= 0n) {
    spellings.push(
      `0x${value.toString(16)}`,
      `0X${value.toString(16).toUpperCase()}`,
    );
  }
  if (
    value <= BigInt(Number.MAX_SAFE_INTEGER) &&
    value >= -BigInt(Number.MAX_SAFE_INTEGER)
  ) {
    spellings.push(Number(value));
  }
  if (meaning.text !== undefined) {
    spellings.push(meaning.text);
  }
  if (value === 0n && ['felt', 'shortstring', 'string'].includes(type)) {
    spellings.push('');
  }
  return fc.constantFrom(...spellings);
}

/**
 * Swaps equal-sized sibling subtrees of a merkle tree's leaves at random:
 * the root, and so the hash, stays the same.
 *
 * @param leaves - The leaves.
 * @param coins - Random bits.
 * @returns The leaves, reordered.
 */
function swapSiblings<Leaf>(leaves: Leaf[], coins: boolean[]): Leaf[] {
  let order = [...leaves];
  let coin = 0;
  for (let size = 1; size * 2 <= order.length; size *= 2) {
    for (let start = 0; start + 2 * size <= order.length; start += 2 * size) {
      if (coins[coin % Math.max(coins.length, 1)]) {
        order = [
          ...order.slice(0, start),
          ...order.slice(start + size, start + 2 * size),
          ...order.slice(start, start + size),
          ...order.slice(start + 2 * size),
        ];
      }
      coin += 1;
    }
  }
  return order;
}

/**
 * A struct's value spelt: its members in any order, with members its type
 * does not list (not hashed).
 *
 * @param members - The members, spelt.
 * @returns The arbitrary.
 */
function spellObject(
  members: [string, fc.Arbitrary<unknown>][],
): fc.Arbitrary<Record<string, unknown>> {
  const names = new Set(members.map(([name]) => name));
  return fc
    .tuple(
      fc.tuple(...members.map(([, spelling]) => spelling)),
      fc.shuffledSubarray(
        members.map((_, index) => index),
        { minLength: members.length, maxLength: members.length },
      ),
      fc.array(
        fc.tuple(
          fc.constantFrom('extra', 'decimals', 'Extra Member', 'salt'),
          fc.jsonValue({ maxDepth: 1 }),
        ),
        { maxLength: 2 },
      ),
    )
    .map(([values, order, extras]) =>
      Object.fromEntries([
        ...order.map((index) => [members[index]?.[0] ?? '', values[index]]),
        ...extras.filter(([name]) => !names.has(name)),
      ]),
    );
}

/**
 * The type of a list's items: an array's element, a tree's leaf.
 *
 * @param node - The list's type.
 * @returns Its items' type.
 */
function elementOf(node: TypeNode): TypeNode {
  if (node.kind === 'array') {
    return node.element;
  }
  return node.kind === 'merkle' ? node.leaf : node;
}

/**
 * A spelling of a value of a type.
 *
 * @param revision - The revision.
 * @param node - The type.
 * @param meaning - The value.
 * @returns The arbitrary.
 */
function spell(
  revision: '0' | '1',
  node: TypeNode,
  meaning: Meaning,
): fc.Arbitrary<unknown> {
  if (meaning.kind === 'bool') {
    return revision === '1'
      ? fc.constant(meaning.value)
      : fc.constantFrom(
          meaning.value,
          ...(meaning.value ? [1, '1', '0x1'] : [0, '0', '0x0']),
        );
  }
  if (meaning.kind === 'text') {
    return fc.constant(meaning.text);
  }
  if (meaning.kind === 'number') {
    if (node.kind === 'preset') {
      const u128 = (value: bigint): fc.Arbitrary<unknown> =>
        spellNumber('u128', { kind: 'number', value });
      return spellObject([
        ['low', u128(meaning.value % U128_BOUND)],
        ['high', u128(meaning.value / U128_BOUND)],
      ]);
    }
    return spellNumber(node.kind === 'basic' ? node.name : '', meaning);
  }
  if (meaning.kind === 'struct') {
    const members =
      node.kind === 'struct'
        ? node.members
        : [
            {
              name: '',
              node: { kind: 'basic', name: 'ContractAddress' } as TypeNode,
            },
            { name: '', node: { kind: 'preset', name: 'u256' } as TypeNode },
          ];
    return spellObject(
      meaning.members.map(([name, value], index) => [
        name,
        spell(revision, members[index]?.node ?? node, value),
      ]),
    );
  }
  if (meaning.kind === 'list') {
    const element = elementOf(node);
    return fc
      .tuple(
        fc.tuple(
          ...meaning.items.map((item) => spell(revision, element, item)),
        ),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
      )
      .map(([items, coins]) =>
        node.kind === 'merkle' ? swapSiblings(items, coins) : items,
      );
  }
  const variant =
    node.kind === 'enum'
      ? node.variants.find(({ name }) => name === meaning.variant)
      : undefined;
  return fc
    .tuple(
      ...meaning.params.map((param, index) =>
        spell(revision, variant?.params[index] ?? node, param),
      ),
    )
    .map((params) => Object.fromEntries([[meaning.variant, params]]));
}

/** Chain ids a domain may name: this network's, another's, an appchain's. */
export const CHAINS = ['SN_SEPOLIA', 'SN_MAIN', 'MY_APPCHAIN'];

/**
 * The meaning of a payload of a revision.
 *
 * @param revision - The revision.
 * @returns The arbitrary.
 */
function payloadMeaning(revision: '0' | '1'): fc.Arbitrary<Payload> {
  const domainType: fc.Arbitrary<NamedNode[]> =
    revision === '1'
      ? fc.constant(
          ['name', 'version', 'chainId', 'revision'].map((name) => ({
            name,
            node: { kind: 'basic', name: 'shortstring' } as TypeNode,
          })),
        )
      : fc.subarray([
          { name: 'name', node: { kind: 'basic', name: 'felt' } as TypeNode },
          {
            name: 'version',
            node: { kind: 'basic', name: 'felt' } as TypeNode,
          },
          {
            name: 'chainId',
            node: { kind: 'basic', name: 'felt' } as TypeNode,
          },
          { name: 'salt', node: { kind: 'basic', name: 'string' } as TypeNode },
        ]);
  return fc
    .tuple(structNode(revision, 2, 'P'), domainType)
    .chain(([primary, domainMembers]) =>
      fc
        .tuple(
          meaningOf(revision, primary),
          fc.tuple(
            ...domainMembers.map(({ name, node }) => {
              if (name === 'revision') {
                return fc.constant<Meaning>({ kind: 'number', value: 1n });
              }
              if (name === 'chainId') {
                return fc.constantFrom(...CHAINS).map(
                  (chain): Meaning => ({
                    kind: 'number',
                    value: BigInt(shortString.encodeShortString(chain)),
                    text: chain,
                  }),
                );
              }
              return meaningOf(revision, node);
            }),
          ),
        )
        .map(([message, domainValues]) => {
          const types: TypedData['types'] = {
            [revision === '1' ? 'StarknetDomain' : 'StarkNetDomain']:
              domainMembers.map(({ name, node }) => declaration(name, node)),
          };
          collectTypes(primary, types);
          return {
            revision,
            types,
            primaryType: primary.name,
            primary,
            domainType: domainMembers,
            domain: domainMembers.map(({ name }, index): [string, Meaning] => [
              name,
              domainValues[index] ?? { kind: 'bool', value: false },
            ]),
            message,
          };
        }),
    );
}

/**
 * One spelling of a payload, as a site sends it.
 *
 * @param payload - Its meaning.
 * @returns The arbitrary.
 */
export function spellPayload(payload: Payload): fc.Arbitrary<TypedData> {
  const revisionSpelling =
    payload.revision === '1'
      ? fc.constantFrom<unknown>(1, '1')
      : fc.constant(undefined);
  return fc
    .tuple(
      spellObject(
        (payload.message.kind === 'struct' ? payload.message.members : []).map(
          ([name, value], index) => [
            name,
            spell(
              payload.revision,
              payload.primary.members[index]?.node ?? payload.primary,
              value,
            ),
          ],
        ),
      ),
      spellObject(
        payload.domain.map(([name, value], index) => [
          name,
          name === 'revision'
            ? revisionSpelling
            : spell(
                payload.revision,
                payload.domainType[index]?.node ?? payload.primary,
                value,
              ),
        ]),
      ),
    )
    .map(([message, domain]) => ({
      types: payload.types,
      primaryType: payload.primaryType,
      domain,
      message,
    }));
}

/** Meanings of plain typed data of both revisions. */
export const PAYLOADS = fc.oneof(payloadMeaning('0'), payloadMeaning('1'));

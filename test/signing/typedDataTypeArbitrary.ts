import * as fc from 'fast-check';
import type { TypedData } from 'starknet';

/**
 * Test code: the types of generated SNIP-12 typed data (typedDataArbitrary
 * builds their values, typedDataSpelling spells them) — basic and preset
 * types of each revision, nested structs, arrays, enums and merkle trees,
 * with names plain, spaced, accented or hiding a right-to-left override.
 */

/** A type of the generated typed data. */
export type TypeNode =
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

export type NamedNode = { name: string; node: TypeNode };

/** A value as it hashes, before it is spelt. */
export type Meaning =
  | { kind: 'number'; value: bigint; text?: string }
  | { kind: 'bool'; value: boolean }
  | { kind: 'text'; text: string }
  | { kind: 'struct'; members: [string, Meaning][] }
  | { kind: 'list'; items: Meaning[] }
  | { kind: 'enum'; variant: string; params: Meaning[] };

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
export function structNode(
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
export function declaration(
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
export function collectTypes(node: TypeNode, types: TypedData['types']): void {
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

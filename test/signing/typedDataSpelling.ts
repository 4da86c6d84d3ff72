import * as fc from 'fast-check';
import type { TypedData } from 'starknet';

import type { Payload } from './typedDataArbitrary';
import type { Meaning, TypeNode } from './typedDataTypeArbitrary';
import { U128_BOUND } from '../../src/protocol/values';

/**
 * Test code: the spellings of generated typed data — a felt as hex,
 * decimal, a number or text; a selector as a name or hex; members in any
 * order, with members the type does not list; merkle leaves with sibling
 * subtrees swapped. Two spellings of one meaning hash alike and must show
 * alike.
 */

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

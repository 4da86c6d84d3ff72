import * as fc from 'fast-check';
import { hash, shortString } from 'starknet';
import type { TypedData } from 'starknet';

import {
  collectTypes,
  declaration,
  structNode,
} from './typedDataTypeArbitrary';
import type { Meaning, NamedNode, TypeNode } from './typedDataTypeArbitrary';
import {
  ADDRESS_BOUND,
  FELT_PRIME,
  U128_BOUND,
} from '../../src/protocol/values';

/**
 * Test code: fast-check generators of SNIP-12 typed data a site may send —
 * revisions 0 and 1, every basic and preset type, enums, merkle trees,
 * nested structs and arrays (outside executions: outsideExecutionArbitrary).
 * A generated payload is first a meaning (its types, from
 * typedDataTypeArbitrary, and the values as they hash, here), then one of
 * its many spellings (typedDataSpelling). Two spellings of one meaning hash
 * alike and must show alike.
 */

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

/** Meanings of plain typed data of both revisions. */
export const PAYLOADS = fc.oneof(payloadMeaning('0'), payloadMeaning('1'));

import { TypedDataRevision } from 'starknet';
import type { TypedData } from 'starknet';

/**
 * SNIP-12's vocabulary: the revisions, their domain types, their basic and
 * preset types. What a type means and how its values are checked lives in
 * typedDataSchema.ts and typedDataValues.ts.
 */

/** SNIP-12 revisions: `0` (StarkNetDomain, Pedersen), `1` (StarknetDomain, Poseidon). */
export type Revision = '0' | '1';

/** The basic types of revision 1 (revision 0 has the first four). */
export type BasicType =
  | 'felt'
  | 'bool'
  | 'string'
  | 'selector'
  | 'u128'
  | 'i128'
  | 'ContractAddress'
  | 'ClassHash'
  | 'timestamp'
  | 'shortstring';

/** The preset struct types of revision 1. */
export type PresetType = 'u256' | 'TokenAmount' | 'NftId';

const REVISION_0_BASICS: readonly BasicType[] = [
  'felt',
  'bool',
  'string',
  'selector',
];

const REVISION_1_BASICS: readonly BasicType[] = [
  ...REVISION_0_BASICS,
  'u128',
  'i128',
  'ContractAddress',
  'ClassHash',
  'timestamp',
  'shortstring',
];

/**
 * Revision 1's preset structs, as SNIP-12 defines them (a dapp does not
 * declare them, and may not redefine them).
 */
export const PRESET_MEMBERS: Record<
  PresetType,
  {
    name: string;
    type:
      | { kind: 'basic'; name: BasicType }
      | { kind: 'preset'; name: PresetType };
  }[]
> = {
  u256: [
    { name: 'low', type: { kind: 'basic', name: 'u128' } },
    { name: 'high', type: { kind: 'basic', name: 'u128' } },
  ],
  TokenAmount: [
    {
      name: 'token_address',
      type: { kind: 'basic', name: 'ContractAddress' },
    },
    { name: 'amount', type: { kind: 'preset', name: 'u256' } },
  ],
  NftId: [
    {
      name: 'collection_address',
      type: { kind: 'basic', name: 'ContractAddress' },
    },
    { name: 'token_id', type: { kind: 'preset', name: 'u256' } },
  ],
};

/**
 * Names no dapp type may take, in either revision: every basic type of
 * either revision and the two member kinds that take `contains` (a struct
 * called `felt` would replace the basic type in starknet.js's encoding).
 */
export const RESERVED_TYPE_NAMES = new Set<string>([
  ...REVISION_1_BASICS,
  'enum',
  'merkletree',
]);

/**
 * The domain type of a revision.
 *
 * @param revision - The revision.
 * @returns `StarkNetDomain` (0) or `StarknetDomain` (1).
 */
export function domainTypeOf(revision: Revision): string {
  return revision === '1' ? 'StarknetDomain' : 'StarkNetDomain';
}

/**
 * Whether a type name is a basic type of a revision.
 *
 * @param revision - The revision.
 * @param name - The type name.
 * @returns Whether it is one.
 */
export function isBasicType(
  revision: Revision,
  name: string,
): name is BasicType {
  return (revision === '1' ? REVISION_1_BASICS : REVISION_0_BASICS).some(
    (basic) => basic === name,
  );
}

/**
 * Whether a type name is a preset of a revision (revision 1 only).
 *
 * @param revision - The revision.
 * @param name - The type name.
 * @returns Whether it is one.
 */
export function isPresetType(
  revision: Revision,
  name: string,
): name is PresetType {
  return revision === '1' && Object.hasOwn(PRESET_MEMBERS, name);
}

/**
 * The revision starknet.js hashes typed data with, by its own rule:
 * revision 1 needs `StarknetDomain` among the types and `domain.revision`
 * 1 (number or text); revision 0 needs `StarkNetDomain` and no revision, or
 * the text "0". Anything else is not typed data starknet.js can hash.
 *
 * @param data - The typed data.
 * @returns Its revision, or undefined.
 */
export function revisionOf(data: TypedData): Revision | undefined {
  const revision = new Map(Object.entries(data.domain)).get('revision');
  if (
    Object.hasOwn(data.types, 'StarknetDomain') &&
    (revision === 1 || revision === TypedDataRevision.ACTIVE)
  ) {
    return '1';
  }
  if (
    Object.hasOwn(data.types, 'StarkNetDomain') &&
    (revision === undefined || revision === TypedDataRevision.LEGACY)
  ) {
    return '0';
  }
  return undefined;
}

/**
 * starknet.js's name for a revision.
 *
 * @param revision - The revision.
 * @returns Its TypedDataRevision value.
 */
export function starknetRevision(revision: Revision): TypedDataRevision {
  return revision === '1' ? TypedDataRevision.ACTIVE : TypedDataRevision.LEGACY;
}

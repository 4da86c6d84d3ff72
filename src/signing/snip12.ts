import { TypedDataRevision, typedData as snip12 } from 'starknet';
import type { TypedData } from 'starknet';

/** SNIP-12 revisions: `0` (StarkNetDomain, Pedersen), `1` (StarknetDomain, Poseidon). */
export type Revision = '0' | '1';

/**
 * The revision starknet.js hashes typed data with (the same rule as its
 * own): revision 1 needs `StarknetDomain` and `domain.revision` "1";
 * revision 0 needs `StarkNetDomain` and no other revision.
 *
 * @param data - Typed data that hashed.
 * @returns Its revision.
 */
export function revisionOf(data: TypedData): Revision {
  const revision = new Map(Object.entries(data.domain)).get('revision');
  return 'StarknetDomain' in data.types && String(revision) === '1' ? '1' : '0';
}

/**
 * The felt a value is hashed as, as starknet.js encodes it.
 *
 * @param data - The typed data (its types).
 * @param revision - Its revision.
 * @param type - The value's SNIP-12 type.
 * @param value - The value.
 * @returns The felt (hex).
 */
export function encodedFelt(
  data: TypedData,
  revision: Revision,
  type: string,
  value: unknown,
): string {
  const [, encoded] = snip12.encodeValue(
    data.types,
    type,
    value,
    undefined,
    revision === '1' ? TypedDataRevision.ACTIVE : TypedDataRevision.LEGACY,
  );
  return `0x${BigInt(encoded).toString(16)}`;
}

/**
 * A type's members, looked up as an own property only (a type named
 * `constructor` or `toString` is not Object's).
 *
 * @param types - The typed data's types.
 * @param name - The type name.
 * @returns Its members, or undefined when it is not a defined struct.
 */
export function membersOfType(
  types: TypedData['types'],
  name: string,
): { name: string; type: string }[] | undefined {
  return Object.hasOwn(types, name) ? types[name] : undefined;
}

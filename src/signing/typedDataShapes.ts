import type { BasicType, PresetType, Revision } from './snip12';
import type { CheckedScalar } from './typedDataScalars';

/**
 * The shapes SNIP-12 typed data takes once checked: its schema (the types,
 * resolved, as typedDataSchema.ts reads them) and its values as they are
 * hashed (as typedDataValues.ts walks them): what the dialogs and execution
 * grants read.
 */

/** A member's type, resolved. */
export type ValueType =
  | { kind: 'basic'; name: BasicType }
  | { kind: 'preset'; name: PresetType }
  | { kind: 'struct'; name: string }
  | { kind: 'array'; element: ValueType }
  | { kind: 'enum'; name: string }
  | { kind: 'merkletree'; leaf: ValueType };

export type Member = { name: string; type: ValueType };

export type Variant = { name: string; params: ValueType[] };

export type StructDefinition = {
  kind: 'struct';
  name: string;
  members: Member[];
};

export type EnumDefinition = {
  kind: 'enum';
  name: string;
  variants: Variant[];
};

export type Definition = StructDefinition | EnumDefinition;

/** Typed data's types, as they are hashed. */
export type Schema = {
  revision: Revision;
  domain: StructDefinition;
  primary: StructDefinition;
  /** Every type the dapp defines that the primary type reaches, by name. */
  definitions: Map<string, Definition>;
};

/** A value as it is hashed. */
export type CheckedValue =
  | CheckedScalar
  | { kind: 'integer'; type: 'u256'; value: bigint }
  | { kind: 'struct'; name: string; members: CheckedMember[] }
  | { kind: 'array'; element: ValueType; items: CheckedValue[] }
  | {
      kind: 'enum';
      name: string;
      variant: string;
      params: { type: ValueType; value: CheckedValue }[];
    }
  | {
      kind: 'merkletree';
      leaf: ValueType;
      root: bigint;
      /** The leaves in canonical order (see merkleOrder.ts). */
      leaves: CheckedValue[];
    };

export type CheckedMember = {
  name: string;
  type: ValueType;
  value: CheckedValue;
};

/**
 * The text of a type as the dialog labels it: the type name, `T*` for an
 * array, `enum: E` and `merkletree: T` for the members that say what they
 * contain.
 *
 * @param type - The type.
 * @returns Its label.
 */
export function typeText(type: ValueType): string {
  switch (type.kind) {
    case 'array':
      return `${typeText(type.element)}*`;
    case 'enum':
      return `enum: ${type.name}`;
    case 'merkletree':
      return `merkletree: ${typeText(type.leaf)}`;
    default:
      return type.name;
  }
}

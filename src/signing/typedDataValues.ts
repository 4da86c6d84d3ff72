import { typedData as snip12 } from 'starknet';
import type { TypedData } from 'starknet';

import { canonicalLeafOrder, merkleRoot } from './merkleOrder';
import { PRESET_MEMBERS, starknetRevision } from './snip12';
import type { PresetType } from './snip12';
import { checkScalar } from './typedDataScalars';
import { typeText } from './typedDataShapes';
import type {
  CheckedMember,
  CheckedValue,
  EnumDefinition,
  Schema,
  StructDefinition,
  ValueType,
} from './typedDataShapes';
import { InvalidInputError } from '../errors';
import { U128_BOUND } from '../protocol/values';

/**
 * The values of SNIP-12 typed data, walked by their types: every value that
 * reaches the hash is checked against its type and kept as it is hashed —
 * only the members a type lists, u256 as one number, an enum's chosen
 * variant, a merkle tree's leaves and root. This is all a dialog shows, and
 * all it needs to show.
 */

/** The most fields a message may have and still be shown in a dialog. */
export const MAX_FIELDS = 500;

/** The deepest nesting of structs, arrays, enums and trees shown. */
const MAX_DEPTH = 8;

/** Counts the fields a message view builds, to bound the dialog. */
export class FieldBudget {
  readonly #field: string;

  #left = MAX_FIELDS;

  /**
   * @param field - The param to blame when the budget runs out.
   */
  constructor(field: string) {
    this.#field = field;
  }

  /** Takes one field, or refuses the message when it has too many. */
  take(): void {
    this.#left -= 1;
    if (this.#left < 0) {
      throw new InvalidInputError(
        this.#field,
        `has more than ${MAX_FIELDS} fields: too large to show faithfully in a dialog`,
      );
    }
  }
}

/**
 * The own members of a JSON object, or undefined for anything else.
 *
 * @param value - The value.
 * @returns Its members by name.
 */
function objectMembers(value: unknown): Map<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? new Map(Object.entries(value))
    : undefined;
}

/** Walks the values of one typed data; one instance per request. */
class ValueChecker {
  readonly #data: TypedData;

  readonly #schema: Schema;

  readonly #budget: FieldBudget;

  /**
   * @param data - The typed data (its types, for starknet.js's leaf hashes).
   * @param schema - Its checked types.
   * @param budget - The field budget.
   */
  constructor(data: TypedData, schema: Schema, budget: FieldBudget) {
    this.#data = data;
    this.#schema = schema;
    this.#budget = budget;
  }

  /**
   * A struct's members, each checked by its type; members the type does not
   * list are not hashed and not kept.
   *
   * @param definition - The struct's type.
   * @param value - Its value.
   * @param path - Its path.
   * @param depth - Its nesting depth.
   * @returns Its members as hashed.
   */
  members(
    definition: Pick<StructDefinition, 'name' | 'members'>,
    value: unknown,
    path: string,
    depth: number,
  ): CheckedMember[] {
    const given = objectMembers(value);
    if (!given) {
      throw new InvalidInputError(
        path,
        `Expected an object of type ${definition.name}`,
      );
    }
    if (depth > MAX_DEPTH) {
      throw new InvalidInputError(
        path,
        `is nested more than ${MAX_DEPTH} levels deep: too deep to show faithfully in a dialog`,
      );
    }
    return definition.members.map(({ name, type }) => {
      const memberPath = `${path}.${name}`;
      const member = given.get(name);
      if (member === undefined || member === null) {
        throw new InvalidInputError(
          memberPath,
          `is missing: ${definition.name} has a member ${name} (${typeText(type)})`,
        );
      }
      return {
        name,
        type,
        value: this.value(type, member, memberPath, depth + 1),
      };
    });
  }

  /**
   * One value checked by its type.
   *
   * @param type - Its type.
   * @param value - The value as the site sent it.
   * @param path - Its path.
   * @param depth - Its nesting depth.
   * @returns The value as hashed.
   */
  value(
    type: ValueType,
    value: unknown,
    path: string,
    depth: number,
  ): CheckedValue {
    this.#budget.take();
    switch (type.kind) {
      case 'basic':
        return checkScalar(this.#schema.revision, type.name, value, path);
      case 'preset':
        return this.#preset(type.name, value, path, depth);
      case 'struct':
        return {
          kind: 'struct',
          name: type.name,
          members: this.members(this.#struct(type.name), value, path, depth),
        };
      case 'array':
        return {
          kind: 'array',
          element: type.element,
          items: this.#items(type.element, value, path, depth),
        };
      case 'enum':
        return this.#enum(this.#enumDefinition(type.name), value, path, depth);
      default:
        return this.#merkleTree(type.leaf, value, path, depth);
    }
  }

  /**
   * A defined struct.
   *
   * @param name - Its name.
   * @returns Its definition.
   */
  #struct(name: string): StructDefinition {
    const definition = this.#schema.definitions.get(name);
    if (definition?.kind !== 'struct') {
      throw new Error(`The schema has no struct ${name}`);
    }
    return definition;
  }

  /**
   * A defined enum.
   *
   * @param name - Its name.
   * @returns Its definition.
   */
  #enumDefinition(name: string): EnumDefinition {
    const definition = this.#schema.definitions.get(name);
    if (definition?.kind !== 'enum') {
      throw new Error(`The schema has no enum ${name}`);
    }
    return definition;
  }

  /**
   * A preset value: u256 as the one number its halves make; TokenAmount and
   * NftId as structs.
   *
   * @param name - The preset.
   * @param value - Its value.
   * @param path - Its path.
   * @param depth - Its nesting depth.
   * @returns The value as hashed.
   */
  #preset(
    name: PresetType,
    value: unknown,
    path: string,
    depth: number,
  ): CheckedValue {
    const members = this.members(
      {
        name,
        members: PRESET_MEMBERS[name],
      },
      value,
      path,
      depth,
    );
    if (name !== 'u256') {
      return { kind: 'struct', name, members };
    }
    const [low, high] = members.map((member) =>
      member.value.kind === 'integer' ? member.value.value : 0n,
    );
    return {
      kind: 'integer',
      type: 'u256',
      value: (high ?? 0n) * U128_BOUND + (low ?? 0n),
    };
  }

  /**
   * An array's items, each by the element type.
   *
   * @param element - The element type.
   * @param value - The array.
   * @param path - Its path.
   * @param depth - Its nesting depth.
   * @returns The items as hashed.
   */
  #items(
    element: ValueType,
    value: unknown,
    path: string,
    depth: number,
  ): CheckedValue[] {
    if (!Array.isArray(value)) {
      throw new InvalidInputError(
        path,
        `Expected an array of ${typeText(element)}`,
      );
    }
    return value.map((item: unknown, index) =>
      this.value(element, item, `${path}.${index}`, depth + 1),
    );
  }

  /**
   * An enum value: one variant by name, with exactly its values.
   *
   * @param definition - The enum.
   * @param value - `{ variant: [values] }`.
   * @param path - Its path.
   * @param depth - Its nesting depth.
   * @returns The chosen variant as hashed.
   */
  #enum(
    definition: EnumDefinition,
    value: unknown,
    path: string,
    depth: number,
  ): CheckedValue {
    const given = [...(objectMembers(value) ?? new Map<string, unknown>())];
    const [chosen] = given;
    const variant = definition.variants.find(
      ({ name }) => name === chosen?.[0],
    );
    if (!chosen || given.length !== 1 || !variant) {
      throw new InvalidInputError(
        path,
        `Expected one variant of ${definition.name}: an object with one member, one of ${definition.variants.map(({ name }) => name).join(', ')}`,
      );
    }
    const [name, values] = chosen;
    const variantPath = `${path}.${name}`;
    if (!Array.isArray(values) || values.length !== variant.params.length) {
      throw new InvalidInputError(
        variantPath,
        `Expected an array of ${variant.params.length} values: (${variant.params.map(typeText).join(',')})`,
      );
    }
    return {
      kind: 'enum',
      name: definition.name,
      variant: name,
      params: variant.params.map((type, index) => ({
        type,
        value: this.value(
          type,
          values[index],
          `${variantPath}.${index}`,
          depth + 1,
        ),
      })),
    };
  }

  /**
   * A merkle tree: its leaves checked by their type, hashed by starknet.js,
   * put in canonical order, and the root that is signed.
   *
   * @param leaf - The leaves' type.
   * @param value - The leaves.
   * @param path - Its path.
   * @param depth - Its nesting depth.
   * @returns The tree as hashed.
   */
  #merkleTree(
    leaf: ValueType,
    value: unknown,
    path: string,
    depth: number,
  ): CheckedValue {
    const leaves = this.#items(leaf, value, path, depth);
    if (!Array.isArray(value) || leaves.length === 0) {
      throw new InvalidInputError(path, 'Expected at least one leaf');
    }
    const revision = starknetRevision(this.#schema.revision);
    const hashes = value.map((item: unknown) => {
      const [, encoded] = snip12.encodeValue(
        this.#data.types,
        typeText(leaf),
        item,
        undefined,
        revision,
      );
      return BigInt(encoded);
    });
    const order = canonicalLeafOrder(this.#schema.revision, hashes);
    return {
      kind: 'merkletree',
      leaf,
      root: merkleRoot(this.#schema.revision, hashes),
      leaves: order.map((index) => {
        const item = leaves[index];
        if (!item) {
          throw new Error('A canonical order lost a leaf');
        }
        return item;
      }),
    };
  }
}

/**
 * The domain and message of typed data, checked by their types and kept as
 * they are hashed.
 *
 * @param data - The typed data.
 * @param schema - Its checked types.
 * @param budget - The field budget.
 * @param field - The param name.
 * @returns The domain's and the message's members.
 */
export function checkValues(
  data: TypedData,
  schema: Schema,
  budget: FieldBudget,
  field: string,
): { domain: CheckedMember[]; message: CheckedMember[] } {
  const checker = new ValueChecker(data, schema, budget);
  return {
    domain: checker.members(schema.domain, data.domain, `${field}.domain`, 0),
    message: checker.members(
      schema.primary,
      data.message,
      `${field}.message`,
      0,
    ),
  };
}

import type { TypedData } from 'starknet';

import {
  domainTypeOf,
  isBasicType,
  isPresetType,
  RESERVED_TYPE_NAMES,
  revisionOf,
} from './snip12';
import type { Revision } from './snip12';
import type {
  Definition,
  Schema,
  StructDefinition,
  ValueType,
} from './typedDataShapes';
import { InvalidInputError } from '../errors';

/**
 * The types of SNIP-12 typed data, read and checked before any value: every
 * type the primary type reaches must be a basic or preset type of the
 * revision or a struct or enum the dapp defines, by SNIP-12's rules and as
 * starknet.js encodes it. What passes is a schema the values are checked
 * against; what does not is refused naming the type and member.
 */

/** A member as typed data declares it. */
type RawMember = { name: string; type: string; contains?: unknown };

/** SNIP-12's revision 1 domain, member for member. */
const REVISION_1_DOMAIN = ['name', 'version', 'chainId', 'revision'];

/** Basic types a revision 0 domain member may have. */
const REVISION_0_DOMAIN_TYPES = new Set(['felt', 'string', 'selector', 'bool']);

/**
 * Characters no type name may hold: they delimit the encoded type (`,`
 * `(` `)` `:`, the quotes and escapes of revision 1, `*` of arrays), so a
 * name holding one could encode like another set of types.
 */
const TYPE_NAME_DELIMITERS = /[,():"\\*]/u;

/** Characters member names may not hold, per revision, for the same reason. */
const MEMBER_NAME_DELIMITERS: Record<Revision, RegExp> = {
  '0': /[,():]/u,
  '1': /["\\]/u,
};

/** Reads the types of one typed data; one instance per request. */
class SchemaReader {
  readonly #data: TypedData;

  readonly #revision: Revision;

  readonly #field: string;

  readonly #definitions = new Map<string, Definition>();

  readonly #pending: string[] = [];

  /**
   * @param data - The typed data.
   * @param revision - Its revision.
   * @param field - The param name to blame.
   */
  constructor(data: TypedData, revision: Revision, field: string) {
    this.#data = data;
    this.#revision = revision;
    this.#field = field;
  }

  /**
   * Reads the domain, the primary type and every type it reaches.
   *
   * @returns The schema.
   */
  read(): Schema {
    for (const name of Object.keys(this.#data.types)) {
      this.#checkTypeName(name);
    }
    const domain = this.#readDomain();
    const primary = this.#readPrimary();
    for (let name = this.#pending.pop(); name; name = this.#pending.pop()) {
      if (!this.#definitions.has(name)) {
        this.#definitions.set(name, this.#readDefinition(name));
      }
    }
    return {
      revision: this.#revision,
      domain,
      primary,
      definitions: this.#definitions,
    };
  }

  /**
   * Refuses with the path of a part of the types.
   *
   * @param path - The part, below the param.
   * @param message - What is wrong.
   * @throws InvalidInputError always.
   */
  #refuse(path: string, message: string): never {
    throw new InvalidInputError(`${this.#field}.${path}`, message);
  }

  /**
   * Refuses a type name SNIP-12 does not allow: empty, a basic or preset
   * type's name, or holding a character of the type encoding.
   *
   * @param name - A defined type's name.
   */
  #checkTypeName(name: string): void {
    const path = `types.${name}`;
    if (name === '' || TYPE_NAME_DELIMITERS.test(name)) {
      this.#refuse(
        path,
        'a type name must be non-empty and hold none of , ( ) : " \\ *',
      );
    }
    if (RESERVED_TYPE_NAMES.has(name) || isPresetType(this.#revision, name)) {
      this.#refuse(
        path,
        `"${name}" is a SNIP-12 type of its own; a dapp may not define it`,
      );
    }
  }

  /**
   * The members of a defined type as declared, each a name and a type.
   *
   * @param name - The type's name.
   * @returns Its members.
   */
  #rawMembers(name: string): RawMember[] {
    const members = Object.hasOwn(this.#data.types, name)
      ? this.#data.types[name]
      : undefined;
    if (!members) {
      return this.#refuse(`types.${name}`, 'is not defined');
    }
    const seen = new Set<string>();
    members.forEach((member, index) => {
      if (
        member.name === '' ||
        MEMBER_NAME_DELIMITERS[this.#revision].test(member.name) ||
        seen.has(member.name)
      ) {
        this.#refuse(
          `types.${name}.${index}.name`,
          `member names must be non-empty, unique and, in revision ${this.#revision}, hold none of ${this.#revision === '1' ? '" \\' : ', ( ) :'}`,
        );
      }
      seen.add(member.name);
    });
    return members;
  }

  /**
   * The domain type: SNIP-12's four short strings exactly in revision 1;
   * felts, strings, selectors or bools in revision 0.
   *
   * @returns The domain's definition.
   */
  #readDomain(): StructDefinition {
    const name = domainTypeOf(this.#revision);
    const raw = this.#rawMembers(name);
    if (this.#revision === '1') {
      const exact =
        raw.length === REVISION_1_DOMAIN.length &&
        raw.every(
          (member, index) =>
            member.name === REVISION_1_DOMAIN[index] &&
            member.type === 'shortstring',
        );
      if (!exact) {
        this.#refuse(
          `types.${name}`,
          'must be SNIP-12 revision 1\'s domain exactly: name, version, chainId and revision, each a "shortstring"',
        );
      }
    }
    const members = raw.map((member, index) => {
      if (this.#revision === '0' && !REVISION_0_DOMAIN_TYPES.has(member.type)) {
        this.#refuse(
          `types.${name}.${index}.type`,
          'a domain member must be a felt, string, selector or bool',
        );
      }
      return {
        name: member.name,
        type: this.#resolveType(member.type, `types.${name}.${index}.type`),
      };
    });
    return { kind: 'struct', name, members };
  }

  /**
   * The primary type: a struct the dapp defines, not the domain.
   *
   * @returns Its definition.
   */
  #readPrimary(): StructDefinition {
    const name = this.#data.primaryType;
    if (
      !Object.hasOwn(this.#data.types, name) ||
      name === domainTypeOf(this.#revision) ||
      this.#isEnum(name)
    ) {
      return this.#refuse(
        'primaryType',
        'must name a struct defined in types (not the domain, not an enum)',
      );
    }
    const definition = this.#readDefinition(name);
    this.#definitions.set(name, definition);
    return definition.kind === 'struct'
      ? definition
      : this.#refuse('primaryType', 'must name a struct, not an enum');
  }

  /**
   * Whether a defined type is an enum: in revision 1, a type whose members
   * are variants, their types in parentheses.
   *
   * @param name - The type's name.
   * @returns Whether it is one.
   */
  #isEnum(name: string): boolean {
    const members = Object.hasOwn(this.#data.types, name)
      ? this.#data.types[name]
      : undefined;
    return (
      this.#revision === '1' &&
      (members ?? []).some(({ type }) => type.startsWith('('))
    );
  }

  /**
   * A defined type's definition: an enum's variants or a struct's members.
   *
   * @param name - The type's name.
   * @returns Its definition.
   */
  #readDefinition(name: string): Definition {
    const raw = this.#rawMembers(name);
    if (this.#isEnum(name)) {
      const variants = raw.map(({ name: variant, type }, index) => {
        const path = `types.${name}.${index}.type`;
        if (!/^\(.*\)$/u.test(type)) {
          this.#refuse(
            path,
            'every variant of an enum has its types in parentheses, e.g. "(u128,felt*)" or "()"',
          );
        }
        const inner = type.slice(1, -1);
        const params =
          inner === ''
            ? []
            : inner.split(',').map((param) => this.#resolveType(param, path));
        return { name: variant, params };
      });
      return { kind: 'enum', name, variants };
    }
    const members = raw.map((member, index) => ({
      name: member.name,
      type: this.#resolveMember(member, `types.${name}.${index}`),
    }));
    return { kind: 'struct', name, members };
  }

  /**
   * A struct member's type: `enum` and `merkletree` take what they contain
   * from `contains`; any other is a type by name.
   *
   * @param member - The member as declared.
   * @param path - Its path in the types.
   * @returns Its type.
   */
  #resolveMember(member: RawMember, path: string): ValueType {
    const { contains } = member;
    if (member.type === 'enum' && this.#revision === '1') {
      if (typeof contains !== 'string' || !this.#isEnum(contains)) {
        return this.#refuse(
          `${path}.contains`,
          'an enum member must name the enum type it contains',
        );
      }
      this.#pending.push(contains);
      return { kind: 'enum', name: contains };
    }
    if (member.type === 'merkletree') {
      const leaf =
        typeof contains === 'string'
          ? this.#resolveType(contains, `${path}.contains`)
          : undefined;
      if (leaf?.kind !== 'struct' && leaf?.kind !== 'preset') {
        return this.#refuse(
          `${path}.contains`,
          'a merkletree member must name the struct type of its leaves',
        );
      }
      return { kind: 'merkletree', leaf };
    }
    return this.#resolveType(member.type, `${path}.type`);
  }

  /**
   * A type by name: a basic or preset type of the revision, a struct the
   * dapp defines, or an array of one of those.
   *
   * @param name - The type's name.
   * @param path - Where it is named.
   * @returns The type.
   */
  #resolveType(name: string, path: string): ValueType {
    if (name.endsWith('*')) {
      const element = this.#resolveType(name.slice(0, -1), path);
      if (element.kind === 'array') {
        this.#refuse(path, 'arrays of arrays are not supported');
      }
      return { kind: 'array', element };
    }
    if (isBasicType(this.#revision, name)) {
      return { kind: 'basic', name };
    }
    if (isPresetType(this.#revision, name)) {
      return { kind: 'preset', name };
    }
    if (this.#isEnum(name)) {
      return this.#refuse(
        path,
        `"${name}" is an enum: a member holds one as {"type": "enum", "contains": "${name}"}`,
      );
    }
    if (Object.hasOwn(this.#data.types, name)) {
      this.#pending.push(name);
      return { kind: 'struct', name };
    }
    return this.#refuse(
      path,
      `"${name}" is not a type of SNIP-12 revision ${this.#revision}: use a basic${this.#revision === '1' ? ' or preset' : ''} type, a struct defined in types, an array of one (T*), or an enum or merkletree member with contains`,
    );
  }
}

/**
 * Reads and checks the types of typed data: its revision, its domain type,
 * its primary type and every type that reaches the hash.
 *
 * @param data - The typed data.
 * @param field - The param name to blame.
 * @returns The schema.
 */
export function readSchema(data: TypedData, field: string): Schema {
  const revision = revisionOf(data);
  if (!revision) {
    throw new InvalidInputError(
      `${field}.domain.revision`,
      'must be 1 with a StarknetDomain type (revision 1), or absent or "0" with a StarkNetDomain type (revision 0)',
    );
  }
  return new SchemaReader(data, revision, field).read();
}

import type { Json } from '@metamask/snaps-sdk';
import type { Struct } from 'superstruct';

import { recipeOf } from './record-structs';
import { REFINEMENTS } from './refinements';

/** A JSON Schema (draft 7), as plain JSON. */
export type JsonSchema = { [keyword: string]: Json };

/**
 * Which side of a method a struct describes. Params are `create`d: coercions
 * widen what a caller may send and defaults make fields optional. Results
 * are only `assert`ed: neither applies.
 */
export type Side = 'params' | 'result';

type AnyStruct = Struct<any, any>;

/** A converted struct, and whether an object may leave its field out. */
type Converted = { schema: JsonSchema; optional: boolean };

/**
 * The JSON Schema of a struct as the snap checks it.
 *
 * @param struct - A struct made through the recorded superstruct factories.
 * @param side - Params (what callers may send) or result (what the snap answers).
 * @returns Its schema.
 */
export function toJsonSchema(struct: AnyStruct, side: Side): JsonSchema {
  return convert(struct, side).schema;
}

/**
 * The properties of an object struct, one schema per field, and the fields
 * a caller must give (or the snap always answers).
 *
 * @param struct - An `object` or `type` struct.
 * @param side - Params or result.
 * @returns Each field's schema and whether it is required, in order.
 */
export function fieldsOf(
  struct: AnyStruct,
  side: Side,
): { name: string; schema: JsonSchema; required: boolean }[] {
  if (struct.type !== 'object' && struct.type !== 'type') {
    throw new Error(`Expected an object struct, got "${struct.type}"`);
  }
  const schema: Record<string, AnyStruct> = struct.schema ?? {};
  return Object.entries(schema).map(([name, field]) => {
    const converted = convert(field, side);
    return { name, schema: converted.schema, required: !converted.optional };
  });
}

/**
 * Converts one struct.
 *
 * @param struct - The struct.
 * @param side - Params or result.
 * @returns Its schema and optionality.
 */
function convert(struct: AnyStruct, side: Side): Converted {
  const recipe = recipeOf(struct);
  if (!recipe) {
    // Made inside superstruct (e.g. the merged object of `assign`): its
    // `type` and `schema` say everything for the shapes allowed here.
    return required(structural(struct, side));
  }
  const { factory, args } = recipe;
  const inner = (index = 0): Converted => convert(structArg(args, index), side);
  switch (factory) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return required({ type: factory });
    case 'unknown':
    case 'any':
      return required({});
    case 'literal':
      return required(literalSchema(args[0]));
    case 'enums':
      return required(enumSchema(args[0]));
    case 'array':
      return required({
        type: 'array',
        ...(args[0] === undefined ? {} : { items: inner().schema }),
      });
    case 'record':
      return required({
        type: 'object',
        additionalProperties: inner(1).schema,
      });
    case 'object':
    case 'type':
    case 'assign':
    case 'pick':
    case 'omit':
      return required(structural(struct, side));
    case 'optional':
      return { schema: inner().schema, optional: true };
    case 'defaulted':
      return side === 'params'
        ? {
            schema: { ...inner().schema, default: defaultOf(args[1]) },
            optional: true,
          }
        : inner();
    case 'coerce':
      return side === 'params'
        ? {
            schema: anyOf([inner().schema, inner(1).schema]),
            optional: inner().optional,
          }
        : inner();
    case 'trimmed':
      return inner();
    case 'nullable':
      return {
        schema: anyOf([inner().schema, { type: 'null' }]),
        optional: inner().optional,
      };
    case 'union':
      return required(
        anyOf(structList(args[0]).map((each) => toJsonSchema(each, side))),
      );
    case 'intersection':
      return required({
        allOf: structList(args[0]).map((each) => toJsonSchema(each, side)),
      });
    case 'tuple': {
      const items = structList(args[0]).map((each) => toJsonSchema(each, side));
      return required({
        type: 'array',
        items,
        minItems: items.length,
        maxItems: items.length,
      });
    }
    case 'min':
    case 'max':
    case 'size':
    case 'nonempty':
    case 'pattern':
      return refined(inner(), boundsOf(factory, args, inner().schema));
    case 'refine':
      return refined(inner(), namedRefinement(args[1]));
    default:
      throw new Error(
        `No JSON Schema for superstruct's "${factory}": add it to scripts/openrpc/json-schema.ts`,
      );
  }
}

/**
 * The schema of a struct superstruct made itself, from its type and schema.
 *
 * @param struct - The struct.
 * @param side - Params or result.
 * @returns Its schema.
 */
function structural(struct: AnyStruct, side: Side): JsonSchema {
  if (struct.type === 'object' || struct.type === 'type') {
    const fields = fieldsOf(struct, side);
    const requiredNames = fields
      .filter((field) => field.required)
      .map((field) => field.name);
    return {
      type: 'object',
      properties: Object.fromEntries(
        fields.map((field) => [field.name, field.schema]),
      ),
      ...(requiredNames.length > 0 ? { required: requiredNames } : {}),
      // `object` refuses unknown keys; `type` lets them through.
      ...(struct.type === 'object' ? { additionalProperties: false } : {}),
    };
  }
  throw new Error(
    `A "${struct.type}" struct was not made through superstruct's recorded factories; import scripts/openrpc/record-structs first`,
  );
}

/**
 * A schema whose field is required.
 *
 * @param schema - The schema.
 * @returns It, not optional.
 */
function required(schema: JsonSchema): Converted {
  return { schema, optional: false };
}

/**
 * Adds a refinement's keywords to a converted struct.
 *
 * @param base - The converted struct.
 * @param keywords - The refinement as JSON Schema.
 * @returns The refined schema.
 */
function refined(base: Converted, keywords: JsonSchema): Converted {
  return { schema: { ...base.schema, ...keywords }, optional: base.optional };
}

/**
 * The keywords of superstruct's own refinements.
 *
 * @param factory - `min`, `max`, `size`, `nonempty` or `pattern`.
 * @param args - Its arguments after the struct.
 * @param base - The schema being refined (its type picks the keywords).
 * @returns The keywords.
 */
function boundsOf(
  factory: string,
  args: readonly unknown[],
  base: JsonSchema,
): JsonSchema {
  const [, first, second] = args;
  if (factory === 'pattern') {
    if (!(first instanceof RegExp)) {
      throw new Error('pattern() needs a RegExp');
    }
    return { pattern: first.source };
  }
  const exclusive =
    typeof second === 'object' &&
    second !== null &&
    'exclusive' in second &&
    second.exclusive === true;
  if (factory === 'min') {
    return { [exclusive ? 'exclusiveMinimum' : 'minimum']: numberArg(first) };
  }
  if (factory === 'max') {
    return { [exclusive ? 'exclusiveMaximum' : 'maximum']: numberArg(first) };
  }
  const low = factory === 'nonempty' ? 1 : numberArg(first);
  const high =
    factory === 'nonempty'
      ? undefined
      : numberArg(second === undefined ? first : second);
  const [lowKeyword, highKeyword] = sizeKeywords(base.type);
  return {
    [lowKeyword]: low,
    ...(high === undefined || high === Infinity ? {} : { [highKeyword]: high }),
  };
}

/**
 * The JSON Schema keywords that bound the size of a value of a type.
 *
 * @param type - The schema's `type`.
 * @returns The lower and upper keyword.
 */
function sizeKeywords(type: Json | undefined): [string, string] {
  switch (type) {
    case 'string':
      return ['minLength', 'maxLength'];
    case 'array':
      return ['minItems', 'maxItems'];
    case 'number':
    case 'integer':
      return ['minimum', 'maximum'];
    default:
      throw new Error(`No size keywords for a ${JSON.stringify(type)} schema`);
  }
}

/**
 * The keywords of a named refinement of the snap.
 *
 * @param name - The refinement's name.
 * @returns Its keywords.
 */
function namedRefinement(name: unknown): JsonSchema {
  const keywords = typeof name === 'string' ? REFINEMENTS[name] : undefined;
  if (!keywords) {
    throw new Error(
      `No JSON Schema for the refinement "${String(name)}": add it to scripts/openrpc/refinements.ts`,
    );
  }
  return keywords;
}

/**
 * The schema of `literal(value)`.
 *
 * @param value - The literal.
 * @returns `const` with its type.
 */
function literalSchema(value: unknown): JsonSchema {
  if (value === null) {
    return { type: 'null' };
  }
  if (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean'
  ) {
    return { type: typeof value, const: value };
  }
  throw new Error(`literal(${typeof value}) has no JSON form`);
}

/**
 * The schema of `enums(values)`.
 *
 * @param values - The allowed values.
 * @returns `enum`, with their type when they share one.
 */
function enumSchema(values: unknown): JsonSchema {
  if (!Array.isArray(values)) {
    throw new Error('enums() needs an array');
  }
  const allowed = values.map((value): Json => {
    if (typeof value === 'string' || typeof value === 'number') {
      return value;
    }
    throw new Error(`enums value ${String(value)} has no JSON form`);
  });
  const types = new Set(allowed.map((value) => typeof value));
  const [only] = types;
  return {
    ...(types.size === 1 && only ? { type: only } : {}),
    enum: allowed,
  };
}

/**
 * The default a `defaulted` struct fills in, as JSON.
 *
 * @param fallback - The value, or the function making it.
 * @returns The value.
 */
function defaultOf(fallback: unknown): Json {
  const value: unknown = typeof fallback === 'function' ? fallback() : fallback;
  const parsed: Json = JSON.parse(JSON.stringify(value));
  return parsed;
}

/**
 * `anyOf`, made readable: nested `anyOf`s and type lists flattened,
 * duplicates dropped, a
 * branch dropped when a bare `{type}` branch of its type accepts all it
 * accepts (its description moves up), one branch unwrapped, and bare types
 * joined into one `type` list.
 *
 * @param branches - The alternatives.
 * @returns An equivalent schema.
 */
export function anyOf(branches: JsonSchema[]): JsonSchema {
  const flat = branches.flatMap((branch): JsonSchema[] => {
    const { anyOf: nested, ...rest } = branch;
    if (Array.isArray(nested) && Object.keys(rest).length === 0) {
      return nested.filter(isSchema);
    }
    const { type, ...others } = branch;
    if (Array.isArray(type) && Object.keys(others).length === 0) {
      return type.map((each) => ({ type: each }));
    }
    return [branch];
  });
  const bareTypes = new Set(
    flat.filter(isBareType).map((branch) => JSON.stringify(branch.type)),
  );
  let description: Json | undefined;
  const kept: JsonSchema[] = [];
  const seen = new Set<string>();
  for (const branch of flat) {
    const subsumed =
      !isBareType(branch) &&
      typeof branch.type === 'string' &&
      bareTypes.has(JSON.stringify(branch.type));
    description ??= branch.description;
    const { description: _dropped, ...withoutDescription } = branch;
    const key = JSON.stringify(withoutDescription);
    if (!subsumed && !seen.has(key)) {
      seen.add(key);
      kept.push(withoutDescription);
    }
  }
  const annotation: JsonSchema =
    description === undefined ? {} : { description };
  const [single] = kept;
  if (kept.length === 1 && single) {
    return { ...single, ...annotation };
  }
  if (kept.every(isBareType)) {
    return { type: kept.map((branch) => branch.type ?? null), ...annotation };
  }
  return { anyOf: kept, ...annotation };
}

/**
 * Whether a schema is only `{type}` (a description aside).
 *
 * @param schema - The schema.
 * @returns Whether it constrains nothing but the type.
 */
function isBareType(schema: JsonSchema): boolean {
  const { description: _ignored, ...rest } = schema;
  return typeof rest.type === 'string' && Object.keys(rest).length === 1;
}

/**
 * Whether a JSON value is a schema object.
 *
 * @param value - The value.
 * @returns Whether it is a non-array object.
 */
function isSchema(value: Json): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A struct argument of a factory call.
 *
 * @param args - The call's arguments.
 * @param index - Which one.
 * @returns The struct.
 */
function structArg(args: readonly unknown[], index: number): AnyStruct {
  const value = args[index];
  if (!isStruct(value)) {
    throw new Error(`Argument ${index} is not a struct`);
  }
  return value;
}

/**
 * The structs of `union`, `intersection` or `tuple`.
 *
 * @param value - The array argument.
 * @returns The structs.
 */
function structList(value: unknown): AnyStruct[] {
  if (!Array.isArray(value) || !value.every(isStruct)) {
    throw new Error('Expected an array of structs');
  }
  return value;
}

/**
 * Whether a value is a superstruct struct.
 *
 * @param value - The value.
 * @returns Whether it has a struct's validator and type.
 */
function isStruct(value: unknown): value is AnyStruct {
  return (
    typeof value === 'object' &&
    value !== null &&
    'validator' in value &&
    'type' in value &&
    typeof value.type === 'string'
  );
}

/**
 * A numeric argument (a bound).
 *
 * @param value - The argument.
 * @returns It, as a number.
 */
function numberArg(value: unknown): number {
  if (typeof value !== 'number') {
    throw new Error(`Expected a numeric bound, got ${String(value)}`);
  }
  return value;
}

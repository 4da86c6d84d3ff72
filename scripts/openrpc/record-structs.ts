/**
 * Records how every superstruct struct was made, so the OpenRPC generator can
 * turn the router's live structs into JSON Schema.
 *
 * Why: a superstruct struct keeps what JSON Schema needs in closures — the
 * members of a `union`, the default of `defaulted`, the input side of
 * `coerce`, the name and bounds of a refinement — and exposes only its
 * `type` and `schema`. Wrapping superstruct's factories before the snap's
 * modules load records each struct's factory and arguments, without a line
 * of annotation in the snap. Import this module before anything that makes
 * structs (the generator and its tests import it first).
 *
 * Only the `superstruct` package is recorded: its exports are plain writable
 * properties. A struct made elsewhere (e.g. `@metamask/superstruct`, whose
 * exports are getters) has no recipe, and the converter says so.
 */
import type { Struct } from 'superstruct';

/** A factory call: which superstruct export made a struct, and with what. */
export type StructRecipe = {
  factory: string;
  args: readonly unknown[];
};

/** Every superstruct export that makes a struct. */
const FACTORIES = [
  'any',
  'array',
  'assign',
  'bigint',
  'boolean',
  'coerce',
  'date',
  'defaulted',
  'define',
  'deprecated',
  'dynamic',
  'empty',
  'enums',
  'func',
  'instance',
  'integer',
  'intersection',
  'lazy',
  'literal',
  'map',
  'max',
  'min',
  'never',
  'nonempty',
  'nullable',
  'number',
  'object',
  'omit',
  'optional',
  'partial',
  'pattern',
  'pick',
  'record',
  'refine',
  'regexp',
  'set',
  'size',
  'string',
  'trimmed',
  'tuple',
  'type',
  'union',
  'unknown',
] as const;

const recipes = new WeakMap<object, StructRecipe>();

// The module object itself (not an ES namespace copy): the snap's compiled
// code reads `superstruct_1.object` at call time, so replacing a property
// here changes what it calls.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const superstructExports: Record<string, unknown> = require('superstruct');

/**
 * Wraps one factory so that each struct it makes remembers its recipe.
 *
 * @param factory - The export's name.
 */
function record(factory: string): void {
  const original = superstructExports[factory];
  if (typeof original !== 'function') {
    throw new Error(`superstruct has no factory "${factory}"`);
  }
  superstructExports[factory] = (...args: unknown[]): unknown => {
    const made: unknown = original(...args);
    if (typeof made === 'object' && made !== null) {
      recipes.set(made, { factory, args });
    }
    return made;
  };
}

if (!recipes.has(superstructExports)) {
  FACTORIES.forEach(record);
  // Marks the module as recorded, so a second import wraps nothing twice.
  recipes.set(superstructExports, { factory: 'module', args: [] });
}

/**
 * How a struct was made.
 *
 * @param struct - Any struct.
 * @returns Its recipe, or undefined when no recorded factory made it.
 */
export function recipeOf(struct: Struct<any, any>): StructRecipe | undefined {
  return recipes.get(struct);
}

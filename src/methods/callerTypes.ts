/**
 * How a dapp writes a method's params and reads its result, computed from
 * the method's structs: the types the dapp client offers (through
 * `src/api.ts`), so they follow the router table without a second
 * declaration.
 */
import type { Struct } from 'superstruct';

/** The type a superstruct struct describes. */
type StructType<Type> =
  Type extends Struct<infer Value, unknown> ? Value : never;

/** The keys of an object whose values may be anything, undefined included. */
type UnknownKeys<Value> = {
  [Key in keyof Value]-?: unknown extends Value[Key] ? Key : never;
}[keyof Value];

/**
 * A struct's type as a caller may write it: superstruct types
 * `optional(unknown())` as a required `unknown` field, which a caller may
 * leave out like any other optional field (arrays and nested objects too).
 */
type Relaxed<Value> = Value extends readonly unknown[]
  ? { [Index in keyof Value]: Relaxed<Value[Index]> }
  : Value extends Record<string, unknown>
    ? {
        [Key in keyof Value as Key extends UnknownKeys<Value>
          ? never
          : Key]: Relaxed<Value[Key]>;
      } & { [Key in UnknownKeys<Value>]?: Value[Key] }
    : Value;

/** The schema (field structs) of an object struct. */
type SchemaOf<Type> = Type extends Struct<any, infer Schema> ? Schema : never;

/** Fields the snap fills in when left out (marked by `withDefault`). */
type DefaultedKeys<Schema> = {
  [Key in keyof Schema]-?: Schema[Key] extends { readonly hasDefault: true }
    ? Key
    : never;
}[keyof Schema];

/** A params type with its defaulted fields made optional. */
type DefaultsOptional<Value, Schema> = Omit<Value, DefaultedKeys<Schema>> &
  Partial<Pick<Value, DefaultedKeys<Schema> & keyof Value>>;

/** The params a caller passes, as a params struct describes them. */
export type CallerParams<ParamsStruct> = Relaxed<
  DefaultsOptional<StructType<ParamsStruct>, SchemaOf<ParamsStruct>>
>;

/** The result a caller gets, as a result struct describes it. */
export type CallerResult<ResultStruct> = StructType<ResultStruct>;

// The snap's own method table is the one source of truth for names, params
// and results. Only its types are imported: nothing of the snap runs here.
import type { Json } from '@metamask/snaps-sdk';
import type { SnapMethods as SnapTable } from '@snapnet/snap-api';
import type { Struct } from 'superstruct';

/** The type a superstruct struct describes. */
type StructType<Type> =
  Type extends Struct<infer Value, unknown> ? Value : never;

/**
 * The alias the snap accepts (`snapnet_getTransaction` for
 * `snapnet_getTransactions`), present only once the snap has the method.
 */
type Aliases =
  SnapTable extends Record<'snapnet_getTransactions', infer Definition>
    ? Record<'snapnet_getTransaction', Definition>
    : Record<never, never>;

/** Every method a dapp can invoke, with its definition. */
type InvokableTable = SnapTable & Aliases;

/** A `snapnet_*` method name the snap serves (aliases included). */
export type SnapMethodName = keyof InvokableTable & string;

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

/** Fields the snap fills in when left out (marked `hasDefault` by the snap). */
type DefaultedKeys<Schema> = {
  [Key in keyof Schema]-?: Schema[Key] extends { readonly hasDefault: true }
    ? Key
    : never;
}[keyof Schema];

/** A params type with its defaulted fields made optional. */
type DefaultsOptional<Value, Schema> = Omit<Value, DefaultedKeys<Schema>> &
  Partial<Pick<Value, DefaultedKeys<Schema> & keyof Value>>;

/** The params of a method, as the snap's params struct describes them. */
export type SnapParams<Method extends SnapMethodName> = Relaxed<
  DefaultsOptional<
    StructType<InvokableTable[Method]['params']>,
    SchemaOf<InvokableTable[Method]['params']>
  >
>;

/** The result of a method, as the snap's result struct describes it. */
export type SnapResult<Method extends SnapMethodName> = StructType<
  InvokableTable[Method]['result']
>;

/** The params argument of `invoke`: optional when the method needs none. */
export type ParamsArgument<Method extends SnapMethodName> =
  Record<string, never> extends SnapParams<Method>
    ? [params?: SnapParams<Method>]
    : [params: SnapParams<Method>];

/**
 * Params of a method that may not exist yet in the snap: its typed params
 * when it does, any JSON object otherwise.
 */
export type MaybeParams<Name extends string> = Name extends SnapMethodName
  ? SnapParams<Name>
  : Record<string, Json>;

/**
 * Result of a method that may not exist yet in the snap: its typed result
 * when it does, any JSON otherwise.
 */
export type MaybeResult<Name extends string> = Name extends SnapMethodName
  ? SnapResult<Name>
  : Json;

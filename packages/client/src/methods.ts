// The snap's own method table is the one source of truth for names, params
// and results. Only its types are imported: nothing of the snap runs here.
import type { Json } from '@metamask/snaps-sdk';

import type { SnapApi } from './snap-api';

/**
 * The alias the snap accepts (`snapnet_getTransaction` for
 * `snapnet_getTransactions`), present only once the snap has the method.
 */
type Aliases =
  SnapApi extends Record<'snapnet_getTransactions', infer Definition>
    ? Record<'snapnet_getTransaction', Definition>
    : Record<never, never>;

/** Every method a dapp can invoke, with its params and result. */
type InvokableTable = SnapApi & Aliases;

/** A `snapnet_*` method name the snap serves (aliases included). */
export type SnapMethodName = keyof InvokableTable & string;

/**
 * The params of a method as a dapp passes them (fields the snap fills in
 * when left out are optional).
 */
export type SnapParams<Method extends SnapMethodName> =
  InvokableTable[Method]['params'];

/** The result of a method, as the snap's result struct describes it. */
export type SnapResult<Method extends SnapMethodName> =
  InvokableTable[Method]['result'];

/**
 * The result of a call with these params: as SnapResult, but a method that
 * answers an array unless asked `reportPartial: true`
 * (`snapnet_getTransactions`) answers the `{transactions, partial}`
 * envelope exactly when its params say `reportPartial: true`, the array
 * when they do not say it (either when only known as a boolean).
 */
export type InvokeResult<Method extends SnapMethodName, Params> =
  ReportPartial<Params> extends true
    ? Extract<SnapResult<Method>, Envelope>
    : true extends ReportPartial<Params>
      ? SnapResult<Method>
      : Exclude<SnapResult<Method>, Envelope>;

/** The form a result takes when asked `reportPartial: true`. */
type Envelope = { transactions: unknown; partial: unknown };

/** What params say of `reportPartial` (undefined when they say nothing). */
type ReportPartial<Params> = Params extends { reportPartial?: infer Asked }
  ? Asked
  : undefined;

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

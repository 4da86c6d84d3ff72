import type { Json } from '@metamask/snaps-sdk';
import { assert, create, StructError } from 'superstruct';
import type { Struct } from 'superstruct';

import type { KeyRing } from '../keys/derivation';

/** What a handler gets besides its params: nothing outlives the request. */
export type RequestContext = {
  /** The origin of the dapp that called, as MetaMask reports it. */
  origin: string;
  /** Derives this seed's keys on demand, for this request only. */
  keys: KeyRing;
};

/** A wallet method as the router sees it: validate, handle, validate. */
export type RpcMethod = {
  run(params: unknown, context: RequestContext): Promise<Json>;
};

/** A typed method definition; `Params`/`Result` are shared with the client. */
export type MethodDefinition<Params, Result extends Json> = RpcMethod & {
  params: Struct<Params, unknown>;
  result: Struct<Result, unknown>;
};

/**
 * Binds a params struct, a result struct and a handler into a method.
 * Params are created with coercion and defaults (absent params count as
 * `{}`); the result is asserted so the snap never answers a shape it did not
 * promise.
 *
 * @param definition - The method's structs and handler.
 * @param definition.params - Struct the params are created with.
 * @param definition.result - Struct the result must satisfy.
 * @param definition.handler - The method itself.
 * @returns The method, ready for the router table.
 */
export function defineMethod<Params, Result extends Json>(definition: {
  params: Struct<Params, unknown>;
  result: Struct<Result, unknown>;
  handler: (params: Params, context: RequestContext) => Promise<Result>;
}): MethodDefinition<Params, Result> {
  const { params: paramsStruct, result: resultStruct, handler } = definition;
  return {
    params: paramsStruct,
    result: resultStruct,
    async run(rawParams, context): Promise<Json> {
      const params = create(rawParams ?? {}, paramsStruct);
      const result = await handler(params, context);
      try {
        assert(result, resultStruct);
      } catch (error) {
        if (error instanceof StructError) {
          throw new Error(`Result failed validation: ${error.message}`);
        }
        throw error;
      }
      return result;
    },
  };
}

import type { Json } from '@metamask/snaps-sdk';
import { assert, create, StructError } from 'superstruct';
import type { Infer, Struct } from 'superstruct';

import { refuseToStringMembers } from './structs';
import type { WalletContext } from '../wallet/context';

/** A wallet method as the router sees it: validate, handle, validate. */
export type RpcMethod = {
  run(params: unknown, context: WalletContext): Promise<Json>;
};

/**
 * A typed method definition, shared with the dapp client. The params struct
 * keeps its full type (its schema included) so the client can tell which
 * fields have defaults.
 */
export type MethodDefinition<
  ParamsStruct extends AnyStruct,
  Result extends Json,
> = RpcMethod & {
  params: ParamsStruct;
  result: Struct<Result, unknown>;
};

/**
 * Any struct. Struct is invariant in its value type, so `unknown` would not
 * accept concrete structs here.
 */

type AnyStruct = Struct<any, any>;

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
export function defineMethod<
  ParamsStruct extends AnyStruct,
  Result extends Json,
>(definition: {
  params: ParamsStruct;
  result: Struct<Result, unknown>;
  handler: (
    params: Infer<ParamsStruct>,
    context: WalletContext,
  ) => Promise<Result>;
}): MethodDefinition<ParamsStruct, Result> {
  const { params: paramsStruct, result: resultStruct, handler } = definition;
  return {
    params: paramsStruct,
    result: resultStruct,
    async run(rawParams, context): Promise<Json> {
      refuseToStringMembers(rawParams);
      const params: Infer<ParamsStruct> = create(rawParams ?? {}, paramsStruct);
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

import { localPaymasterChain } from './local-chain';
import { PAYMASTER_METHODS } from './service';
import type { MethodTable } from '../methods/types';

/**
 * SNIP-29's `paymaster_*` methods on the local node's endpoints: the
 * chain-agnostic service (service.ts) over the node's own chain, with its
 * last predeployed account as relayer.
 */
export const paymasterMethods: MethodTable = Object.fromEntries(
  Object.entries(PAYMASTER_METHODS).map(([name, method]) => [
    name,
    {
      params: method.params,
      handler: async (params, ctx, request) =>
        method.handler(params, localPaymasterChain(ctx), {
          settings: ctx.settings.paymaster,
          apiKey: request?.paymasterApiKey,
        }),
    },
  ]),
);

import type { PaymasterChain } from './chain';
import type { PaymasterSettings } from './dialect';
import { DEFAULT_PAYMASTER_SETTINGS } from './dialect';
import { PAYMASTER_ERRORS, paymasterError } from './errors';
import type { RpcPaymasterOptions } from './rpc-chain';
import { rpcPaymasterChain } from './rpc-chain';
import { PAYMASTER_METHODS } from './service';
import { JSON_RPC_ERRORS, RpcError, invalidParams } from '../base/errors';
import type { Params } from '../methods/params';

type Id = string | number | null;

/** SNIP-29's methods answered in front of a node that lacks them. */
export type PaymasterEndpoint = {
  /**
   * Whether a JSON-RPC method is one of SNIP-29's.
   *
   * @param method - The method.
   * @returns True for `paymaster_*` methods the service answers.
   */
  serves(method: unknown): boolean;
  /**
   * Answers one JSON-RPC call of a paymaster method.
   *
   * @param call - The parsed call (`{jsonrpc, id, method, params}`).
   * @param request - What the request carried besides (its
   * `x-paymaster-api-key` header).
   * @param request.apiKey - That header, if any.
   * @returns Its response, or undefined for a notification.
   */
  answer(
    call: Record<string, unknown>,
    request?: { apiKey?: string | undefined },
  ): Promise<unknown>;
};

/**
 * The params of a call by name (positional ones named as the method lists
 * them), or INVALID_PARAMS.
 *
 * @param method - The method, for errors.
 * @param names - Its parameter names.
 * @param raw - The call's params.
 * @returns The params by name.
 */
function paramsByName(method: string, names: string[], raw: unknown): Params {
  if (raw === undefined || raw === null) {
    return {};
  }
  if (Array.isArray(raw)) {
    if (raw.length > names.length) {
      throw invalidParams(`too many parameters for ${method}`);
    }
    return Object.fromEntries(
      raw.map((value, index) => [names[index] ?? '', value]),
    );
  }
  if (typeof raw === 'object') {
    return { ...raw };
  }
  throw invalidParams('params must be an object or an array');
}

/**
 * Whether an error is one to answer as it is: SNIP-29's or JSON-RPC's own
 * (params that do not parse).
 *
 * @param error - The error.
 * @returns True when it is.
 */
function answerable(error: unknown): error is RpcError {
  return (
    error instanceof RpcError &&
    (Object.values<number>(PAYMASTER_ERRORS).includes(error.code) ||
      (error.code >= -32700 && error.code <= -32600))
  );
}

/**
 * What went wrong, for UNKNOWN_ERROR's data: a node's error with its code.
 *
 * @param error - The error.
 * @returns The text.
 */
function nodeRefusal(error: unknown): string {
  return error instanceof RpcError
    ? `the node answered ${error.code} (${error.message})`
    : String(error);
}

/**
 * SNIP-29's methods over a chain, answered as JSON-RPC: the same service,
 * codes and messages as the local node's endpoint; an error that is not
 * SNIP-29's or JSON-RPC's (the node unreachable, a node error such as a
 * relayer nonce taken meanwhile) is UNKNOWN_ERROR naming it.
 *
 * @param chain - The chain.
 * @param settings - The dialect and sponsorship key.
 * @returns The endpoint.
 */
export function paymasterEndpoint(
  chain: PaymasterChain,
  settings: PaymasterSettings = DEFAULT_PAYMASTER_SETTINGS,
): PaymasterEndpoint {
  const endpoint: PaymasterEndpoint = {
    serves: (method) =>
      typeof method === 'string' && Object.hasOwn(PAYMASTER_METHODS, method),
    answer: async (call, request) => {
      const { id, method, params } = call;
      const echoId: Id =
        typeof id === 'string' || typeof id === 'number' ? id : null;
      let result: unknown;
      try {
        const name = String(method);
        const spec = endpoint.serves(method)
          ? PAYMASTER_METHODS[name]
          : undefined;
        if (call.jsonrpc !== '2.0' || !spec) {
          const [code, message] = JSON_RPC_ERRORS.INVALID_REQUEST;
          throw new RpcError(code, message);
        }
        result = await spec.handler(
          paramsByName(name, spec.params, params),
          chain,
          { settings, apiKey: request?.apiKey },
        );
      } catch (error) {
        const rpcError = answerable(error)
          ? error
          : paymasterError('UNKNOWN_ERROR', nodeRefusal(error));
        return id === undefined
          ? undefined
          : { jsonrpc: '2.0', id: echoId, error: rpcError.toJSON() };
      }
      return id === undefined
        ? undefined
        : { jsonrpc: '2.0', id: echoId, result };
    },
  };
  return endpoint;
}

/**
 * SNIP-29's paymaster in front of a Starknet JSON-RPC node, with one of its
 * accounts as relayer, in a dialect (default avnu, as the local node).
 *
 * @param options - The node, the relayer, the dialect and key.
 * @returns The endpoint.
 */
export async function rpcPaymasterEndpoint(
  options: RpcPaymasterOptions & Partial<PaymasterSettings>,
): Promise<PaymasterEndpoint> {
  return paymasterEndpoint(await rpcPaymasterChain(options), {
    dialect: options.dialect ?? DEFAULT_PAYMASTER_SETTINGS.dialect,
    apiKey: options.apiKey ?? DEFAULT_PAYMASTER_SETTINGS.apiKey,
  });
}

import { errorMeaning } from '../errorMeanings';

/**
 * How a node's JSON-RPC errors are read. Only the errors the Starknet
 * JSON-RPC 0.10 spec defines are the chain's answer (a contract not found,
 * a reverted call, a refused transaction); any other code is the
 * provider's own failure — a rate limit (`-32005`, Zan's `-32011`), an
 * internal error (`-32603`), a method or params it does not take
 * (`-32601`, `-32602`: the wallet sends only spec methods with spec-typed
 * params, so a node refusing them does not serve the spec as the wallet
 * speaks it), or a code of its own — and is never read as an answer: the
 * node client fails the endpoint over, as for an HTTP error.
 */

/**
 * The codes of every error in `components/errors` of the Starknet
 * JSON-RPC 0.10.2 documents (read, trace and write APIs; the WebSocket
 * API is not used), checked against vendor/specs by rpcErrors.test.ts.
 */
export const STARKNET_ERROR_CODES = {
  FAILED_TO_RECEIVE_TXN: 1,
  NO_TRACE_AVAILABLE: 10,
  CONTRACT_NOT_FOUND: 20,
  ENTRYPOINT_NOT_FOUND: 21,
  BLOCK_NOT_FOUND: 24,
  INVALID_TXN_INDEX: 27,
  CLASS_HASH_NOT_FOUND: 28,
  TXN_HASH_NOT_FOUND: 29,
  PAGE_SIZE_TOO_BIG: 31,
  NO_BLOCKS: 32,
  INVALID_CONTINUATION_TOKEN: 33,
  TOO_MANY_KEYS_IN_FILTER: 34,
  CONTRACT_ERROR: 40,
  TRANSACTION_EXECUTION_ERROR: 41,
  STORAGE_PROOF_NOT_SUPPORTED: 42,
  CLASS_ALREADY_DECLARED: 51,
  INVALID_TRANSACTION_NONCE: 52,
  INSUFFICIENT_RESOURCES_FOR_VALIDATE: 53,
  INSUFFICIENT_ACCOUNT_BALANCE: 54,
  VALIDATION_FAILURE: 55,
  COMPILATION_FAILED: 56,
  CONTRACT_CLASS_SIZE_IS_TOO_LARGE: 57,
  NON_ACCOUNT: 58,
  DUPLICATE_TX: 59,
  COMPILED_CLASS_HASH_MISMATCH: 60,
  UNSUPPORTED_TX_VERSION: 61,
  UNSUPPORTED_CONTRACT_CLASS_VERSION: 62,
  UNEXPECTED_ERROR: 63,
  REPLACEMENT_TRANSACTION_UNDERPRICED: 64,
  FEE_BELOW_MINIMUM: 65,
  INVALID_PROOF: 69,
} as const;

const STARKNET_CODES: ReadonlySet<number> = new Set<number>(
  Object.values(STARKNET_ERROR_CODES),
);

/**
 * Whether a JSON-RPC error code is one of the Starknet spec's errors: the
 * chain's answer, as opposed to the provider failing.
 *
 * @param code - The error's code.
 * @returns Whether the spec defines it.
 */
export function isStarknetErrorCode(code: number): boolean {
  return STARKNET_CODES.has(code);
}

/** A JSON-RPC error object, read. */
export type RpcErrorObject = { code: number; message: string };

/**
 * Whether a value is a JSON object (not an array): a response of a batch,
 * or an error object.
 *
 * @param value - The value.
 * @returns Whether its members can be read.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a JSON-RPC error object: an integer `code`, a string `message`, any
 * `data`.
 *
 * @param error - The `error` member of a response.
 * @returns Its code and a message with its data, or undefined when it is
 * not an error object.
 */
export function readRpcError(error: unknown): RpcErrorObject | undefined {
  if (!isRecord(error)) {
    return undefined;
  }
  const { code, message, data } = error;
  if (typeof code !== 'number' || !Number.isInteger(code)) {
    return undefined;
  }
  if (typeof message !== 'string') {
    return undefined;
  }
  const detail =
    data === undefined
      ? ''
      : `: ${typeof data === 'string' ? data : JSON.stringify(data)}`;
  return { code, message: `${message}${detail}` };
}

/**
 * How a provider's own error is named among an endpoint's failures: its
 * code and what the code means, never the provider's words (errorMeanings.ts).
 *
 * @param error - The error.
 * @param method - The call it answered, when it answered one.
 * @returns The words, e.g. `error -32603 to starknet_call, not a Starknet
 * answer: Internal error`.
 */
export function providerFailure(
  error: RpcErrorObject,
  method?: string,
): string {
  const to = method === undefined ? '' : ` to ${method}`;
  return `error ${error.code}${to}, not a Starknet answer: ${errorMeaning(error.code)}`;
}

import { RpcError } from '../base/errors';

/** SNIP-29's error codes and messages (its OpenRPC document, `components/errors`). */
export const PAYMASTER_ERRORS = {
  INVALID_ADDRESS: 150,
  TOKEN_NOT_SUPPORTED: 151,
  INVALID_SIGNATURE: 153,
  MAX_AMOUNT_TOO_LOW: 154,
  CLASS_HASH_NOT_SUPPORTED: 155,
  TRANSACTION_EXECUTION_ERROR: 156,
  INVALID_TIME_BOUNDS: 157,
  INVALID_DEPLOYMENT_DATA: 158,
  INVALID_ID: 160,
  UNKNOWN_ERROR: 163,
} as const;

export type PaymasterErrorName = keyof typeof PAYMASTER_ERRORS;

/**
 * A SNIP-29 error. Only TRANSACTION_EXECUTION_ERROR (`{execution_error}`)
 * and UNKNOWN_ERROR (a string) carry data in the specification.
 *
 * @param name - The error's name.
 * @param data - Its data, where the specification has some.
 * @returns The JSON-RPC error.
 */
export function paymasterError(
  name: PaymasterErrorName,
  data?: unknown,
): RpcError {
  return new RpcError(
    PAYMASTER_ERRORS[name],
    `An error occurred (${name})`,
    data,
  );
}

/**
 * A node's refusal to run a transaction (41, TRANSACTION_EXECUTION_ERROR:
 * a revert or a failed validation while estimating) as SNIP-29's
 * TRANSACTION_EXECUTION_ERROR; any other error as it is.
 *
 * @param error - What the node call threw.
 * @returns The error to throw.
 */
export function executionRefusal(error: unknown): unknown {
  if (error instanceof RpcError && error.code === 41) {
    const { data } = error;
    return paymasterError('TRANSACTION_EXECUTION_ERROR', {
      execution_error:
        typeof data === 'object' && data !== null && 'execution_error' in data
          ? data.execution_error
          : error.message,
    });
  }
  return error;
}

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

/**
 * JSON-RPC and Starknet error codes with the exact messages of spec 0.10.2.
 * Clients match on these messages, so they are kept verbatim.
 */
export const STARKNET_ERRORS = {
  CONTRACT_NOT_FOUND: [20, 'Contract not found'],
  ENTRYPOINT_NOT_FOUND: [
    21,
    'Requested entry point does not exist in the contract',
  ],
  BLOCK_NOT_FOUND: [24, 'Block not found'],
  INVALID_TXN_INDEX: [27, 'Invalid transaction index in a block'],
  CLASS_HASH_NOT_FOUND: [28, 'Class hash not found'],
  TXN_HASH_NOT_FOUND: [29, 'Transaction hash not found'],
  PAGE_SIZE_TOO_BIG: [31, 'Requested page size is too big'],
  NO_BLOCKS: [32, 'There are no blocks'],
  INVALID_CONTINUATION_TOKEN: [
    33,
    'The supplied continuation token is invalid or unknown',
  ],
  TOO_MANY_KEYS_IN_FILTER: [34, 'Too many keys provided in a filter'],
  CONTRACT_ERROR: [40, 'Contract error'],
  TRANSACTION_EXECUTION_ERROR: [41, 'Transaction execution error'],
  CLASS_ALREADY_DECLARED: [51, 'Class already declared'],
  INVALID_TRANSACTION_NONCE: [52, 'Invalid transaction nonce'],
  INSUFFICIENT_RESOURCES_FOR_VALIDATE: [
    53,
    "The transaction's resources don't cover validation or the minimal transaction fee",
  ],
  INSUFFICIENT_ACCOUNT_BALANCE: [
    54,
    "Account balance is smaller than the transaction's maximal fee (calculated as the sum of each resource's limit x max price)",
  ],
  VALIDATION_FAILURE: [55, 'Account validation failed'],
  COMPILATION_FAILED: [56, 'Compilation failed'],
  NON_ACCOUNT: [58, 'Sender address is not an account contract'],
  DUPLICATE_TX: [
    59,
    'A transaction with the same hash already exists in the mempool',
  ],
  UNSUPPORTED_TX_VERSION: [61, 'the transaction version is not supported'],
  UNSUPPORTED_CONTRACT_CLASS_VERSION: [
    62,
    'the contract class version is not supported',
  ],
  UNEXPECTED_ERROR: [63, 'An unexpected error occurred'],
} as const;

export type StarknetErrorName = keyof typeof STARKNET_ERRORS;

export const JSON_RPC_ERRORS = {
  PARSE_ERROR: [-32700, 'Parse error'],
  INVALID_REQUEST: [-32600, 'Invalid Request'],
  METHOD_NOT_FOUND: [-32601, 'Method not found'],
  INVALID_PARAMS: [-32602, 'Invalid params'],
  INTERNAL_ERROR: [-32603, 'Internal error'],
} as const;

/**
 * An error that is answered to the client as a JSON-RPC error object.
 */
export class RpcError extends Error {
  readonly code: number;

  readonly data: unknown;

  /**
   *
   * @param code - The code.
   * @param message - The message.
   * @param data - The data.
   */
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }

  /**
   *
   * @returns The result.
   */
  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

/**
 * Builds a Starknet error by its spec name.
 *
 * @param name - The spec name of the error.
 * @param data - Optional error data.
 * @returns The error.
 */
export function starknetError(
  name: StarknetErrorName,
  data?: unknown,
): RpcError {
  const [code, message] = STARKNET_ERRORS[name];
  return new RpcError(code, message, data);
}

/**
 * Builds an invalid-params error (-32602) that names the offending field.
 *
 * @param detail - What is wrong, naming the field.
 * @returns The error.
 */
export function invalidParams(detail: string): RpcError {
  const [code, message] = JSON_RPC_ERRORS.INVALID_PARAMS;
  return new RpcError(code, message, detail);
}

/** How an execution failed; `not-executable`: a class the node has no emulation of. */
export type ExecutionFailure =
  | 'panic'
  | 'not-deployed'
  | 'no-entrypoint'
  | 'not-executable';

/**
 * Thrown by emulated contracts when execution fails (a Cairo panic).
 */
export class ExecutionError extends Error {
  readonly kind: ExecutionFailure;

  /**
   *
   * @param message - The message.
   * @param kind - The kind.
   */
  constructor(message: string, kind: ExecutionFailure = 'panic') {
    super(message);
    this.kind = kind;
  }
}

/**
 * What each error code a Starknet node may answer means, in the words of the
 * Starknet JSON-RPC 0.10.2 documents (shared/specs/starknet) and of JSON-RPC
 * 2.0. A node's own message and data are never passed on to a site: they are
 * the node's text, and a node can write into them anything it was sent (an
 * account a site was not given, in any spelling). The wallet says what
 * failed in these words and keeps the node's code.
 */
const MEANINGS: ReadonlyMap<number, string> = new Map([
  [1, 'Failed to write transaction'],
  [10, 'No trace available for transaction'],
  [20, 'Contract not found'],
  [21, 'Requested entry point does not exist in the contract'],
  [24, 'Block not found'],
  [27, 'Invalid transaction index in a block'],
  [28, 'Class hash not found'],
  [29, 'Transaction hash not found'],
  [31, 'Requested page size is too big'],
  [32, 'There are no blocks'],
  [33, 'The supplied continuation token is invalid or unknown'],
  [34, 'Too many keys provided in a filter'],
  [40, 'Contract error'],
  [41, 'Transaction execution error'],
  [
    42,
    "the node doesn't support storage proofs for blocks that are too far in the past",
  ],
  [51, 'Class already declared'],
  [52, 'Invalid transaction nonce'],
  [
    53,
    "The transaction's resources don't cover validation or the minimal transaction fee",
  ],
  [
    54,
    "Account balance is smaller than the transaction's maximal fee (calculated as the sum of each resource's limit x max price)",
  ],
  [55, 'Account validation failed'],
  [56, 'Compilation failed'],
  [57, 'Contract class size is too large'],
  [58, 'Sender address is not an account contract'],
  [59, 'A transaction with the same hash already exists in the mempool'],
  [
    60,
    'the compiled class hash did not match the one supplied in the transaction',
  ],
  [61, 'the transaction version is not supported'],
  [62, 'the contract class version is not supported'],
  [63, 'An unexpected error occurred'],
  [64, 'Replacement transaction is underpriced'],
  [65, 'Transaction fee below minimum'],
  [69, 'The proof field in the invoke v3 transaction is invalid'],
  [-32700, 'Parse error'],
  [-32600, 'Invalid Request'],
  [-32601, 'Method not found'],
  [-32602, 'Invalid params'],
  [-32603, 'Internal error'],
]);

/**
 * The meaning of a node's error code, in the spec's words.
 *
 * @param code - The code the node answered.
 * @returns Its meaning, or a phrase saying the code is not a known one.
 */
export function errorMeaning(code: number): string {
  return MEANINGS.get(code) ?? 'an error code of neither Starknet nor JSON-RPC';
}

/**
 * SNIP-29's error codes (its OpenRPC document, `components/errors`, whose
 * messages are only the names), in words.
 */
const PAYMASTER_MEANINGS = new Map<number, string>([
  [150, 'the account address is not valid (INVALID_ADDRESS)'],
  [151, 'it does not take fees in this token (TOKEN_NOT_SUPPORTED)'],
  [153, 'the signature is not valid (INVALID_SIGNATURE)'],
  [154, 'the fee is below its current price (MAX_AMOUNT_TOO_LOW)'],
  [155, "it does not serve this account's class (CLASS_HASH_NOT_SUPPORTED)"],
  [156, 'the transaction fails (TRANSACTION_EXECUTION_ERROR)'],
  [157, 'the validity window is not valid (INVALID_TIME_BOUNDS)'],
  [158, 'the deployment data are not valid (INVALID_DEPLOYMENT_DATA)'],
  [159, 'the class hash is not valid (INVALID_CLASS_HASH)'],
  [160, 'it knows no such transaction (INVALID_ID)'],
  [163, 'an unknown error (UNKNOWN_ERROR)'],
]);

/**
 * The meaning of a paymaster's error code, in SNIP-29's words.
 *
 * @param code - The code the paymaster answered.
 * @returns Its meaning, or a phrase saying the code is not SNIP-29's.
 */
export function paymasterErrorMeaning(code: number): string {
  return (
    PAYMASTER_MEANINGS.get(code) ??
    `its own error ${code}, not one of SNIP-29's`
  );
}

import { isContractNotFound, viewCall } from './calls';
import type { NodeClient } from './client';
import { STARKNET_ERROR_CODES } from './rpcErrors';
import { ChainRejectedError, InvalidInputError, NodeError } from '../errors';
import { selectorOf } from '../protocol/selectors';

/** What `is_valid_signature` answers for a valid signature (SNIP-6). */
const VALID = BigInt('0x56414c4944');

/**
 * The chain's answers that say the account itself refused: it has no such
 * entry point, or the call failed inside it (a signature it rejects by
 * panicking). Any other error says nothing about the signature.
 */
const REFUSALS: ReadonlySet<number> = new Set([
  STARKNET_ERROR_CODES.ENTRYPOINT_NOT_FOUND,
  STARKNET_ERROR_CODES.CONTRACT_ERROR,
]);

/**
 * Whether a call answered that the account accepts the signature.
 *
 * @param answer - The settled call.
 * @returns Whether its answer is the valid one.
 */
function saysValid(
  answer: PromiseSettledResult<string[]> | undefined,
): boolean {
  if (answer?.status !== 'fulfilled') {
    return false;
  }
  const [first] = answer.value;
  return first !== undefined && [VALID, 1n].includes(BigInt(first));
}

/**
 * Checks that a call that did not say "valid" said "not valid": it
 * answered, or the account refused. Anything else (an error that is not the
 * account's) is no answer about the signature.
 *
 * @param answer - The settled call.
 * @param network - The network's name, for the error.
 * @throws {NodeError} When the call's error says nothing of the signature.
 */
function checkRefusal(
  answer: PromiseSettledResult<string[]> | undefined,
  network: string,
): void {
  if (answer?.status !== 'rejected') {
    return;
  }
  const { reason } = answer;
  if (!(reason instanceof ChainRejectedError)) {
    throw reason;
  }
  if (!REFUSALS.has(reason.code)) {
    throw new NodeError(
      network,
      `cannot tell whether the account accepts the signature: ${reason.message}`,
      { cause: reason },
    );
  }
}

/**
 * Asks an account contract whether it accepts a signature of a hash
 * (SNIP-6 `is_valid_signature`; older accounts answer 1 from
 * `isValidSignature`). A contract that rejects the signature by failing
 * counts as "not valid"; a node that fails (the node client fails such an
 * endpoint over) or answers an error that is not the contract's is never
 * read as "not valid": the check fails instead.
 *
 * @param client - The network's node.
 * @param address - The account.
 * @param messageHash - The signed hash.
 * @param signature - The signature felts.
 * @returns Whether the account accepts the signature.
 */
export async function accountAcceptsSignature(
  client: NodeClient,
  address: string,
  messageHash: string,
  signature: string[],
): Promise<boolean> {
  const calldata = [
    messageHash,
    `0x${signature.length.toString(16)}`,
    ...signature,
  ];
  const [snip6, legacy] = await client.batchSettled([
    viewCall(address, selectorOf('is_valid_signature'), calldata),
    viewCall(address, selectorOf('isValidSignature'), calldata),
  ]);
  for (const answer of [snip6, legacy]) {
    if (answer?.status === 'rejected' && isContractNotFound(answer.reason)) {
      throw new InvalidInputError(
        'address',
        `no account is deployed at ${address} on ${client.network.name}`,
      );
    }
  }
  if (saysValid(snip6) || saysValid(legacy)) {
    return true;
  }
  checkRefusal(snip6, client.network.name);
  checkRefusal(legacy, client.network.name);
  return false;
}

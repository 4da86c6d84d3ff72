import { hash } from 'starknet';

import { isContractNotFound, viewCall } from './calls';
import type { NodeClient } from './client';
import { InvalidInputError } from '../errors';

/** What `is_valid_signature` answers for a valid signature (SNIP-6). */
const VALID = BigInt('0x56414c4944');

/**
 * Asks an account contract whether it accepts a signature of a hash
 * (SNIP-6 `is_valid_signature`; older accounts answer 1 from
 * `isValidSignature`). A contract that rejects the signature by failing
 * counts as "not valid".
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
    viewCall(address, hash.getSelectorFromName('is_valid_signature'), calldata),
    viewCall(address, hash.getSelectorFromName('isValidSignature'), calldata),
  ]);
  for (const answer of [snip6, legacy]) {
    if (answer?.status === 'rejected' && isContractNotFound(answer.reason)) {
      throw new InvalidInputError(
        'address',
        `no account is deployed at ${address} on ${client.network.name}`,
      );
    }
  }
  return [snip6, legacy].some((answer) => {
    if (answer?.status !== 'fulfilled') {
      return false;
    }
    const [first] = answer.value;
    return first !== undefined && [VALID, 1n].includes(BigInt(first));
  });
}

import { hash, uint256 } from 'starknet';

import { viewCall } from './calls';
import type { NodeClient } from './client';

const BALANCE_OF = hash.getSelectorFromName('balanceOf');

/**
 * A u256 returned as `[low, high]` felts.
 *
 * @param result - The call result.
 * @returns The value.
 */
export function u256FromResult(result: string[]): bigint {
  const [low = '0x0', high = '0x0'] = result;
  return uint256.uint256ToBN({ low, high });
}

/**
 * An account's token balance in the pre-confirmed and the latest state, in
 * one round trip.
 *
 * @param client - The network's node.
 * @param token - The ERC-20 contract.
 * @param owner - The holder.
 * @returns Both balances.
 */
export async function tokenBalances(
  client: NodeClient,
  token: string,
  owner: string,
): Promise<{ pending: bigint; latest: bigint }> {
  const [pending, latest] = await client.batch([
    viewCall(token, BALANCE_OF, [owner], 'pre_confirmed'),
    viewCall(token, BALANCE_OF, [owner], 'latest'),
  ]);
  return { pending: u256FromResult(pending), latest: u256FromResult(latest) };
}

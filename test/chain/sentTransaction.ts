import { hash } from 'starknet';

import { nodeRequest } from './node';
import { STRK } from '../fixtures';

type Bound = { max_amount: string; max_price_per_unit: string };

/** A v3 transaction as the node received it: what its maximum fee reads. */
export type SentTransaction = {
  tip: string;
  nonce: string;
  resource_bounds: { l1_gas: Bound; l2_gas: Bound; l1_data_gas: Bound };
};

/**
 * The true maximum fee of a transaction as the node received it.
 *
 * @param sent - The transaction.
 * @returns Its maximum fee in FRI, the tip paid on every unit of L2 gas.
 */
export function maxFeeOf(sent: SentTransaction): bigint {
  const { l1_gas: l1, l2_gas: l2, l1_data_gas: data } = sent.resource_bounds;
  return (
    BigInt(l1.max_amount) * BigInt(l1.max_price_per_unit) +
    BigInt(data.max_amount) * BigInt(data.max_price_per_unit) +
    BigInt(l2.max_amount) * (BigInt(l2.max_price_per_unit) + BigInt(sent.tip))
  );
}

/**
 * STRK an address holds, as the node says (its latest block).
 *
 * @param node - The node.
 * @param node.url - Its JSON-RPC URL.
 * @param address - The holder.
 * @returns The balance in FRI (its low half: every test balance fits).
 */
export async function strkOnNode(
  node: { url: string },
  address: string,
): Promise<bigint> {
  const [low = '0x0'] = (await nodeRequest(node, 'starknet_call', {
    request: {
      contract_address: STRK,
      entry_point_selector: hash.getSelectorFromName('balance_of'),
      calldata: [address],
    },
    block_id: 'latest',
  })) as string[];
  return BigInt(low);
}

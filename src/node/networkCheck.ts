import { blockNumberCall } from './calls';
import type { NodeClient } from './client';
import type { Network } from '../config';
import {
  InvalidInputError,
  UnsupportedSpecError,
  WrongChainError,
} from '../errors';

/**
 * Checks that a network's node answers, serves the network's chain and
 * speaks the JSON-RPC version this wallet speaks (one round trip: the node
 * client asks both with its first call). A node serving another chain is
 * refused naming `chainId`, one speaking another version naming `rpcUrl`
 * (the input at fault in each case); a node that fails is a node error
 * naming the network.
 *
 * @param node - The client of that node.
 * @param network - The network to check, with the node URL to check.
 * @param unchanged - What a refusal says was not done (`nothing was
 * added`).
 */
export async function checkNetworkNode(
  node: NodeClient,
  network: Network,
  unchanged: string,
): Promise<void> {
  try {
    await node.call(blockNumberCall());
  } catch (error) {
    const where = `the node at ${network.rpcUrl ?? 'this URL'}`;
    if (error instanceof WrongChainError) {
      throw new InvalidInputError(
        'chainId',
        `${where} serves chain ${error.served}, not ${network.chainId}; ${unchanged}`,
      );
    }
    if (error instanceof UnsupportedSpecError) {
      throw new InvalidInputError(
        'rpcUrl',
        `${where} speaks Starknet JSON-RPC ${error.served}; this wallet speaks 0.10.x (a provider's path often names it, e.g. /rpc/v0_10); ${unchanged}`,
      );
    }
    throw error;
  }
}

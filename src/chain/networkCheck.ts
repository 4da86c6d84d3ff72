import { NodeClient } from './rpc';
import { blockNumberCall } from './starknet';
import type { Network } from '../config';
import { InvalidInputError, WrongChainError } from '../errors';

/**
 * Checks that a network's node answers and serves the network's chain (one
 * round trip: the node client asks the chain id with its first call). A
 * node serving another chain is refused naming `chainId`; a node that fails
 * is a node error naming the network.
 *
 * @param network - The network to check.
 */
export async function checkNetworkNode(network: Network): Promise<void> {
  try {
    await new NodeClient(network).call(blockNumberCall());
  } catch (error) {
    if (error instanceof WrongChainError) {
      throw new InvalidInputError(
        'chainId',
        `the node at ${network.rpcUrl ?? 'this URL'} serves chain ${error.served}, not ${network.chainId}; nothing was added`,
      );
    }
    throw error;
  }
}

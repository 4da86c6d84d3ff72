import { object, string, type } from 'superstruct';

import { defineMethod } from './method';

/** `snapnet_getCurrentNetwork` → the network the wallet is on. */
export const getCurrentNetwork = defineMethod({
  params: type({}),
  result: object({ name: string(), chainId: string() }),
  handler: async (_params, context) => {
    const { currentChainId, networks } = await context.state();
    const network = networks.find(({ chainId }) => chainId === currentChainId);
    if (!network) {
      throw new Error(`The current chain ${currentChainId} is not configured`);
    }
    return { name: network.name, chainId: network.chainId };
  },
});

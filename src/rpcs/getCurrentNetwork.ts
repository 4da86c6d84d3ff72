import { object, string, type } from 'superstruct';

import { defineMethod } from './method';
import { readState } from '../state/store';

/** `snapnet_getCurrentNetwork` → the network the wallet is on. */
export const getCurrentNetwork = defineMethod({
  params: type({}),
  result: object({ name: string(), chainId: string() }),
  handler: async () => {
    const { currentChainId, networks } = await readState();
    const network = networks.find(({ chainId }) => chainId === currentChainId);
    if (!network) {
      throw new Error(`The current chain ${currentChainId} is not configured`);
    }
    return { name: network.name, chainId: network.chainId };
  },
});

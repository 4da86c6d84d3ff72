import { object, string, type } from 'superstruct';

import { defineMethod } from './method';
import { DEFAULT_CHAIN_ID } from '../config';
import { networksFor } from '../state/networks';

/**
 * `snapnet_getCurrentNetwork` → the network the wallet is on. When that is a
 * network another site added, the site is told the default network instead
 * (the one its requests without a chainId act on): another site's network
 * is not named to it.
 */
export const getCurrentNetwork = defineMethod({
  params: type({}),
  result: object({ name: string(), chainId: string() }),
  handler: async (_params, context) => {
    const state = await context.state();
    const networks = networksFor(state, context.origin);
    const network =
      networks.find(({ chainId }) => chainId === state.currentChainId) ??
      networks.find(({ chainId }) => chainId === DEFAULT_CHAIN_ID);
    if (!network) {
      throw new Error(
        `The default chain ${DEFAULT_CHAIN_ID} is not configured`,
      );
    }
    return { name: network.name, chainId: network.chainId };
  },
});

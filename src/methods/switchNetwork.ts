import { boolean, object } from 'superstruct';

import { defineMethod } from './method';
import { RequiredChainIdStruct } from './structs';
import * as networks from '../wallet/networks';

/**
 * `snapnet_switchNetwork {chainId}` → true once the wallet is on that
 * network. An unsupported chain (another site's network included) or a
 * declined dialog gives false and changes nothing; asking for the current
 * network gives true with no dialog.
 */
export const switchNetwork = defineMethod({
  params: object({
    chainId: RequiredChainIdStruct,
  }),
  result: boolean(),
  handler: async ({ chainId }, context) =>
    networks.switchNetwork(context, chainId),
});

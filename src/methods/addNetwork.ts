import { boolean, object, optional } from 'superstruct';

import { defineMethod } from './method';
import { nameStruct, RequiredChainIdStruct, RpcUrlStruct } from './structs';
import * as networks from '../wallet/networks';

/**
 * `snapnet_addNetwork {name, chainId, rpcUrl}` → true once the network is
 * added, false when the user declines. The node at `rpcUrl` is asked its
 * chain id first (one round trip): a node serving another chain is refused
 * with an error and nothing is stored. The dialog shows the site, the name,
 * the chain id and the URL. `rpcUrl` is https, or http on this computer
 * (localhost); the provider's API key may sit in its path. The network is
 * the site's own: only that site may use it (its node would otherwise see
 * accounts other sites use), and its dialogs say whose node it is. Its name
 * must read as it is and differ from every other network's once normalised;
 * its chain id must be a Starknet chain id (a short ASCII string). A clash
 * with another site's network is answered as no clash until the user
 * approves (then false): a site cannot probe what others added.
 * `paymasterUrl` names the network's SNIP-29 paymaster (same URL rules),
 * shown in this dialog and in every paymaster dialog on the network;
 * without it the network has none.
 */
export const addNetwork = defineMethod({
  params: object({
    name: nameStruct(64),
    chainId: RequiredChainIdStruct,
    rpcUrl: RpcUrlStruct,
    paymasterUrl: optional(RpcUrlStruct),
  }),
  result: boolean(),
  handler: async ({ paymasterUrl, ...params }, context) =>
    networks.addNetwork(context, {
      ...params,
      addedBy: context.origin,
      ...(paymasterUrl === undefined ? {} : { paymasterUrl }),
    }),
});

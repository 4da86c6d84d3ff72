import { object, string } from 'superstruct';

import { defineMethod } from './method';
import { AddressStruct, ChainIdStruct } from './structs';
import { ownPublicKey, resolveNetwork } from '../wallet/access';

/**
 * `snapnet_extractPublicKey {userAddress, chainId?}` → the account's public
 * key. Found by derivation, with no network access.
 */
export const extractPublicKey = defineMethod({
  params: object({ userAddress: AddressStruct, chainId: ChainIdStruct }),
  result: string(),
  handler: async ({ userAddress, chainId }, context) => {
    await resolveNetwork(context, chainId);
    return ownPublicKey(context, userAddress, 'userAddress');
  },
});

import { literal, object } from 'superstruct';

import { defineMethod } from './method';
import { AddressStruct, ChainIdStruct } from './structs';
import { confirmRevealPrivateKey, showPrivateKey } from '../ui/dialogs';
import { ownAccount, requestView, resolveNetwork } from '../wallet/access';

/**
 * `snapnet_displayPrivateKey {userAddress, chainId?}` → null. After a
 * confirmation the key is shown in a MetaMask dialog; it never leaves it.
 */
export const displayPrivateKey = defineMethod({
  params: object({ userAddress: AddressStruct, chainId: ChainIdStruct }),
  result: literal(null),
  handler: async ({ userAddress, chainId }, context) => {
    const network = await resolveNetwork(context, chainId);
    const account = await ownAccount(context, userAddress, 'userAddress');
    await confirmRevealPrivateKey(
      await requestView(context, network, userAddress),
    );
    await showPrivateKey({
      address: userAddress,
      privateKey: account.privateKey,
    });
    return null;
  },
});

import type { TypedData } from 'starknet';
import { object, string } from 'superstruct';

import { defineMethod } from './method';
import { ownAccount, requestView, resolveNetwork } from './shared';
import { AddressStruct, ChainIdStruct, TypedDataStruct } from './structs';
import { UserRejectedError } from '../errors';
import { signHash } from '../signing/signature';
import { typedDataHash, typedDataView } from '../signing/typedData';
import { confirmSignMessage } from '../ui/dialogs';

/**
 * `snapnet_signMessage {typedDataMessage, signerAddress, chainId?}` → the
 * SNIP-12 signature `r,s` (hex values joined by a comma), after the user
 * reads the domain and message and approves.
 */
export const signMessage = defineMethod({
  params: object({
    typedDataMessage: TypedDataStruct,
    signerAddress: AddressStruct,
    chainId: ChainIdStruct,
  }),
  result: string(),
  handler: async ({ typedDataMessage, signerAddress, chainId }, context) => {
    const network = await resolveNetwork(context, chainId);
    const data: TypedData = typedDataMessage;
    const messageHash = typedDataHash(data, signerAddress, 'typedDataMessage');
    const account = await ownAccount(context, signerAddress, 'signerAddress');
    const approved = await confirmSignMessage(
      requestView(context, network, signerAddress),
      typedDataView(data, network),
    );
    if (!approved) {
      throw new UserRejectedError();
    }
    return signHash(messageHash, account.privateKey).join(',');
  },
});

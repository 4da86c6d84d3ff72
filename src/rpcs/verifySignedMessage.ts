import { boolean, object } from 'superstruct';

import { defineMethod } from './method';
import { ownAccount, resolveNetwork } from './shared';
import {
  AddressStruct,
  ChainIdStruct,
  SignatureStruct,
  TypedDataStruct,
} from './structs';
import { verifyHash } from '../signing/signature';
import { typedDataHash } from '../signing/typedData';

/**
 * `snapnet_verifySignedMessage {typedDataMessage, address, signature,
 * chainId?}` → whether `signature` (comma-joined text or an array) is the
 * account owner's signature of the typed data. For this seed's accounts no
 * node is asked.
 */
export const verifySignedMessage = defineMethod({
  params: object({
    typedDataMessage: TypedDataStruct,
    address: AddressStruct,
    signature: SignatureStruct,
    chainId: ChainIdStruct,
  }),
  result: boolean(),
  handler: async (
    { typedDataMessage, address, signature, chainId },
    context,
  ) => {
    await resolveNetwork(chainId);
    const messageHash = typedDataHash(
      typedDataMessage,
      address,
      'typedDataMessage',
    );
    const account = await ownAccount(context, address, 'address');
    return verifyHash(signature, messageHash, account.publicKey);
  },
});

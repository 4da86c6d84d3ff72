import { array, assign, object, optional, string, type } from 'superstruct';

import { defineMethod } from './method';
import { senderOf } from './params';
import {
  AddressStruct,
  DetailsStruct,
  FeltStruct,
  RequiredChainIdStruct,
} from './structs';
import { DEFAULT_CHAIN_ID } from '../config';
import { InvalidInputError } from '../errors';
import { ownAccount, resolveNetwork } from '../wallet/access';
import { signTransactionOnly } from '../wallet/transaction';

/**
 * `snapnet_signDeclareTransaction {address, chainId, details}` →
 * `{signature: [r, s]}` for the v3 DECLARE of `details.classHash`, after a
 * dialog showing the class hashes and every signed fee field, checked
 * against the network's current prices. One node round trip (the nonce and
 * the latest prices); resource bounds must be given (a declaration cannot
 * be estimated without its class). `senderAddress` and `chainId` are
 * accepted at the top level or in
 * `details`, where the seed's request shape puts them.
 */
export const signDeclareTransaction = defineMethod({
  params: object({
    address: optional(AddressStruct),
    senderAddress: optional(AddressStruct),
    chainId: optional(RequiredChainIdStruct),
    details: assign(
      DetailsStruct,
      type({
        classHash: FeltStruct,
        compiledClassHash: optional(FeltStruct),
        senderAddress: optional(AddressStruct),
        chainId: optional(RequiredChainIdStruct),
      }),
    ),
  }),
  result: object({ signature: array(string()) }),
  handler: async (params, context) => {
    const { details } = params;
    const sender = senderOf(
      params.address,
      params.senderAddress ?? details.senderAddress,
    );
    if (details.senderAddress && details.senderAddress !== sender) {
      throw new InvalidInputError(
        'details.senderAddress',
        'differs from the sender address',
      );
    }
    if (
      params.chainId &&
      details.chainId &&
      params.chainId !== details.chainId
    ) {
      throw new InvalidInputError('details.chainId', 'differs from chainId');
    }
    const chainId = params.chainId ?? details.chainId ?? DEFAULT_CHAIN_ID;
    const network = await resolveNetwork(context, chainId);
    if (!details.compiledClassHash) {
      throw new InvalidInputError(
        'details.compiledClassHash',
        'is required for a v3 DECLARE',
      );
    }
    const account = await ownAccount(context, sender, 'address');
    if (!details.resourceBounds) {
      throw new InvalidInputError(
        'details.resourceBounds',
        'is required: a DECLARE cannot be estimated without its class',
      );
    }
    const signature = await signTransactionOnly({
      context,
      network,
      account,
      intent: {
        type: 'DECLARE',
        classHash: details.classHash,
        compiledClassHash: details.compiledClassHash,
      },
      details,
      field: 'details',
      display: { tokens: [] },
    });
    return { signature };
  },
});

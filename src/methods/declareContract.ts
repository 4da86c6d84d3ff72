import { object, optional, string, type, unknown } from 'superstruct';

import { defineMethod } from './method';
import {
  AddressStruct,
  ChainIdStruct,
  DetailsStruct,
  FeltStruct,
} from './structs';
import { declarableClass } from '../node/contractClass';
import { ownAccount, resolveNetwork } from '../wallet/access';
import { sendTransaction } from '../wallet/transaction';

/**
 * `snapnet_declareContract {senderAddress, contractPayload, invocationsDetails?,
 * chainId?}` → `{transaction_hash, class_hash}` of a v3 DECLARE, after a
 * dialog. `contractPayload` holds the Sierra `contract` and its `casm` (or
 * its `compiledClassHash`), as objects or JSON text. The declaration is
 * simulated first: a class already declared is refused by the node before
 * anything is shown or signed.
 */
export const declareContract = defineMethod({
  params: object({
    senderAddress: AddressStruct,
    contractPayload: type({
      contract: unknown(),
      casm: optional(unknown()),
      classHash: optional(FeltStruct),
      compiledClassHash: optional(FeltStruct),
    }),
    invocationsDetails: optional(DetailsStruct),
    chainId: ChainIdStruct,
  }),
  result: object({ transaction_hash: string(), class_hash: string() }),
  handler: async (
    { senderAddress, contractPayload, invocationsDetails, chainId },
    context,
  ) => {
    const network = await resolveNetwork(context, chainId);
    const declarable = declarableClass(contractPayload);
    const account = await ownAccount(context, senderAddress, 'senderAddress');
    const { hashes } = await sendTransaction({
      context,
      network,
      account,
      intent: { type: 'DECLARE', ...declarable },
      details: invocationsDetails ?? {},
      field: 'invocationsDetails',
    });
    return {
      transaction_hash: hashes[hashes.length - 1] ?? '',
      class_hash: declarable.classHash,
    };
  },
});

import { object, optional, string, type, unknown } from 'superstruct';

import { defineMethod } from './method';
import {
  networkTokens,
  ownAccount,
  requestView,
  resolveNetwork,
} from './shared';
import {
  AddressStruct,
  ChainIdStruct,
  DetailsStruct,
  FeltStruct,
} from './structs';
import { declarableClass } from '../chain/contractClass';
import { NodeClient } from '../chain/rpc';
import { sendIntent } from '../chain/sender';
import { confirmTransaction } from '../ui/dialogs';

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
    const tokens = await networkTokens(context, network.chainId);
    const { hashes } = await sendIntent({
      client: new NodeClient(network),
      account,
      intent: { type: 'DECLARE', ...declarable },
      details: invocationsDetails ?? {},
      field: 'invocationsDetails',
      confirm: async (preview) =>
        confirmTransaction({
          request: requestView(context, network, senderAddress),
          preview,
          tokens,
        }),
    });
    return {
      transaction_hash: hashes[hashes.length - 1] ?? '',
      class_hash: declarable.classHash,
    };
  },
});

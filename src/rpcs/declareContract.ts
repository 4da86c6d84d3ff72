import { object, optional, string, type, unknown } from 'superstruct';

import { defineMethod } from './method';
import { ownAccount, requestView, resolveNetwork } from './shared';
import {
  AddressStruct,
  ChainIdStruct,
  DetailsStruct,
  FeltStruct,
} from './structs';
import { declarableClass } from '../chain/contractClass';
import { sendFromAccount } from '../chain/flow';
import { NodeClient } from '../chain/rpc';
import { prepareDeclare } from '../chain/transactions';
import { formatUnits } from '../format';
import { sentRecord } from '../state/records';
import { confirmDeclare } from '../ui/dialogs';

/**
 * `snapnet_declareContract {senderAddress, contractPayload, invocationsDetails?,
 * chainId?}` → `{transaction_hash, class_hash}` of a v3 DECLARE, after a
 * dialog. `contractPayload` holds the Sierra `contract` and its `casm` (or
 * its `compiledClassHash`), as objects or JSON text. A class already declared
 * is refused by the node (error 51) before anything is signed.
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
    const hashes = await sendFromAccount({
      client: new NodeClient(network),
      account,
      step: (details, sign) =>
        prepareDeclare(
          account,
          declarable.contractClass,
          declarable.classHash,
          declarable.compiledClassHash,
          network.chainId,
          details,
          sign,
        ),
      details: invocationsDetails ?? {},
      field: 'invocationsDetails',
      confirm: async (plan) => {
        const last = plan.details[plan.details.length - 1];
        return confirmDeclare({
          title: 'Declare contract class',
          request: requestView(context, network, senderAddress),
          classHash: declarable.classHash,
          compiledClassHash: declarable.compiledClassHash,
          fee: {
            maxFee: `${formatUnits(plan.maxFee, 18)} STRK`,
            ...(last ? { nonce: BigInt(last.nonce).toString() } : {}),
          },
        });
      },
      record: (hash, isDeployment) =>
        sentRecord({
          txnHash: hash,
          txnType: isDeployment ? 'deploy_account' : 'declare',
          senderAddress,
          chainId: network.chainId,
          ...(isDeployment ? {} : { contractAddress: declarable.classHash }),
        }),
    });
    return {
      transaction_hash: hashes[hashes.length - 1] ?? '',
      class_hash: declarable.classHash,
    };
  },
});

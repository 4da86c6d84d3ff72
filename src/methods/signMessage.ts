import type { TypedData } from 'starknet';
import { object, string } from 'superstruct';

import { defineMethod } from './method';
import { AddressStruct, ChainIdStruct, TypedDataStruct } from './structs';
import { contractAbis, lookupTargets } from '../node/contractAbis';
import { signHash } from '../signing/signature';
import { analyseTypedData } from '../signing/typedData';
import { confirmOutsideExecution, confirmSignMessage } from '../ui/dialogs';
import {
  networkTokens,
  ownAccount,
  requestView,
  resolveNetwork,
} from '../wallet/access';

/**
 * `snapnet_signMessage {typedDataMessage, signerAddress, chainId?}` → the
 * SNIP-12 signature `r,s` (hex values joined by a comma), after the user
 * reads the domain as it is hashed and the message, and approves. Typed data
 * that grants execution is never shown as a message: a SNIP-9 outside
 * execution is shown as the transaction it is (its calls decoded with the
 * called classes' ABIs from the chain: two node round trips), a session
 * grant or a message carrying calls under a danger banner. A plain message
 * needs no node.
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
    const analysis = analyseTypedData(
      data,
      signerAddress,
      network,
      'typedDataMessage',
    );
    const account = await ownAccount(context, signerAddress, 'signerAddress');
    const request = requestView(context, network, signerAddress);
    const { grant } = analysis;
    if (grant?.kind === 'outside-execution') {
      const targets = lookupTargets(
        grant.calls.map(({ contractAddress }) => contractAddress),
        'typedDataMessage',
      );
      await confirmOutsideExecution({
        request,
        analysis,
        execution: grant,
        field: 'typedDataMessage',
        decode: {
          tokens: await networkTokens(context, network.chainId),
          account: signerAddress,
          chainAbis: await contractAbis(context.node(network), targets),
        },
      });
    } else {
      await confirmSignMessage(request, analysis);
    }
    return signHash(analysis.hash, account.privateKey).join(',');
  },
});

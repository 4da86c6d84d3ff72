import type { TypedData } from 'starknet';
import { object, string } from 'superstruct';

import { defineMethod } from './method';
import { AddressStruct, ChainIdStruct, TypedDataStruct } from './structs';
import { FORWARD_LOOKUP_MS, nameLookupOf, namesWithin } from '../node/names';
import type { ShownName } from '../node/names';
import { signHash } from '../signing/signature';
import {
  messageAddresses,
  readTypedData,
  typedDataHash,
} from '../signing/typedData';
import { confirmOutsideExecution, confirmSignMessage } from '../ui/dialogs';
import { ownAccount, requestView, resolveNetwork } from '../wallet/access';
import { outsideExecutionChainData } from '../wallet/callData';

/**
 * `snapnet_signMessage {typedDataMessage, signerAddress, chainId?}` → the
 * SNIP-12 signature `r,s` (hex values joined by a comma), after the user
 * reads the domain as it is hashed and the message, and approves. Typed data
 * that grants execution is never shown as a message: a SNIP-9 outside
 * execution is shown as the transaction it is (its calls decoded with the
 * tokens and the called classes' ABIs of the chain its domain binds: two
 * round trips to that network's node; raw when the wallet has no network of
 * that chain the site may use), a session
 * grant or a message carrying calls under a danger banner. A message bound
 * to a network with a naming contract shows the Starknet ID names of its
 * ContractAddress values that resolve back (at most 8), read while its
 * dialog is open (two round trips, reverse then forward, 3 s at most in
 * all) and filled in place: no message waits for a node.
 */
export const signMessage = defineMethod({
  params: object({
    typedDataMessage: TypedDataStruct,
    signerAddress: AddressStruct,
    chainId: ChainIdStruct,
  }),
  result: string(),
  handler: async ({ typedDataMessage, signerAddress, chainId }, context) => {
    // The dialog's locale, read beside the state rather than after it (a
    // failure surfaces where requestView reads it).
    context.preferences().catch(() => undefined);
    const network = await resolveNetwork(context, chainId);
    const data: TypedData = typedDataMessage;
    const analysis = readTypedData(data, network, 'typedDataMessage');
    // Hashed once: while MetaMask checks a plain message's dialog, before
    // an outside execution's.
    let hash: string | undefined;
    const hashed = (): string =>
      (hash ??= typedDataHash(data, signerAddress, 'typedDataMessage'));
    const account = await ownAccount(context, signerAddress, 'signerAddress');
    const request = await requestView(context, network, signerAddress);
    const { grant } = analysis;
    if (grant?.kind === 'outside-execution') {
      hashed();
      await confirmOutsideExecution({
        request,
        analysis,
        execution: grant,
        field: 'typedDataMessage',
        chainData: await outsideExecutionChainData(
          context,
          network,
          analysis.chain,
          {
            calls: grant.calls,
            account: signerAddress,
            // SNIP-9's member: `calls` in version 1, `Calls` in version 2.
            callsField: `typedDataMessage.message.${grant.version === '1' ? 'calls' : 'Calls'}`,
          },
          'typedDataMessage',
        ),
      });
    } else {
      // Names of its ContractAddress values, when it binds this network:
      // read while the dialog is open (two round trips, bounded in time; a
      // stall shows no name), never before it.
      const lookup =
        analysis.chain.kind === 'match'
          ? nameLookupOf(network, messageAddresses(analysis.message))
          : undefined;
      await confirmSignMessage(
        request,
        analysis,
        lookup && {
          addresses: lookup.addresses,
          read: async (isOpen): Promise<ShownName[]> =>
            namesWithin(
              context.node(network),
              lookup,
              FORWARD_LOOKUP_MS,
              isOpen,
            ),
        },
        hashed,
      );
    }
    return signHash(hashed(), account.privateKey).join(',');
  },
});

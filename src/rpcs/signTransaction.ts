import { array, object, optional, string } from 'superstruct';

import { defineMethod } from './method';
import {
  networkTokens,
  ownAccount,
  requestView,
  resolveNetwork,
} from './shared';
import {
  AddressStruct,
  CallsStruct,
  ChainIdStruct,
  DetailsStruct,
} from './structs';
import { NodeClient } from '../chain/rpc';
import { signIntent } from '../chain/sender';
import { InvalidInputError } from '../errors';
import { assertCallsShowable, confirmTransaction } from '../ui/dialogs';

/**
 * The sender of a request that may name it `address` or `senderAddress`.
 *
 * @param address - The `address` param.
 * @param senderAddress - The `senderAddress` param.
 * @returns The sender.
 */
export function senderOf(
  address: string | undefined,
  senderAddress: string | undefined,
): string {
  if (address && senderAddress && address !== senderAddress) {
    throw new InvalidInputError(
      'senderAddress',
      'differs from address; give one sender',
    );
  }
  const sender = address ?? senderAddress;
  if (!sender) {
    throw new InvalidInputError('address', 'is required (or senderAddress)');
  }
  return sender;
}

/**
 * `snapnet_signTransaction {address | senderAddress, chainId, transactions,
 * transactionsDetail?}` → the signature of the v3 INVOKE of those calls, as
 * an array of hex strings, after the same confirmation as executeTxn (the
 * simulation, every call, every signed field). The nonce and resource
 * bounds the dapp gives are signed as given; missing ones come from the
 * node. Two node round trips: nonce + classes, simulation + ABIs.
 */
export const signTransaction = defineMethod({
  params: object({
    address: optional(AddressStruct),
    senderAddress: optional(AddressStruct),
    chainId: ChainIdStruct,
    transactions: CallsStruct,
    transactionsDetail: optional(DetailsStruct),
  }),
  result: array(string()),
  handler: async (params, context) => {
    const sender = senderOf(params.address, params.senderAddress);
    const network = await resolveNetwork(context, params.chainId);
    const account = await ownAccount(context, sender, 'address');
    const tokens = await networkTokens(context, network.chainId);
    assertCallsShowable(
      params.transactions,
      { tokens, account: account.address },
      'transactions',
    );
    return signIntent({
      client: new NodeClient(network),
      account,
      intent: { type: 'INVOKE', calls: params.transactions },
      details: params.transactionsDetail ?? {},
      field: 'transactionsDetail',
      confirm: async (preview) =>
        confirmTransaction({
          request: requestView(context, network, sender),
          preview,
          tokens,
          callsField: 'transactions',
        }),
    });
  },
});

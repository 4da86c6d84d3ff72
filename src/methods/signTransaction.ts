import { array, object, optional, string } from 'superstruct';

import { defineMethod } from './method';
import { senderOf } from './params';
import {
  AddressStruct,
  CallsStruct,
  ChainIdStruct,
  DetailsStruct,
} from './structs';
import { assertCallsShowable } from '../ui/dialogs';
import { networkTokens, ownAccount, resolveNetwork } from '../wallet/access';
import { signTransactionOnly } from '../wallet/transaction';

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
    return signTransactionOnly({
      context,
      network,
      account,
      intent: { type: 'INVOKE', calls: params.transactions },
      details: params.transactionsDetail ?? {},
      field: 'transactionsDetail',
      display: { tokens, callsField: 'transactions' },
    });
  },
});

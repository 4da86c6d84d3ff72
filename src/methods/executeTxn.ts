import { object, optional, string, unknown } from 'superstruct';

import { defineMethod } from './method';
import { assertNoDetails, PaymasterParamStruct } from './params';
import {
  AddressStruct,
  CallsStruct,
  ChainIdStruct,
  DetailsStruct,
} from './structs';
import { assertCallsShowable } from '../ui/dialogs';
import { networkTokens, ownAccount, resolveNetwork } from '../wallet/access';
import { sendWithPaymaster } from '../wallet/paymasterTransaction';
import { sendTransaction } from '../wallet/transaction';

/**
 * `snapnet_executeTxn {address, calls, details?, abis?, chainId}` →
 * `{transaction_hash}` of the v3 INVOKE, after a confirmation showing the
 * site, network, sender, the simulation's balance changes (or its revert),
 * every call (tracked ERC-20 transfers and approvals decoded, other calls
 * labelled by the called class's ABI from the chain; the site's `abis` only
 * as its unverified description) and every signed fee field. An undeployed
 * account is deployed first, in the same confirmation. Node round trips for
 * a deployed account: nonce + classes, simulation + ABIs, send.
 *
 * With `paymaster`, the fee is paid in a token the network's SNIP-29
 * paymaster takes, or sponsored: the paymaster builds an outside execution
 * of the calls (and the account's deployment when it is not deployed),
 * which the wallet checks against the calls before it shows and signs it
 * (src/paymaster/checkBuilt.ts); the answer is the relayer's transaction.
 */
export const executeTxn = defineMethod({
  params: object({
    address: AddressStruct,
    calls: CallsStruct,
    details: optional(DetailsStruct),
    abis: optional(unknown()),
    chainId: ChainIdStruct,
    paymaster: optional(PaymasterParamStruct),
  }),
  result: object({ transaction_hash: string() }),
  handler: async (
    { address, calls, details, abis, chainId, paymaster },
    context,
  ) => {
    const network = await resolveNetwork(context, chainId);
    const account = await ownAccount(context, address, 'address');
    const tokens = await networkTokens(context, network.chainId);
    assertCallsShowable(calls, { tokens, account: account.address }, 'calls');
    const display = {
      tokens,
      ...(abis === undefined ? {} : { siteAbis: abis }),
    };
    if (paymaster) {
      assertNoDetails(details, 'details');
      const hash = await sendWithPaymaster({
        context,
        network,
        account,
        calls,
        choice: paymaster,
        field: 'paymaster',
        display,
      });
      return { transaction_hash: hash };
    }
    const { hashes } = await sendTransaction({
      context,
      network,
      account,
      intent: { type: 'INVOKE', calls },
      details: details ?? {},
      field: 'details',
      display,
    });
    return { transaction_hash: hashes[hashes.length - 1] ?? '' };
  },
});

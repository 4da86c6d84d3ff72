import { assign, boolean, object, optional, string } from 'superstruct';

import { defineMethod } from './method';
import { assertNoDetails, PaymasterParamStruct } from './params';
import {
  FeeEstimateResult,
  AddressStruct,
  CallsStruct,
  ChainIdStruct,
  DetailsStruct,
} from './structs';
import { toFeeEstimate } from '../sender/fees';
import { ownAccount, resolveNetwork } from '../wallet/access';
import { estimateWithPaymaster } from '../wallet/paymasterTransaction';
import { estimateTransaction } from '../wallet/transaction';

/**
 * `snapnet_estimateFee {address, invocations, details?, chainId?}` → the fee
 * of sending `invocations` from `address`, with `includeDeploy` true when the
 * account is not deployed yet and its deployment is estimated with it (in
 * one simulation). `suggestedMaxFee` counts the dapp's tip. Two node round
 * trips: nonce and classes, simulation.
 *
 * With `paymaster`, the fee through the network's SNIP-29 paymaster, in the
 * smallest units of `gasToken` (echoed): `overallFee` its estimate,
 * `suggestedMaxFee` the fee transfer a send would sign (both 0 when
 * sponsored); the relayer pays the gas (gasConsumed and gasPrice 0). Round
 * trips: node 1, paymaster 1.
 */
export const estimateFee = defineMethod({
  params: object({
    address: AddressStruct,
    invocations: CallsStruct,
    details: optional(DetailsStruct),
    chainId: ChainIdStruct,
    paymaster: optional(PaymasterParamStruct),
  }),
  result: assign(
    FeeEstimateResult,
    object({ includeDeploy: boolean(), gasToken: optional(string()) }),
  ),
  handler: async (
    { address, invocations, details, chainId, paymaster },
    context,
  ) => {
    const network = await resolveNetwork(context, chainId);
    const account = await ownAccount(context, address, 'address');
    if (paymaster) {
      assertNoDetails(details, 'details');
      const estimate = await estimateWithPaymaster({
        context,
        network,
        account,
        calls: invocations,
        choice: paymaster,
        field: 'paymaster',
      });
      return {
        suggestedMaxFee: estimate.maxFee.toString(),
        overallFee: estimate.estimatedFee.toString(),
        // The relayer pays the gas: the account pays only the token fee.
        gasConsumed: '0',
        gasPrice: '0',
        unit: 'wei' as const,
        includeDeploy: estimate.includesDeployment,
        ...(paymaster.feeMode.mode === 'default'
          ? { gasToken: paymaster.feeMode.gasToken }
          : {}),
      };
    }
    // An estimate says what the transaction needs: the dapp's own bounds,
    // nonce and cap do not apply to it.
    const {
      resourceBounds: _bounds,
      nonce: _nonce,
      maxFee: _maxFee,
      ...given
    } = details ?? {};
    const { plan, includesDeployment } = await estimateTransaction({
      context,
      network,
      account,
      intent: { type: 'INVOKE', calls: invocations },
      details: given,
      field: 'details',
      callsField: 'invocations',
    });
    return {
      ...toFeeEstimate(plan.estimates, given.tip),
      includeDeploy: includesDeployment,
    };
  },
});

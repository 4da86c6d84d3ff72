import { assign, boolean, object, optional } from 'superstruct';

import { defineMethod } from './method';
import {
  FeeEstimateResult,
  AddressStruct,
  CallsStruct,
  ChainIdStruct,
  DetailsStruct,
} from './structs';
import { toFeeEstimate } from '../sender/fees';
import { ownAccount, resolveNetwork } from '../wallet/access';
import { estimateTransaction } from '../wallet/transaction';

/**
 * `snapnet_estimateFee {address, invocations, details?, chainId?}` → the fee
 * of sending `invocations` from `address`, with `includeDeploy` true when the
 * account is not deployed yet and its deployment is estimated with it (in
 * one simulation). `suggestedMaxFee` counts the dapp's tip. Two node round
 * trips: nonce and classes, simulation.
 */
export const estimateFee = defineMethod({
  params: object({
    address: AddressStruct,
    invocations: CallsStruct,
    details: optional(DetailsStruct),
    chainId: ChainIdStruct,
  }),
  result: assign(FeeEstimateResult, object({ includeDeploy: boolean() })),
  handler: async ({ address, invocations, details, chainId }, context) => {
    const network = await resolveNetwork(context, chainId);
    const account = await ownAccount(context, address, 'address');
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
    });
    return {
      ...toFeeEstimate(plan.estimates, given.tip),
      includeDeploy: includesDeployment,
    };
  },
});

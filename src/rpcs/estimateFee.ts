import {
  array,
  assign,
  boolean,
  nonempty,
  object,
  optional,
} from 'superstruct';

import { FeeEstimateResult } from './estimateAccountDeployFee';
import { defineMethod } from './method';
import { ownAccount, resolveNetwork } from './shared';
import {
  AddressStruct,
  CallStruct,
  ChainIdStruct,
  DetailsStruct,
} from './structs';
import { accountStatus } from '../chain/accounts';
import { deployStep } from '../chain/deploy';
import { toFeeEstimate } from '../chain/fees';
import type { Step } from '../chain/plan';
import { planSequence } from '../chain/plan';
import { NodeClient } from '../chain/rpc';
import { prepareInvoke } from '../chain/transactions';

/**
 * `snapnet_estimateFee {address, invocations, details?, chainId?}` → the fee
 * of sending `invocations` from `address`, with `includeDeploy` true when the
 * account is not deployed yet and its deployment is estimated with it (in
 * one request). Two node round trips: nonce, estimate.
 */
export const estimateFee = defineMethod({
  params: object({
    address: AddressStruct,
    invocations: nonempty(array(CallStruct)),
    details: optional(DetailsStruct),
    chainId: ChainIdStruct,
  }),
  result: assign(FeeEstimateResult, object({ includeDeploy: boolean() })),
  handler: async ({ address, invocations, details, chainId }, context) => {
    const network = await resolveNetwork(context, chainId);
    const account = await ownAccount(context, address, 'address');
    const client = new NodeClient(network);
    const status = await accountStatus(client, address);
    const invoke: Step = (stepDetails, sign) =>
      prepareInvoke(account, invocations, network.chainId, stepDetails, sign);
    const steps = status.deployed
      ? [invoke]
      : [deployStep(account, network), invoke];
    const { resourceBounds: _ignored, ...given } = details ?? {};
    const plan = await planSequence(
      client,
      steps,
      given,
      'details',
      status.nonce,
    );
    return {
      ...toFeeEstimate(plan.estimates ?? []),
      includeDeploy: !status.deployed,
    };
  },
});

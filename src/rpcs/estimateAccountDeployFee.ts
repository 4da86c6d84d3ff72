import { literal, object, optional, string } from 'superstruct';

import { defineMethod } from './method';
import { resolveNetwork } from './shared';
import { ChainIdStruct, IndexStruct } from './structs';
import { toFeeEstimate } from '../chain/fees';
import { NodeClient } from '../chain/rpc';
import { estimateIntent } from '../chain/sender';
import { nextAccountIndex } from '../state/indexReservations';

export const FeeEstimateResult = object({
  suggestedMaxFee: string(),
  overallFee: string(),
  gasConsumed: string(),
  gasPrice: string(),
  unit: literal('wei'),
});

/**
 * `snapnet_estimateAccountDeployFee {addressIndex?, chainId?}` → the fee of
 * deploying the account at that index (by default the index createAccount
 * would take next), in one node round trip (a simulation).
 */
export const estimateAccountDeployFee = defineMethod({
  params: object({
    addressIndex: optional(IndexStruct),
    chainId: ChainIdStruct,
  }),
  result: FeeEstimateResult,
  handler: async ({ addressIndex, chainId }, context) => {
    const network = await resolveNetwork(context, chainId);
    const index =
      addressIndex ?? nextAccountIndex(await context.state(), network.chainId);
    const derived = await context.keys.account(index);
    const { plan } = await estimateIntent({
      client: new NodeClient(network),
      account: { ...derived, kind: 'argent-cairo1' },
      intent: { type: 'DEPLOY_ACCOUNT' },
      details: {},
      field: 'details',
    });
    return toFeeEstimate(plan.estimates);
  },
});

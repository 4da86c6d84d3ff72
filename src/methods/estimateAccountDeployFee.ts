import { object, optional } from 'superstruct';

import { defineMethod } from './method';
import { ChainIdStruct, FeeEstimateResult, IndexStruct } from './structs';
import { standInAccount } from '../keys/standIn';
import { toFeeEstimate } from '../sender/fees';
import { defaultAccountIndex } from '../state/indexReservations';
import { isShared } from '../state/permissions';
import { resolveNetwork } from '../wallet/access';
import { estimateTransaction } from '../wallet/transaction';

/**
 * `snapnet_estimateAccountDeployFee {addressIndex?, chainId?}` → the fee of
 * deploying the account at that index (by default the index createAccount
 * would take next for the site), in one node round trip (a simulation). An
 * account not shared with the site is never simulated, on any network: the
 * deployment of a stand-in account of the same class (no one's key) is
 * simulated instead — the fee does not depend on the key — so neither the
 * site's node nor a node's answer (an account already deployed is refused
 * with its address) can tell the site which accounts the wallet has.
 */
export const estimateAccountDeployFee = defineMethod({
  params: object({
    addressIndex: optional(IndexStruct),
    chainId: ChainIdStruct,
  }),
  result: FeeEstimateResult,
  handler: async ({ addressIndex, chainId }, context) => {
    const network = await resolveNetwork(context, chainId);
    const state = await context.state();
    const index =
      addressIndex ??
      defaultAccountIndex(state, context.origin, network.chainId);
    const derived = await context.keys.account(index);
    const account = isShared(state, context.origin, derived.address)
      ? { ...derived, kind: 'argent-cairo1' as const }
      : standInAccount();
    const { plan } = await estimateTransaction({
      context,
      network,
      account,
      intent: { type: 'DEPLOY_ACCOUNT' },
      details: {},
      field: 'details',
    });
    return toFeeEstimate(plan.estimates);
  },
});

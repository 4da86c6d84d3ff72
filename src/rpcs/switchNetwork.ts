import { boolean, object } from 'superstruct';

import { defineMethod } from './method';
import { RequiredChainIdStruct } from './structs';
import { networksFor } from '../state/networks';
import { updateState } from '../state/store';
import { confirmSwitchNetwork } from '../ui/dialogs';

/**
 * `snapnet_switchNetwork {chainId}` → true once the wallet is on that
 * network. An unsupported chain (another site's network included) or a
 * declined dialog gives false and changes nothing; asking for the current
 * network gives true with no dialog.
 */
export const switchNetwork = defineMethod({
  params: object({
    chainId: RequiredChainIdStruct,
  }),
  result: boolean(),
  handler: async ({ chainId }, context) => {
    const state = await context.state();
    const target = networksFor(state, context.origin).find(
      (network) => network.chainId === chainId,
    );
    const current = state.networks.find(
      (network) => network.chainId === state.currentChainId,
    );
    if (!target || !current) {
      return false;
    }
    if (target.chainId === current.chainId) {
      return true;
    }
    const approved = await confirmSwitchNetwork({
      origin: context.origin,
      from: current,
      to: target,
    });
    if (!approved) {
      return false;
    }
    await updateState((draft) => {
      draft.currentChainId = target.chainId;
    });
    return true;
  },
});

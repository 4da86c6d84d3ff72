import type { WalletContext } from './context';
import type { Network } from '../config';
import { paymasterUrlFor, rpcUrlsFor } from '../config';
import { InvalidInputError } from '../errors';
import { checkNetworkNode } from '../node/networkCheck';
import {
  knownNetworkConflict,
  networksFor,
  setNetworkNode,
  setNetworkPaymaster,
  storeNetwork,
} from '../state/networks';
import { updateState } from '../state/store';
import {
  confirmAddNetwork,
  confirmChangeNode,
  confirmChangePaymaster,
  confirmSwitchNetwork,
  tellNetworkNotAdded,
} from '../ui/dialogs';

/**
 * Adds a network once its node serves its chain and the user agrees (see
 * snapnet_addNetwork). A name or chain id taken by a network the caller may
 * use is refused naming the field; one taken by another site's network is
 * answered exactly as an unused one (same node check, same dialog), so no
 * site learns what others added: once the user approves, the user alone is
 * told why it was not added, and the site gets false, as when declined.
 * Nothing is stored unless approved.
 *
 * @param context - Who asks (a site's network carries `addedBy`).
 * @param network - The network.
 * @returns Whether it was added.
 */
export async function addNetwork(
  context: WalletContext,
  network: Network,
): Promise<boolean> {
  const conflict = knownNetworkConflict(await context.state(), network);
  if (conflict) {
    throw new InvalidInputError(conflict.field, conflict.reason);
  }
  await checkNetworkNode(context.node(network), network, 'nothing was added');
  if (!(await confirmAddNetwork({ origin: context.origin, network }))) {
    return false;
  }
  const hidden = await storeNetwork(network);
  if (hidden) {
    await tellNetworkNotAdded({ origin: context.origin, network, ...hidden });
    return false;
  }
  return true;
}

/**
 * Points a network at another node once that node serves its chain and the
 * user agrees; the dialog names the network, its current nodes and the new
 * one.
 *
 * @param context - Who asks.
 * @param network - The network.
 * @param rpcUrl - The new node.
 * @returns Whether it was changed.
 */
export async function changeNode(
  context: WalletContext,
  network: Network,
  rpcUrl: string,
): Promise<boolean> {
  const candidate = { ...network, rpcUrl };
  await checkNetworkNode(
    context.node(candidate),
    candidate,
    'nothing was changed',
  );
  const approved = await confirmChangeNode({
    origin: context.origin,
    network,
    current: rpcUrlsFor(network),
    rpcUrl,
  });
  if (approved) {
    await setNetworkNode(network.chainId, rpcUrl);
  }
  return approved;
}

/**
 * Points a network at another paymaster once it says it is available
 * (`paymaster_isAvailable`, one round trip) and the user agrees.
 *
 * @param context - Who asks (the home page).
 * @param network - The network.
 * @param paymasterUrl - The new paymaster.
 * @returns Whether it was changed.
 */
export async function changePaymaster(
  context: WalletContext,
  network: Network,
  paymasterUrl: string,
): Promise<boolean> {
  const candidate = context.paymaster({ ...network, paymasterUrl });
  if (!candidate || !(await candidate.isAvailable())) {
    throw new InvalidInputError(
      'Paymaster URL',
      'the paymaster there says it is not available: nothing was changed',
    );
  }
  const approved = await confirmChangePaymaster({
    origin: context.origin,
    network,
    current: paymasterUrlFor(network),
    paymasterUrl,
  });
  if (approved) {
    await setNetworkPaymaster(network.chainId, paymasterUrl);
  }
  return approved;
}

/**
 * Makes a network of those the caller may use the current one, after the
 * user agrees (see snapnet_switchNetwork).
 *
 * @param context - Who asks.
 * @param chainId - The network.
 * @returns Whether the wallet is now on it.
 */
export async function switchNetwork(
  context: WalletContext,
  chainId: string,
): Promise<boolean> {
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
  if (approved) {
    await updateState((draft) => {
      draft.currentChainId = target.chainId;
    });
  }
  return approved;
}

import { UserInputEventType } from '@metamask/snaps-sdk';
import type { UserInputEvent } from '@metamask/snaps-sdk';

import { field, text } from './formFields';
import type { FormValues } from './formFields';
import { HOME } from './views/model';
import type { HomeNotice } from './views/model';
import {
  nameStruct,
  RequiredChainIdStruct,
  RpcUrlStruct,
} from '../../methods/structs';
import type { RequestScope } from '../../requestScope';
import { removeNetwork, setNetworkNode } from '../../state/networks';
import { revokeAccess } from '../../state/permissions';
import { readState } from '../../state/store';
import { HOME_ORIGIN, walletContext } from '../../wallet/context';
import * as networks from '../../wallet/networks';

/**
 * The Settings view's actions (paymasters aside, see paymasterActions.ts):
 * add a network, point one at another node or back at its defaults, remove
 * one, withdraw a site's access. Each goes through the checks and dialogs
 * of the wallet methods that do the same.
 */

/**
 * Adds a network from the page: the same checks and dialog as
 * snapnet_addNetwork.
 *
 * @param values - The add-network form.
 * @param scope - The event's request.
 * @returns What happened.
 */
async function addNetwork(
  values: FormValues,
  scope: RequestScope,
): Promise<HomeNotice> {
  const network = {
    name: field('Name', text(values, 'network-name'), nameStruct(64)),
    chainId: field(
      'Chain id',
      text(values, 'network-chain-id').trim(),
      RequiredChainIdStruct,
    ),
    rpcUrl: field(
      'Node URL',
      text(values, 'network-rpc-url').trim(),
      RpcUrlStruct,
    ),
  };
  if (
    !(await networks.addNetwork(walletContext(HOME_ORIGIN, scope), network))
  ) {
    return { severity: 'info', text: 'Cancelled: nothing was added.' };
  }
  return { severity: 'info', text: `Added ${network.name}.` };
}

/**
 * Points a network at another node from the page: the same node check as
 * adding a network (chain id and JSON-RPC version, one round trip), then a
 * dialog naming the network, its current nodes and the new one.
 *
 * @param chainId - The network.
 * @param values - Its node form.
 * @param scope - The event's request.
 * @returns What happened.
 */
async function setNode(
  chainId: string,
  values: FormValues,
  scope: RequestScope,
): Promise<HomeNotice> {
  const network = (await readState()).networks.find(
    (candidate) => candidate.chainId === chainId,
  );
  if (!network) {
    return { severity: 'warning', text: 'That network is no longer here.' };
  }
  const rpcUrl = field(
    'Node URL',
    text(values, `${HOME.setNode}${chainId}:url`).trim(),
    RpcUrlStruct,
  );
  if (
    !(await networks.changeNode(
      walletContext(HOME_ORIGIN, scope),
      network,
      rpcUrl,
    ))
  ) {
    return { severity: 'info', text: 'Cancelled: the node was not changed.' };
  }
  return { severity: 'info', text: `${network.name} now uses ${rpcUrl}.` };
}

/**
 * Does what a Settings event asks; undefined when the event is not one.
 *
 * @param event - The event.
 * @param scope - The event's request.
 * @returns What happened, or undefined.
 */
export async function settingsAction(
  event: UserInputEvent,
  scope: RequestScope,
): Promise<HomeNotice | undefined> {
  const name = event.name ?? '';
  if (event.type === UserInputEventType.FormSubmitEvent) {
    if (name === HOME.addNetwork) {
      return addNetwork({ ...event.value }, scope);
    }
    if (name.startsWith(HOME.setNode)) {
      return setNode(
        name.slice(HOME.setNode.length),
        { ...event.value },
        scope,
      );
    }
    return undefined;
  }
  if (event.type !== UserInputEventType.ButtonClickEvent) {
    return undefined;
  }
  if (name.startsWith(HOME.revoke)) {
    const origin = name.slice(HOME.revoke.length);
    await revokeAccess(origin, undefined);
    return { severity: 'info', text: `${origin} no longer sees any account.` };
  }
  if (name.startsWith(HOME.removeNetwork)) {
    await removeNetwork(name.slice(HOME.removeNetwork.length));
    return { severity: 'info', text: 'Network removed.' };
  }
  if (name.startsWith(HOME.defaultNodes)) {
    await setNetworkNode(name.slice(HOME.defaultNodes.length), undefined);
    return {
      severity: 'info',
      text: 'Back to the default nodes, tried in order.',
    };
  }
  return undefined;
}

import { UserInputEventType } from '@metamask/snaps-sdk';
import type { UserInputEvent } from '@metamask/snaps-sdk';
import { validate } from 'superstruct';
import type { Struct } from 'superstruct';

import {
  accountAction,
  isAccountEvent,
  withReceivePanel,
} from './accountActions';
import { handleActivityEvent } from './activityEvents';
import { feeChoiceOf, paymasterAction } from './paymasterActions';
import { readHomePage } from './readHome';
import type { HomeNotice } from './readHome';
import { actOnTokens, isTokenListEvent } from './tokenEvents';
import { HOME, updateHomeInterface } from './views/page';
import {
  InvalidInputError,
  toSnapError,
  UserRejectedError,
} from '../../errors';
import { parseUnits } from '../../format';
import {
  AddressStruct,
  nameStruct,
  RequiredChainIdStruct,
  RpcUrlStruct,
} from '../../methods/structs';
import { looksLikeName } from '../../node/names';
import { renameAccount, selectNetwork } from '../../state/accounts';
import { removeNetwork, setNetworkNode } from '../../state/networks';
import { revokeAccess } from '../../state/permissions';
import { readState } from '../../state/store';
import { removeToken } from '../../state/tokens';
import { HOME_ORIGIN, walletContext } from '../../wallet/context';
import { resolveTypedName } from '../../wallet/names';
import * as networks from '../../wallet/networks';
import { transferToken } from '../../wallet/transfer';

/** A form's values as the event carries them. */
type FormValues = Record<string, unknown>;

/**
 * A form field's text.
 *
 * @param values - The form's values.
 * @param key - The field.
 * @returns Its text ('' when empty).
 */
function text(values: FormValues, key: string): string {
  const value = values[key];
  return typeof value === 'string' ? value : '';
}

/**
 * A form field checked by the same struct a method's params use, a failure
 * naming the field as the page labels it.
 *
 * @param label - The field's label.
 * @param value - Its text.
 * @param struct - What it must be.
 * @returns The checked value.
 */
function field<Value>(
  label: string,
  value: string,
  struct: Struct<Value, unknown>,
): Value {
  const [error, checked] = validate(value, struct, { coerce: true });
  if (error || checked === undefined) {
    throw new InvalidInputError(label, error?.message ?? 'is not valid');
  }
  return checked;
}

/**
 * What a failed action tells the user: the error as a dapp would receive it.
 *
 * @param error - What was thrown.
 * @returns The notice.
 */
function failure(error: unknown): HomeNotice {
  if (error instanceof UserRejectedError) {
    return { severity: 'info', text: 'Cancelled: nothing was done.' };
  }
  if (error instanceof InvalidInputError) {
    return {
      severity: 'warning',
      text: error.message.replace(/^Invalid params: /u, ''),
    };
  }
  return { severity: 'danger', text: toSnapError(error).message };
}

/**
 * Sends tokens from one of the accounts of the current network: the same
 * sender and the same confirmation as snapnet_executeTxn.
 *
 * @param values - The send form.
 * @returns What happened.
 */
async function send(values: FormValues): Promise<HomeNotice> {
  const state = await readState();
  const network = state.networks.find(
    ({ chainId }) => chainId === state.currentChainId,
  );
  const tokens = state.tokens.filter(
    ({ chainId }) => chainId === state.currentChainId,
  );
  const token = tokens.find(
    ({ address }) => address === text(values, 'send-token'),
  );
  if (!network || !token) {
    return { severity: 'warning', text: 'Pick a token of this network.' };
  }
  const from = field('From', text(values, 'send-from'), AddressStruct);
  const typedTo = text(values, 'send-to').trim();
  const amount = parseUnits(text(values, 'send-amount'), token.decimals);
  // A transfer's amount is a u256: anything wider cannot be signed as typed.
  if (amount === undefined || amount === 0n || amount >= 2n ** 256n) {
    return {
      severity: 'warning',
      text: `Amount: enter a positive number of ${token.symbol} with at most ${token.decimals} decimals.`,
    };
  }
  const context = walletContext(HOME_ORIGIN);
  // A name is resolved by the wallet on this network, and the confirmation
  // shows it with the address it resolved to.
  const recipientName = looksLikeName(typedTo)
    ? await resolveTypedName(context, network, typedTo, 'Recipient')
    : undefined;
  const to =
    recipientName?.address ?? field('Recipient', typedTo, AddressStruct);
  const hash = await transferToken(context, {
    paymaster: feeChoiceOf(values),
    network,
    token,
    from,
    to,
    amount,
    recipientName,
  });
  return { severity: 'info', text: `Sent. Transaction ${hash}` };
}

/**
 * Adds a network from the page: the same checks and dialog as
 * snapnet_addNetwork.
 *
 * @param values - The add-network form.
 * @returns What happened.
 */
async function addNetwork(values: FormValues): Promise<HomeNotice> {
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
  if (!(await networks.addNetwork(walletContext(HOME_ORIGIN), network))) {
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
 * @returns What happened.
 */
async function setNode(
  chainId: string,
  values: FormValues,
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
    !(await networks.changeNode(walletContext(HOME_ORIGIN), network, rpcUrl))
  ) {
    return { severity: 'info', text: 'Cancelled: the node was not changed.' };
  }
  return { severity: 'info', text: `${network.name} now uses ${rpcUrl}.` };
}

/**
 * Renames an account of the current network.
 *
 * @param address - The account.
 * @param values - The rename form.
 * @returns What happened.
 */
async function rename(
  address: string,
  values: FormValues,
): Promise<HomeNotice> {
  const name = field(
    'Name',
    text(values, `${HOME.rename}${address}:name`),
    nameStruct(32),
  );
  const { currentChainId } = await readState();
  await renameAccount(currentChainId, address, name);
  return { severity: 'info', text: `Renamed to ${name}.` };
}

/**
 * Removes a token from a network, as its button names them.
 *
 * @param target - `<chainId>:<token address>`.
 * @returns What happened.
 */
async function untrack(target: string): Promise<HomeNotice> {
  const [chainId = '', address = ''] = target.split(':');
  const removed = await removeToken(chainId, address);
  return removed
    ? {
        severity: 'info',
        text: `Removed ${removed.symbol} (${removed.address}).`,
      }
    : { severity: 'warning', text: 'That token is no longer here.' };
}

/**
 * Does what an event of the page asks.
 *
 * @param event - The event.
 * @returns What happened, to show; undefined when there is nothing to say.
 */
async function act(event: UserInputEvent): Promise<HomeNotice> {
  const name = event.name ?? '';
  if (isAccountEvent(event)) {
    return accountAction(event);
  }
  if (isTokenListEvent(event)) {
    return actOnTokens(event);
  }
  if (event.type === UserInputEventType.InputChangeEvent) {
    if (name === HOME.network && typeof event.value === 'string') {
      await selectNetwork(event.value);
    }
    return undefined;
  }
  const paid = await paymasterAction(
    name,
    event.type === UserInputEventType.FormSubmitEvent
      ? { ...event.value }
      : undefined,
  );
  if (paid) {
    return paid;
  }
  if (event.type === UserInputEventType.FormSubmitEvent) {
    const values: FormValues = { ...event.value };
    if (name === HOME.send) {
      return send(values);
    }
    if (name === HOME.addNetwork) {
      return addNetwork(values);
    }
    if (name.startsWith(HOME.setNode)) {
      return setNode(name.slice(HOME.setNode.length), values);
    }
    if (name.startsWith(HOME.rename)) {
      return rename(name.slice(HOME.rename.length), values);
    }
    return undefined;
  }
  if (event.type === UserInputEventType.ButtonClickEvent) {
    if (name.startsWith(HOME.revoke)) {
      const origin = name.slice(HOME.revoke.length);
      await revokeAccess(origin, undefined);
      return {
        severity: 'info',
        text: `${origin} no longer sees any account.`,
      };
    }
    if (name.startsWith(HOME.removeNetwork)) {
      await removeNetwork(name.slice(HOME.removeNetwork.length));
      return { severity: 'info', text: 'Network removed.' };
    }
    if (name.startsWith(HOME.removeToken)) {
      return untrack(name.slice(HOME.removeToken.length));
    }
    if (name.startsWith(HOME.defaultNodes)) {
      await setNetworkNode(name.slice(HOME.defaultNodes.length), undefined);
      return {
        severity: 'info',
        text: 'Back to the default nodes, tried in order.',
      };
    }
  }
  return undefined;
}

/**
 * Serves one event of the home page and shows the page again (balances
 * read anew), with the outcome on top. Failures are shown, not thrown.
 *
 * @param id - The page's interface.
 * @param event - The event.
 */
export async function handleHomeEvent(
  id: string,
  event: UserInputEvent,
): Promise<void> {
  if (await handleActivityEvent(id, event)) {
    return;
  }
  let notice: HomeNotice;
  try {
    notice = await act(event);
  } catch (error) {
    notice = failure(error);
  }
  if (
    event.type === UserInputEventType.ButtonClickEvent &&
    event.name?.endsWith(':submit')
  ) {
    // The form's own submit event does the work and shows the page.
    return;
  }
  if (
    event.type === UserInputEventType.InputChangeEvent &&
    event.name !== HOME.network
  ) {
    // Typing or choosing in a form changes nothing yet: drawn again, the
    // page would read the node on every keystroke and put every dropdown
    // back to its first choice.
    return;
  }
  await updateHomeInterface(
    id,
    withReceivePanel(
      await readHomePage(walletContext(HOME_ORIGIN), notice),
      event,
    ),
  );
}

import { UserInputEventType } from '@metamask/snaps-sdk';
import type { InterfaceContext, UserInputEvent } from '@metamask/snaps-sdk';

import { accountAction, isAccountEvent } from './accountActions';
import { handleActivityEvent } from './activityEvents';
import { field, text } from './formFields';
import type { FormValues } from './formFields';
import { feeChoiceOf, paymasterAction } from './paymasterActions';
import { readHomePage } from './readHome';
import { settingsAction } from './settingsActions';
import { formAfter, signOnce } from './signingForm';
import { actOnTokens, isTokenListEvent } from './tokenEvents';
import { HOME_ACCOUNTS } from './views/accounts';
import { HOME, placeOf } from './views/model';
import type { HomeNotice, HomePlace } from './views/model';
import { updateHomeInterface } from './views/page';
import { HOME_TOKENS } from './views/tokens';
import type { Network } from '../../config';
import {
  InvalidInputError,
  toSnapError,
  UserRejectedError,
} from '../../errors';
import { AddressStruct, nameStruct } from '../../methods/structs';
import { looksLikeName } from '../../node/names';
import { typedAmountExample, typedUnits } from '../../prices/money';
import type { RequestScope } from '../../requestScope';
import { renameAccount, selectNetwork } from '../../state/accounts';
import { readState } from '../../state/store';
import { removeToken } from '../../state/tokens';
import { HOME_ORIGIN, walletContext } from '../../wallet/context';
import { resolveTypedName } from '../../wallet/names';
import { transferToken } from '../../wallet/transfer';
import { isStakingEvent, stakingAction } from '../staking/events';
import { isSwapEvent, swapAction } from '../swap/events';

/**
 * The home page's events: each served by its view's actions (accounts,
 * tokens, paymaster, settings, activity; send and rename here), then the
 * view the user is on drawn again with the outcome.
 */

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
 * Sends tokens from one of the accounts of the form's network: the same
 * sender and the same confirmation as snapnet_executeTxn.
 *
 * @param network - The network the form was drawn for (see signOnce).
 * @param values - The send form.
 * @param scope - The event's request.
 * @returns What happened.
 */
async function send(
  network: Network,
  values: FormValues,
  scope: RequestScope,
): Promise<HomeNotice> {
  const state = await readState();
  const token = state.tokens.find(
    ({ chainId, address }) =>
      chainId === network.chainId && address === text(values, 'send-token'),
  );
  if (!token) {
    return { severity: 'warning', text: 'Pick a token of this network.' };
  }
  const from = field('From', text(values, 'send-from'), AddressStruct);
  const typedTo = text(values, 'send-to').trim();
  const context = walletContext(HOME_ORIGIN, scope);
  const { locale } = await context.preferences();
  const amount = typedUnits(
    text(values, 'send-amount'),
    token.decimals,
    locale,
  );
  // A transfer's amount is a u256: anything wider cannot be signed as typed.
  if (amount === undefined || amount === 0n || amount >= 2n ** 256n) {
    return {
      severity: 'warning',
      text: `Amount: enter a positive number of ${token.symbol} with at most ${token.decimals} decimals, without thousands separators (e.g. ${typedAmountExample(locale)}).`,
    };
  }
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
    text(values, `${HOME_ACCOUNTS.rename}${address}:name`),
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
 * @param id - The page's interface.
 * @param event - The event.
 * @param place - The interface's context when the user acted.
 * @param scope - The event's request.
 * @returns What happened, to show; undefined when there is nothing to say.
 */
async function act(
  id: string,
  event: UserInputEvent,
  place: HomePlace,
  scope: RequestScope,
): Promise<HomeNotice> {
  const name = event.name ?? '';
  if (isAccountEvent(event)) {
    return accountAction(id, event, place, scope);
  }
  if (isTokenListEvent(event)) {
    return actOnTokens(event, scope);
  }
  if (event.type === UserInputEventType.InputChangeEvent) {
    if (name === HOME.network && typeof event.value === 'string') {
      await selectNetwork(event.value);
    }
    return undefined;
  }
  const values =
    event.type === UserInputEventType.FormSubmitEvent
      ? { ...event.value }
      : undefined;
  const done =
    (await paymasterAction(name, values, scope)) ??
    (await settingsAction(event, scope));
  if (done) {
    return done;
  }
  if (values && name === HOME.send) {
    return signOnce(id, place, async (network) => send(network, values, scope));
  }
  if (isStakingEvent(event)) {
    return signOnce(id, place, async (network) =>
      stakingAction(event, network, scope),
    );
  }
  if (values && name.startsWith(HOME_ACCOUNTS.rename)) {
    return rename(name.slice(HOME_ACCOUNTS.rename.length), values);
  }
  if (
    event.type === UserInputEventType.ButtonClickEvent &&
    name.startsWith(HOME_TOKENS.remove)
  ) {
    return untrack(name.slice(HOME_TOKENS.remove.length));
  }
  return undefined;
}

/**
 * Where an event leads: a view's button opens that view (Back opens the
 * overview); Receive's buttons choose the account shown; anything else
 * stays where the user is.
 *
 * @param event - The event.
 * @param place - Where the user is.
 * @returns Where the page goes.
 */
function placeAfter(event: UserInputEvent, place: HomePlace): HomePlace {
  const name = event.name ?? '';
  if (event.type !== UserInputEventType.ButtonClickEvent) {
    return place;
  }
  if (name.startsWith(HOME.view)) {
    return placeOf({ view: name.slice(HOME.view.length) });
  }
  if (name.startsWith(HOME_ACCOUNTS.receive)) {
    const receiving = name.slice(HOME_ACCOUNTS.receive.length);
    return receiving === ''
      ? { view: 'receive' }
      : { view: 'receive', receiving };
  }
  return place;
}

/**
 * Serves one event of the home page and draws the view it leads to again
 * (read anew), with the outcome on top. Failures are shown, not thrown.
 * The view is the interface's context: an action's result, or Refresh,
 * draws the same view, its forms as the user left them.
 *
 * @param id - The page's interface.
 * @param event - The event.
 * @param context - The interface's context (where the user is).
 * @param scope - The event's request (src/requestScope.ts).
 */
export async function handleHomeEvent(
  id: string,
  event: UserInputEvent,
  context: InterfaceContext | null,
  scope: RequestScope,
): Promise<void> {
  const place = placeOf(context);
  if (await handleActivityEvent(id, event, place, scope)) {
    return;
  }
  let notice: HomeNotice;
  let { swap } = place;
  try {
    if (isSwapEvent(event)) {
      ({ notice, swap } = await swapAction(id, event, place, scope));
    } else {
      notice = await act(id, event, place, scope);
    }
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
    // page would read the node on every keystroke.
    return;
  }
  const { swap: _shown, ...left } = place;
  const next = formAfter(
    id,
    place,
    placeAfter(event, swap ? { ...left, swap } : left),
  );
  await updateHomeInterface(
    id,
    await readHomePage(walletContext(HOME_ORIGIN, scope), next, notice),
    next,
  );
}

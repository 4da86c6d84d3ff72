import { UserInputEventType } from '@metamask/snaps-sdk';
import type { UserInputEvent } from '@metamask/snaps-sdk';
import { validate } from 'superstruct';

import { discoverTokens } from './discoverTokens';
import type { HomeNotice } from './readHome';
import { HOME_TOKENS } from './views/tokens';
import { InvalidInputError } from '../../errors';
import { addErc20Token } from '../../methods/addErc20Token';
import { AddressStruct } from '../../methods/structs';
import { tokenMetadata } from '../../node/tokenMetadata';
import type { RequestScope } from '../../requestScope';
import { hideToken, showToken } from '../../state/hiddenTokens';
import { readState } from '../../state/store';
import { HOME_ORIGIN, walletContext } from '../../wallet/context';
import { addToken } from '../../wallet/tokens';

/**
 * The events of the page's token list (views/tokens.tsx): hide a
 * token, show it again, add one by address with the checks and the dialog
 * of snapnet_addErc20Token.
 */

/** The page's labels of the add form's fields, by the method's param. */
const LABELS = new Map([
  ['tokenAddress', 'Token address'],
  ['tokenSymbol', 'Symbol'],
  ['tokenName', 'Name'],
]);

/**
 * Whether an event belongs to the token list.
 *
 * @param event - An event of the page.
 * @returns Whether actOnTokens serves it.
 */
export function isTokenListEvent(event: UserInputEvent): boolean {
  const name = event.name ?? '';
  return (
    (event.type === UserInputEventType.ButtonClickEvent &&
      (name.startsWith(HOME_TOKENS.hide) ||
        name.startsWith(HOME_TOKENS.show) ||
        name === HOME_TOKENS.discover)) ||
    (event.type === UserInputEventType.FormSubmitEvent &&
      name === HOME_TOKENS.add)
  );
}

/**
 * A form field's text, trimmed.
 *
 * @param values - The form's values.
 * @param key - The field.
 * @returns Its text ('' when empty).
 */
function text(values: Record<string, unknown>, key: string): string {
  const value = values[key];
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * Adds a token by address: the contract is asked its symbol (the default
 * for an empty symbol, and the name's), the fields are checked by
 * snapnet_addErc20Token's params, then the same checks and dialog as that
 * method. A token the user hid is shown again once added.
 *
 * @param values - The add form.
 * @param scope - The event's request.
 * @returns What happened.
 */
async function addByAddress(
  values: Record<string, unknown>,
  scope: RequestScope,
): Promise<HomeNotice> {
  const context = walletContext(HOME_ORIGIN, scope);
  const state = await context.state();
  const network = state.networks.find(
    ({ chainId }) => chainId === state.currentChainId,
  );
  if (!network) {
    return { severity: 'warning', text: 'Pick a network first.' };
  }
  const [addressError, address] = validate(
    text(values, 'add-token-address'),
    AddressStruct,
    { coerce: true },
  );
  if (addressError || address === undefined) {
    throw new InvalidInputError(
      'Token address',
      addressError?.message ?? 'is not valid',
    );
  }
  let symbol = text(values, 'add-token-symbol');
  if (symbol === '') {
    symbol = (await tokenMetadata(context.node(network), address)).symbol;
  }
  const [error, params] = validate(
    {
      chainId: network.chainId,
      tokenAddress: address,
      tokenSymbol: symbol,
      tokenName: text(values, 'add-token-name') || symbol,
    },
    addErc20Token.params,
    { coerce: true },
  );
  if (error || !params) {
    const label = LABELS.get(String(error?.key)) ?? 'Token';
    throw new InvalidInputError(label, error?.message ?? 'is not valid');
  }
  const { chainId: _chainId, ...proposal } = params;
  const token = await addToken(context, network, proposal);
  await showToken(network.chainId, token.address);
  return {
    severity: 'info',
    text: `Added ${token.symbol} (${token.address}).`,
  };
}

/**
 * Searches the current network for received tokens now (the background
 * check does it every ten minutes).
 *
 * @param scope - The event's request.
 * @returns What happened.
 */
async function lookNow(scope: RequestScope): Promise<HomeNotice> {
  const state = await readState();
  const network = state.networks.find(
    ({ chainId }) => chainId === state.currentChainId,
  );
  const found = network
    ? await discoverTokens(walletContext(HOME_ORIGIN, scope), network)
    : undefined;
  if (!found) {
    return {
      severity: 'warning',
      text: 'Not searched: no account to search for, or the node did not tell its latest block.',
    };
  }
  return {
    severity: found.problem === undefined ? 'info' : 'warning',
    text: `Searched up to block ${found.toBlock}${found.problem === undefined ? '' : ` (not whole: ${found.problem})`}.`,
  };
}

/**
 * Does what an event of the token list asks.
 *
 * @param event - The event (see isTokenListEvent).
 * @param scope - The event's request.
 * @returns What happened.
 */
export async function actOnTokens(
  event: UserInputEvent,
  scope: RequestScope,
): Promise<HomeNotice> {
  const name = event.name ?? '';
  if (event.type === UserInputEventType.FormSubmitEvent) {
    return addByAddress({ ...event.value }, scope);
  }
  if (name === HOME_TOKENS.discover) {
    return lookNow(scope);
  }
  const hiding = name.startsWith(HOME_TOKENS.hide);
  const [chainId = '', address = ''] = name
    .slice((hiding ? HOME_TOKENS.hide : HOME_TOKENS.show).length)
    .split(':');
  if (hiding) {
    await hideToken(chainId, address);
    return {
      severity: 'info',
      text: `Hidden: ${address}. It is listed under "Hidden" with a button to show it again.`,
    };
  }
  const shown = await showToken(chainId, address);
  return shown
    ? { severity: 'info', text: `Shown again: ${address}.` }
    : { severity: 'warning', text: 'That token is not hidden.' };
}

import type { InterfaceContext } from '@metamask/snaps-sdk';

import type { AccountView } from './accounts';
import type { HomeActivity } from './activity';
import type { PaymasterView } from './paymaster';
import type { HomeTokensView, TrackedToken } from './tokens';
import type { Network } from '../../../config';
import type { Money } from '../../../prices/money';
import type { Preferences } from '../../../prices/preferences';
import type { StakingView } from '../../staking/model';
import { draftOf } from '../../swap/model';
import type { SwapDraft } from '../../swap/model';

/**
 * What the page's views show, the names their events carry, and where the
 * user is: the view, kept in the interface's context so that a redraw (an
 * action's result, Refresh) shows the same view, its forms as the user
 * left them.
 */

/** The page's views: the overview, and one per thing the wallet does. */
export const VIEWS = [
  'overview',
  'send',
  'receive',
  'activity',
  'tokens',
  'accounts',
  'settings',
  'stake',
  'swap',
] as const;

/** One of the page's views. */
export type HomeViewName = (typeof VIEWS)[number];

/** Where the user is on the page (the interface's context). */
export type HomePlace = {
  view: HomeViewName;
  /** Activity: how many lines are shown. */
  shown?: number;
  /** Receive: the account whose address and QR code are shown. */
  receiving?: string;
  /**
   * The network the view was drawn on (written when drawn): a form that
   * signs sends on it or not at all (../signingForm.ts).
   */
  chainId?: string;
  /**
   * This drawing of the view's forms (written when drawn, kept while the
   * view is redrawn, new once a form of it was sent): a form sends once.
   */
  form?: string;
  /**
   * Set for the one drawing right after a form was sent: its fields are
   * drawn empty. Never read back from the context.
   */
  emptyForms?: true;
  /** Swap: the swap quoted, shown until it is sent or asked again. */
  swap?: SwapDraft;
};

export const OVERVIEW: HomePlace = { view: 'overview' };

/** Element names of the page's forms and buttons (events carry them). */
export const HOME = {
  /** Then the view's name: the buttons that open a view (Back: overview). */
  view: 'home-view:',
  network: 'home-network',
  send: 'home-send',
  revoke: 'home-revoke:',
  addNetwork: 'home-add-network',
  removeNetwork: 'home-remove-network:',
  setNode: 'home-set-node:',
  defaultNodes: 'home-default-nodes:',
  /** Draws the current view again, read anew. */
  refresh: 'home-refresh',
} as const;

/**
 * Where the user is, from the interface's context; the overview when it
 * holds nothing the page wrote.
 *
 * @param context - The interface's context.
 * @returns The place.
 */
export function placeOf(context: InterfaceContext | null): HomePlace {
  const view = VIEWS.find((name) => name === context?.view) ?? 'overview';
  const { shown, receiving, chainId, form, swap } = context ?? {};
  const draft = view === 'swap' ? draftOf(swap) : undefined;
  return {
    view,
    ...(draft ? { swap: draft } : {}),
    ...(typeof shown === 'number' ? { shown } : {}),
    ...(typeof receiving === 'string' ? { receiving } : {}),
    ...(typeof chainId === 'string' ? { chainId } : {}),
    ...(typeof form === 'string' ? { form } : {}),
  };
}

/** A network, with the node URLs its requests go to and its paymaster. */
export type NetworkView = Network & {
  nodes: string[];
  paymaster: string | undefined;
  chosenPaymaster: boolean;
};

/** What happened after the user's last action, shown on top. */
export type HomeNotice =
  | { severity: 'info' | 'warning' | 'danger'; text: string }
  | undefined;

/**
 * Everything a view shows, read by ../readHome.ts: each view reads only
 * what it shows (the parts it does not show are left out).
 */
export type HomeView = {
  place: HomePlace;
  network: Network;
  networks: NetworkView[];
  /** Send: the current network's paymaster, when it has one. */
  paymaster?: PaymasterView | undefined;
  accounts: AccountView[];
  tokens: TrackedToken[];
  sites: { origin: string; accounts: string[] }[];
  activity?: HomeActivity;
  notice?: HomeNotice;
  nodeError?: string;
  tokenList?: HomeTokensView;
  /** The user's MetaMask preferences, read for this draw. */
  preferences?: Preferences;
  /** Every account's value together (see ../values.ts). */
  total?: { total: Money; partial: boolean };
  /** Stake: the positions, validators and forms (src/features/staking). */
  staking?: StakingView;
};

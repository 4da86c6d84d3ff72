/**
 * The built snap installed in the simulation and called as a dapp calls it
 * (`wallet_invokeSnap`), with readers for its results, errors and dialogs.
 */
import { installSnap } from '@metamask/snaps-jest';
import type {
  SnapConfirmationInterface,
  SnapInterfaceActions,
} from '@metamask/snaps-jest';
import type { Json } from '@metamask/snaps-sdk';

import { ACCOUNT_0, DAPP_ORIGIN } from './fixtures';
import { defaultState } from '../src/state/schema';

/**
 * A fresh install's state in which the user already shared `addresses` with
 * `origin` (what an approved share dialog leaves behind), for tests about
 * something else than sharing.
 *
 * @param addresses - The shared accounts.
 * @param origin - The site.
 * @returns The state.
 */
export function stateSharing(
  addresses: string[],
  origin = DAPP_ORIGIN,
): Record<string, Json> {
  return JSON.parse(
    JSON.stringify({
      ...defaultState(),
      permissions: [{ origin, accounts: addresses }],
    }),
  );
}

/** Every response of this test file, for the private-key leak scan. */
export const recordedResponses: Json[] = [];

export type Wallet = Awaited<ReturnType<typeof installSnap>>;

/**
 * Installs the built snap in the simulation, as MetaMask would.
 *
 * @param options - Simulation options.
 * @param options.state - Snap state to start from.
 * @returns The installed snap.
 */
export async function installWallet(
  options: { state?: Record<string, Json> } = {},
): Promise<Wallet> {
  return installSnap({ options });
}

/**
 * Installs the snap with ACCOUNT_0 already shared with the test dapp.
 *
 * @returns The installed snap.
 */
export async function installSharedWallet(): Promise<Wallet> {
  return installWallet({ state: stateSharing([ACCOUNT_0.address]) });
}

/**
 * Sends a wallet request exactly as `wallet_invokeSnap` from a dapp would.
 *
 * @param wallet - The installed snap.
 * @param method - The `snapnet_*` method.
 * @param params - Its params (omitted when undefined).
 * @param origin - The calling site.
 * @returns The pending request (await it for the response; use
 * `getInterface()` for its dialog).
 */
// Not async: the returned SnapRequest carries getInterface(), which an async
// wrapper would lose.

export function invoke(
  wallet: Wallet,
  method: string,
  params?: Record<string, Json>,
  origin = DAPP_ORIGIN,
): ReturnType<Wallet['request']> {
  const request = wallet.request({
    origin,
    method,
    ...(params === undefined ? {} : { params }),
  });
  request
    .then(({ response }) => recordedResponses.push(response))
    .catch(() => undefined);
  return request;
}

type Pending = ReturnType<typeof invoke>;

/**
 * The result of a response that must have succeeded.
 *
 * @param pending - The request.
 * @returns Its result.
 */
export async function resultOf(pending: Pending): Promise<Json> {
  const { response } = await pending;
  if ('error' in response) {
    throw new Error(`Expected a result, got ${JSON.stringify(response.error)}`);
  }
  return response.result;
}

/**
 * The result of a response that must have succeeded, as plain JSON: values
 * from the snap come from another realm, which some matchers reject.
 *
 * @param pending - The request.
 * @returns Its result, re-parsed in this realm.
 */
export async function plainResultOf(pending: Pending): Promise<any> {
  return JSON.parse(JSON.stringify(await resultOf(pending)));
}

/**
 * The error of a response that must have failed.
 *
 * @param pending - The request.
 * @returns Its error: code, message and data.
 */
export async function errorOf(
  pending: Pending,
): Promise<{ code: number; message: string; data?: Record<string, Json> }> {
  const { response } = await pending;
  if (!('error' in response)) {
    throw new Error(
      `Expected an error, got ${JSON.stringify(response.result)}`,
    );
  }
  const { error } = response;
  if (
    typeof error !== 'object' ||
    error === null ||
    Array.isArray(error) ||
    typeof error.code !== 'number' ||
    typeof error.message !== 'string'
  ) {
    throw new Error(`Malformed error ${JSON.stringify(error)}`);
  }
  const data =
    typeof error.data === 'object' &&
    error.data !== null &&
    !Array.isArray(error.data)
      ? error.data
      : undefined;
  return {
    code: error.code,
    message: error.message,
    ...(data ? { data } : {}),
  };
}

/**
 * The confirmation dialog a request opened.
 *
 * @param pending - The request.
 * @returns The dialog.
 */
export async function confirmationOf(
  pending: Pending,
): Promise<SnapConfirmationInterface & SnapInterfaceActions> {
  const ui = await pending.getInterface();
  if (ui.type !== 'confirmation') {
    throw new Error(`Expected a confirmation, got ${String(ui.type)}`);
  }
  return ui;
}

/**
 * The props src/ui/metaMaskShape.ts states at the value MetaMask draws when
 * they are absent: they say nothing the user reads.
 */
const STATED_DEFAULTS: Readonly<Record<string, string>> = {
  direction: 'vertical',
  alignment: 'start',
  size: 'md',
  fontWeight: 'regular',
  color: 'default',
  variant: 'default',
};

/**
 * All text of a dialog, for "does it show X" checks: every element's type
 * and the text of its props, leaving out its key and the props stated at
 * what is drawn anyway.
 *
 * @param content - The dialog content.
 * @returns The text of every node and prop, joined.
 */
export function textOf(content: unknown): string {
  if (typeof content === 'string' || typeof content === 'number') {
    return String(content);
  }
  if (Array.isArray(content)) {
    return content.map(textOf).join(' ');
  }
  if (typeof content === 'object' && content !== null) {
    return Object.entries(content)
      .filter(
        ([name, value]) => name !== 'key' && STATED_DEFAULTS[name] !== value,
      )
      .map(([, value]) => textOf(value))
      .join(' ');
  }
  return '';
}

/**
 * createAccount as a dapp calls it, with its share dialog approved.
 *
 * @param wallet - The snap.
 * @param params - Its params.
 * @returns The created account.
 */
export async function createAccount(
  wallet: Wallet,
  params: Record<string, Json> = {},
): Promise<{ address: string; transaction_hash: string }> {
  const pending = invoke(wallet, 'snapnet_createAccount', params);
  await (await confirmationOf(pending)).ok();
  return plainResultOf(pending);
}

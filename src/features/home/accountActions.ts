import { UserInputEventType } from '@metamask/snaps-sdk';
import type { UserInputEvent } from '@metamask/snaps-sdk';
import { validate } from 'superstruct';

import type { HomeNotice } from './readHome';
import { signOnce } from './signingForm';
import { HOME_ACCOUNTS } from './views/accounts';
import type { HomePlace } from './views/model';
import type { Network } from '../../config';
import { InvalidInputError } from '../../errors';
import { nameStruct } from '../../methods/structs';
import type { RequestScope } from '../../requestScope';
import type { WalletState } from '../../state/schema';
import { createAccountForSite } from '../../wallet/accountForSite';
import { HOME_ORIGIN, walletContext } from '../../wallet/context';
import type { WalletContext } from '../../wallet/context';
import { MAX_SCANNED, recoverAccounts } from '../../wallet/recoverAccounts';

/**
 * The accounts' actions of the home page: create the next account, find the
 * deployed ones, deploy one, show where to receive. They call the same
 * wallet functions as snapnet_createAccount and snapnet_recoverAccounts, as
 * the user (HOME_ORIGIN): the accounts are stored for this network and
 * shared with no site; a deployment has executeTxn's confirmation.
 */

/**
 * Undeployed indices in a row that end the page's scan: BIP-44's gap limit,
 * so accounts created and left undeployed in between do not hide later ones.
 */
const GAP = 20;

/**
 * Whether an event is one of the accounts' actions (rename excepted: the
 * page's events handle it as before).
 *
 * @param event - The event.
 * @returns Whether accountAction serves it.
 */
export function isAccountEvent(event: UserInputEvent): boolean {
  const name = event.name ?? '';
  if (event.type === UserInputEventType.FormSubmitEvent) {
    return name === HOME_ACCOUNTS.create;
  }
  return (
    event.type === UserInputEventType.ButtonClickEvent &&
    (name === HOME_ACCOUNTS.recover ||
      name.startsWith(HOME_ACCOUNTS.deploy) ||
      name.startsWith(HOME_ACCOUNTS.receive))
  );
}

/**
 * The network the page shows, as its actions act on it.
 *
 * @param context - The user's context.
 * @returns The network and the state, or undefined when it is gone.
 */
async function currentNetwork(
  context: WalletContext,
): Promise<{ network: Network; state: WalletState } | undefined> {
  const state = await context.state();
  const network = state.networks.find(
    ({ chainId }) => chainId === state.currentChainId,
  );
  return network ? { network, state } : undefined;
}

const NO_NETWORK: HomeNotice = {
  severity: 'warning',
  text: 'The current network is no longer here.',
};

/**
 * The name typed for a new account, checked as a rename is; none when the
 * field is left empty.
 *
 * @param typed - The field's value.
 * @returns The name, or undefined.
 */
function newName(typed: unknown): string | undefined {
  if (typed === null || typed === undefined || typed === '') {
    return undefined;
  }
  const [error, name] = validate(typed, nameStruct(32), { coerce: true });
  if (error || name === undefined) {
    throw new InvalidInputError('Name', error?.message ?? 'is not valid');
  }
  return name;
}

/**
 * Creates the next account of this wallet on the current network, as
 * snapnet_createAccount does for a site, without sharing it with any.
 *
 * @param typedName - The name field's value.
 * @param scope - The event's request.
 * @returns What happened.
 */
async function create(
  typedName: unknown,
  scope: RequestScope,
): Promise<HomeNotice> {
  const name = newName(typedName);
  const context = walletContext(HOME_ORIGIN, scope);
  const current = await currentNetwork(context);
  if (!current) {
    return NO_NETWORK;
  }
  const { address } = await createAccountForSite(context, current.network, {
    deploy: false,
    ...(name === undefined ? {} : { name }),
  });
  return {
    severity: 'info',
    text: `Created ${address}, shared with no site.`,
  };
}

/**
 * Finds this wallet's deployed accounts on the current network from index
 * 0, as snapnet_recoverAccounts does, and stores them for this network.
 *
 * @param scope - The event's request.
 * @returns How many were found, and how many were not on the page yet.
 */
async function recover(scope: RequestScope): Promise<HomeNotice> {
  const context = walletContext(HOME_ORIGIN, scope);
  const current = await currentNetwork(context);
  if (!current) {
    return NO_NETWORK;
  }
  const { network, state } = current;
  const known = new Set(
    state.accounts
      .filter(({ chainId }) => chainId === network.chainId)
      .map(({ address }) => address),
  );
  const found = await recoverAccounts(context, network, {
    startScanIndex: 0,
    maxScanned: MAX_SCANNED,
    maxMissed: GAP,
  });
  const added = found.filter(({ address }) => !known.has(address)).length;
  return {
    severity: 'info',
    text: `Found ${found.length} deployed ${found.length === 1 ? 'account' : 'accounts'} on ${network.name}, ${added} new on this page.`,
  };
}

/**
 * Deploys an account of the page's network that the node says is not
 * deployed: createAccount {deploy: true}'s sender and confirmation.
 *
 * @param network - The network the page was drawn for (see signOnce).
 * @param address - The account, as its button names it.
 * @param scope - The event's request.
 * @returns What happened.
 */
async function deploy(
  network: Network,
  address: string,
  scope: RequestScope,
): Promise<HomeNotice> {
  const context = walletContext(HOME_ORIGIN, scope);
  const state = await context.state();
  const record = state.accounts.find(
    (account) =>
      account.chainId === network.chainId && account.address === address,
  );
  if (!record) {
    return { severity: 'warning', text: 'That account is no longer here.' };
  }
  if (record.kind !== 'argent-cairo1') {
    return {
      severity: 'warning',
      text: 'Only Argent Cairo 1 accounts are deployed by this wallet.',
    };
  }
  const { transaction_hash: hash } = await createAccountForSite(
    context,
    network,
    { addressIndex: record.addressIndex, deploy: true },
  );
  return hash === record.deployTxnHash
    ? { severity: 'info', text: 'Already deployed: nothing was sent.' }
    : { severity: 'info', text: `Deployment sent. Transaction ${hash}` };
}

/**
 * Does what an accounts' event asks (see isAccountEvent).
 *
 * @param id - The page's interface.
 * @param event - The event.
 * @param place - The interface's context when the user acted.
 * @param scope - The event's request.
 * @returns What happened, to show; undefined when there is nothing to say.
 */
export async function accountAction(
  id: string,
  event: UserInputEvent,
  place: HomePlace,
  scope: RequestScope,
): Promise<HomeNotice> {
  const name = event.name ?? '';
  if (event.type === UserInputEventType.FormSubmitEvent) {
    const [, typed] =
      Object.entries(event.value).find(([field]) =>
        field.startsWith(`${HOME_ACCOUNTS.create}:name:`),
      ) ?? [];
    return create(typed, scope);
  }
  if (name === HOME_ACCOUNTS.recover) {
    return recover(scope);
  }
  if (name.startsWith(HOME_ACCOUNTS.deploy)) {
    const address = name.slice(HOME_ACCOUNTS.deploy.length);
    return signOnce(id, place, async (network) =>
      deploy(network, address, scope),
    );
  }
  return undefined;
}

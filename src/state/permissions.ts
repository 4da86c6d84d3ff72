import type { WalletState } from './schema';
import { readState, updateState } from './store';

/**
 * Per-site access to the wallet's accounts: a site sees an account (its
 * address or public key in any result) only after the user shared it with
 * that site in a dialog naming the site. Kept by origin, by address (an
 * address is the same on every network).
 */

/**
 * Whether the user shared an account with a site.
 *
 * @param state - The wallet state.
 * @param origin - The site.
 * @param address - The account (canonical).
 * @returns Whether the site may see it.
 */
export function isShared(
  state: WalletState,
  origin: string,
  address: string,
): boolean {
  return state.permissions.some(
    (permission) =>
      permission.origin === origin && permission.accounts.includes(address),
  );
}

/**
 * The other sites an account is shared with.
 *
 * @param state - The wallet state.
 * @param address - The account.
 * @param origin - The site asking (left out).
 * @returns Their origins.
 */
export function otherSitesWith(
  state: WalletState,
  address: string,
  origin: string,
): string[] {
  return state.permissions
    .filter(
      (permission) =>
        permission.origin !== origin && permission.accounts.includes(address),
    )
    .map((permission) => permission.origin);
}

/**
 * The accounts shared with a site.
 *
 * @param state - The wallet state.
 * @param origin - The site.
 * @returns Their addresses.
 */
export function sharedAccounts(state: WalletState, origin: string): string[] {
  return (
    state.permissions.find((permission) => permission.origin === origin)
      ?.accounts ?? []
  );
}

/**
 * Adds accounts to what a site may see, in the given draft (inside an
 * updateState that also stores them).
 *
 * @param draft - The state being changed.
 * @param origin - The site.
 * @param addresses - The accounts the user shared.
 */
export function shareWith(
  draft: WalletState,
  origin: string,
  addresses: string[],
): void {
  let permission = draft.permissions.find(
    (candidate) => candidate.origin === origin,
  );
  if (!permission) {
    permission = { origin, accounts: [] };
    draft.permissions.push(permission);
  }
  for (const address of addresses) {
    if (!permission.accounts.includes(address)) {
      permission.accounts.push(address);
    }
  }
}

/**
 * Withdraws a site's access to some accounts, or to all of them.
 *
 * @param origin - The site.
 * @param addresses - The accounts, or undefined for every account.
 * @returns The addresses the site still sees.
 */
export async function revokeAccess(
  origin: string,
  addresses: string[] | undefined,
): Promise<string[]> {
  if (addresses?.length === 0) {
    // Nothing to withdraw: answer what the site sees, writing nothing.
    return sharedAccounts(await readState(), origin);
  }
  return updateState((draft) => {
    const permission = draft.permissions.find(
      (candidate) => candidate.origin === origin,
    );
    if (!permission) {
      return [];
    }
    permission.accounts = addresses
      ? permission.accounts.filter((address) => !addresses.includes(address))
      : [];
    if (permission.accounts.length === 0) {
      draft.permissions = draft.permissions.filter(
        (candidate) => candidate !== permission,
      );
    }
    return [...permission.accounts];
  });
}

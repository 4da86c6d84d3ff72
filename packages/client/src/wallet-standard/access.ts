import { toWalletApiError } from './errors';
import type { SnapClient } from '../client';
import { MethodNotFoundError, SnapNotInstalledError } from '../errors';

/**
 * The accounts the user shared with this site, read without a dialog:
 * `snapnet_revokeAccess` with an empty list withdraws nothing and answers
 * what the site still sees (omitting `addresses` would withdraw all).
 *
 * @param client - The snap client.
 * @returns Their addresses, or undefined for a snap older than per-site
 * access (whose createAccount shows no dialog).
 */
export async function sharedAddresses(
  client: SnapClient,
): Promise<string[] | undefined> {
  try {
    return await client.invoke('snapnet_revokeAccess', { addresses: [] });
  } catch (error) {
    if (error instanceof MethodNotFoundError) {
      return undefined;
    }
    throw error;
  }
}

/**
 * Withdraws this site's access to an account in the snap, so that
 * connecting again asks the user again. A snap that is gone or older than
 * the method leaves nothing to withdraw.
 *
 * @param client - The snap client.
 * @param address - The account.
 */
export async function withdrawAccess(
  client: SnapClient,
  address: string,
): Promise<void> {
  try {
    await client.invoke('snapnet_revokeAccess', { addresses: [address] });
  } catch (error) {
    if (
      !(error instanceof MethodNotFoundError) &&
      !(error instanceof SnapNotInstalledError)
    ) {
      throw toWalletApiError(error, 'snapnet_revokeAccess');
    }
  }
}

import { array, object, optional, string } from 'superstruct';

import { defineMethod } from './method';
import { AddressStruct } from './structs';
import { revokeAccess as revoke } from '../state/permissions';

/**
 * `snapnet_revokeAccess {addresses?}` → the accounts the calling site still
 * sees. Withdraws the site's access to those accounts (to every account
 * when `addresses` is omitted). It only takes access away, so no dialog is
 * needed; a site can share an account again only through a dialog.
 */
export const revokeAccess = defineMethod({
  params: object({ addresses: optional(array(AddressStruct)) }),
  result: array(string()),
  handler: async ({ addresses }, context) => revoke(context.origin, addresses),
});

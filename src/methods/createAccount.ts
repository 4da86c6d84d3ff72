import { boolean, object, optional, string } from 'superstruct';

import { defineMethod } from './method';
import { PaymasterParamStruct } from './params';
import { ChainIdStruct, withDefault, IndexStruct } from './structs';
import { InvalidInputError } from '../errors';
import { resolveNetwork } from '../wallet/access';
import { createAccountForSite } from '../wallet/accountForSite';

/**
 * `snapnet_createAccount {addressIndex?, deploy?, chainId?}` →
 * `{address, transaction_hash}`, and the account shared with the site.
 *
 * Without `addressIndex`: an account the site already has that is not yet
 * recorded on that network, else the lowest index recorded on no network
 * (an address is the same on every network, so this is an account no site
 * has); indices being created by parallel requests are skipped. An index
 * must be at most 2^31 − 1. The account is shown, and shared with the site,
 * in a dialog naming the site — and naming every other site that already
 * has it; an account already shared with the site is returned, and
 * recorded on this network, without one. An index far past the next free
 * one is flagged in that dialog. With `deploy` false (the default) nothing
 * is sent and `transaction_hash` is the empty string (it stays a string, as
 * the wallet API types it).
 *
 * With `deploy` true the deployment goes through the sender (simulation,
 * fee, the user's approval) and a v3 DEPLOY_ACCOUNT paid in STRK is sent;
 * only then is the account stored. On a built-in or user-added network the
 * transaction dialog also shares the account; on a network the site added,
 * its node would see the account before that dialog, so the account is
 * shared first, in its own dialog. An account already deployed is returned
 * with its deployment hash, nothing sent.
 *
 * With `paymaster` (and `deploy`), the network's SNIP-29 paymaster deploys
 * it: sponsored (nothing is signed), or paid in a token where the paymaster
 * builds the deployment with an outside execution holding the fee transfer
 * alone (AVNU answers `deploy_and_invoke`; shown as the deployment and the
 * fee, one confirmation). A paymaster that refuses a paid deployment alone
 * (SNIP-29's document has no way to pay for one) is named as
 * `paymaster.feeMode`, nothing signed. The deployment data it would send
 * are checked to be the account's own.
 */
export const createAccount = defineMethod({
  params: object({
    addressIndex: optional(IndexStruct),
    deploy: withDefault(boolean(), false),
    chainId: ChainIdStruct,
    paymaster: optional(PaymasterParamStruct),
  }),
  result: object({ address: string(), transaction_hash: string() }),
  handler: async ({ addressIndex, deploy, chainId, paymaster }, context) => {
    if (paymaster && !deploy) {
      throw new InvalidInputError(
        'paymaster',
        'is used only with deploy: true',
      );
    }
    return createAccountForSite(
      context,
      await resolveNetwork(context, chainId),
      { addressIndex, deploy, paymaster },
    );
  },
});

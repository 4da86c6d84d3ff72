import { boolean, object, optional, string } from 'superstruct';

import type { RequestContext } from './method';
import { defineMethod } from './method';
import { networkTokens, requestView, resolveNetwork } from './shared';
import { ChainIdStruct, withDefault, IndexStruct } from './structs';
import { NodeClient } from '../chain/rpc';
import { sendIntent } from '../chain/sender';
import { InvalidInputError } from '../errors';
import { deploymentData } from '../keys/address';
import type { AccountRecord, WalletState } from '../state/schema';
import { updateState } from '../state/store';
import { confirmTransaction } from '../ui/dialogs';

/**
 * The index a new account takes on a network: one past the highest recorded.
 *
 * @param state - The wallet state.
 * @param chainId - The network.
 * @returns The next index.
 */
export function nextAccountIndex(state: WalletState, chainId: string): number {
  const next = state.accounts
    .filter((account) => account.chainId === chainId)
    .reduce((after, account) => Math.max(after, account.addressIndex + 1), 0);
  if (next > 2 ** 31 - 1) {
    throw new InvalidInputError(
      'addressIndex',
      'the highest index is taken, so there is no next one: name a free addressIndex',
    );
  }
  return next;
}

/**
 * The record of this seed's Argent account at an index.
 *
 * @param context - The request context.
 * @param index - The BIP-44 address index.
 * @param chainId - The network.
 * @returns The record (not yet stored).
 */
async function accountRecord(
  context: RequestContext,
  index: number,
  chainId: string,
): Promise<AccountRecord> {
  const derived = await context.keys.account(index);
  return {
    address: derived.address,
    addressIndex: index,
    publicKey: derived.publicKey,
    addressSalt: deploymentData(derived.publicKey).salt,
    deployTxnHash: '',
    derivationPath: derived.derivationPath,
    chainId,
    kind: 'argent-cairo1',
  };
}

/**
 * Stores the account at an index (by default the next one, chosen under the
 * state lock so parallel creations take different indices) unless that index
 * is already recorded on the network.
 *
 * @param context - The request context.
 * @param chainId - The network.
 * @param addressIndex - The index, if the dapp named one.
 * @param deployTxnHash - The hash of the deployment just sent, if any.
 * @returns The stored record (the earlier one when it existed).
 */
async function storeAccount(
  context: RequestContext,
  chainId: string,
  addressIndex: number | undefined,
  deployTxnHash?: string,
): Promise<AccountRecord> {
  return updateState(async (state) => {
    const index = addressIndex ?? nextAccountIndex(state, chainId);
    const existing = state.accounts.find(
      (account) =>
        account.chainId === chainId &&
        account.addressIndex === index &&
        account.kind === 'argent-cairo1',
    );
    if (existing) {
      existing.deployTxnHash = deployTxnHash ?? existing.deployTxnHash;
      return existing;
    }
    const record = await accountRecord(context, index, chainId);
    record.deployTxnHash = deployTxnHash ?? '';
    state.accounts.push(record);
    return record;
  });
}

/**
 * `snapnet_createAccount {addressIndex?, deploy?, chainId?}` →
 * `{address, transaction_hash}`.
 *
 * Without `addressIndex` the next index not yet recorded on that network is
 * used. With `deploy` false (the default) nothing is sent and
 * `transaction_hash` is the empty string: the field stays a string, as the
 * seed types it, and an empty hash reads as "no transaction". Creating an
 * index that is already recorded returns the recorded account.
 *
 * With `deploy` true the fee is estimated, the user confirms, and a v3
 * DEPLOY_ACCOUNT paid in STRK is sent; only then are the account and the
 * transaction recorded. An account already deployed is returned with its
 * recorded deployment hash and nothing is sent.
 */
export const createAccount = defineMethod({
  params: object({
    addressIndex: optional(IndexStruct),
    deploy: withDefault(boolean(), false),
    chainId: ChainIdStruct,
  }),
  result: object({ address: string(), transaction_hash: string() }),
  handler: async ({ addressIndex, deploy, chainId }, context) => {
    const network = await resolveNetwork(context, chainId);
    if (!deploy) {
      const stored = await storeAccount(context, network.chainId, addressIndex);
      return {
        address: stored.address,
        transaction_hash: stored.deployTxnHash,
      };
    }
    const index =
      addressIndex ?? nextAccountIndex(await context.state(), network.chainId);
    const record = await accountRecord(context, index, network.chainId);
    const account = {
      ...(await context.keys.account(index)),
      kind: record.kind,
    };
    const { hashes, alreadyDeployed } = await sendIntent({
      client: new NodeClient(network),
      account,
      intent: { type: 'DEPLOY_ACCOUNT' },
      details: {},
      field: 'details',
      confirm: async (preview) =>
        confirmTransaction({
          request: requestView(context, network, record.address),
          preview,
          tokens: await networkTokens(context, network.chainId),
        }),
    });
    const stored = await storeAccount(
      context,
      network.chainId,
      index,
      alreadyDeployed ? undefined : hashes[0],
    );
    return {
      address: stored.address,
      transaction_hash: stored.deployTxnHash,
    };
  },
});

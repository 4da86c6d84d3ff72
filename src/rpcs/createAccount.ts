import { boolean, object, optional, string } from 'superstruct';

import type { RequestContext } from './method';
import { defineMethod } from './method';
import { requestView, resolveNetwork } from './shared';
import { ChainIdStruct, withDefault, IndexStruct } from './structs';
import { accountStatus } from '../chain/accounts';
import { planDeployment, sendDeployment } from '../chain/deploy';
import { NodeClient } from '../chain/rpc';
import { UserRejectedError } from '../errors';
import { formatUnits } from '../format';
import { deploymentData } from '../keys/address';
import { recordTransaction, sentRecord } from '../state/records';
import type { AccountRecord, WalletState } from '../state/schema';
import { updateState } from '../state/store';
import { confirmDeployAccount } from '../ui/dialogs';

/**
 * The index a new account takes on a network: one past the highest recorded.
 *
 * @param state - The wallet state.
 * @param chainId - The network.
 * @returns The next index.
 */
export function nextAccountIndex(state: WalletState, chainId: string): number {
  return state.accounts
    .filter((account) => account.chainId === chainId)
    .reduce((next, account) => Math.max(next, account.addressIndex + 1), 0);
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
 * @returns The stored record (the earlier one when it existed).
 */
async function storeAccount(
  context: RequestContext,
  chainId: string,
  addressIndex: number | undefined,
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
      return existing;
    }
    const record = await accountRecord(context, index, chainId);
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
    const client = new NodeClient(network);
    const status = await accountStatus(client, record.address);
    if (status.deployed) {
      const stored = await storeAccount(context, network.chainId, index);
      return {
        address: stored.address,
        transaction_hash: stored.deployTxnHash,
      };
    }
    const plan = await planDeployment(client, account);
    const approved = await confirmDeployAccount({
      request: requestView(context, network, record.address),
      fee: { maxFee: `${formatUnits(plan.maxFee, 18)} STRK` },
    });
    if (!approved) {
      throw new UserRejectedError();
    }
    const transactionHash = await sendDeployment(client, account, plan);
    await storeAccount(context, network.chainId, index);
    await recordTransaction(
      sentRecord({
        txnHash: transactionHash,
        txnType: 'deploy_account',
        senderAddress: record.address,
        chainId: network.chainId,
      }),
    );
    return { address: record.address, transaction_hash: transactionHash };
  },
});

import { boolean, defaulted, object, optional, string } from 'superstruct';

import { defineMethod } from './method';
import { resolveNetwork } from './shared';
import { ChainIdStruct, IndexStruct } from './structs';
import { InvalidInputError } from '../errors';
import { deploymentData } from '../keys/address';
import type { AccountRecord } from '../state/schema';
import { updateState } from '../state/store';

/**
 * `snapnet_createAccount {addressIndex?, deploy?, chainId?}` →
 * `{address, transaction_hash}`.
 *
 * Without `addressIndex` the next index not yet recorded on that network is
 * used. With `deploy` false (the default) nothing is sent and
 * `transaction_hash` is the empty string: the field stays a string, as the
 * seed types it, and an empty hash reads as "no transaction". Creating an
 * index that is already recorded returns the recorded account.
 */
export const createAccount = defineMethod({
  params: object({
    addressIndex: optional(IndexStruct),
    deploy: defaulted(boolean(), false),
    chainId: ChainIdStruct,
  }),
  result: object({ address: string(), transaction_hash: string() }),
  handler: async ({ addressIndex, deploy, chainId }, context) => {
    if (deploy) {
      throw new InvalidInputError('deploy', 'deploying is not available yet');
    }
    const network = await resolveNetwork(chainId);
    const record = await updateState(async (state) => {
      const onChain = state.accounts.filter(
        (account) => account.chainId === network.chainId,
      );
      const index =
        addressIndex ??
        onChain.reduce(
          (next, account) => Math.max(next, account.addressIndex + 1),
          0,
        );
      const existing = onChain.find(
        (account) =>
          account.addressIndex === index && account.kind === 'argent-cairo1',
      );
      if (existing) {
        return existing;
      }
      const derived = await context.keys.account(index);
      const created: AccountRecord = {
        address: derived.address,
        addressIndex: index,
        publicKey: derived.publicKey,
        addressSalt: deploymentData(derived.publicKey).salt,
        deployTxnHash: '',
        derivationPath: derived.derivationPath,
        chainId: network.chainId,
        kind: 'argent-cairo1',
      };
      state.accounts.push(created);
      return created;
    });
    return { address: record.address, transaction_hash: record.deployTxnHash };
  },
});

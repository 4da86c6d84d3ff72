import { array, integer, max, min, number, object, string } from 'superstruct';

import { defineMethod } from './method';
import { requestView, resolveNetwork } from './shared';
import { ChainIdStruct, withDefault, IndexStruct } from './structs';
import { NodeClient } from '../chain/rpc';
import { classHashAtCall, CONTRACT_NOT_FOUND } from '../chain/starknet';
import { ChainRejectedError } from '../errors';
import { accountAddress, deploymentData } from '../keys/address';
import { isShared, shareWith } from '../state/permissions';
import { MAX_ADDRESS_INDEX } from '../state/schema';
import type { AccountKind, AccountRecord } from '../state/schema';
import { updateState } from '../state/store';
import { confirmShareAccounts } from '../ui/dialogs';

const CAIRO1: AccountKind = 'argent-cairo1';
const KINDS: AccountKind[] = [CAIRO1, 'argent-cairo0'];

/** Indices checked per node round trip. */
const BATCH = 10;
/**
 * The most indices one request may scan: each costs a key derivation and two
 * address hashes (about 50 ms here), so a scan stays within a few seconds.
 * Scan further with startScanIndex.
 */
export const MAX_SCANNED = 100;

/**
 * Whether a contract is deployed, read from one getClassHashAt answer.
 *
 * @param answer - The settled call.
 * @returns Whether it is deployed.
 */
function deployed(answer: PromiseSettledResult<unknown>): boolean {
  if (answer.status === 'fulfilled') {
    return true;
  }
  if (
    answer.reason instanceof ChainRejectedError &&
    answer.reason.code === CONTRACT_NOT_FOUND
  ) {
    return false;
  }
  throw answer.reason;
}

/**
 * `snapnet_recoverAccounts {startScanIndex?, maxScanned?, maxMissed?,
 * chainId?}` → this seed's deployed accounts from `startScanIndex` on. For
 * each index both account kinds are checked (Argent Cairo 1, and the Cairo 0
 * proxy of older wallets), ten indices per node round trip. Scanning stops
 * after `maxScanned` indices (at most MAX_SCANNED) or `maxMissed` undeployed
 * indices in a row. Only deployed accounts are returned and stored; those
 * the site was not given are first shown in a dialog naming the site, which
 * shares them (declined: 4001, nothing stored).
 */
export const recoverAccounts = defineMethod({
  params: object({
    startScanIndex: withDefault(IndexStruct, 0),
    maxScanned: withDefault(max(min(integer(), 1), MAX_SCANNED), 1),
    maxMissed: withDefault(max(min(integer(), 1), MAX_SCANNED), 1),
    chainId: ChainIdStruct,
  }),
  result: array(
    object({
      address: string(),
      addressIndex: number(),
      publicKey: string(),
      addressSalt: string(),
      deployTxnHash: string(),
      derivationPath: string(),
      chainId: string(),
    }),
  ),
  handler: async (
    { startScanIndex, maxScanned, maxMissed, chainId },
    context,
  ) => {
    const network = await resolveNetwork(context, chainId);
    const client = new NodeClient(network);
    const found: AccountRecord[] = [];
    let missed = 0;
    let index = startScanIndex;
    const end = Math.min(startScanIndex + maxScanned, MAX_ADDRESS_INDEX + 1);
    while (index < end && missed < maxMissed) {
      const first = index;
      const indices = Array.from(
        { length: Math.min(BATCH, end - first) },
        (_, offset) => first + offset,
      );
      const keys = await Promise.all(
        indices.map(async (each) => context.keys.account(each)),
      );
      const candidates = keys.flatMap((key) =>
        KINDS.map((kind) => ({
          key,
          kind,
          address: accountAddress(key.publicKey, kind),
        })),
      );
      const answers = await client.batchSettled(
        candidates.map(({ address }) => classHashAtCall(address)),
      );
      for (const key of keys) {
        if (missed >= maxMissed) {
          break;
        }
        const live = candidates.filter((candidate, position) => {
          const answer = answers[position];
          return (
            candidate.key === key && answer !== undefined && deployed(answer)
          );
        });
        missed = live.length > 0 ? 0 : missed + 1;
        for (const { kind, address } of live) {
          found.push({
            address,
            addressIndex: key.addressIndex,
            publicKey: key.publicKey,
            addressSalt: deploymentData(key.publicKey, kind).salt,
            deployTxnHash: '',
            derivationPath: key.derivationPath,
            chainId: network.chainId,
            kind,
          });
        }
      }
      index += indices.length;
    }
    const state = await context.state();
    const newToSite = found.filter(
      ({ address }) => !isShared(state, context.origin, address),
    );
    const [first] = newToSite;
    if (first) {
      await confirmShareAccounts({
        request: requestView(context, network, first.address),
        accounts: newToSite,
      });
    }
    return updateState((draft) => {
      shareWith(
        draft,
        context.origin,
        found.map(({ address }) => address),
      );
      return found.map((account) => {
        const existing = draft.accounts.find(
          (candidate) =>
            candidate.chainId === account.chainId &&
            candidate.address === account.address,
        );
        const stored = existing ?? account;
        if (!existing) {
          draft.accounts.push(account);
        }
        return {
          address: stored.address,
          addressIndex: stored.addressIndex,
          publicKey: stored.publicKey,
          addressSalt: stored.addressSalt,
          deployTxnHash: stored.deployTxnHash,
          derivationPath: stored.derivationPath,
          chainId: stored.chainId,
        };
      });
    });
  },
});

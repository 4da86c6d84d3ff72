import { array, integer, max, min, number, object, string } from 'superstruct';

import { defineMethod } from './method';
import { ChainIdStruct, withDefault, IndexStruct } from './structs';
import { resolveNetwork } from '../wallet/access';
import {
  MAX_SCANNED,
  recoverAccounts as scanAndShare,
} from '../wallet/recoverAccounts';

/**
 * `snapnet_recoverAccounts {startScanIndex?, maxScanned?, maxMissed?,
 * chainId?}` → this seed's deployed accounts from `startScanIndex` on. For
 * each index both account kinds are checked (Argent Cairo 1, and the Cairo 0
 * proxy of older wallets), ten indices per node round trip. Scanning stops
 * after `maxScanned` indices (at most MAX_SCANNED) or `maxMissed` undeployed
 * indices in a row. Only deployed accounts are returned and stored; those
 * the site was not given are first shown in a dialog naming the site, which
 * shares them (declined: 4001, nothing stored). On a network the site added
 * itself, its node would see every scanned address: unless all are already
 * the site's, the user is asked before the scan (declined: 4001, nothing
 * sent), and approving it shares the deployed accounts found.
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
  handler: async ({ chainId, ...scan }, context) =>
    scanAndShare(context, await resolveNetwork(context, chainId), scan),
});

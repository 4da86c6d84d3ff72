import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

import { accountAddress } from './address';
import { starkKeysFromBip44Key } from './derivation';
import type { OwnAccount } from './ownership';

/**
 * An Argent 0.3.1 account that belongs to no one (its key comes from a
 * public label, not from any wallet's secret), to estimate what deploying
 * one of this wallet's accounts costs without telling a node which account:
 * every deployment of the class runs the same code on a key of the same
 * size, so its fee does not depend on the key. Never used to sign.
 */
const LABEL = 'snapnet: an account of no one, for deployment fee estimates';

let standIn: OwnAccount | undefined;

/**
 * The stand-in account (its keys derived once per snap process).
 *
 * @returns The account.
 */
export function standInAccount(): OwnAccount {
  if (!standIn) {
    const keys = starkKeysFromBip44Key(bytesToHex(sha256(utf8ToBytes(LABEL))));
    standIn = {
      ...keys,
      addressIndex: 0,
      derivationPath: 'none: not an account of this wallet',
      address: accountAddress(keys.publicKey),
      kind: 'argent-cairo1',
    };
  }
  return standIn;
}

import { accountAddress } from './address';
import type { DerivedAccount, KeyRing } from './derivation';
import { ADDRESS_SCAN_LIMIT } from '../config';
import { InvalidInputError } from '../errors';
import type { AccountKind, AccountRecord } from '../state/schema';

/** Keys of an owned account; `address` is the matched account's address. */
export type OwnAccount = DerivedAccount & { kind: AccountKind };

const KINDS: AccountKind[] = ['argent-cairo1', 'argent-cairo0'];

/**
 * Which kind of this key's accounts sits at `address`, if any.
 *
 * @param derived - Keys of one index.
 * @param address - The address sought (canonical).
 * @returns The kind, or undefined when neither address matches.
 */
function kindAt(
  derived: DerivedAccount,
  address: string,
): AccountKind | undefined {
  return KINDS.find(
    (kind) =>
      (kind === 'argent-cairo1'
        ? derived.address
        : accountAddress(derived.publicKey, kind)) === address,
  );
}

/**
 * Finds the keys of an address this seed owns, with no network access:
 * first the indices recorded in state, then the first ADDRESS_SCAN_LIMIT
 * indices by derivation (Argent Cairo 1 and the older Cairo 0 proxy).
 *
 * @param keys - The request's key ring.
 * @param address - The address (canonical).
 * @param known - Accounts recorded in state.
 * @param field - The param name to blame if the seed does not own it.
 * @returns The account's keys and kind.
 */
export async function findOwnAccount(
  keys: KeyRing,
  address: string,
  known: AccountRecord[],
  field: string,
): Promise<OwnAccount> {
  const recorded = known.find((account) => account.address === address);
  if (recorded) {
    // Recorded by this snap: its index, kind and key are known; checking the
    // derived public key is enough (no address hashing).
    const derived = await keys.keys(recorded.addressIndex);
    if (derived.publicKey === recorded.publicKey) {
      return { ...derived, kind: recorded.kind, address };
    }
  }
  for (let index = 0; index < ADDRESS_SCAN_LIMIT; index++) {
    const derived = await keys.account(index);
    const kind = kindAt(derived, address);
    if (kind) {
      return { ...derived, kind, address };
    }
  }
  throw new InvalidInputError(
    field,
    `${address} is not an account of this wallet`,
  );
}

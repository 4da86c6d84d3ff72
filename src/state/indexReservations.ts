import { sharedAccounts } from './permissions';
import type { WalletState } from './schema';

/**
 * Which account a createAccount without an index takes. An address is the
 * same on every network, so an index used on one network is that account
 * everywhere: a site must never be handed, as "a new account", one that
 * another site already has. A site first gets back the accounts it already
 * has that are not yet recorded on the network; otherwise the lowest index
 * recorded on no network at all — an account no site has.
 */

/**
 * Indices a createAccount of this snap process has chosen but not yet
 * stored (its dialog is open, or its deployment is in flight), on any
 * network: parallel requests skip them, so two never show, sign or store
 * the same new account — not even on two networks. Not snap state: a
 * reservation ends with its request.
 */
const reserved = new Set<number>();

/**
 * The lowest index recorded on no network: accounts stay contiguous from 0,
 * where recovery scans find them, and a new account is nobody's yet.
 *
 * @param state - The wallet state.
 * @param skip - Indices to pass over as well (reserved ones).
 * @returns The next free index.
 */
export function nextAccountIndex(
  state: WalletState,
  skip: ReadonlySet<number> = new Set(),
): number {
  const used = new Set(state.accounts.map(({ addressIndex }) => addressIndex));
  let index = 0;
  while (used.has(index) || skip.has(index)) {
    index += 1;
  }
  return index;
}

/**
 * The indices of the accounts a site already has that are not recorded on
 * a network yet, lowest first.
 *
 * @param state - The wallet state.
 * @param origin - The site.
 * @param chainId - The network.
 * @returns Their indices.
 */
function sharedElsewhere(
  state: WalletState,
  origin: string,
  chainId: string,
): number[] {
  const shared = new Set(sharedAccounts(state, origin));
  const here = new Set(
    state.accounts
      .filter((account) => account.chainId === chainId)
      .map(({ address }) => address),
  );
  const indices = state.accounts
    .filter(
      ({ address, kind }) =>
        kind === 'argent-cairo1' && shared.has(address) && !here.has(address),
    )
    .map(({ addressIndex }) => addressIndex);
  return [...new Set(indices)].sort((left, right) => left - right);
}

/**
 * The index a createAccount without `addressIndex` takes for a site on a
 * network (see the module comment), reserved ones passed over.
 *
 * @param state - The wallet state.
 * @param origin - The site.
 * @param chainId - The network.
 * @returns The index.
 */
export function defaultAccountIndex(
  state: WalletState,
  origin: string,
  chainId: string,
): number {
  const own = sharedElsewhere(state, origin, chainId).find(
    (index) => !reserved.has(index),
  );
  return own ?? nextAccountIndex(state, reserved);
}

/**
 * Reserves an index: the one asked for, or the default one for the site.
 *
 * @param state - The wallet state.
 * @param origin - The site.
 * @param chainId - The network.
 * @param asked - The index the dapp named, if any.
 * @returns The index and its release.
 */
export function reserveIndex(
  state: WalletState,
  origin: string,
  chainId: string,
  asked: number | undefined,
): { index: number; release: () => void } {
  const index = asked ?? defaultAccountIndex(state, origin, chainId);
  const mine = !reserved.has(index);
  reserved.add(index);
  return {
    index,
    release: (): void => {
      if (mine) {
        reserved.delete(index);
      }
    },
  };
}

import type { WalletState } from './schema';

/**
 * Indices a createAccount of this snap process has chosen but not yet
 * stored (its dialog is open, or its deployment is in flight), per network.
 * Parallel requests skip them, so two never show, sign or store the same new
 * account. Not snap state: a reservation ends with its request.
 */
const reserved = new Map<string, Set<number>>();

/**
 * The lowest index not recorded on a network: accounts stay contiguous from
 * 0, where recovery scans find them, even after one was parked far ahead.
 *
 * @param state - The wallet state.
 * @param chainId - The network.
 * @returns The next free index.
 */
export function nextAccountIndex(state: WalletState, chainId: string): number {
  const used = new Set(
    state.accounts
      .filter((account) => account.chainId === chainId)
      .map((account) => account.addressIndex),
  );
  let index = 0;
  while (used.has(index)) {
    index += 1;
  }
  return index;
}

/**
 * Reserves an index: the one asked for, or the next free one that no
 * parallel request holds.
 *
 * @param state - The wallet state.
 * @param chainId - The network.
 * @param asked - The index the dapp named, if any.
 * @returns The index and its release.
 */
export function reserveIndex(
  state: WalletState,
  chainId: string,
  asked: number | undefined,
): { index: number; release: () => void } {
  const held = reserved.get(chainId) ?? new Set<number>();
  reserved.set(chainId, held);
  let index = asked ?? nextAccountIndex(state, chainId);
  if (asked === undefined) {
    while (held.has(index)) {
      index += 1;
    }
  }
  const mine = !held.has(index);
  held.add(index);
  return {
    index,
    release: (): void => {
      if (mine) {
        held.delete(index);
      }
    },
  };
}

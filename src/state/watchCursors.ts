import type { WalletState } from './schema';
import { updateState } from './store';

/**
 * The background check's place in each network's (account, token) pairs
 * (see WatchCursorStruct): where its next run starts reading balances.
 */

/**
 * The first pair the next run reads on a network.
 *
 * @param state - The wallet state.
 * @param chainId - The network.
 * @returns Its place (0 when none is kept).
 */
export function watchCursorOn(
  state: Pick<WalletState, 'watchCursors'>,
  chainId: string,
): number {
  return (
    state.watchCursors?.find((cursor) => cursor.chainId === chainId)?.next ?? 0
  );
}

/**
 * Keeps where the next run starts on each network given.
 *
 * @param cursors - Each network's next place.
 */
export async function storeWatchCursors(
  cursors: { chainId: string; next: number }[],
): Promise<void> {
  if (cursors.length === 0) {
    return;
  }
  await updateState((draft) => {
    const changed = new Set(cursors.map(({ chainId }) => chainId));
    draft.watchCursors = [
      ...(draft.watchCursors ?? []).filter(
        ({ chainId }) => !changed.has(chainId),
      ),
      ...cursors,
    ];
  });
}

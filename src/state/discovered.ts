import type { Discovered, WalletState } from './schema';
import { updateState } from './store';

/**
 * The tokens the background search found, per network (see Discovered):
 * kept so that the home page opens with one batch, reading their balances
 * with everything else, instead of searching each time it opens.
 */

/** The most tokens kept per network (a spammer can send thousands). */
export const MAX_DISCOVERED = 100;

/**
 * What was found on a network, if it was searched.
 *
 * @param state - The wallet state.
 * @param chainId - The network.
 * @returns Its search.
 */
export function discoveredOn(
  state: Pick<WalletState, 'discovered'>,
  chainId: string,
): Discovered | undefined {
  return state.discovered?.find((each) => each.chainId === chainId);
}

/**
 * Stores a search of a network: its tokens joined with those found before
 * (when the same accounts were searched), the most recent first, at most
 * MAX_DISCOVERED unverified ones beside the verified ones: spam, however
 * much and however recent, never pushes out a verified token (the verified
 * list bounds those).
 *
 * @param search - The search.
 * @param fresh - Whether it replaces what was found (a whole window).
 * @param isVerified - Whether a token is on the verified list.
 */
export async function storeDiscovery(
  search: Discovered,
  fresh: boolean,
  isVerified: (token: string) => boolean,
): Promise<void> {
  await updateState((draft) => {
    const before = fresh ? undefined : discoveredOn(draft, search.chainId);
    const receivers = new Map<string, Set<string>>();
    for (const { token, receivers: each } of [
      ...search.tokens,
      ...(before?.tokens ?? []),
    ]) {
      const known = receivers.get(token) ?? new Set<string>();
      each.forEach((receiver) => known.add(receiver));
      receivers.set(token, known);
    }
    const found = [...receivers].map(([token, known]) => ({
      token,
      receivers: [...known],
    }));
    const verified = found.filter(({ token }) => isVerified(token));
    const tokens = [
      ...verified,
      ...found
        .filter(({ token }) => !isVerified(token))
        .slice(0, Math.max(0, MAX_DISCOVERED - verified.length)),
    ];
    draft.discovered = [
      ...(draft.discovered ?? []).filter(
        ({ chainId }) => chainId !== search.chainId,
      ),
      { ...search, tokens },
    ];
  });
}

import { BACKGROUND_ORIGIN } from './refresh';
import { discoverTokens } from '../features/home/discoverTokens';
import { logger } from '../logger';
import type { RequestScope } from '../requestScope';
import { discoveredOn } from '../state/discovered';
import { readState } from '../state/store';
import { walletContext } from '../wallet/context';

/** How often the background searches a network (the page's Look now: any time). */
export const SEARCH_EVERY_SECONDS = 600;

/**
 * The background search for received tokens: each network with accounts,
 * at most every SEARCH_EVERY_SECONDS, the blocks since its last search (see
 * discoverTokens). Most runs of the check are thus its one batch. A node
 * that fails only delays it; nothing is thrown.
 *
 * @param scope - The run's request (src/requestScope.ts).
 */
export async function discoverEverywhere(scope: RequestScope): Promise<void> {
  const context = walletContext(BACKGROUND_ORIGIN, scope);
  const state = await readState().catch(() => undefined);
  const due = Math.floor(Date.now() / 1000) - SEARCH_EVERY_SECONDS;
  for (const network of state?.networks ?? []) {
    const last = state && discoveredOn(state, network.chainId)?.searchedAt;
    if (
      state?.accounts.some(({ chainId }) => chainId === network.chainId) &&
      (last === undefined || last <= due)
    ) {
      await discoverTokens(context, network).catch((error: unknown) => {
        logger.info(`Token search on ${network.name} failed`, error);
      });
    }
  }
}

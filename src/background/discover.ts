import { BACKGROUND_ORIGIN } from './refresh';
import { discoverTokens } from '../home/discoverTokens';
import { logger } from '../logger';
import { readState } from '../state/store';
import { walletContext } from '../wallet/context';

/**
 * The background search for received tokens: each network with accounts,
 * the blocks since its last search (see discoverTokens). A node that fails
 * only delays it; nothing is thrown.
 */
export async function discoverEverywhere(): Promise<void> {
  const context = walletContext(BACKGROUND_ORIGIN);
  const state = await readState().catch(() => undefined);
  for (const network of state?.networks ?? []) {
    if (state?.accounts.some(({ chainId }) => chainId === network.chainId)) {
      await discoverTokens(context, network).catch((error: unknown) => {
        logger.info(`Token search on ${network.name} failed`, error);
      });
    }
  }
}

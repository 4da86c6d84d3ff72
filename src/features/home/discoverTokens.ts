import { searchReceived } from './tokenDiscovery';
import type { Network } from '../../config';
import { discoveredOn, storeDiscovery } from '../../state/discovered';
import { hiddenFromNode } from '../../state/networks';
import type { Discovered } from '../../state/schema';
import { verifiedTokenAt } from '../../tokens/verified';
import type { WalletContext } from '../../wallet/context';

/**
 * Searches a network for the tokens its accounts received and keeps what it
 * found (see searchReceived): run by the background check, and by the
 * page's "Look now". A site's own node is asked only about the accounts that
 * site was given.
 *
 * @param context - Who asks (the background check, or the page).
 * @param network - The network.
 * @returns The search, or undefined when nothing could be searched.
 */
export async function discoverTokens(
  context: WalletContext,
  network: Network,
): Promise<Discovered | undefined> {
  const state = await context.state();
  const accounts = state.accounts
    .filter(({ chainId }) => chainId === network.chainId)
    .map(({ address }) => address);
  const hidden = new Set(hiddenFromNode(state, network, accounts));
  const asked = accounts.filter((address) => !hidden.has(address));
  if (asked.length === 0) {
    return undefined;
  }
  const result = await searchReceived(
    context.node(network),
    asked,
    discoveredOn(state, network.chainId),
  );
  if (!result) {
    return undefined;
  }
  await storeDiscovery(
    result.search,
    result.fresh,
    (token) => verifiedTokenAt(network.chainId, token) !== undefined,
  );
  return result.search;
}

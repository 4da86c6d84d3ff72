import type { WalletContext } from './context';
import type { Network } from '../config';
import { STRK_ADDRESS } from '../config';
import { moneyDisplayOf } from '../prices/preferences';
import { isPriced, priceReads } from '../prices/quotes';
import type { PriceReads } from '../prices/quotes';
import type { TokenRecord } from '../state/schema';
import type { DialogValues } from '../ui/values';

/**
 * The values of a confirmation: the oracle reads of the network's tracked
 * tokens and STRK (the fee), to ride the transaction's first round trip,
 * whether the protocols' reads may ask prices (`pricing`), and how the
 * dialog writes them (the user's locale and currency). Nothing
 * is read when the user turned external pricing data off, hides balances,
 * or the network has no oracle.
 *
 * @param context - The request's context (its preferences).
 * @param network - The network.
 * @param tokens - Tokens tracked on the network.
 * @returns The reads and how values are shown.
 */
export async function dialogValues(
  context: WalletContext,
  network: Network,
  tokens: TokenRecord[],
): Promise<{ prices: PriceReads; pricing: boolean; values: DialogValues }> {
  const preferences = await context.preferences();
  return {
    pricing: preferences.useExternalPricingData,
    prices: priceReads(
      network,
      [STRK_ADDRESS, ...tokens.map(({ address }) => address)],
      preferences,
    ),
    values: {
      display: moneyDisplayOf(preferences),
      priced: (token) => isPriced(network, token, preferences),
    },
  };
}

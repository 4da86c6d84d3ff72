import { FULL_ROUTE, MAX_INTEGRATOR_FEE_BPS } from './exchange';
import type { SwapCall } from './exchange';

/**
 * What makes AVNU's exchange revert a swap, read off its calldata alone
 * (exchange.cairo's before_swap and apply_routes, fee.cairo's
 * collect_fees): the sender refuses such a swap before anything is signed,
 * whoever asks (src/sender/swapReads.ts). A beneficiary that is not the
 * caller reverts too, but is named in the dialog instead, as the
 * who-gains rule names every party (src/ui/swapWords.ts).
 *
 * @param swap - The swap, read.
 * @returns The reasons, in words (none: it may succeed).
 */
export function swapReverts(swap: SwapCall): string[] {
  const first = swap.routes[0];
  const last = swap.routes[swap.routes.length - 1];
  const reasons: [boolean, string][] = [
    [swap.sellAmount === 0n, 'it sells nothing'],
    [swap.sellToken === swap.buyToken, 'it sells and buys the same token'],
    [
      swap.sellMax !== undefined && swap.sellMax < swap.sellAmount,
      'the most it may sell is below what it expects to sell',
    ],
    [first === undefined, 'it names no route'],
    [
      first !== undefined && first.sellToken !== swap.sellToken,
      'its first route does not sell the token sold',
    ],
    [
      last !== undefined && last.buyToken !== swap.buyToken,
      'its last route does not buy the token bought',
    ],
    [
      swap.routes.some(({ percent }) => percent === 0n || percent > FULL_ROUTE),
      "a route's share is 0 or above 100 %",
    ],
    [
      swap.kind === 'sell' && swap.integratorFeeBps > MAX_INTEGRATOR_FEE_BPS,
      `its integrator fee is above the ${MAX_INTEGRATOR_FEE_BPS / 100n} % the exchange allows`,
    ],
  ];
  return reasons.flatMap(([reverts, reason]) => (reverts ? [reason] : []));
}

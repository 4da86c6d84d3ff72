import { isAt } from './swapParts';
import type { Said, SwapContext } from './swapParts';
import type { CallToShow } from '../protocol/calls';
import { tokenShaped } from '../sender/callParties';
import { trackedAmountText } from '../sender/stakingChecks';
import { readSwapCall } from '../swap/exchange';
import type { SwapCall } from '../swap/exchange';

/**
 * The approve that pays for a swap, paired with it for the swap row's
 * words (./swapWords.ts): the same amount shown with the swap, more
 * flagged on both calls.
 */

/**
 * The approve of the sold token to the exchange nearest before a swap: the
 * same amount is shown with the swap; more is flagged.
 *
 * @param calls - The calls of the transaction.
 * @param index - The swap's position.
 * @param swap - The swap.
 * @param exchange - The exchange (canonical).
 * @returns A field, and a warning as it applies.
 */
export function approvalOf(
  calls: CallToShow[],
  index: number,
  swap: SwapCall,
  exchange: string,
): Said {
  const needed = swap.sellMax ?? swap.sellAmount;
  for (let at = index - 1; at >= 0; at -= 1) {
    const before = calls[at];
    const read =
      before && isAt(before.contractAddress, swap.sellToken)
        ? tokenShaped(before)
        : undefined;
    if (read?.action === 'approve' && read.spender === BigInt(exchange)) {
      const call = `Call ${at + 1}`;
      if (read.amount === needed) {
        return { field: `${call} allows the exchange exactly this amount` };
      }
      return read.amount > needed
        ? {
            field: `${call} allows the exchange more than this swap sells`,
            warning: `${call} lets the exchange spend more than this swap sells: what is left of the allowance stays open to it.`,
          }
        : {
            field: `${call} allows the exchange less than this swap sells: it fails unless an earlier allowance covers the rest`,
          };
    }
  }
  return {};
}

/**
 * A call to the exchange with a swap entry point, read (undefined: another
 * contract or entry point).
 *
 * @param call - The call.
 * @param exchange - The exchange (canonical).
 * @returns The reading.
 */
export function swapCallTo(
  call: CallToShow | undefined,
  exchange: string,
): ReturnType<typeof readSwapCall> {
  return call && isAt(call.contractAddress, BigInt(exchange))
    ? readSwapCall(call.selector, call.calldata)
    : undefined;
}

/**
 * The words of an approve of a token to the exchange that lets it spend
 * more than the next swap of that token sells (see approvalOf): its
 * warning.
 *
 * @param calls - The calls.
 * @param index - The approve's position.
 * @param context - The facts, tokens and locale.
 * @returns The warning, if a later swap sells less than it allows.
 */
export function swapApprovalWarning(
  calls: CallToShow[],
  index: number,
  context: SwapContext,
): string | undefined {
  const call = calls[index];
  const read = call && tokenShaped(call);
  if (
    !call ||
    read?.action !== 'approve' ||
    read.spender !== BigInt(context.facts.exchange)
  ) {
    return undefined;
  }
  for (let at = index + 1; at < calls.length; at += 1) {
    const reading = swapCallTo(calls[at], context.facts.exchange);
    const swap = reading && 'value' in reading ? reading.value : undefined;
    if (swap && isAt(call.contractAddress, swap.sellToken)) {
      const needed = swap.sellMax ?? swap.sellAmount;
      return read.amount > needed
        ? `The swap in call ${at + 1} sells ${swap.sellMax === undefined ? '' : 'at most '}${trackedAmountText(needed, call.contractAddress, context.tokens, context.locale)}: this lets the exchange spend more, and what is left of the allowance stays open to it.`
        : undefined;
    }
  }
  return undefined;
}

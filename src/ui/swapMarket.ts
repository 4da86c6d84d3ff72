import { addressOf, percentText } from './swapParts';
import type { Said, SwapContext } from './swapParts';
import type { TokenPrice } from '../sender/swapReads';
import type { SwapCall } from '../swap/exchange';

/**
 * A swap's bounds set against Pragma's prices, for the swap row's words
 * (./swapWords.ts).
 */

/**
 * How far a swap's bound may sit from the value of the other side at
 * Pragma's prices, in bps, before it is flagged: from 5 % a warning (past
 * a usual slippage and both fees, which together stay under 6 %), from
 * 20 % a danger (no honest quote needs it).
 */
export const MARKET_GAP_BPS = { warning: 500n, danger: 2000n } as const;

/**
 * A gap to the market as words, in the bound's own direction ("below" the
 * value sold, "above" the value bought) or the other.
 *
 * @param bps - How much worse for the user (negative: better).
 * @param worse - The word for worse.
 * @param locale - The user's locale.
 * @returns The text.
 */
function gapText(bps: bigint, worse: string, locale: string): string {
  if (bps === 0n) {
    return 'at';
  }
  const better = worse === 'below' ? 'above' : 'below';
  return `${percentText(bps < 0n ? -bps : bps, locale)} ${bps > 0n ? worse : better}`;
}

/**
 * Two amounts' USD values in the same unit (10^-Σ of all four decimals).
 *
 * @param first - An amount and its token's price.
 * @param second - Another.
 * @returns Their values.
 */
function valuesOf(
  first: [bigint, TokenPrice],
  second: [bigint, TokenPrice],
): [bigint, bigint] {
  const [a, pa] = first;
  const [b, pb] = second;
  return [
    a * pa.usd.price * 10n ** BigInt(pb.decimals + pb.usd.decimals),
    b * pb.usd.price * 10n ** BigInt(pa.decimals + pa.usd.decimals),
  ];
}

/**
 * A swap's bounds against Pragma's prices, as how much worse for the user
 * they are than the market: a sale's least proceeds below the value of
 * what it sells, a purchase's most paid above the value of what it buys;
 * the quote's own expectation beside it.
 *
 * @param swap - The swap.
 * @param context - The facts and the locale.
 * @returns A field, and a warning or danger as the gaps have them.
 */
export function marketOf(swap: SwapCall, context: SwapContext): Said {
  const sell = context.facts.prices.get(addressOf(swap.sellToken));
  const buy = context.facts.prices.get(addressOf(swap.buyToken));
  if (!sell || !buy || swap.sellAmount === 0n || swap.buyAmount === 0n) {
    return { field: 'not compared (no recent oracle price of both tokens)' };
  }
  const { locale } = context;
  const selling = swap.kind === 'sell';
  // Sale: (value sold − value got) / value sold; purchase: (value paid −
  // value got) / value got.
  const worseBps = (paid: bigint, got: bigint): bigint => {
    const [paidValue, gotValue] = valuesOf([paid, sell], [got, buy]);
    return (
      ((paidValue - gotValue) * 10_000n) / (selling ? paidValue : gotValue)
    );
  };
  const bound = selling
    ? worseBps(swap.sellAmount, swap.minReceived ?? 0n)
    : worseBps(swap.sellMax ?? swap.sellAmount, swap.buyAmount);
  const expected = worseBps(swap.sellAmount, swap.buyAmount);
  const side = selling ? 'below' : 'above';
  // Said only of a bound at least MARKET_GAP_BPS.warning worse.
  const sentence = selling
    ? `The least this swap accepts is ${percentText(bound, locale)} below the market value of what you sell (Pragma's prices)`
    : `The most this swap may take is ${percentText(bound, locale)} above the market value of what you get (Pragma's prices)`;
  const warnings = [
    bound >= MARKET_GAP_BPS.warning && bound < MARKET_GAP_BPS.danger
      ? `${sentence}.`
      : undefined,
    expected >= MARKET_GAP_BPS.warning || -expected >= MARKET_GAP_BPS.warning
      ? `The site's quote is ${percentText(expected < 0n ? -expected : expected, locale)} ${expected > 0n ? 'worse' : 'better'} than the market price: the quote, or the oracle, is off.`
      : undefined,
  ].filter((text) => text !== undefined);
  return {
    field: `${selling ? 'the least you get' : 'the most you pay'} is ${gapText(bound, side, locale)} the market value, the quote ${gapText(expected, side, locale)} it (Pragma's prices)`,
    ...(bound >= MARKET_GAP_BPS.danger
      ? {
          danger: `${sentence}: if the price moves, or the site set this bound on purpose, you lose that much. Approve only if you accept it.`,
        }
      : {}),
    ...(warnings.length > 0 ? { warning: warnings.join(' ') } : {}),
  };
}

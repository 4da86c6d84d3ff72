import type { DecodedCallView } from './dialogInputs';
import { isUsers } from './parties';
import type { OwnName } from './parties';
import { normaliseAddress } from '../keys/address';
import { unitsText } from '../prices/money';
import type { CallToShow } from '../protocol/calls';
import { swapParties, tokenShaped } from '../sender/callParties';
import type { Party } from '../sender/callParties';
import { trackedAmountText } from '../sender/stakingChecks';
import type { SwapFacts, TokenPrice } from '../sender/swapReads';
import type { TokenRecord } from '../state/schema';
import {
  feeGetterOf,
  MAX_INTEGRATOR_FEE_BPS,
  readSwapCall,
} from '../swap/exchange';
import type { SwapCall } from '../swap/exchange';

/**
 * The known-contract row of AVNU's exchange: a swap sent to the network's
 * exchange (src/sender/swapReads.ts read its fee and the oracle's prices)
 * reads in words, its bounds set against the market, the approve before
 * it paired with it, and what makes the exchange revert it said.
 */

/**
 * How far a swap's bound may sit from the value of the other side at
 * Pragma's prices, in bps, before it is flagged: from 5 % a warning (past
 * a usual slippage and both fees, which together stay under 6 %), from
 * 20 % a danger (no honest quote needs it).
 */
export const MARKET_GAP_BPS = { warning: 500n, danger: 2000n } as const;

/** What the words are read with. */
export type SwapContext = {
  facts: SwapFacts;
  tokens: TokenRecord[];
  /** The signing account (canonical). */
  account: string;
  /** The user's accounts (any network), named as the page names them. */
  ownAccounts?: OwnName[] | undefined;
  locale: string;
};

/** What the row says of a swap call. */
export type SwapReading =
  | {
      kind: 'words';
      decoded: DecodedCallView;
      parties: Party[];
      danger?: string;
    }
  | { kind: 'malformed'; problem: string };

/** Words and the banners they raise, gathered while a swap is read. */
type Said = { field?: string; warning?: string; danger?: string };

/**
 * An address felt as shown.
 *
 * @param value - The felt.
 * @returns The canonical address.
 */
function addressOf(value: bigint): string {
  return normaliseAddress(`0x${value.toString(16)}`);
}

/**
 * Whether an address text is a felt's address.
 *
 * @param text - The address as a call gives it.
 * @param value - The felt.
 * @returns Whether they are the same.
 */
function isAt(text: string, value: bigint): boolean {
  try {
    return BigInt(text) === value;
  } catch {
    return false;
  }
}

/**
 * Basis points as a percentage: 15 → "0.15 %".
 *
 * @param bps - The basis points.
 * @param locale - The user's locale.
 * @returns The text.
 */
function percentText(bps: bigint, locale: string): string {
  return `${unitsText(bps, 2, locale)} %`;
}

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
function marketOf(swap: SwapCall, context: SwapContext): Said {
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
function approvalOf(
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

/** What the market check and the approve say of a swap. */
type Checks = { market: Said; approval: Said };

/** A swap's amounts and fees as shown. */
type Shown = {
  amount: (value: bigint, token: bigint) => string;
  integrator: string;
  avnuFee: string;
};

/**
 * What AVNU takes of a swap, as shown: the fee read for it (a purchase's is
 * what the routes yield beyond the exact amount, aimed at that fee), none
 * when AVNU whitelists an integrator who takes at least as much
 * (fee.cairo's get_fees).
 *
 * @param swap - The swap.
 * @param fee - The fee read, if read.
 * @param bought - The amount bought, as shown.
 * @param locale - The user's locale.
 * @returns The text.
 */
function avnuFeeText(
  swap: SwapCall,
  fee: bigint | undefined,
  bought: string,
  locale: string,
): string {
  if (fee === undefined) {
    return 'not read';
  }
  if (swap.kind === 'buy') {
    return `what the routes yield beyond ${bought} (it aims at ${percentText(fee, locale)} of it)`;
  }
  const waived =
    fee > 0n &&
    swap.integratorFeeRecipient !== 0n &&
    swap.integratorFeeBps >= fee;
  return `${percentText(fee, locale)}${waived ? ' (none if AVNU whitelists the integrator)' : ''}`;
}

/**
 * A swap's fields: what is sold and got, who gets it, the fees, the routes,
 * the market check and the approve paired with it.
 *
 * @param swap - The swap.
 * @param shown - Its amounts and fees as shown.
 * @param said - The market check's and the approve's fields.
 * @param locale - The user's locale.
 * @returns The fields.
 */
function fieldsOf(
  swap: SwapCall,
  shown: Shown,
  said: Checks,
  locale: string,
): DecodedCallView['fields'] {
  const { amount, integrator } = shown;
  const sold = amount(swap.sellAmount, swap.sellToken);
  const bought = amount(swap.buyAmount, swap.buyToken);
  const routes = swap.routes.map(
    (route) =>
      `${addressOf(route.exchange)} (${unitsText(route.percent, 10, locale)} %${route.alternatives > 0 ? `, ${route.alternatives} alternatives` : ''})`,
  );
  const sides =
    swap.kind === 'sell'
      ? [
          { label: 'You sell', value: sold },
          {
            label: 'You get at least',
            value: amount(swap.minReceived ?? 0n, swap.buyToken),
          },
          { label: 'Expected', value: bought },
        ]
      : [
          {
            label: 'You sell at most',
            value: `${amount(swap.sellMax ?? 0n, swap.sellToken)} (the quote expects ${sold})`,
          },
          { label: 'You get exactly', value: bought },
        ];
  const optional = (
    label: string,
    value: string | undefined,
  ): DecodedCallView['fields'] =>
    value === undefined ? [] : [{ label, value }];
  return [
    ...sides,
    { label: 'Beneficiary', value: addressOf(swap.beneficiary) },
    ...optional(
      'Integrator fee',
      swap.integratorFeeBps === 0n
        ? undefined
        : `${integrator} ${swap.integratorFeeRecipient === 0n ? 'asked, but with no recipient none is taken' : `to ${addressOf(swap.integratorFeeRecipient)}`}`,
    ),
    {
      label: 'Routes',
      value: `${routes.length}${routes.length > 0 ? `: ${routes.join(', ')}` : ''}`,
    },
    { label: 'AVNU fee', value: shown.avnuFee },
    ...optional('Market', said.market.field),
    ...optional('Approval', said.approval.field),
  ];
}

/**
 * A swap's banners: a beneficiary other than the signer (the exchange
 * reverts it: a danger for a stranger, a warning for another of the
 * user's accounts, which loses nothing but the fee), an integrator fee
 * past the cap, the market check and the approve.
 *
 * @param swap - The swap.
 * @param context - The facts, tokens and locale.
 * @param shown - Its amounts and fees as shown.
 * @param said - The market check's and the approve's banners.
 * @returns The warning and the danger, as they apply.
 */
function bannersOf(
  swap: SwapCall,
  context: SwapContext,
  shown: Shown,
  said: Checks,
): Said {
  const elsewhere =
    swap.beneficiary === BigInt(context.account)
      ? undefined
      : `The beneficiary ${addressOf(swap.beneficiary)} is not this account, and AVNU's exchange reverts a swap whose beneficiary is not its caller ('Beneficiary is not the caller'): the site asked for something that cannot succeed, or the contract at this address is not AVNU's exchange.`;
  const own = isUsers(swap.beneficiary, context);
  const warning = [
    own ? elsewhere : undefined,
    said.market.warning,
    said.approval.warning,
  ].filter((sentence) => sentence !== undefined);
  const danger = [
    own ? undefined : elsewhere,
    integratorDanger(swap, shown.integrator, context.locale),
    said.market.danger,
  ].filter((sentence) => sentence !== undefined);
  return {
    ...(warning.length > 0 ? { warning: warning.join(' ') } : {}),
    ...(danger.length > 0 ? { danger: danger.join(' ') } : {}),
  };
}

/**
 * A swap in words, written for parties that are the user's (the shared
 * rule adds the others: ./parties.ts), with its banners.
 *
 * @param swap - The swap, read.
 * @param calls - Every call of the transaction.
 * @param index - Its position.
 * @param context - The facts, tokens and locale.
 * @returns The words.
 */
function wordsOf(
  swap: SwapCall,
  calls: CallToShow[],
  index: number,
  context: SwapContext,
): Extract<SwapReading, { kind: 'words' }> {
  const { facts, tokens, locale } = context;
  const amount = (value: bigint, token: bigint): string =>
    trackedAmountText(value, addressOf(token), tokens, locale);
  const fee = facts.feesBps.get(feeGetterOf(swap));
  const bought = amount(swap.buyAmount, swap.buyToken);
  const shown: Shown = {
    amount,
    integrator: percentText(swap.integratorFeeBps, locale),
    avnuFee: avnuFeeText(swap, fee, bought, locale),
  };
  const said = {
    market: marketOf(swap, context),
    approval: approvalOf(calls, index, swap, facts.exchange),
  };
  const { warning, danger } = bannersOf(swap, context, shown, said);
  let feeWords = shown.avnuFee;
  if (swap.kind === 'buy' && fee !== undefined) {
    feeWords = `about ${percentText(fee, locale)}`;
  }
  const summary =
    swap.kind === 'sell'
      ? `Swap ${amount(swap.sellAmount, swap.sellToken)} for at least ${amount(swap.minReceived ?? 0n, swap.buyToken)}`
      : `Swap at most ${amount(swap.sellMax ?? 0n, swap.sellToken)} for exactly ${bought}`;
  return {
    kind: 'words',
    decoded: {
      summary: `${summary} · AVNU fee ${feeWords}`,
      fields: fieldsOf(swap, shown, said, locale),
      ...(warning ? { warning } : {}),
    },
    parties: swapParties(swap, `${shown.integrator} integrator fee`),
    ...(danger ? { danger } : {}),
  };
}

/**
 * An integrator fee past AVNU's cap in swap_exact_token_to, which checks
 * none, so the integrator takes it (multi_route_swap reverts, and the
 * sender refuses it: src/swap/reverts.ts).
 *
 * @param swap - The swap.
 * @param integrator - Its integrator fee, as shown.
 * @param locale - The user's locale.
 * @returns The danger, if any.
 */
function integratorDanger(
  swap: SwapCall,
  integrator: string,
  locale: string,
): string | undefined {
  if (swap.kind === 'sell' || swap.integratorFeeBps <= MAX_INTEGRATOR_FEE_BPS) {
    return undefined;
  }
  const cap = percentText(MAX_INTEGRATOR_FEE_BPS, locale);
  return swap.integratorFeeRecipient === 0n
    ? undefined
    : `The integrator fee is ${integrator}: AVNU's exchange caps it at ${cap} in multi_route_swap, not in swap_exact_token_to, so ${addressOf(swap.integratorFeeRecipient)} takes it out of what you sell.`;
}

/**
 * A call to the exchange with a swap entry point, read (undefined: another
 * contract or entry point).
 *
 * @param call - The call.
 * @param exchange - The exchange (canonical).
 * @returns The reading.
 */
function swapCallTo(
  call: CallToShow | undefined,
  exchange: string,
): ReturnType<typeof readSwapCall> {
  return call && isAt(call.contractAddress, BigInt(exchange))
    ? readSwapCall(call.selector, call.calldata)
    : undefined;
}

/**
 * The row of AVNU's exchange: a call to the network's exchange with a swap
 * entry point, read (undefined: another call).
 *
 * @param calls - Every call of the transaction.
 * @param index - The call's position.
 * @param context - The facts, tokens and locale.
 * @returns What the row says.
 */
export function readSwapAt(
  calls: CallToShow[],
  index: number,
  context: SwapContext,
): SwapReading | undefined {
  const reading = swapCallTo(calls[index], context.facts.exchange);
  if (reading === undefined) {
    return undefined;
  }
  return 'problem' in reading
    ? { kind: 'malformed', problem: reading.problem }
    : wordsOf(reading.value, calls, index, context);
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

import type { DecodedCallView } from './dialogInputs';
import { isUsers } from './parties';
import { approvalOf, swapCallTo } from './swapApprovals';
import { marketOf } from './swapMarket';
import { addressOf, percentText } from './swapParts';
import type { Said, SwapContext } from './swapParts';
import { unitsText } from '../prices/money';
import type { CallToShow } from '../protocol/calls';
import { swapParties } from '../sender/callParties';
import type { Party } from '../sender/callParties';
import { trackedAmountText } from '../sender/stakingChecks';
import { feeGetterOf, MAX_INTEGRATOR_FEE_BPS } from '../swap/exchange';
import type { SwapCall } from '../swap/exchange';

/**
 * The known-contract row of AVNU's exchange: a swap sent to the network's
 * exchange (src/sender/swapReads.ts read its fee and the oracle's prices)
 * reads in words, its bounds set against the market (./swapMarket.ts),
 * the approve before it paired with it (./swapApprovals.ts).
 */

/** What the row says of a swap call. */
export type SwapReading =
  | {
      kind: 'words';
      decoded: DecodedCallView;
      parties: Party[];
      danger?: string;
    }
  | { kind: 'malformed'; problem: string };

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

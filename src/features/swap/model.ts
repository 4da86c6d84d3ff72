/**
 * The Swap view's model: the names its form and buttons carry, the
 * slippage rules, and the draft a quote leaves in the page's context (what
 * was asked and what the API quoted, shown until the user swaps or asks
 * again).
 */

/** Element names of the Swap view (events carry them). */
export const SWAP = {
  form: 'home-swap',
  from: 'swap-from',
  sell: 'swap-sell',
  buy: 'swap-buy',
  amount: 'swap-amount',
  slippage: 'swap-slippage',
  /** Swaps the quoted draft (a fresh quote, checked, then the dialog). */
  go: 'home-swap-go',
} as const;

/** The slippage a swap accepts unless the user says otherwise (0.5 %). */
export const DEFAULT_SLIPPAGE_BPS = 50;
/** The most slippage the view accepts (5 %): more invites a sandwich. */
export const MAX_SLIPPAGE_BPS = 500;
/** The least (0.01 %): below it, a swap fails on any price move. */
export const MIN_SLIPPAGE_BPS = 1;

/** What a quote showed, kept in the page's context. */
export type QuoteShown = {
  /** What the account gets, in the bought token's smallest unit (hex). */
  buyAmount: string;
  /** The least it gets at the draft's slippage (hex). */
  minimum: string;
  avnuFees: string;
  avnuFeesBps: string;
  /** The token AVNU's fee is taken in. */
  feeToken: string;
  /** AVNU's estimate of the network fee, in FRI (hex). */
  gasFees: string;
  priceImpactBps: number;
  sources: string;
  /** When the quote expires (ms since the epoch), if it says. */
  expiresAt?: number;
  /** When it was read (ms since the epoch). */
  readAt: number;
};

/** A swap the user asked a quote for. */
export type SwapDraft = {
  from: string;
  sell: string;
  buy: string;
  /** In the sold token's smallest unit (hex). */
  amount: string;
  slippageBps: number;
  /** The fee choice of the form (see feeChoiceOf). */
  fee: string;
  quote: QuoteShown;
};

/**
 * A draft read back from the page's context: only one the view wrote (each
 * member of its type), else none.
 *
 * @param value - The context's member.
 * @returns The draft, or undefined.
 */
export function draftOf(value: unknown): SwapDraft | undefined {
  if (typeof value !== 'object' || value === null) {
    return undefined;
  }
  const draft = new Map(Object.entries(value));
  const quote = draft.get('quote');
  const texts = ['from', 'sell', 'buy', 'amount', 'fee'];
  const quoteTexts = [
    'buyAmount',
    'minimum',
    'avnuFees',
    'avnuFeesBps',
    'feeToken',
    'gasFees',
    'sources',
  ];
  if (
    typeof quote !== 'object' ||
    quote === null ||
    !texts.every((key) => typeof draft.get(key) === 'string') ||
    typeof draft.get('slippageBps') !== 'number'
  ) {
    return undefined;
  }
  const shown = new Map(Object.entries(quote));
  return quoteTexts.every((key) => typeof shown.get(key) === 'string') &&
    typeof shown.get('priceImpactBps') === 'number' &&
    typeof shown.get('readAt') === 'number'
    ? (value as SwapDraft)
    : undefined;
}

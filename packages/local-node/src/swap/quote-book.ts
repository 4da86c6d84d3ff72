import type { IntegratorFee } from './market';

/** A quote as `/build` needs it again. */
export type StoredQuote = {
  quoteId: string;
  /** The taker the quote was asked for, if one was. */
  taker: bigint | undefined;
  /** Milliseconds since the epoch, on the chain's clock. */
  expiry: number;
  /** The tokens, sold first, bought last. */
  path: bigint[];
  sellAmount: bigint;
  buyAmount: bigint;
  integrator: IntegratorFee;
};

/** How many quotes a chain remembers (the oldest is forgotten first). */
export const QUOTES_KEPT = 256;

/** The quotes of one chain, the newest QUOTES_KEPT of them. */
export class QuoteBook {
  readonly #quotes = new Map<string, StoredQuote>();

  /**
   * Remembers a quote, forgetting the oldest beyond QUOTES_KEPT.
   *
   * @param quote - The quote.
   */
  add(quote: StoredQuote): void {
    this.#quotes.set(quote.quoteId, quote);
    for (const id of this.#quotes.keys()) {
      if (this.#quotes.size <= QUOTES_KEPT) {
        break;
      }
      this.#quotes.delete(id);
    }
  }

  /**
   * A quote by id.
   *
   * @param quoteId - Its id.
   * @returns It, or undefined when unknown or forgotten.
   */
  get(quoteId: string): StoredQuote | undefined {
    return this.#quotes.get(quoteId);
  }
}

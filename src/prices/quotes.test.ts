import type { OracleAnswer } from './pragma';
import { DEFAULT_PREFERENCES } from './preferences';
import {
  FIAT_PAIRS,
  NO_PRICES,
  PRICE_RULES,
  TOKEN_PAIRS,
  crossRate,
  moneyOf,
  priceReads,
  usablePrice,
} from './quotes';
import { TESTNET_CHAIN_ID } from '../config';
import type { Reading } from '../node/answers';

const TESTNET = { name: 'Testnet', chainId: TESTNET_CHAIN_ID };
const STRK =
  '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d';
const USDC =
  '0x053b40a647cedfca6ca84f542a0fe36736031905a9639a7f19a3c1e66bfd5080';
const EKUBO =
  '0x01fad7c03b2ea7fbef306764e20977f8d4eae6191b3a54e4514cc5fc9d19e569';
const NOW = 1_800_000_000;

const answered = (
  value: Partial<OracleAnswer> = {},
): PromiseSettledResult<Reading<OracleAnswer>> => ({
  status: 'fulfilled',
  value: {
    value: {
      price: 50_000_000n,
      decimals: 8,
      lastUpdated: NOW - 60,
      sources: 5,
      ...value,
    },
  },
});

describe('usablePrice', () => {
  it('uses a recent, sane price from enough sources', () => {
    expect(usablePrice(answered(), NOW)).toStrictEqual({
      price: 50_000_000n,
      decimals: 8,
    });
    expect(
      usablePrice(
        answered({ lastUpdated: NOW - PRICE_RULES.maxAgeSeconds }),
        NOW,
      ),
    ).toBeDefined();
  });

  it.each([
    ['zero', { price: 0n }],
    ['older than an hour', { lastUpdated: NOW - 3601 }],
    ['from one source', { sources: PRICE_RULES.minSources - 1 }],
    ['from no source (an unknown pair)', { sources: 0 }],
    ['stamped in the future', { lastUpdated: NOW + 301 }],
    ['absurdly large', { price: 10n ** 18n, decimals: 8 }],
    ['with absurd decimals', { decimals: 200 }],
  ])('does not use a price %s', (_, answer) => {
    expect(usablePrice(answered(answer), NOW)).toBeUndefined();
  });

  it('does not use an answer that was refused or malformed', () => {
    expect(
      usablePrice({ status: 'rejected', reason: new Error('revert') }, NOW),
    ).toBeUndefined();
    expect(
      usablePrice(
        { status: 'fulfilled', value: { problem: 'not a response' } },
        NOW,
      ),
    ).toBeUndefined();
    expect(usablePrice(undefined, NOW)).toBeUndefined();
  });
});

describe('moneyOf', () => {
  const strk = { price: 50_000_000n, decimals: 8 };

  it('values an amount in USD from its price', () => {
    // 1.5 STRK at $0.50.
    expect(
      moneyOf(1_500_000_000_000_000_000n, 18, strk, 'USD', undefined),
    ).toStrictEqual({ units: 75_000_000n, currency: 'USD' });
  });

  it("converts to the user's currency through its pair (USD per unit)", () => {
    // $0.75 at 1.25 USD per EUR is €0.60.
    expect(
      moneyOf(1_500_000_000_000_000_000n, 18, strk, 'EUR', {
        price: 125n,
        decimals: 2,
      }),
    ).toStrictEqual({ units: 60_000_000n, currency: 'EUR' });
  });

  it('falls back to USD, marked so, without a rate', () => {
    expect(moneyOf(10n ** 18n, 18, strk, 'JPY', undefined)).toStrictEqual({
      units: 50_000_000n,
      currency: 'USD',
      fallback: true,
    });
  });
});

describe('crossRate', () => {
  it("is USD per unit of the currency, from an asset's two prices", () => {
    expect(
      crossRate(
        { price: 6_250_000_000_000n, decimals: 8 },
        { price: 500_000n, decimals: 1 },
      ),
    ).toStrictEqual({ price: 12_500_000_000_000_000n, decimals: 16 });
    expect(crossRate(undefined, { price: 1n, decimals: 0 })).toBeUndefined();
    expect(crossRate({ price: 1n, decimals: 0 }, undefined)).toBeUndefined();
  });
});

describe('priceReads', () => {
  it("asks one call per pair of verified tokens, and the currency's two", () => {
    const reads = priceReads(TESTNET, [STRK, USDC, EKUBO, STRK], {
      ...DEFAULT_PREFERENCES,
      currency: 'eur',
    });
    expect(FIAT_PAIRS.EUR).toStrictEqual({
      inUsd: 'BTC/USD',
      inCurrency: 'BTC/EUR',
    });
    expect(reads.calls).toHaveLength(4);
    // BTC at $62,500 and €50,000: 1.25 USD per EUR.
    const book = reads.bookOf(
      [
        answered(),
        answered({ price: 1_000_000n, decimals: 6 }),
        answered({ price: 6_250_000_000_000n }),
        answered({ price: 5_000_000_000_000n }),
      ],
      NOW,
    );
    expect(book.worthOf(STRK, 10n ** 18n, 18)).toStrictEqual({
      money: { units: 40_000_000n, currency: 'EUR' },
    });
    expect(book.worthOf(USDC, 2_500_000n, 6)).toStrictEqual({
      money: { units: 200_000_000n, currency: 'EUR' },
    });
    // A token without a pair shows nothing.
    expect(book.worthOf(EKUBO, 1n, 18)).toBeUndefined();
    expect(TOKEN_PAIRS.EKUBO).toBeUndefined();
  });

  it('says "no recent price" for a priced token whose answer is not used', () => {
    const reads = priceReads(TESTNET, [STRK], DEFAULT_PREFERENCES);
    expect(reads.calls).toHaveLength(1);
    const book = reads.bookOf([answered({ lastUpdated: NOW - 7200 })], NOW);
    expect(book.worthOf(STRK, 1n, 18)).toStrictEqual({ noRecentPrice: true });
  });

  it("values in USD, labelled, when one of the currency's pairs has no recent answer", () => {
    const reads = priceReads(TESTNET, [STRK], {
      ...DEFAULT_PREFERENCES,
      currency: 'eur',
    });
    const book = reads.bookOf(
      [answered(), answered(), answered({ sources: 0 })],
      NOW,
    );
    expect(book.worthOf(STRK, 10n ** 18n, 18)).toStrictEqual({
      money: { units: 50_000_000n, currency: 'USD', fallback: true },
    });
  });

  it('values in USD, labelled, for a currency Pragma has no pair for (GBP), asking nothing more', () => {
    expect(FIAT_PAIRS.GBP).toBeUndefined();
    const reads = priceReads(TESTNET, [STRK], {
      ...DEFAULT_PREFERENCES,
      currency: 'gbp',
    });
    expect(reads.calls).toHaveLength(1);
    expect(
      reads.bookOf([answered()], NOW).worthOf(STRK, 10n ** 18n, 18),
    ).toStrictEqual({
      money: { units: 50_000_000n, currency: 'USD', fallback: true },
    });
  });

  it('a token that calls itself STRK at another address has no price', () => {
    const reads = priceReads(TESTNET, ['0x1234'], DEFAULT_PREFERENCES);
    expect(reads.calls).toHaveLength(0);
  });

  it.each([
    ['external pricing data is off', { useExternalPricingData: false }],
    ['balances are hidden', { hideBalances: true }],
  ])('reads no price when %s', (_, preference) => {
    const reads = priceReads(TESTNET, [STRK], {
      ...DEFAULT_PREFERENCES,
      ...preference,
    });
    expect(reads.calls).toHaveLength(0);
    expect(reads.bookOf([], NOW)).toBe(NO_PRICES);
    expect(NO_PRICES.worthOf(STRK, 1n, 18)).toBeUndefined();
  });

  it('reads no price on a network a site added', () => {
    expect(
      priceReads(
        { ...TESTNET, addedBy: 'https://dapp.example' },
        [STRK],
        DEFAULT_PREFERENCES,
      ).calls,
    ).toHaveLength(0);
  });
});

import { withValues } from './values';
import type { AccountView } from './views/accounts';
import type { HomeView, NetworkView } from './views/model';
import { balanceText, networksListed, worthText } from './views/worth';
import { MAINNET_CHAIN_ID, TESTNET_CHAIN_ID } from '../../config';
import { MASK } from '../../prices/money';
import { DEFAULT_PREFERENCES } from '../../prices/preferences';
import type { PriceBook } from '../../prices/quotes';

const PRICED = '0x1';
const STALE = '0x2';
const UNPRICED = '0x3';

/** $2 a whole token for PRICED, no recent price for STALE, none else. */
const BOOK: PriceBook = {
  worthOf: (token, amount, decimals) => {
    if (token === PRICED) {
      return {
        money: {
          units: (amount * 2n * 10n ** 8n) / 10n ** BigInt(decimals),
          currency: 'USD',
        },
      };
    }
    return token === STALE ? { noRecentPrice: true } : undefined;
  },
};

const UNIT = { decimals: 2, symbol: 'T' };

const account = (amounts: (bigint | undefined)[]): AccountView => ({
  address: '0xa',
  name: 'Account 0',
  balances: amounts.map((amount) => ({
    symbol: 'T',
    decimals: 2,
    ...(amount === undefined ? { unreadable: 'no' } : { amount }),
  })),
});

describe('withValues', () => {
  it("values each line, totals each account and the network, and marks a total that misses a line's price", () => {
    const valued = withValues(
      [account([150n, 100n, 5n]), account([50n, undefined, 1n])],
      [PRICED, STALE, UNPRICED],
      BOOK,
    );
    const [first, second] = valued.accounts;
    expect(first?.balances.map(({ worth }) => worth)).toStrictEqual([
      { money: { units: 300_000_000n, currency: 'USD' } },
      { noRecentPrice: true },
      undefined,
    ]);
    expect(first?.worth).toStrictEqual({
      total: { units: 300_000_000n, currency: 'USD' },
      partial: true,
    });
    // An unreadable balance has no worth; its account's total is whole.
    expect(second?.worth).toStrictEqual({
      total: { units: 100_000_000n, currency: 'USD' },
      partial: false,
    });
    expect(valued.total).toStrictEqual({
      units: 400_000_000n,
      currency: 'USD',
    });
    expect(valued.partial).toBe(true);
  });

  it('values staked totals with the same prices and counts them in the totals', () => {
    const staking = {
      ...account([150n]),
      staked: [
        { token: PRICED, symbol: 'T', decimals: 2, amount: 50n },
        { token: PRICED, symbol: 'T', decimals: 2, unreadable: 'no' },
      ],
    };
    const valued = withValues([staking], [PRICED], BOOK);
    expect(valued.accounts[0]?.staked?.[0]?.worth).toStrictEqual({
      money: { units: 100_000_000n, currency: 'USD' },
    });
    expect(valued.accounts[0]?.staked?.[1]?.worth).toBeUndefined();
    expect(valued.total).toStrictEqual({
      units: 400_000_000n,
      currency: 'USD',
    });
  });

  it('has no total when nothing has a value', () => {
    const valued = withValues([account([1n])], [UNPRICED], BOOK);
    expect(valued.total).toBeUndefined();
    expect(valued.accounts[0]?.worth).toBeUndefined();
  });
});

describe('the page in words', () => {
  const display = { locale: 'en', hidden: false };

  it('writes an amount, then its value or "no recent price"', () => {
    expect(
      balanceText(150n, UNIT, BOOK.worthOf(PRICED, 150n, 2), display),
    ).toBe('1.5 T · $3.00');
    expect(balanceText(100n, UNIT, { noRecentPrice: true }, display)).toBe(
      '1 T · no recent price',
    );
    expect(balanceText(100n, UNIT, undefined, display)).toBe('1 T');
    expect(worthText(undefined, display)).toBeUndefined();
  });

  it('masks amounts and values while balances are hidden', () => {
    expect(
      balanceText(150n, UNIT, BOOK.worthOf(PRICED, 150n, 2), {
        locale: 'en',
        hidden: true,
      }),
    ).toBe(`${MASK} · ${MASK}`);
  });

  it('lists Testnet only when test networks are shown or it is current', () => {
    const networks: NetworkView[] = [MAINNET_CHAIN_ID, TESTNET_CHAIN_ID].map(
      (chainId) => ({
        name: chainId,
        chainId,
        nodes: [],
        paymaster: undefined,
        chosenPaymaster: false,
      }),
    );
    const page = (current: string, showTestnets: boolean): HomeView => ({
      place: { view: 'overview' },
      network: { name: current, chainId: current },
      networks,
      accounts: [],
      tokens: [],
      sites: [],
      preferences: { ...DEFAULT_PREFERENCES, showTestnets },
    });
    const listed = (view: HomeView): string[] =>
      networksListed(view).map(({ chainId }) => chainId);
    expect(listed(page(MAINNET_CHAIN_ID, false))).toStrictEqual([
      MAINNET_CHAIN_ID,
    ]);
    expect(listed(page(TESTNET_CHAIN_ID, false))).toHaveLength(2);
    expect(listed(page(MAINNET_CHAIN_ID, true))).toHaveLength(2);
  });
});

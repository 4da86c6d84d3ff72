import {
  MASK,
  amountText,
  intlLocale,
  moneyText,
  numberSignsOf,
  sumOf,
  typedAmountExample,
  typedUnits,
  unitsText,
} from './money';

const cents = (value: bigint): bigint => value * 10n ** 6n;

describe('moneyText', () => {
  const en = { locale: 'en', hidden: false };

  it('writes money as MetaMask does: two decimals, the sign, grouped', () => {
    expect(moneyText({ units: cents(123450n), currency: 'USD' }, en)).toBe(
      '$1,234.50',
    );
    expect(moneyText({ units: 0n, currency: 'USD' }, en)).toBe('$0.00');
  });

  it('rounds to the cent, half up', () => {
    expect(moneyText({ units: 499_999n, currency: 'USD' }, en)).toBe('$0.00');
    expect(moneyText({ units: 500_000n, currency: 'USD' }, en)).toBe('$0.01');
    expect(moneyText({ units: 1_549_999n, currency: 'USD' }, en)).toBe('$0.02');
  });

  it("writes it in the user's locale and currency", () => {
    const euros = { units: cents(123450n), currency: 'EUR' };
    expect(moneyText(euros, { locale: 'de', hidden: false })).toBe(
      '1.234,50 €',
    );
    expect(moneyText(euros, en)).toBe('€1,234.50');
    expect(
      moneyText(
        { units: cents(123450n), currency: 'GBP' },
        { locale: 'fr', hidden: false },
      ),
    ).toBe('1 234,50 £GB');
  });

  it('labels a USD fallback with its code, never with another sign', () => {
    const fallback = {
      units: cents(150n),
      currency: 'USD',
      fallback: true as const,
    };
    expect(moneyText(fallback, en)).toBe('USD 1.50');
    expect(moneyText(fallback, { locale: 'de', hidden: false })).toBe(
      '1,50 USD',
    );
  });

  it("takes MetaMask's locales (pt_BR) and falls back to English", () => {
    expect(intlLocale('pt_BR')).toBe('pt-BR');
    expect(intlLocale('zh_CN')).toBe('zh-CN');
    expect(intlLocale('not a locale!')).toBe('en');
    expect(intlLocale('')).toBe('en');
    expect(
      moneyText(
        { units: cents(123450n), currency: 'USD' },
        { locale: '??', hidden: false },
      ),
    ).toBe('$1,234.50');
  });

  it('writes whole units past ten trillion, where a double holds no cent', () => {
    expect(
      moneyText({ units: cents(10n ** 17n + 49n), currency: 'USD' }, en),
    ).toBe('$1,000,000,000,000,000');
  });

  it('masks values and amounts while balances are hidden', () => {
    const hidden = { locale: 'en', hidden: true };
    expect(moneyText({ units: cents(1n), currency: 'USD' }, hidden)).toBe(MASK);
    const strk = { decimals: 18, symbol: 'STRK' };
    expect(amountText(1_500_000_000_000_000_000n, strk, hidden)).toBe(MASK);
    expect(amountText(1_500_000_000_000_000_000n, strk, en)).toBe('1.5 STRK');
  });
});

describe('unitsText', () => {
  it("writes an exact amount with the locale's grouping and decimal sign", () => {
    const amount = 1_234_567_500_000_000_000_000n;
    expect(unitsText(amount, 18, 'en')).toBe('1,234.5675');
    expect(unitsText(amount, 18, 'de')).toBe('1.234,5675');
    expect(unitsText(amount, 18, 'fr')).toBe('1 234,5675');
    expect(unitsText(amount, 18, 'pt_BR')).toBe('1.234,5675');
    expect(unitsText(amount, 18, 'xx-unknown')).toBe('1,234.5675');
  });

  it('keeps every digit, past what a double holds, and the sign', () => {
    expect(unitsText(2n ** 128n - 1n, 18, 'en')).toBe(
      '340,282,366,920,938,463,463.374607431768211455',
    );
    expect(unitsText(-1n, 18, 'de')).toBe('-0,000000000000000001');
    expect(unitsText(0n, 6, 'en')).toBe('0');
    expect(unitsText(500n, 2, 'en')).toBe('5');
  });

  it("writes the fraction in the locale's own digits, as the whole part", () => {
    expect(unitsText(12_345n, 2, 'ar-EG')).toBe('١٢٣٫٤٥');
  });

  it('writes amounts in the locale on the page, masked while hidden', () => {
    const strk = { decimals: 18, symbol: 'STRK' };
    const amount = 1_500_000_000_000_000_000_000n;
    expect(amountText(amount, strk, { locale: 'de', hidden: false })).toBe(
      '1.500 STRK',
    );
    expect(amountText(amount, strk, { locale: 'de', hidden: true })).toBe(MASK);
  });
});

describe('typedUnits', () => {
  const strk = (whole: bigint, tenths = 0n): bigint =>
    whole * 10n ** 18n + tenths * 10n ** 17n;

  it("reads the locale's decimal sign, and a point where it groups nothing", () => {
    expect(typedUnits('1.5', 18, 'en')).toBe(strk(1n, 5n));
    expect(typedUnits('1,5', 18, 'de')).toBe(strk(1n, 5n));
    expect(typedUnits(' 1,5 ', 18, 'pt_BR')).toBe(strk(1n, 5n));
    // fr groups with a space: both signs read as decimal, neither groups.
    expect(typedUnits('1,5', 18, 'fr')).toBe(strk(1n, 5n));
    expect(typedUnits('1.5', 18, 'fr')).toBe(strk(1n, 5n));
    expect(typedUnits('1٫5', 18, 'ar-EG')).toBe(strk(1n, 5n));
    expect(typedUnits('1000', 18, 'de')).toBe(strk(1000n));
    expect(typedUnits('1.000', 18, 'en')).toBe(strk(1n));
  });

  it('never reads a group sign as a decimal sign, nor accepts grouping', () => {
    // Each could be read as 1 or as 1000: refused, not guessed.
    expect(typedUnits('1.000', 18, 'de')).toBeUndefined();
    expect(typedUnits('1,000', 18, 'en')).toBeUndefined();
    expect(typedUnits('1.5', 18, 'de')).toBeUndefined();
    expect(typedUnits('1.000,5', 18, 'de')).toBeUndefined();
    expect(typedUnits('1,000.5', 18, 'en')).toBeUndefined();
    expect(typedUnits('1 000', 18, 'fr')).toBeUndefined();
    expect(typedUnits('1,5,0', 18, 'de')).toBeUndefined();
  });

  it('keeps the bounds of parseUnits: digits only, at most the decimals', () => {
    expect(typedUnits('0,000001', 6, 'de')).toBe(1n);
    expect(typedUnits('0,0000001', 6, 'de')).toBeUndefined();
    expect(typedUnits('-1', 18, 'en')).toBeUndefined();
    expect(typedUnits('1e3', 18, 'en')).toBeUndefined();
    expect(typedUnits('', 18, 'en')).toBeUndefined();
    expect(typedUnits(',5', 18, 'de')).toBeUndefined();
  });

  it("shows how an amount is typed in the locale, and names the locale's signs", () => {
    expect(typedAmountExample('en')).toBe('1.5');
    expect(typedAmountExample('de')).toBe('1,5');
    expect(numberSignsOf('de')).toStrictEqual({ decimal: ',', group: '.' });
    expect(numberSignsOf('en')).toStrictEqual({ decimal: '.', group: ',' });
  });
});

describe('sumOf', () => {
  it('adds values of one currency, and has none for no value', () => {
    expect(sumOf([])).toBeUndefined();
    expect(
      sumOf([
        { units: 1n, currency: 'EUR' },
        { units: 2n, currency: 'EUR' },
      ]),
    ).toStrictEqual({ units: 3n, currency: 'EUR' });
  });
});

import { formatUnits, parseUnits } from '../format';

/**
 * Money as MetaMask writes it: two decimals, the currency's sign (or its
 * code when the value is not in the user's currency), grouped in the user's
 * locale — `$1,234.50`, `1.234,50 €`. Every amount and value is masked, as
 * MetaMask masks them, while the user hides balances.
 */

/** A value in a currency, exact to 10^-MONEY_DECIMALS of its unit. */
export type Money = {
  /** In 10^-MONEY_DECIMALS of the currency's unit. */
  units: bigint;
  /** ISO 4217, upper case (`USD`). */
  currency: string;
  /**
   * Set when the user's currency could not be served (the oracle has no
   * fresh pair for it): the value is in USD and is written with its code.
   */
  fallback?: true;
};

/** The precision values are summed in, before they are rounded to cents. */
export const MONEY_DECIMALS = 8;

/**
 * How the page and dialogs write amounts, values and dates: the user's
 * locale, and whether amounts and values are hidden.
 */
export type MoneyDisplay = { locale: string; hidden: boolean };

/** What MetaMask shows in place of a hidden amount or value. */
export const MASK = '••••••';

/**
 * A MetaMask locale (`pt_BR`) as a BCP 47 tag Intl knows (`pt-BR`); English
 * for one it does not know.
 *
 * @param locale - MetaMask's locale.
 * @returns The tag.
 */
export function intlLocale(locale: string): string {
  try {
    const [tag] = Intl.getCanonicalLocales(locale.replace(/_/gu, '-'));
    return tag !== undefined &&
      Intl.NumberFormat.supportedLocalesOf(tag).length > 0
      ? tag
      : 'en';
  } catch {
    return 'en';
  }
}

/** Cents below this are written exactly through a double (15 digits). */
const EXACT_CENTS = 10n ** 15n;

/**
 * A value as the page and the dialogs write it: cents rounded half away
 * from zero; past ten trillion, whole units (a double no longer holds
 * every cent, and Intl takes a number or a bigint).
 *
 * @param money - The value.
 * @param display - The locale, and whether values are hidden.
 * @returns E.g. `$1,234.50`, `USD 12.00` (a fallback), or the mask.
 */
export function moneyText(money: Money, display: MoneyDisplay): string {
  if (display.hidden) {
    return MASK;
  }
  const negative = money.units < 0n;
  const size = negative ? -money.units : money.units;
  const step = 10n ** BigInt(MONEY_DECIMALS - 2);
  const cents = (size + step / 2n) / step;
  const exact = cents < EXACT_CENTS;
  const format = new Intl.NumberFormat(intlLocale(display.locale), {
    style: 'currency',
    currency: money.currency,
    currencyDisplay: money.fallback ? 'code' : 'symbol',
    minimumFractionDigits: exact ? 2 : 0,
    maximumFractionDigits: exact ? 2 : 0,
  });
  const sign = negative ? -1 : 1;
  const text = exact
    ? format.format((sign * Number(cents)) / 100)
    : format.format(BigInt(sign) * ((cents + 50n) / 100n));
  // Intl's no-break spaces (`1.234,50 €`) would be shown as invisible
  // characters marked (see ui/visibleContent.ts): plain spaces instead.
  return text.replace(/\s/gu, ' ');
}

/**
 * The sum of values in one currency.
 *
 * @param values - The values (all in the same currency and fallback).
 * @returns Their sum, or undefined when there are none.
 */
export function sumOf(values: Money[]): Money | undefined {
  const [first] = values;
  if (first === undefined) {
    return undefined;
  }
  return {
    ...first,
    units: values.reduce((sum, { units }) => sum + units, 0n),
  };
}

/**
 * A token amount as the page shows it, exact (`1.5 STRK`), or the mask
 * while the user hides balances: the one helper every amount on the page
 * goes through, so that no view can show one the user chose to hide.
 *
 * @param amount - In the token's smallest unit.
 * @param unit - The token's decimals and symbol (`base units` and 0
 * decimals for a token whose decimals are not known).
 * @param unit.decimals - Its decimals.
 * @param unit.symbol - Its symbol.
 * @param display - Whether balances are hidden.
 * @returns What to show.
 */
export function amountText(
  amount: bigint,
  unit: { decimals: number; symbol: string },
  display: MoneyDisplay,
): string {
  return display.hidden
    ? MASK
    : `${unitsText(amount, unit.decimals, display.locale)} ${unit.symbol}`;
}

/**
 * An amount in whole units, exact (every fraction digit kept), written in
 * the user's locale: its digit grouping and decimal sign (`1,234.5` in en,
 * `1.234,5` in de). Intl formats the whole part as a bigint, so no digit
 * goes through a double.
 *
 * @param amount - In the smallest unit.
 * @param decimals - The token's decimals.
 * @param locale - MetaMask's locale.
 * @returns The amount.
 */
export function unitsText(
  amount: bigint,
  decimals: number,
  locale: string,
): string {
  const negative = amount < 0n;
  const [whole = '', fraction] = formatUnits(
    negative ? -amount : amount,
    decimals,
  ).split('.');
  const format = new Intl.NumberFormat(intlLocale(locale));
  const digit = (char: string): string => format.format(Number(char));
  const text = `${negative ? '-' : ''}${format.format(BigInt(whole))}${
    fraction === undefined
      ? ''
      : `${numberSignsOf(locale).decimal}${fraction.replace(/\d/gu, digit)}`
  }`;
  // Intl's no-break spaces (fr groups with them) and direction marks would
  // be shown as invisible characters marked (see ui/visibleContent.ts).
  return text.replace(/\s/gu, ' ').replace(/\p{Cf}/gu, '');
}

/**
 * The signs a locale writes numbers with: its decimal sign and the sign
 * that groups its digits (`.` and `,` in en, `,` and `.` in de).
 *
 * @param locale - MetaMask's locale.
 * @returns The signs.
 */
export function numberSignsOf(locale: string): {
  decimal: string;
  group: string;
} {
  const parts = new Intl.NumberFormat(intlLocale(locale)).formatToParts(
    1234567.5,
  );
  const sign = (type: string, fallback: string): string =>
    parts.find((part) => part.type === type)?.value ?? fallback;
  return { decimal: sign('decimal', '.'), group: sign('group', ',') };
}

/**
 * An amount the user typed in a form, in the token's smallest unit: digits
 * with one decimal sign at most, that of the user's locale (`1,5` in de) or
 * a point wherever a point is not the locale's group sign (`1.5` in en and
 * fr, not in de). A sign that groups digits is never read as a decimal
 * sign, and no grouping is accepted: `1.000` in de and `1,000` in en are
 * refused, not read as 1 or as 1000.
 *
 * @param text - What the user typed.
 * @param decimals - The token's decimals.
 * @param locale - MetaMask's locale.
 * @returns The amount, or undefined when the text is not one (see
 * parseUnits for the bounds).
 */
export function typedUnits(
  text: string,
  decimals: number,
  locale: string,
): bigint | undefined {
  const { decimal, group } = numberSignsOf(locale);
  const trimmed = text.trim();
  if (group === '.' && trimmed.includes('.')) {
    return undefined;
  }
  return parseUnits(trimmed.split(decimal).join('.'), decimals);
}

/**
 * How the forms show an amount is typed in the user's locale.
 *
 * @param locale - MetaMask's locale.
 * @returns One and a half: `1.5` in en, `1,5` in de.
 */
export function typedAmountExample(locale: string): string {
  return unitsText(15n, 1, locale);
}

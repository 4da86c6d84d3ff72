import { boolean, string, type, validate } from 'superstruct';

import type { MoneyDisplay } from './money';

/**
 * The user's MetaMask preferences the wallet honours (`snap_getPreferences`,
 * open to every snap that asks for the permission): read once per request
 * or page draw and handed down, never stored.
 */
export type Preferences = {
  /** MetaMask's locale, e.g. `en`, `de`, `pt_BR`. */
  locale: string;
  /** The user's currency, lower case ISO 4217 (`usd`, `eur`). */
  currency: string;
  /** Amounts and values masked until the user turns it off in MetaMask. */
  hideBalances: boolean;
  /** Off: no price is read at all (amounts only). */
  useExternalPricingData: boolean;
  /** Off: the page's network switch lists Testnet only when it is current. */
  showTestnets: boolean;
};

/** MetaMask's own defaults, used when the preferences cannot be read. */
export const DEFAULT_PREFERENCES: Preferences = {
  locale: 'en',
  currency: 'usd',
  hideBalances: false,
  useExternalPricingData: true,
  showTestnets: true,
};

const PreferencesStruct = type({
  locale: string(),
  currency: string(),
  hideBalances: boolean(),
  useExternalPricingData: boolean(),
  showTestnets: boolean(),
});

/**
 * The preferences as MetaMask answers them; its defaults for an answer that
 * is not what the SDK documents (an older MetaMask), so that the page and
 * the dialogs always open.
 *
 * @returns The preferences.
 */
export async function readPreferences(): Promise<Preferences> {
  let answer: unknown;
  try {
    answer = await snap.request({ method: 'snap_getPreferences' });
  } catch {
    return DEFAULT_PREFERENCES;
  }
  const [error, read] = validate(answer, PreferencesStruct);
  if (error) {
    return DEFAULT_PREFERENCES;
  }
  const { locale, currency, hideBalances, useExternalPricingData } = read;
  return {
    locale,
    currency,
    hideBalances,
    useExternalPricingData,
    showTestnets: read.showTestnets,
  };
}

/**
 * How amounts and values are written under these preferences: in the
 * user's locale, masked while balances are hidden.
 *
 * @param preferences - MetaMask's preferences.
 * @returns The display.
 */
export function moneyDisplayOf(preferences: Preferences): MoneyDisplay {
  return { locale: preferences.locale, hidden: preferences.hideBalances };
}

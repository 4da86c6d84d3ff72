import { Row, Text } from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import type { AccountView } from './accounts';
import type { HomeView, NetworkView } from './model';
import { TESTNET_CHAIN_ID } from '../../../config';
import { amountText, moneyText } from '../../../prices/money';
import type { Money, MoneyDisplay } from '../../../prices/money';
import {
  DEFAULT_PREFERENCES,
  moneyDisplayOf,
} from '../../../prices/preferences';
import type { Worth } from '../../../prices/quotes';

export type { MoneyDisplay } from '../../../prices/money';

/**
 * The page's values beside its amounts (see ../values.ts), written in the
 * user's locale and currency, and masked with the amounts while the user
 * hides balances in MetaMask.
 */

/**
 * How the page writes values: the user's locale, and whether balances are
 * hidden (MetaMask's defaults when the preferences were not read).
 *
 * @param view - The page.
 * @returns The display.
 */
export function displayOf(view: Pick<HomeView, 'preferences'>): MoneyDisplay {
  return moneyDisplayOf(view.preferences ?? DEFAULT_PREFERENCES);
}

/**
 * A worth in words: its value, "no recent price", or nothing.
 *
 * @param worth - The worth.
 * @param display - How values are written.
 * @returns The words, or undefined.
 */
export function worthText(
  worth: Worth,
  display: MoneyDisplay,
): string | undefined {
  if (worth === undefined) {
    return undefined;
  }
  return 'money' in worth ? moneyText(worth.money, display) : 'no recent price';
}

/**
 * A balance line's text: the exact amount (masked while balances are
 * hidden), then its value when its token has a price.
 *
 * @param amount - In the token's smallest unit.
 * @param unit - The token's decimals and symbol.
 * @param unit.decimals - Its decimals.
 * @param unit.symbol - Its symbol.
 * @param worth - Its worth.
 * @param display - How values are written.
 * @returns E.g. `1.5 STRK · $0.75`.
 */
export function balanceText(
  amount: bigint,
  unit: { decimals: number; symbol: string },
  worth: Worth,
  display: MoneyDisplay,
): string {
  const value = worthText(worth, display);
  const shown = amountText(amount, unit, display);
  return value === undefined ? shown : `${shown} · ${value}`;
}

/**
 * A total's line: the value, and a word when some line had no price.
 *
 * @param label - The row's label.
 * @param total - The total and whether it is partial.
 * @param total.total - The value.
 * @param total.partial - Whether some priced line had no recent price.
 * @param display - How values are written.
 * @returns The row.
 */
function totalRow(
  label: string,
  { total, partial }: { total: Money; partial: boolean },
  display: MoneyDisplay,
): JSXElement {
  const text = moneyText(total, display);
  return (
    <Row label={label}>
      <Text>
        {partial ? `${text} (some tokens have no recent price)` : text}
      </Text>
    </Row>
  );
}

/**
 * An account's total value, when some of its balances have one.
 *
 * @param account - The account.
 * @param display - How values are written.
 * @returns Its row, or null.
 */
export function accountTotal(
  account: AccountView,
  display: MoneyDisplay,
): JSXElement | null {
  return account.worth ? totalRow('Total', account.worth, display) : null;
}

/**
 * The network's total value (every account's), when there is one.
 *
 * @param view - The page.
 * @returns Its row, or null.
 */
export function networkTotal(view: HomeView): JSXElement | null {
  return view.total
    ? totalRow(`Total on ${view.network.name}`, view.total, displayOf(view))
    : null;
}

/**
 * The networks the page's switch lists: Testnet only when the user shows
 * test networks in MetaMask, or when it is the current network.
 *
 * @param view - The page.
 * @returns The networks.
 */
export function networksListed(view: HomeView): NetworkView[] {
  const { showTestnets } = view.preferences ?? DEFAULT_PREFERENCES;
  return view.networks.filter(
    ({ chainId }) =>
      showTestnets ||
      chainId !== TESTNET_CHAIN_ID ||
      chainId === view.network.chainId,
  );
}

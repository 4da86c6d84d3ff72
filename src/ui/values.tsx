import { Section } from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { BoldText, TextRow } from './components';
import type { PaymasterShown } from './dialogs/paymaster';
import { STRK_ADDRESS } from '../config';
import { moneyText, unitsText } from '../prices/money';
import type { MoneyDisplay } from '../prices/money';
import type { PriceBook } from '../prices/quotes';
import type { TransactionPreview } from '../sender/intent';
import type { TokenRecord } from '../state/schema';

/**
 * What a confirmation's amounts are worth in the user's currency: each
 * balance change of a tracked token and the fee, the exact amount beside
 * its value (never instead of it). Prices ride the transaction's first
 * round trip (no round trip of their own, no wait); a value never changes
 * what is signed.
 */

/** An amount of a confirmation whose value is shown. */
export type ValueLine = {
  label: string;
  token: string;
  symbol: string;
  decimals: number;
  /** Signed: a balance change may be negative. */
  amount: bigint;
};

/** How a dialog shows values: the user's locale, and what is priced. */
export type DialogValues = {
  display: MoneyDisplay;
  /** The tokens whose value is read (they have a pair, prices are on). */
  priced: (token: string) => boolean;
};

/**
 * The amounts of a transaction whose value is shown: the account's balance
 * changes in tracked tokens, then the fee (the true maximum in STRK, or
 * the paymaster's fee in its gas token).
 *
 * @param preview - The planned transaction.
 * @param tokens - Tokens tracked on the network.
 * @param paymaster - The paymaster, when it sends the transaction.
 * @returns The lines.
 */
export function valueLinesOf(
  preview: TransactionPreview,
  tokens: TokenRecord[],
  paymaster?: PaymasterShown,
): ValueLine[] {
  const changes = preview.plan.balanceChanges.flatMap(({ token, amount }) => {
    const tracked = tokens.find(
      ({ address }) => BigInt(address) === BigInt(token),
    );
    return tracked
      ? [
          {
            label: `Balance change, ${tracked.symbol}`,
            token: tracked.address,
            symbol: tracked.symbol,
            decimals: tracked.decimals,
            amount,
          },
        ]
      : [];
  });
  const fee = paymaster?.build.feeTransfer;
  if (paymaster) {
    return fee
      ? [
          ...changes,
          {
            label: 'Paymaster fee, at most',
            token: fee.token.address,
            symbol: fee.token.symbol,
            decimals: fee.token.decimals,
            amount: fee.amount,
          },
        ]
      : changes;
  }
  return [
    ...changes,
    {
      label: 'Maximum fee',
      token: STRK_ADDRESS,
      symbol: 'STRK',
      decimals: 18,
      amount: preview.plan.maxFee,
    },
  ];
}

/**
 * A line's value.
 *
 * @param line - The amount.
 * @param display - How values are written.
 * @param book - The prices read, if any.
 * @returns The words.
 */
function valueText(
  line: ValueLine,
  display: MoneyDisplay,
  book: PriceBook | undefined,
): string {
  const worth = book?.worthOf(line.token, line.amount, line.decimals);
  return worth === undefined || !('money' in worth)
    ? 'no recent price'
    : moneyText(worth.money, display);
}

/**
 * The values of a confirmation's amounts. Nothing at all when no amount
 * has a price to read (prices off, no oracle, no pair).
 *
 * @param shown - What to show.
 * @param shown.lines - The amounts.
 * @param shown.values - How values are shown, if they are.
 * @param shown.book - The prices read with the transaction's first round
 * trip, if any.
 * @returns The section, or nothing.
 */
export function valuesSection({
  lines,
  values,
  book,
}: {
  lines: ValueLine[];
  values?: DialogValues | undefined;
  book?: PriceBook | undefined;
}): JSXElement | null {
  const priced = values
    ? lines.filter(({ token }) => values.priced(token))
    : [];
  if (!values || priced.length === 0) {
    return null;
  }
  return (
    <Section>
      <BoldText>
        Value in your currency (from prices on chain; not signed)
      </BoldText>
      {priced.map((line) => (
        <TextRow
          label={line.label}
        >{`${unitsText(line.amount, line.decimals, values.display.locale)} ${line.symbol} ≈ ${valueText(line, values.display, book)}`}</TextRow>
      ))}
    </Section>
  );
}

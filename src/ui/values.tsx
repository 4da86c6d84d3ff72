import { Row, Section, Text } from '@metamask/snaps-sdk/jsx';
import type { SnapComponent } from '@metamask/snaps-sdk/jsx';

import type { PaymasterShown } from './dialogs/paymaster';
import { STRK_ADDRESS } from '../config';
import { formatUnits } from '../format';
import { moneyText } from '../prices/money';
import type { MoneyDisplay } from '../prices/money';
import type { PriceBook } from '../prices/quotes';
import type { TransactionPreview } from '../sender/intent';
import type { TokenRecord } from '../state/schema';

/**
 * What a confirmation's amounts are worth in the user's currency: each
 * balance change of a tracked token and the fee, the exact amount beside
 * its value (never instead of it). Prices are read while the dialog is
 * open (the dialog is not delayed for them), each line held from the start;
 * a value never changes what is signed.
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

/** Values read while a dialog is open. */
export type ValuesReading = {
  display: MoneyDisplay;
  /** The tokens whose lines are held (they have a pair). */
  priced: (token: string) => boolean;
  /** Undefined: still reading. */
  book?: PriceBook | undefined;
};

/** Values to read while a dialog is open (see wallet/values.ts). */
export type LateValues = Omit<ValuesReading, 'book'> & {
  /** Reads the prices of some tokens; never throws. */
  read: (tokens: string[]) => Promise<PriceBook>;
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
 * A line's value as read so far.
 *
 * @param line - The amount.
 * @param reading - The values read so far.
 * @returns The words.
 */
function valueText(line: ValueLine, reading: ValuesReading): string {
  if (reading.book === undefined) {
    return 'reading the price…';
  }
  const worth = reading.book.worthOf(line.token, line.amount, line.decimals);
  if (worth === undefined || !('money' in worth)) {
    return 'no recent price';
  }
  return moneyText(worth.money, reading.display);
}

/**
 * The values of a confirmation's amounts, each line held from the start.
 * Nothing at all when no amount has a price to read.
 *
 * @param props - Component props.
 * @param props.lines - The amounts.
 * @param props.reading - The values read so far, if they are read.
 * @returns The section, or nothing.
 */
export const ValuesSection: SnapComponent<{
  lines: ValueLine[];
  reading?: ValuesReading | undefined;
}> = ({ lines, reading }) => {
  const priced = reading
    ? lines.filter(({ token }) => reading.priced(token))
    : [];
  if (!reading || priced.length === 0) {
    return null;
  }
  return (
    <Section>
      <Text fontWeight="bold">
        Value in your currency (from prices on chain; not signed)
      </Text>
      {priced.map((line) => (
        <Row label={line.label}>
          <Text>{`${formatUnits(line.amount, line.decimals)} ${line.symbol} ≈ ${valueText(line, reading)}`}</Text>
        </Row>
      ))}
    </Section>
  );
};

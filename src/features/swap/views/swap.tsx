import {
  Box,
  Button,
  Dropdown,
  Field,
  Form,
  Input,
  Option,
  Text,
} from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { MASK, unitsText } from '../../../prices/money';
import type { MoneyDisplay } from '../../../prices/money';
import { BoldText, TextRow } from '../../../ui/components';
import { fromField } from '../../home/views/fromField';
import type { HomeView } from '../../home/views/model';
import { feeField } from '../../home/views/paymaster';
import { displayOf } from '../../home/views/worth';
import { DEFAULT_SLIPPAGE_BPS, MAX_SLIPPAGE_BPS, SWAP } from '../model';
import type { SwapDraft } from '../model';

/**
 * The Swap view: from which account, what to sell (each account's
 * holdings shown), what to buy, how much, the slippage and how the network
 * fee is paid; "Get quote" asks AVNU and shows the quote (what you get,
 * the rate, the price impact, the least you get, the fees, the sources),
 * and "Swap" asks a fresh one, checks the calls built for it and opens the
 * wallet's confirmation. The dropdowns carry no value of their own, so a
 * redraw keeps the user's choices.
 */

/** A token of the view, as its lines name it. */
type TokenShown = { address: string; symbol: string; decimals: number };

/**
 * An amount of a token in words, masked when balances are hidden.
 *
 * @param amount - In its smallest unit (hex or a number).
 * @param token - The token.
 * @param display - How amounts are written.
 * @returns The words.
 */
function amountOf(
  amount: string | bigint,
  token: TokenShown | undefined,
  display: MoneyDisplay,
): string {
  if (!token) {
    return `${BigInt(amount).toString()} (raw)`;
  }
  return `${unitsText(BigInt(amount), token.decimals, display.locale)} ${token.symbol}`;
}

/**
 * The quote the draft holds.
 *
 * @param draft - The draft.
 * @param tokens - The network's tokens.
 * @param display - How amounts are written.
 * @returns Its box.
 */
function quoteBox(
  draft: SwapDraft,
  tokens: TokenShown[],
  display: MoneyDisplay,
): JSXElement {
  const { quote } = draft;
  const find = (address: string): TokenShown | undefined =>
    tokens.find((token) => token.address === address);
  const sell = find(draft.sell);
  const buy = find(draft.buy);
  const sold = BigInt(draft.amount);
  const got = BigInt(quote.buyAmount);
  const rate =
    sell && buy && sold > 0n
      ? `1 ${sell.symbol} = ${unitsText(
          (got * 10n ** BigInt(sell.decimals)) / sold,
          buy.decimals,
          display.locale,
        )} ${buy.symbol}`
      : 'not shown (a token the wallet does not track)';
  const expired =
    quote.expiresAt !== undefined && quote.expiresAt <= Date.now();
  return (
    <Box>
      <BoldText>{`Quote: ${amountOf(sold, sell, display)} for ${amountOf(got, buy, display)}`}</BoldText>
      <TextRow label="You get (quoted)">{amountOf(got, buy, display)}</TextRow>
      <TextRow label="Rate">{rate}</TextRow>
      <TextRow label="Price impact">{`${(quote.priceImpactBps / 100).toFixed(2)} %`}</TextRow>
      <TextRow label={`At least (slippage ${draft.slippageBps / 100} %)`}>
        {amountOf(quote.minimum, buy, display)}
      </TextRow>
      <TextRow label="AVNU fee">{`${amountOf(quote.avnuFees, find(quote.feeToken), display)} (${Number(BigInt(quote.avnuFeesBps)) / 100} %)`}</TextRow>
      <TextRow label="Other fees">None</TextRow>
      <TextRow label="Network fee (AVNU's estimate)">{`${unitsText(BigInt(quote.gasFees), 18, display.locale)} STRK`}</TextRow>
      <TextRow label="Sources">{quote.sources || 'not named'}</TextRow>
      <Text>
        {expired
          ? 'This quote has expired: Swap asks AVNU for a new one, and the confirmation shows it.'
          : 'Swap asks AVNU for a fresh quote, checks the calls it builds, and the confirmation shows what you sign.'}
      </Text>
      <Button name={SWAP.go}>Swap</Button>
    </Box>
  );
}

/**
 * The Swap view.
 *
 * @param view - The page.
 * @returns Its content.
 */
export function swapContent(view: HomeView): JSXElement {
  if (view.accounts.length === 0 || view.tokens.length < 2) {
    return (
      <Text>
        A swap needs an account and two tokens on this network: create an
        account in Accounts, add tokens in Tokens.
      </Text>
    );
  }
  const display = displayOf(view);
  const draft = view.place.swap;
  return (
    <Box>
      <BoldText>{`Swap on ${view.network.name}, through AVNU`}</BoldText>
      {view.accounts.map((account) => (
        <TextRow label={`${account.name} holds`}>
          {account.balances
            .map(({ symbol, decimals, amount }) =>
              amount === undefined
                ? `${symbol} unknown`
                : `${display.hidden ? MASK : unitsText(amount, decimals, display.locale)} ${symbol}`,
            )
            .join(' · ')}
        </TextRow>
      ))}
      <Form name={SWAP.form}>
        {fromField(SWAP.from, view.accounts)}
        <Field label="Sell">
          <Dropdown name={SWAP.sell}>
            {view.tokens.map(({ address, symbol }) => (
              <Option value={address}>{symbol}</Option>
            ))}
          </Dropdown>
        </Field>
        <Field label="Buy">
          <Dropdown name={SWAP.buy}>
            {[...view.tokens.slice(1), ...view.tokens.slice(0, 1)].map(
              ({ address, symbol }) => (
                <Option value={address}>{symbol}</Option>
              ),
            )}
          </Dropdown>
        </Field>
        <Field label="Amount to sell">
          <Input name={SWAP.amount} placeholder="100" />
        </Field>
        <Field
          label={`Slippage in % (default ${DEFAULT_SLIPPAGE_BPS / 100}, at most ${MAX_SLIPPAGE_BPS / 100})`}
        >
          <Input
            name={SWAP.slippage}
            placeholder={String(DEFAULT_SLIPPAGE_BPS / 100)}
          />
        </Field>
        {feeField(view.paymaster)}
        <Button type="submit" name={`${SWAP.form}:submit`}>
          Get quote
        </Button>
      </Form>
      {draft ? quoteBox(draft, view.tokens, display) : null}
    </Box>
  );
}

import {
  Box,
  Button,
  Copyable,
  Field,
  Form,
  Heading,
  Image,
  Input,
  Row,
  Section,
  Text,
} from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { amountText } from '../../../prices/money';
import type { MoneyDisplay } from '../../../prices/money';

/**
 * The Tokens view: the tracked tokens, and beyond them the verified tokens
 * the accounts received (by the bundled list's name, with balances), the
 * unverified ones folded under their own heading and shown by address only
 * (never by the name their contract gives itself: anyone can deploy a
 * "STRK"), the hidden ones with a way back, and a form to add a token by
 * address (the dialog of snapnet_addErc20Token).
 */

/** Element names of this part of the page (events carry them). */
export const HOME_TOKENS = {
  hide: 'home-hide-token:', // then `<chainId>:<token address>`
  show: 'home-show-token:', // then `<chainId>:<token address>`
  add: 'home-add-token',
  discover: 'home-discover-tokens',
  remove: 'home-remove-token:', // then `<chainId>:<token address>`
} as const;

/** A tracked token of the current network, as the views show it. */
export type TrackedToken = {
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  logo: string | undefined;
  /** Every token but the fee tokens can be removed. */
  removable: boolean;
};

/** One account's balance of a discovered token. */
type HeldBalance = {
  account: string;
  /** Undefined when it could not be read. */
  amount?: bigint;
  /** Why it could not be read. */
  unreadable?: string;
};

/** What this part of the page shows, read by ../tokenDiscovery.ts. */
export type HomeTokensView = {
  chainId: string;
  /** How many recent blocks were searched for transfers. */
  blocks: number;
  /** Why discovery did not run, or did not read everything. */
  note?: string;
  verified: {
    address: string;
    name: string;
    symbol: string;
    decimals: number;
    balances: HeldBalance[];
  }[];
  /** Unverified tokens: their address only. */
  unverified: { address: string; balances: HeldBalance[] }[];
  /** Unverified tokens received but not listed (past the page's bound). */
  unlisted: number;
  /** Hidden tokens, each by the name the wallet may give it, or its address. */
  hidden: { address: string; label: string }[];
  /** Tracked tokens the user may hide (all but the fee tokens). */
  hideable: { address: string; symbol: string }[];
  /** The user's locale, and whether balances are hidden (amounts masked). */
  display: MoneyDisplay;
};

/**
 * A balance as a row: formatted with the token's decimals when they are
 * known (verified tokens), in the contract's base units otherwise.
 *
 * @param balance - The balance.
 * @param display - The user's locale, and whether amounts are masked.
 * @param unit - The verified symbol and decimals, if verified.
 * @param unit.symbol - The symbol.
 * @param unit.decimals - The decimals.
 * @returns The row.
 */
function balanceRow(
  balance: HeldBalance,
  display: MoneyDisplay,
  unit?: { symbol: string; decimals: number },
): JSXElement {
  let shown = '–';
  if (balance.amount !== undefined) {
    shown = amountText(
      balance.amount,
      unit ?? { decimals: 0, symbol: 'base units' },
      display,
    );
  } else if (balance.unreadable !== undefined) {
    shown = `unreadable: ${balance.unreadable}`;
  }
  return (
    <Row label={balance.account}>
      <Text>{shown}</Text>
    </Row>
  );
}

/**
 * The button that hides a token.
 *
 * @param chainId - The network.
 * @param address - The token.
 * @param what - How the button names it.
 * @returns The button.
 */
function hideButton(
  chainId: string,
  address: string,
  what: string,
): JSXElement {
  return (
    <Button name={`${HOME_TOKENS.hide}${chainId}:${address}`}>
      {`Hide ${what}`}
    </Button>
  );
}

/**
 * The verified tokens the accounts received, with their balances (the
 * overview shows them too, without the buttons that hide them).
 *
 * @param view - This part of the page.
 * @param hiding - Whether each has a button that hides it.
 * @returns The boxes.
 */
export function receivedBoxes(
  view: HomeTokensView,
  hiding: boolean,
): JSXElement[] {
  return view.verified.map((token) => (
    <Box>
      <Text fontWeight="bold">{`${token.symbol} · ${token.name} · verified`}</Text>
      <Copyable value={token.address} />
      {token.balances.map((balance) =>
        balanceRow(balance, view.display, token),
      )}
      {hiding ? hideButton(view.chainId, token.address, token.symbol) : null}
    </Box>
  ));
}

/**
 * The unverified tokens, folded under their own heading.
 *
 * @param view - This part of the page.
 * @returns The section, or null when there are none.
 */
function unverifiedSection(view: HomeTokensView): JSXElement | null {
  if (view.unverified.length === 0 && view.unlisted === 0) {
    return null;
  }
  return (
    <Section>
      <Heading>{`Unverified tokens (${view.unverified.length + view.unlisted})`}</Heading>
      <Text>
        Not on the wallet's verified list: shown by contract address only, since
        any contract can call itself by a known token's name. Add one by address
        below to check it and name it.
      </Text>
      {view.unverified.map((token) => (
        <Box>
          <Copyable value={token.address} />
          {token.balances.map((balance) => balanceRow(balance, view.display))}
          {hideButton(view.chainId, token.address, 'this token')}
        </Box>
      ))}
      {view.unlisted > 0 ? (
        <Text>{`${view.unlisted} more not listed.`}</Text>
      ) : null}
    </Section>
  );
}

/**
 * The hidden tokens, each with a way back; the tracked tokens that can be
 * hidden.
 *
 * @param view - This part of the page.
 * @returns The boxes.
 */
function hidingBoxes(view: HomeTokensView): JSXElement[] {
  return [
    ...view.hideable.map(({ address, symbol }) =>
      hideButton(view.chainId, address, symbol),
    ),
    ...view.hidden.map(({ address, label }) => (
      <Box direction="horizontal" alignment="space-between">
        <Text>{`Hidden: ${label}`}</Text>
        <Button name={`${HOME_TOKENS.show}${view.chainId}:${address}`}>
          Show
        </Button>
      </Box>
    )),
  ];
}

/**
 * The tracked tokens, each with its logo and, but for the fee tokens, a
 * button that removes it.
 *
 * @param chainId - The network.
 * @param tokens - Its tracked tokens.
 * @returns The section.
 */
function trackedSection(chainId: string, tokens: TrackedToken[]): JSXElement {
  return (
    <Section>
      <Heading>Tokens</Heading>
      {tokens.map((token) => (
        <Box>
          <Box direction="horizontal" alignment="start">
            {token.logo ? (
              <Image src={token.logo} alt={`${token.symbol} logo`} />
            ) : null}
            <Text>{`${token.symbol} · ${token.name}`}</Text>
          </Box>
          {token.removable ? (
            <Button
              name={`${HOME_TOKENS.remove}${chainId}:${token.address}`}
              variant="destructive"
            >
              {`Remove ${token.symbol}`}
            </Button>
          ) : null}
        </Box>
      ))}
    </Section>
  );
}

/**
 * The Tokens view: the tracked tokens, then those received (verified,
 * unverified, hidden) and the form to add one by address.
 *
 * @param chainId - The network.
 * @param tracked - Its tracked tokens.
 * @param view - The received tokens, when they were read.
 * @returns Its sections.
 */
export function tokensContent(
  chainId: string,
  tracked: TrackedToken[],
  view: HomeTokensView | undefined,
): JSXElement {
  return (
    <Box>
      {trackedSection(chainId, tracked)}
      {view ? receivedContent(view) : null}
    </Box>
  );
}

/**
 * The received tokens and the add form.
 *
 * @param view - What to show.
 * @returns Its sections.
 */
function receivedContent(view: HomeTokensView): JSXElement {
  return (
    <Box>
      <Section>
        <Heading>Tokens received</Heading>
        <Text>{`Transfers to your accounts in the last ${view.blocks} blocks, checked against the wallet's verified list.`}</Text>
        {view.note === undefined ? null : <Text>{view.note}</Text>}
        <Button name={HOME_TOKENS.discover}>
          Look for received tokens now
        </Button>
        {view.verified.length === 0 ? (
          <Text>No verified token received.</Text>
        ) : null}
        {receivedBoxes(view, true)}
        {hidingBoxes(view)}
      </Section>
      {unverifiedSection(view)}
      <Section>
        <Form name={HOME_TOKENS.add}>
          <Field label="Add a token by address">
            <Input name="add-token-address" placeholder="0x…" />
          </Field>
          <Field label="Symbol (empty: the contract's)">
            <Input name="add-token-symbol" placeholder="USDC" />
          </Field>
          <Field label="Name (empty: the symbol)">
            <Input name="add-token-name" placeholder="USD Coin" />
          </Field>
          <Button type="submit" name={`${HOME_TOKENS.add}:submit`}>
            Check and add
          </Button>
        </Form>
      </Section>
    </Box>
  );
}

import {
  Box,
  Button,
  Copyable,
  Dropdown,
  Field,
  Option,
  Row,
  Section,
  Text,
} from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { deploymentText } from './accounts';
import type { AccountView } from './accounts';
import { HOME } from './model';
import type { HomeView, HomeViewName } from './model';
import { receivedBoxes } from './tokens';
import {
  accountTotal,
  balanceText,
  displayOf,
  networkTotal,
  networksListed,
} from './worth';
import type { MoneyDisplay } from './worth';

/**
 * The page as it opens: the network (and a switch, its one input), each
 * account with its names, full address and what it holds, and a button per
 * thing the wallet does. Every form is one click away, in its own view.
 */

/** The overview's buttons, in rows: each opens its view. */
const ACTIONS: [HomeViewName, string][][] = [
  [
    ['send', 'Send'],
    ['receive', 'Receive'],
    ['activity', 'Activity'],
  ],
  [
    ['tokens', 'Tokens'],
    ['accounts', 'Accounts'],
    ['settings', 'Settings'],
  ],
  [
    ['swap', 'Swap'],
    ['stake', 'Stake'],
  ],
];

/**
 * One account: name and deployment, Starknet ID name, full address, and the
 * balance of every tracked token.
 *
 * @param account - The account.
 * @param display - How amounts and values are written.
 * @returns Its section.
 */
function accountSummary(
  account: AccountView,
  display: MoneyDisplay,
): JSXElement {
  return (
    <Section>
      <Text fontWeight="bold">{`${account.name} · ${deploymentText(account)}`}</Text>
      {account.starkName === undefined ? null : (
        <Text>{`Starknet ID: ${account.starkName}`}</Text>
      )}
      <Copyable value={account.address} />
      {account.notAskedBecause === undefined ? null : (
        <Text>{account.notAskedBecause}</Text>
      )}
      {account.balances.map(
        ({ symbol, decimals, amount, unreadable, worth }) => {
          let shown = '–';
          if (amount !== undefined) {
            shown = balanceText(amount, { decimals, symbol }, worth, display);
          } else if (unreadable !== undefined) {
            shown = `unreadable: ${unreadable}`;
          }
          return (
            <Row label={symbol}>
              <Text>{shown}</Text>
            </Row>
          );
        },
      )}
      {(account.staked ?? []).map(
        ({ symbol, decimals, amount, unreadable, worth, liquid }) => (
          <Row label={liquid ? 'STRK in xSTRK' : `${symbol} staked`}>
            <Text>
              {amount === undefined
                ? `unreadable: ${unreadable ?? 'no answer'}`
                : balanceText(amount, { decimals, symbol }, worth, display)}
            </Text>
          </Row>
        ),
      )}
      {accountTotal(account, display)}
    </Section>
  );
}

/**
 * The overview.
 *
 * @param view - The page.
 * @returns Its content.
 */
export function overviewContent(view: HomeView): JSXElement {
  return (
    <Box>
      <Field label="Network">
        <Dropdown name={HOME.network} value={view.network.chainId}>
          {networksListed(view).map(({ name, chainId }) => (
            <Option value={chainId}>{`${name} (${chainId})`}</Option>
          ))}
        </Dropdown>
      </Field>
      {ACTIONS.map((row) => (
        <Box direction="horizontal" alignment="space-between">
          {row.map(([name, label]) => (
            <Button name={`${HOME.view}${name}`}>{label}</Button>
          ))}
        </Box>
      ))}
      <Button name={HOME.refresh}>Refresh</Button>
      {view.accounts.length === 0 ? (
        <Text>
          No account on this network yet: create one, or find the ones this
          wallet deployed, in Accounts.
        </Text>
      ) : null}
      {networkTotal(view)}
      {view.accounts.map((account) => accountSummary(account, displayOf(view)))}
      {view.tokenList && view.tokenList.verified.length > 0 ? (
        <Section>
          <Text fontWeight="bold">Tokens received</Text>
          {receivedBoxes(view.tokenList, false)}
        </Section>
      ) : null}
    </Box>
  );
}

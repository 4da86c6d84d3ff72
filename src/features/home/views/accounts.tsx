import {
  Box,
  Button,
  Copyable,
  Field,
  Form,
  Heading,
  Input,
  Section,
  Text,
} from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import type { Money } from '../../../prices/money';
import type { Worth } from '../../../prices/quotes';
import type { StakedTotal } from '../../staking/overview';

/**
 * The Accounts view of the home page: each account (name, address,
 * deployment, rename, deploy), then the ways to add one on the page itself
 * — create the next account, or find the deployed ones.
 * ../accountActions.ts acts on their events.
 */

/** Element names of the accounts' forms and buttons (events carry them). */
export const HOME_ACCOUNTS = {
  rename: 'home-rename:', // then the address
  create: 'home-create-account', // its name field: `:name:<accounts shown>`
  recover: 'home-recover-accounts',
  deploy: 'home-deploy:', // then the address
  receive: 'home-receive:', // then the address; none: back to the list
} as const;

/** One account as the page shows it. */
export type AccountView = {
  address: string;
  name: string;
  /** Its Starknet ID name, when it resolves back to the account. */
  starkName?: string;
  /** Undefined when the node could not tell, or was not asked. */
  deployed?: boolean;
  /** Why the node's answer about the deployment could not be read. */
  deploymentUnreadable?: string;
  /**
   * Set when the node was not asked about the account: the network's node
   * belongs to a site the account is not shared with (it would learn it).
   */
  notAskedBecause?: string;
  balances: {
    symbol: string;
    decimals: number;
    /** Undefined when the node could not tell. */
    amount?: bigint;
    /** Why the node's (or the token's) answer could not be read. */
    unreadable?: string;
    /** Its value, when its token has a price (see ../values.ts). */
    worth?: Worth;
  }[];
  /** The value of its priced lines; `partial` when some had no price. */
  worth?: { total: Money; partial: boolean };
  /**
   * What it has staked, per token (see src/features/staking), with its
   * value; counted in `worth`.
   */
  staked?: (StakedTotal & { worth?: Worth })[] | undefined;
};

/**
 * What the page says about an account's deployment.
 *
 * @param account - The account.
 * @returns The words.
 */
export function deploymentText(account: AccountView): string {
  if (account.deployed !== undefined) {
    return account.deployed ? 'deployed' : 'not deployed yet';
  }
  if (account.deploymentUnreadable !== undefined) {
    return `deployment unreadable: ${account.deploymentUnreadable}`;
  }
  return account.notAskedBecause === undefined
    ? 'deployment unknown (node unavailable)'
    : 'not read';
}

/**
 * One account: name (renameable), full address, deployment (and a button
 * to deploy it when the node says it is not).
 *
 * @param account - The account.
 * @returns Its section.
 */
function accountSection(account: AccountView): JSXElement {
  return (
    <Section>
      <Text fontWeight="bold">{`${account.name} · ${deploymentText(account)}`}</Text>
      <Copyable value={account.address} />
      {account.starkName === undefined ? null : (
        <Text>{`Starknet ID: ${account.starkName}`}</Text>
      )}
      {account.notAskedBecause === undefined ? null : (
        <Text>{account.notAskedBecause}</Text>
      )}
      {account.deployed === false ? (
        <Button name={`${HOME_ACCOUNTS.deploy}${account.address}`}>
          Deploy this account
        </Button>
      ) : null}
      <Form name={`${HOME_ACCOUNTS.rename}${account.address}`}>
        <Field label="Rename">
          <Input
            name={`${HOME_ACCOUNTS.rename}${account.address}:name`}
            placeholder={account.name}
          />
        </Field>
        <Button
          type="submit"
          name={`${HOME_ACCOUNTS.rename}${account.address}:submit`}
        >
          Rename
        </Button>
      </Form>
    </Section>
  );
}

/**
 * The accounts of the current network, then the ways to add one: create the
 * next account of this wallet (named or not), or find those it deployed.
 * Neither shares anything with a site.
 *
 * @param networkName - The current network.
 * @param accounts - Its accounts.
 * @returns The accounts' part of the page.
 */
export function accountsContent(
  networkName: string,
  accounts: AccountView[],
): JSXElement {
  return (
    <Box>
      {accounts.length === 0 ? (
        <Text>
          No account on this network yet: create one below, or find the ones
          this wallet deployed.
        </Text>
      ) : null}
      {accounts.map(accountSection)}
      <Section>
        <Heading>{`Add an account on ${networkName}`}</Heading>
        <Form name={HOME_ACCOUNTS.create}>
          <Field label="Name (optional)">
            {/* A new field once an account is made: a name is for one. */}
            <Input
              name={`${HOME_ACCOUNTS.create}:name:${accounts.length}`}
              placeholder="Account name"
            />
          </Field>
          <Button type="submit" name={`${HOME_ACCOUNTS.create}:submit`}>
            Create the next account
          </Button>
        </Form>
        <Text>
          Created here, an account is shared with no site until you share it
          with one.
        </Text>
        <Button name={HOME_ACCOUNTS.recover}>Find deployed accounts</Button>
      </Section>
    </Box>
  );
}

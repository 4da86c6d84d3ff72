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
import { renderSVG } from 'uqr';

import { formatUnits } from '../../../format';

/**
 * The accounts of the home page: each account (name, address, deployment,
 * balances, rename, deploy, receive), then the ways to add one on the page
 * itself — create the next account, or find the deployed ones. src/home/
 * accountActions.ts acts on their events.
 */

/** Element names of the accounts' forms and buttons (events carry them). */
export const HOME_ACCOUNTS = {
  rename: 'home-rename:', // then the address
  create: 'home-create-account', // its name field: `:name:<accounts shown>`
  recover: 'home-recover-accounts',
  deploy: 'home-deploy:', // then the address
  receive: 'home-receive:', // then the address; none closes the panel
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
  }[];
  /** Whether its receive panel (address and QR code) is open. */
  receiving?: boolean;
};

/**
 * The QR code of an address, as an SVG document: uqr's rendering (no DOM,
 * no canvas), error correction raised as far as the size allows, and the
 * four-module quiet zone the QR standard asks for.
 *
 * @param address - The address, exactly as it is copied.
 * @returns The SVG.
 */
export function addressQrCode(address: string): string {
  return renderSVG(address, { boostEcc: true, border: 4, pixelSize: 1 });
}

/**
 * Where to send tokens to an account: its full address to copy and as a QR
 * code, and the button that closes the panel.
 *
 * @param account - The account.
 * @returns The panel.
 */
function receivePanel(account: AccountView): JSXElement {
  return (
    <Box>
      <Text fontWeight="bold">{`Receive to ${account.name}`}</Text>
      <Text>Send only Starknet tokens of this network to this address:</Text>
      <Copyable value={account.address} />
      <Image
        src={addressQrCode(account.address)}
        alt={`QR code of ${account.address}`}
      />
      <Button name={HOME_ACCOUNTS.receive}>Hide the address</Button>
    </Box>
  );
}

/**
 * What the page says about an account's deployment.
 *
 * @param account - The account.
 * @returns The words.
 */
function deploymentOf(account: AccountView): string {
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
 * to deploy it when the node says it is not), balances, and its receive
 * panel or the button that opens it.
 *
 * @param account - The account.
 * @returns Its section.
 */
function accountSection(account: AccountView): JSXElement {
  return (
    <Section>
      <Text fontWeight="bold">{`${account.name} · ${deploymentOf(account)}`}</Text>
      <Copyable value={account.address} />
      {account.starkName === undefined ? null : (
        <Text>{`Starknet ID: ${account.starkName}`}</Text>
      )}
      {account.notAskedBecause === undefined ? null : (
        <Text>{account.notAskedBecause}</Text>
      )}
      {account.balances.map(({ symbol, decimals, amount, unreadable }) => {
        let shown = '–';
        if (amount !== undefined) {
          shown = `${formatUnits(amount, decimals)} ${symbol}`;
        } else if (unreadable !== undefined) {
          shown = `unreadable: ${unreadable}`;
        }
        return (
          <Row label={symbol}>
            <Text>{shown}</Text>
          </Row>
        );
      })}
      {account.deployed === false ? (
        <Button name={`${HOME_ACCOUNTS.deploy}${account.address}`}>
          Deploy this account
        </Button>
      ) : null}
      {account.receiving ? (
        receivePanel(account)
      ) : (
        <Button name={`${HOME_ACCOUNTS.receive}${account.address}`}>
          Receive
        </Button>
      )}
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

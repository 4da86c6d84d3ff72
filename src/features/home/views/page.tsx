import {
  Banner,
  Box,
  Button,
  Divider,
  Dropdown,
  Field,
  Form,
  Heading,
  Image,
  Input,
  Option,
  Section,
  Text,
} from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { accountsContent, HOME_ACCOUNTS } from './accounts';
import type { AccountView } from './accounts';
import { activitySection } from './activity';
import { homeFailureContent } from './failure';
import { feeField, paymasterBox } from './paymaster';
import type { PaymasterView } from './paymaster';
import { homeTokensContent } from './tokens';
import { isBuiltInNetwork } from '../../../config';
import type { Network } from '../../../config';
import { visibleContent } from '../../../ui/visibleContent';

/**
 * The snap's home page in MetaMask, where the user lives: the network (and a
 * switch), each account with its name, address, deployment and balances, a
 * send form, the sites and the accounts they were given, and the networks.
 * This module renders it and owns its interface; src/home acts on its
 * events through the same state module and dialogs as the methods.
 */

/** Element names of the page's forms and buttons (events carry them). */
export const HOME = {
  network: 'home-network',
  send: 'home-send',
  rename: HOME_ACCOUNTS.rename,
  revoke: 'home-revoke:',
  addNetwork: 'home-add-network',
  removeNetwork: 'home-remove-network:',
  removeToken: 'home-remove-token:', // then `<chainId>:<token address>`
  setNode: 'home-set-node:',
  defaultNodes: 'home-default-nodes:',
  refresh: 'home-refresh',
} as const;

/** Everything the page shows, read by src/home/readHome.ts. */
export type HomeView = {
  network: Network;
  /** Every network, with the node URLs its requests go to, in order. */
  networks: (Network & {
    nodes: string[];
    paymaster: string | undefined;
    chosenPaymaster: boolean;
  })[];
  /** The current network's paymaster, when it has one. */
  paymaster?: PaymasterView | undefined;
  accounts: AccountView[];
  tokens: {
    address: string;
    symbol: string;
    name: string;
    decimals: number;
    logo: string | undefined;
    /** Every token but the fee tokens can be removed. */
    removable: boolean;
  }[];
  sites: { origin: string; accounts: string[] }[];
  activity?: Parameters<typeof activitySection>[0];
  notice?: { severity: 'info' | 'warning' | 'danger'; text: string };
  nodeError?: string;
  tokenList?: Parameters<typeof homeTokensContent>[0]; // see homeTokens.tsx
};

/**
 * The send form: from which account, which token, to whom, how much. The
 * confirmation that follows is executeTxn's.
 *
 * @param view - The page.
 * @returns The section, or null without accounts.
 */
function sendSection(view: HomeView): JSXElement | null {
  const [firstAccount] = view.accounts;
  const [firstToken] = view.tokens;
  if (!firstAccount || !firstToken) {
    return null;
  }
  return (
    <Section>
      <Heading>Send</Heading>
      <Form name={HOME.send}>
        <Field label="From">
          <Dropdown name="send-from" value={firstAccount.address}>
            {view.accounts.map(({ address, name }) => (
              <Option
                value={address}
              >{`${name} (${address.slice(0, 10)}…)`}</Option>
            ))}
          </Dropdown>
        </Field>
        <Field label="Token">
          <Dropdown name="send-token" value={firstToken.address}>
            {view.tokens.map(({ address, symbol }) => (
              <Option value={address}>{symbol}</Option>
            ))}
          </Dropdown>
        </Field>
        <Field label="Recipient">
          <Input name="send-to" placeholder="0x… or alice.stark" />
        </Field>
        <Field label="Amount">
          <Input name="send-amount" placeholder="1.5" />
        </Field>
        {feeField(view.paymaster)}
        <Button type="submit" name={`${HOME.send}:submit`}>
          Review and send
        </Button>
      </Form>
    </Section>
  );
}

/**
 * The sites that were given accounts, each with a button to withdraw it.
 *
 * @param view - The page.
 * @returns The section.
 */
function sitesSection(view: HomeView): JSXElement {
  return (
    <Section>
      <Heading>Sites with access</Heading>
      {view.sites.length === 0 ? (
        <Text>No site has been given an account.</Text>
      ) : null}
      {view.sites.map(({ origin, accounts }) => (
        <Box>
          <Text fontWeight="bold">{origin}</Text>
          {accounts.map((address) => (
            <Text>{address}</Text>
          ))}
          <Button name={`${HOME.revoke}${origin}`} variant="destructive">
            {`Withdraw ${origin}'s access`}
          </Button>
        </Box>
      ))}
    </Section>
  );
}

/**
 * One network: its nodes (the build's default nodes of a built-in network,
 * tried in order, or the one node it uses), a form to use another node
 * (checked and confirmed like adding a network), the way back to the
 * default nodes, and removal for a network added at runtime.
 *
 * @param network - The network and its nodes.
 * @returns Its box.
 */
function networkBox(network: HomeView['networks'][number]): JSXElement {
  const { name, chainId, rpcUrl, nodes } = network;
  const builtIn = isBuiltInNetwork(chainId);
  let whose = 'its node';
  if (builtIn) {
    whose =
      rpcUrl === undefined ? 'default nodes, tried in order' : 'your node';
  }
  return (
    <Box>
      <Text fontWeight="bold">{`${name} (${chainId})`}</Text>
      <Text>{`Node URL (${whose}): ${nodes.join(', ')}`}</Text>
      <Form name={`${HOME.setNode}${chainId}`}>
        <Field label={`Use another node for ${name}`}>
          <Input
            name={`${HOME.setNode}${chainId}:url`}
            placeholder="https://…"
          />
        </Field>
        <Button type="submit" name={`${HOME.setNode}${chainId}:submit`}>
          Check and use this node
        </Button>
      </Form>
      {paymasterBox({ ...network, chosen: network.chosenPaymaster })}
      {builtIn && rpcUrl !== undefined ? (
        <Button name={`${HOME.defaultNodes}${chainId}`}>
          {`Back to the default nodes of ${name}`}
        </Button>
      ) : null}
      {builtIn ? null : (
        <Button name={`${HOME.removeNetwork}${chainId}`} variant="destructive">
          {`Remove ${name}`}
        </Button>
      )}
    </Box>
  );
}

/**
 * The networks, each with its nodes; then a form to add one.
 *
 * @param view - The page.
 * @returns The section.
 */
function networksSection(view: HomeView): JSXElement {
  return (
    <Section>
      <Heading>Networks</Heading>
      {view.networks.map(networkBox)}
      <Form name={HOME.addNetwork}>
        <Field label="Name">
          <Input name="network-name" placeholder="My devnet" />
        </Field>
        <Field label="Chain id (hex)">
          <Input name="network-chain-id" placeholder="0x534e5f…" />
        </Field>
        <Field label="Node URL">
          <Input name="network-rpc-url" placeholder="https://…" />
        </Field>
        <Button type="submit" name={`${HOME.addNetwork}:submit`}>
          Add network
        </Button>
      </Form>
    </Section>
  );
}

/**
 * The whole page.
 *
 * @param view - What to show.
 * @returns The page's content.
 */
export function homeContent(view: HomeView): JSXElement {
  const { network } = view;
  return (
    <Box>
      <Heading>Starknet Wallet</Heading>
      {view.notice ? (
        <Banner
          title={view.notice.severity === 'info' ? 'Done' : 'Not done'}
          severity={view.notice.severity}
        >
          <Text>{view.notice.text}</Text>
        </Banner>
      ) : null}
      {view.nodeError ? (
        <Banner title="Node unavailable" severity="warning">
          <Text>{view.nodeError}</Text>
        </Banner>
      ) : null}
      <Field label="Network">
        <Dropdown name={HOME.network} value={network.chainId}>
          {view.networks.map(({ name, chainId }) => (
            <Option value={chainId}>{`${name} (${chainId})`}</Option>
          ))}
        </Dropdown>
      </Field>
      {accountsContent(network.name, view.accounts)}
      <Button name={HOME.refresh}>Refresh</Button>
      {view.activity ? activitySection(view.activity) : null}
      {sendSection(view)}
      <Section>
        <Heading>Tokens</Heading>
        {view.tokens.map((token) => (
          <Box>
            <Box direction="horizontal" alignment="start">
              {token.logo ? (
                <Image src={token.logo} alt={`${token.symbol} logo`} />
              ) : null}
              <Text>{`${token.symbol} · ${token.name}`}</Text>
            </Box>
            {token.removable ? (
              <Button
                name={`${HOME.removeToken}${network.chainId}:${token.address}`}
                variant="destructive"
              >
                {`Remove ${token.symbol}`}
              </Button>
            ) : null}
          </Box>
        ))}
      </Section>
      {view.tokenList ? homeTokensContent(view.tokenList) : null}
      {sitesSection(view)}
      {networksSection(view)}
      <Divider />
    </Box>
  );
}

/** The page, or why it cannot be read (see homeFailure.tsx). */
export type HomeShown = HomeView | { failure: string };

/**
 * @param shown - The page, or why it cannot be read.
 * @returns Its content.
 */
function contentOf(shown: HomeShown): JSXElement {
  return visibleContent(
    'failure' in shown
      ? homeFailureContent(shown.failure, HOME.refresh)
      : homeContent(shown),
  );
}

/**
 * Creates the page's interface.
 *
 * @param shown - What to show.
 * @returns Its id.
 */
export async function createHomeInterface(shown: HomeShown): Promise<string> {
  return snap.request({
    method: 'snap_createInterface',
    params: { ui: contentOf(shown) },
  });
}

/**
 * Shows a new state of the page.
 *
 * @param id - The interface.
 * @param shown - What to show.
 */
export async function updateHomeInterface(
  id: string,
  shown: HomeShown,
): Promise<void> {
  await snap.request({
    method: 'snap_updateInterface',
    params: { id, ui: contentOf(shown) },
  });
}

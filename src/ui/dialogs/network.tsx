import { Box, Copyable, Heading, Section, Text } from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { alert, confirm } from './open';
import type { Network } from '../../config';
import { chainIdText, TextRow } from '../components';

// Dialogs about networks: switching to one, adding one, changing its node.

/**
 * Asks to switch the wallet's current network.
 *
 * @param view - The request.
 * @param view.origin - The requesting site.
 * @param view.from - The current network.
 * @param view.to - The requested network.
 * @returns Whether the user approved.
 */
export async function confirmSwitchNetwork(view: {
  origin: string;
  from: Network;
  to: Network;
}): Promise<boolean> {
  return confirm(
    <Box>
      <Heading>Switch network</Heading>
      <Text>{`${view.origin} asks to switch the Starknet network.`}</Text>
      <Section>
        <TextRow label="Requested by">{view.origin}</TextRow>
        <TextRow label="From">{`${view.from.name}, ${chainIdText(view.from.chainId)}`}</TextRow>
        <TextRow label="To">{`${view.to.name}, ${chainIdText(view.to.chainId)}`}</TextRow>
        {view.to.addedBy === undefined ? null : (
          <TextRow label="Its node">{`added by ${view.to.addedBy}`}</TextRow>
        )}
      </Section>
    </Box>,
  );
}

/**
 * Asks to add a network: the site, its name, chain id and node URL. Its node
 * has already answered with that chain id.
 *
 * @param view - The request.
 * @param view.origin - The requesting site (or the home page).
 * @param view.network - The network.
 * @returns Whether the user approved.
 */
export async function confirmAddNetwork(view: {
  origin: string;
  network: Network;
}): Promise<boolean> {
  return confirm(
    <Box>
      <Heading>Add network</Heading>
      <Text>
        {view.network.addedBy === undefined
          ? 'Every site you use may then use this network. Its node will see the requests of the accounts you use on it; add only a node you trust.'
          : `${view.origin} asks to add its own Starknet network: only ${view.origin} may use it, and its node will see the accounts you use on it with that site.`}
      </Text>
      <Section>
        <TextRow label="Requested by">{view.origin}</TextRow>
        <TextRow label="Name">{view.network.name}</TextRow>
        <TextRow label="Chain id">{chainIdText(view.network.chainId)}</TextRow>
        <Text>Node URL:</Text>
        <Copyable value={view.network.rpcUrl ?? ''} />
        {view.network.paymasterUrl === undefined ? null : (
          <Box>
            <Text>
              Paymaster URL (builds the transactions you choose to send through
              it; every one is checked and shown before you sign):
            </Text>
            <Copyable value={view.network.paymasterUrl} />
          </Box>
        )}
      </Section>
    </Box>,
  );
}

/**
 * Tells the user an approved network was not added: another site's network
 * already has its chain id, or a name that reads like it. Only now, with
 * the user involved, is that network named; the site is answered as if the
 * user had declined.
 *
 * @param view - What happened.
 * @param view.origin - The site that asked.
 * @param view.network - The network it asked to add.
 * @param view.reason - Why it was not added.
 * @param view.other - The other site's network in the way.
 */
export async function tellNetworkNotAdded(view: {
  origin: string;
  network: Network;
  reason: string;
  other: Network;
}): Promise<void> {
  await alert(
    <Box>
      <Heading>Network not added</Heading>
      <Text>{`${view.network.name} (${chainIdText(view.network.chainId)}) was not added: ${view.reason}, added by another site. ${view.origin} is told only that it was not added, as if you had declined.`}</Text>
      <Section>
        <TextRow label="Its network">{`${view.other.name}, ${chainIdText(view.other.chainId)}`}</TextRow>
        <TextRow label="Added by">
          {view.other.addedBy ?? 'another site'}
        </TextRow>
      </Section>
    </Box>,
  );
}

/**
 * Asks to change the node a network uses: the network, the node it uses
 * now and the new one. The new node has already answered with the
 * network's chain id and a JSON-RPC version this wallet speaks.
 *
 * @param view - The request.
 * @param view.origin - Who asks (the home page).
 * @param view.network - The network.
 * @param view.current - The node(s) it uses now, in the order tried.
 * @param view.rpcUrl - The new node.
 * @returns Whether the user approved.
 */
export async function confirmChangeNode(view: {
  origin: string;
  network: Network;
  current: string[];
  rpcUrl: string;
}): Promise<boolean> {
  return confirm(
    newUrlContent({
      heading: 'Change node',
      explanation: `Every request on ${view.network.name} will go to this node only: it will see the requests of the accounts you use on ${view.network.name}, and answer for the network. Choose only a node you trust.`,
      origin: view.origin,
      network: view.network,
      label: 'New node URL:',
      url: view.rpcUrl,
      current: view.current.join(', '),
    }),
  );
}

/**
 * Asks to change the paymaster a network uses: the network, its paymaster
 * now and the new one (which has said it is available). Every transaction
 * it builds is still checked and shown before anything is signed.
 *
 * @param view - The request.
 * @param view.origin - Who asks (the home page).
 * @param view.network - The network.
 * @param view.current - Its paymaster now, if any.
 * @param view.paymasterUrl - The new paymaster.
 * @returns Whether the user approved.
 */
export async function confirmChangePaymaster(view: {
  origin: string;
  network: Network;
  current: string | undefined;
  paymasterUrl: string;
}): Promise<boolean> {
  return confirm(
    newUrlContent({
      heading: 'Change paymaster',
      explanation: `Transactions you send on ${view.network.name} with a fee in another token (or sponsored) will be built by this paymaster. The wallet checks everything it builds against what you asked before you see and sign it. Sites' sponsorship keys (sent with a sponsored transaction) will go to this paymaster too.`,
      origin: view.origin,
      network: view.network,
      label: 'New paymaster URL:',
      url: view.paymasterUrl,
      current: view.current ?? 'none',
    }),
  );
}

/**
 * A dialog asking to point a network at another server (its node, its
 * paymaster): who asks, the network, the new URL and the one it replaces.
 *
 * @param view - What to show.
 * @param view.heading - The title.
 * @param view.explanation - What changing it means.
 * @param view.origin - Who asks.
 * @param view.network - The network.
 * @param view.label - What the URL is.
 * @param view.url - The new URL.
 * @param view.current - What it replaces.
 * @returns The content.
 */
function newUrlContent(view: {
  heading: string;
  explanation: string;
  origin: string;
  network: Network;
  label: string;
  url: string;
  current: string;
}): JSXElement {
  return (
    <Box>
      <Heading>{view.heading}</Heading>
      <Text>{view.explanation}</Text>
      <Section>
        <TextRow label="Requested by">{view.origin}</TextRow>
        <TextRow label="Network">{view.network.name}</TextRow>
        <TextRow label="Chain id">{chainIdText(view.network.chainId)}</TextRow>
        <Text>{view.label}</Text>
        <Copyable value={view.url} />
        <Text>{`Instead of: ${view.current}`}</Text>
      </Section>
    </Box>
  );
}

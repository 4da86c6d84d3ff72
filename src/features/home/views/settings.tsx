import {
  Box,
  Button,
  Field,
  Form,
  Heading,
  Input,
  Section,
  Text,
} from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { HOME } from './model';
import type { HomeView, NetworkView } from './model';
import { paymasterBox } from './paymaster';
import { isBuiltInNetwork } from '../../../config';

/**
 * The Settings view: the networks, each with its nodes and its paymaster
 * (and forms to use others), a form to add a network, and the sites that
 * were given accounts, each with a way to withdraw its access.
 */

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
function networkBox(network: NetworkView): JSXElement {
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
 * The Settings view.
 *
 * @param view - The page.
 * @returns Its content.
 */
export function settingsContent(view: HomeView): JSXElement {
  return (
    <Box>
      {networksSection(view)}
      {sitesSection(view)}
    </Box>
  );
}

import {
  Box,
  Copyable,
  Heading,
  Row,
  Section,
  Text,
} from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { readState } from '../state/store';

/**
 * The snap's home page in MetaMask: the current network and the accounts
 * recorded on it.
 *
 * @returns The home page content.
 */
export async function homePage(): Promise<{ content: JSXElement }> {
  const { currentChainId, networks, accounts } = await readState();
  const network = networks.find(({ chainId }) => chainId === currentChainId);
  const onNetwork = accounts.filter(
    ({ chainId }) => chainId === currentChainId,
  );
  return {
    content: (
      <Box>
        <Heading>Starknet Wallet</Heading>
        <Row label="Network">
          <Text>
            {network ? `${network.name} (${network.chainId})` : currentChainId}
          </Text>
        </Row>
        {onNetwork.length === 0 ? (
          <Text>No account yet: connect a Starknet dapp to create one.</Text>
        ) : (
          <Box>
            {onNetwork.map((account) => (
              <Section>
                <Text>{`Account ${account.addressIndex}${account.deployTxnHash ? '' : ' (not deployed)'}`}</Text>
                <Copyable value={account.address} />
              </Section>
            ))}
          </Box>
        )}
      </Box>
    ),
  };
}

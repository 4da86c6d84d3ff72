import {
  Box,
  Copyable,
  Heading,
  Image,
  Row,
  Section,
  Text,
} from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { tokenLogo } from '../content/logo';
import { readState } from '../state/store';

/**
 * The snap's home page in MetaMask: the current network, the accounts and
 * the tokens recorded on it. Token logos are read again from content storage
 * and verified each time (in parallel, each bounded in size and time); a
 * logo that cannot be read is left out.
 *
 * @returns The home page content.
 */
export async function homePage(): Promise<{ content: JSXElement }> {
  const { currentChainId, networks, accounts, tokens } = await readState();
  const network = networks.find(({ chainId }) => chainId === currentChainId);
  const onNetwork = accounts.filter(
    ({ chainId }) => chainId === currentChainId,
  );
  const tokensOnNetwork = tokens.filter(
    ({ chainId }) => chainId === currentChainId,
  );
  const logos = await Promise.all(
    tokensOnNetwork.map(async ({ address, logo }) =>
      tokenLogo(address, logo).then(({ image }) => image),
    ),
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
        <Heading>Tokens</Heading>
        <Box>
          {tokensOnNetwork.map((token, index) => (
            <Box direction="horizontal" alignment="start">
              {logos[index] ? (
                <Image src={logos[index]} alt={`${token.symbol} logo`} />
              ) : null}
              <Text>{`${token.symbol} · ${token.name}`}</Text>
            </Box>
          ))}
        </Box>
      </Box>
    ),
  };
}

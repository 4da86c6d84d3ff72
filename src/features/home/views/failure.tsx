import { Banner, Box, Button, Heading, Text } from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

/**
 * The home page when the wallet itself cannot be read (its stored state,
 * say): the page still opens and says why, with a way to try again, rather
 * than leaving MetaMask with no page at all.
 *
 * @param reason - Why the page cannot be shown.
 * @param refresh - The name of the button that reads the page again.
 * @returns The page's content.
 */
export function homeFailureContent(
  reason: string,
  refresh: string,
): JSXElement {
  return (
    <Box>
      <Heading>Starknet Wallet</Heading>
      <Banner title="The wallet cannot be shown" severity="danger">
        <Text>{reason}</Text>
      </Banner>
      <Button name={refresh}>Try again</Button>
    </Box>
  );
}

import { Box, Copyable, Image, Section, Text } from '@metamask/snaps-sdk/jsx';

import { ask } from './open';
import { RequestHeader, TextBanner, TextRow } from '../components';
import type { RequestView } from '../dialogInputs';

// The dialog that adds a token to the wallet.

/**
 * Asks to add a token to the wallet's list.
 *
 * @param view - What is asked.
 * @param view.request - Origin, network and account.
 * @param view.token - The token as it will be stored.
 * @param view.token.address - Its contract.
 * @param view.token.name - Its name.
 * @param view.token.symbol - Its symbol.
 * @param view.token.decimals - Its decimals.
 * @param view.logo - Its logo (verified) or why the requested one is left out.
 * @param view.logo.image - The logo as an SVG document.
 * @param view.logo.problem - Why the requested logo is not shown.
 * @param view.warning - A difference between the dapp's claim and the chain.
 * @param view.danger - Another tracked token this one could be taken for.
 * @throws UserRejectedError when the user declines.
 */
export async function confirmAddToken(view: {
  request: RequestView;
  token: { address: string; name: string; symbol: string; decimals: number };
  logo: { image?: string; problem?: string };
  warning?: string;
  danger?: string;
}): Promise<void> {
  await ask(
    <Box>
      <RequestHeader
        title="Add token"
        request={view.request}
        accountLabel="Account"
      />
      {view.danger ? (
        <TextBanner title="Look-alike token" severity="danger">
          {view.danger}
        </TextBanner>
      ) : null}
      {view.warning ? (
        <TextBanner title="Check this token" severity="warning">
          {view.warning}
        </TextBanner>
      ) : null}
      {view.logo.problem ? (
        <TextBanner
          title="Logo not added"
          severity="warning"
        >{`${view.logo.problem} The token can be added without it.`}</TextBanner>
      ) : null}
      <Section>
        {view.logo.image ? (
          <Image src={view.logo.image} alt={`${view.token.symbol} logo`} />
        ) : null}
        <TextRow label="Name">{view.token.name}</TextRow>
        <TextRow label="Symbol">{view.token.symbol}</TextRow>
        <TextRow label="Decimals">{String(view.token.decimals)}</TextRow>
        <Text>Contract:</Text>
        <Copyable value={view.token.address} />
      </Section>
    </Box>,
  );
}

import { Box, Copyable, Heading, Section, Text } from '@metamask/snaps-sdk/jsx';

import { alert, ask } from './open';
import { RequestHeader, SiteAndNetwork, TextBanner } from '../components';
import type { RequestView } from '../dialogInputs';

// Dialogs about the wallet's accounts: revealing a private key, sharing
// accounts with a site.

/**
 * Asks whether to reveal an account's private key on screen.
 *
 * @param request - Origin, network and account.
 * @throws UserRejectedError when the user declines.
 */
export async function confirmRevealPrivateKey(
  request: RequestView,
): Promise<void> {
  await ask(
    <Box>
      <RequestHeader
        title="Reveal private key"
        request={request}
        accountLabel="Account"
      />
      <TextBanner title="Keep it secret" severity="danger">
        Anyone who sees this key can take every asset of the account. The key is
        shown in MetaMask only; the site never receives it.
      </TextBanner>
    </Box>,
  );
}

/**
 * Shows an account's private key.
 *
 * @param view - The account and its key.
 * @param view.address - The account address.
 * @param view.privateKey - The key to show.
 */
export async function showPrivateKey(view: {
  address: string;
  privateKey: string;
}): Promise<void> {
  await alert(
    <Box>
      <Heading>Private key</Heading>
      <Text>Account:</Text>
      <Copyable value={view.address} />
      <Text>Private key:</Text>
      <Copyable value={view.privateKey} sensitive />
    </Box>,
  );
}

/**
 * Asks to share accounts with a site: it will see their addresses and
 * public keys and may ask (each time, in a dialog) to sign with them.
 *
 * @param view - What is asked.
 * @param view.request - Origin and network (the account is the first one).
 * @param view.accounts - The accounts to share, each with the other sites
 * that already have it (named, so the user knows the sites can link them).
 * @param view.warning - Something the user should weigh first.
 * @throws UserRejectedError when the user declines.
 */
export async function confirmShareAccounts(view: {
  request: RequestView;
  accounts: { address: string; addressIndex: number; otherSites?: string[] }[];
  warning?: string;
}): Promise<void> {
  const { request, accounts } = view;
  const plural = accounts.length > 1;
  await ask(
    <Box>
      <Heading>{plural ? 'Share accounts' : 'Share account'}</Heading>
      <Section>
        <SiteAndNetwork request={request} />
      </Section>
      <Text>
        {`${request.origin} will see ${plural ? 'these accounts' : 'this account'} (address and public key) and may ask you to sign with ${plural ? 'them' : 'it'}; every signature still needs your approval. You can withdraw access later.`}
      </Text>
      {view.warning ? (
        <TextBanner title="Check the index" severity="warning">
          {view.warning}
        </TextBanner>
      ) : null}
      {accounts.map(({ address, addressIndex, otherSites = [] }) => (
        <Section>
          <Text>{`Account ${addressIndex}:`}</Text>
          <Copyable value={address} />
          {otherSites.length > 0 ? (
            <TextBanner title="Already shared" severity="warning">
              {`Already shared with ${otherSites.join(', ')}: sharing it here lets these sites tell that you are the same person.`}
            </TextBanner>
          ) : null}
        </Section>
      ))}
    </Box>,
  );
}

/**
 * Asks before the node of a network a site added is shown accounts that
 * site was not given: the site runs that node, so whatever it sees, the
 * site learns.
 *
 * @param view - What is asked.
 * @param view.request - Origin and network (its `networkAddedBy` is the
 * site whose node it is).
 * @param view.title - What the request does.
 * @param view.accounts - Which accounts the node would see, in words.
 * @param view.consequence - What approving also does, if anything.
 * @throws UserRejectedError when the user declines.
 */
export async function confirmNodeSeesAccounts(view: {
  request: RequestView;
  title: string;
  accounts: string;
  consequence?: string;
}): Promise<void> {
  const site = view.request.networkAddedBy ?? view.request.origin;
  await ask(
    <Box>
      <Heading>{view.title}</Heading>
      <Section>
        <SiteAndNetwork request={view.request} />
      </Section>
      <TextBanner
        title="This site's node will see your accounts"
        severity="warning"
      >
        {`This network's node was added by ${site}: approving sends ${view.accounts} to it, so ${site} learns them.${view.consequence ? ` ${view.consequence}` : ''}`}
      </TextBanner>
    </Box>,
  );
}

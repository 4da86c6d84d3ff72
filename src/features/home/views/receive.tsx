import { Box, Button, Copyable, Image, Text } from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { renderSVG } from 'uqr';

import { HOME_ACCOUNTS } from './accounts';
import type { AccountView } from './accounts';
import type { HomeView } from './model';

/**
 * The Receive view: which account, then its full address to copy and as a
 * QR code.
 */

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
 * code, and the way back to the choice of account.
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
      <Button name={HOME_ACCOUNTS.receive}>Another account</Button>
    </Box>
  );
}

/**
 * The Receive view.
 *
 * @param view - The page.
 * @returns Its content.
 */
export function receiveContent(view: HomeView): JSXElement {
  const account = view.accounts.find(
    ({ address }) => address === view.place.receiving,
  );
  if (account) {
    return receivePanel(account);
  }
  return (
    <Box>
      <Text fontWeight="bold">Receive to which account?</Text>
      {view.accounts.length === 0 ? (
        <Text>No account on this network yet: create one in Accounts.</Text>
      ) : null}
      {view.accounts.map(({ address, name }) => (
        <Button name={`${HOME_ACCOUNTS.receive}${address}`}>
          {`${name} (${address.slice(0, 10)}…)`}
        </Button>
      ))}
    </Box>
  );
}

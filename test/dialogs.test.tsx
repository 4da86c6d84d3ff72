import {
  Box,
  Copyable,
  Heading,
  Row,
  Section,
  Text,
} from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import {
  ACCOUNT_0,
  DAPP_ORIGIN,
  MAINNET,
  TESTNET,
  flatMailRevision1,
} from './fixtures';
import {
  confirmationOf,
  installSharedWallet,
  installWallet,
  invoke,
} from './installedWallet';
import { visibleContent } from '../src/ui/visibleContent';

// Whole dialogs, element by element: what the user sees is exactly this,
// nothing more and nothing less. The snap sends them as MetaMask checks them
// quickly, drawn the same (src/ui/metaMaskShape.ts): the expected dialogs
// are shaped alike.

describe('dialogs as the user sees them', () => {
  it('switchNetwork names the site and both networks', async () => {
    const wallet = await installWallet();
    const pending = invoke(wallet, 'snapnet_switchNetwork', {
      chainId: MAINNET,
    });
    const dialog = await confirmationOf(pending);
    expect(dialog.content).toEqual(
      visibleContent(
        <Box>
          <Heading>Switch network</Heading>
          <Text>{`${DAPP_ORIGIN} asks to switch the Starknet network.`}</Text>
          <Section>
            <Row label="Requested by">
              <Text>{DAPP_ORIGIN}</Text>
            </Row>
            <Row label="From">
              <Text>{`Testnet, SN_SEPOLIA (${TESTNET})`}</Text>
            </Row>
            <Row label="To">
              <Text>{`Mainnet, SN_MAIN (${MAINNET})`}</Text>
            </Row>
            {null}
          </Section>
        </Box>,
      ),
    );
    await dialog.cancel();
    expect(await pending).toRespondWith(false);
  });

  it('createAccount shows the site, the network and the full address it shares', async () => {
    const wallet = await installWallet();
    const pending = invoke(wallet, 'snapnet_createAccount', {
      addressIndex: 0,
    });
    const dialog = await confirmationOf(pending);
    expect(dialog.content).toEqual(
      visibleContent(
        <Box>
          <Heading>Share account</Heading>
          <Section>
            <Box>
              <Row label="Requested by">
                <Text>{DAPP_ORIGIN}</Text>
              </Row>
              <Row label="Network">
                <Text>Testnet</Text>
              </Row>
              <Row label="Chain id">
                <Text>{`SN_SEPOLIA (${TESTNET})`}</Text>
              </Row>
              {null}
            </Box>
          </Section>
          <Text>
            {`${DAPP_ORIGIN} will see this account (address and public key) and may ask you to sign with it; every signature still needs your approval. You can withdraw access later.`}
          </Text>
          {null}
          {[ACCOUNT_0].map(({ address }) => (
            <Section>
              <Text>Account 0:</Text>
              <Copyable value={address} />
              {null}
            </Section>
          ))}
        </Box>,
      ),
    );
    await dialog.ok();
    expect(await pending).toRespondWith({
      address: ACCOUNT_0.address,
      transaction_hash: '',
    });
  });

  it('signMessage shows the domain and the message as hashed, each labelled with its type, and nothing else', async () => {
    const wallet = await installSharedWallet();
    const pending = invoke(wallet, 'snapnet_signMessage', {
      typedDataMessage: flatMailRevision1,
      signerAddress: ACCOUNT_0.address,
    });
    const dialog = await confirmationOf(pending);
    const updated = dialog.waitForUpdate();
    const row = (label: string, value: string): JSXElement => (
      <Row label={label}>
        <Text>{value}</Text>
      </Row>
    );
    // The ContractAddress's line for its Starknet ID name, held from the
    // start and filled while the dialog is open: no name here, as no node
    // answers this tier's lookups.
    const names = (line: string): JSXElement => (
      <Section>
        <Text fontWeight="bold">
          Starknet ID names (shown only when they resolve to the address and
          back)
        </Text>
        {[
          <Box>
            <Text>{line}</Text>
            <Copyable value={`0x${'abc'.padStart(64, '0')}`} />
          </Box>,
        ]}
      </Section>
    );
    // Lists come as arrays and absent parts as nulls, as the snap builds
    // the dialog: no banner here (the domain names this network's chain, and
    // the message grants nothing), no type definitions (every struct is laid
    // out by its value). Short strings show the felt that is hashed: "1" is
    // hashed as the number 1, not as the text "1".
    expect(dialog.content).toEqual(
      visibleContent(
        <Box>
          <Box>
            <Heading>Sign message</Heading>
            <Section>
              <Box>
                {row('Requested by', DAPP_ORIGIN)}
                {row('Network', 'Testnet')}
                {row('Chain id', `SN_SEPOLIA (${TESTNET})`)}
                {null}
              </Box>
              <Text>Signer:</Text>
              <Copyable value={ACCOUNT_0.address} />
            </Section>
          </Box>
          {null}
          {null}
          <Section>
            <Text fontWeight="bold">Domain (SNIP-12 revision 1)</Text>
            {[
              row('name (shortstring)', '0x4d61696c ("Mail")'),
              row('version (shortstring)', '0x1'),
              row('chainId (shortstring)', `${TESTNET} ("SN_SEPOLIA")`),
              row('revision (shortstring)', '0x1'),
            ]}
          </Section>
          <Section>
            <Text fontWeight="bold">Message (Mail)</Text>
            <Box>
              {null}
              {[
                row('to (ContractAddress)', `0x${'abc'.padStart(64, '0')}`),
                row('contents (shortstring)', '0x48656c6c6f ("Hello")'),
              ]}
            </Box>
          </Section>
          {names('Starknet ID name: checking…')}
          {null}
        </Box>,
      ),
    );
    const { content } = await updated;
    expect(JSON.stringify(content)).toBe(
      JSON.stringify(dialog.content).replace(
        'Starknet ID name: checking…',
        'Starknet ID name: none',
      ),
    );
    await dialog.cancel();
    expect(await pending).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
  });
});

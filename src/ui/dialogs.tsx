import {
  Banner,
  Box,
  Copyable,
  Heading,
  Image,
  Row,
  Section,
  Text,
} from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import {
  CallSection,
  FeeSection,
  MessageFields,
  RequestHeader,
} from './components';
import type { CallView, FeeView, RequestView, TypedDataView } from './views';
import type { Network } from '../config';

/**
 * The only module that opens dialogs. Each function shows one dialog and
 * resolves with the user's answer; handlers never see JSX.
 */

/**
 * Opens a confirmation dialog.
 *
 * @param content - The dialog's content.
 * @returns Whether the user approved.
 */
async function confirm(content: JSXElement): Promise<boolean> {
  const answer = await snap.request({
    method: 'snap_dialog',
    params: { type: 'confirmation', content },
  });
  return answer === true;
}

/**
 * Opens an alert dialog (one button).
 *
 * @param content - The dialog's content.
 */
async function alert(content: JSXElement): Promise<void> {
  await snap.request({
    method: 'snap_dialog',
    params: { type: 'alert', content },
  });
}

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
        <Row label="Requested by">
          <Text>{view.origin}</Text>
        </Row>
        <Row label="From">
          <Text>{`${view.from.name} (${view.from.chainId})`}</Text>
        </Row>
        <Row label="To">
          <Text>{`${view.to.name} (${view.to.chainId})`}</Text>
        </Row>
      </Section>
    </Box>,
  );
}

/**
 * Asks whether to reveal an account's private key on screen.
 *
 * @param request - Origin, network and account.
 * @returns Whether the user approved.
 */
export async function confirmRevealPrivateKey(
  request: RequestView,
): Promise<boolean> {
  return confirm(
    <Box>
      <RequestHeader
        title="Reveal private key"
        request={request}
        accountLabel="Account"
      />
      <Banner title="Keep it secret" severity="danger">
        <Text>
          Anyone who sees this key can take every asset of the account. The key
          is shown in MetaMask only; the site never receives it.
        </Text>
      </Banner>
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
 * Asks to sign SNIP-12 typed data.
 *
 * @param request - Origin, network and signer.
 * @param typedData - The domain and message as readable fields.
 * @returns Whether the user approved.
 */
export async function confirmSignMessage(
  request: RequestView,
  typedData: TypedDataView,
): Promise<boolean> {
  return confirm(
    <Box>
      <RequestHeader
        title="Sign message"
        request={request}
        accountLabel="Signer"
      />
      {typedData.chainMismatch ? (
        <Banner title="Different network" severity="warning">
          <Text>{typedData.chainMismatch}</Text>
        </Banner>
      ) : null}
      <Section>
        <Text fontWeight="bold">Domain</Text>
        {typedData.domain.map(({ label, value }) => (
          <Row label={label}>
            <Text>{value}</Text>
          </Row>
        ))}
      </Section>
      <Section>
        <Text fontWeight="bold">{`Message (${typedData.primaryType})`}</Text>
        <MessageFields fields={typedData.message} />
      </Section>
    </Box>,
  );
}

/**
 * Asks to sign (and, for executeTxn, send) an invoke transaction.
 *
 * @param view - What is asked.
 * @param view.title - The dialog title.
 * @param view.request - Origin, network and sender.
 * @param view.calls - Every call of the multicall.
 * @param view.fee - Fee, nonce and version.
 * @param view.notice - A line shown above the calls (e.g. account deployment).
 * @returns Whether the user approved.
 */
export async function confirmTransaction(view: {
  title: string;
  request: RequestView;
  calls: CallView[];
  fee: FeeView;
  notice?: string;
}): Promise<boolean> {
  return confirm(
    <Box>
      <RequestHeader
        title={view.title}
        request={view.request}
        accountLabel="Sender"
      />
      {view.notice ? (
        <Banner title="Note" severity="info">
          <Text>{view.notice}</Text>
        </Banner>
      ) : null}
      {view.calls.map((call, index) => (
        <CallSection
          call={call}
          position={index + 1}
          total={view.calls.length}
        />
      ))}
      <FeeSection fee={view.fee} />
    </Box>,
  );
}

/**
 * Asks to sign (or send) a DECLARE transaction.
 *
 * @param view - What is asked.
 * @param view.title - The dialog title.
 * @param view.request - Origin, network and sender.
 * @param view.classHash - The class being declared.
 * @param view.compiledClassHash - Its compiled (CASM) class hash.
 * @param view.fee - Fee, nonce and version.
 * @returns Whether the user approved.
 */
export async function confirmDeclare(view: {
  title: string;
  request: RequestView;
  classHash: string;
  compiledClassHash: string;
  fee: FeeView;
}): Promise<boolean> {
  return confirm(
    <Box>
      <RequestHeader
        title={view.title}
        request={view.request}
        accountLabel="Sender"
      />
      <Section>
        <Text>Class hash:</Text>
        <Copyable value={view.classHash} />
        <Text>Compiled class hash:</Text>
        <Copyable value={view.compiledClassHash} />
      </Section>
      <FeeSection fee={view.fee} />
    </Box>,
  );
}

/**
 * Asks to deploy one of the wallet's accounts.
 *
 * @param view - What is asked.
 * @param view.request - Origin, network and account.
 * @param view.fee - The maximum fee.
 * @returns Whether the user approved.
 */
export async function confirmDeployAccount(view: {
  request: RequestView;
  fee: FeeView;
}): Promise<boolean> {
  return confirm(
    <Box>
      <RequestHeader
        title="Deploy account"
        request={view.request}
        accountLabel="Account"
      />
      <Text>
        Deploys this Argent account contract on chain, paid in STRK from the
        account itself.
      </Text>
      <FeeSection fee={view.fee} />
    </Box>,
  );
}

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
 * @returns Whether the user approved.
 */
export async function confirmAddToken(view: {
  request: RequestView;
  token: { address: string; name: string; symbol: string; decimals: number };
  logo: { image?: string; problem?: string };
  warning?: string;
}): Promise<boolean> {
  return confirm(
    <Box>
      <RequestHeader
        title="Add token"
        request={view.request}
        accountLabel="Account"
      />
      {view.warning ? (
        <Banner title="Check this token" severity="warning">
          <Text>{view.warning}</Text>
        </Banner>
      ) : null}
      {view.logo.problem ? (
        <Banner title="Logo not added" severity="warning">
          <Text>{`${view.logo.problem} The token can be added without it.`}</Text>
        </Banner>
      ) : null}
      <Section>
        {view.logo.image ? (
          <Image src={view.logo.image} alt={`${view.token.symbol} logo`} />
        ) : null}
        <Row label="Name">
          <Text>{view.token.name}</Text>
        </Row>
        <Row label="Symbol">
          <Text>{view.token.symbol}</Text>
        </Row>
        <Row label="Decimals">
          <Text>{String(view.token.decimals)}</Text>
        </Row>
        <Text>Contract:</Text>
        <Copyable value={view.token.address} />
      </Section>
    </Box>,
  );
}

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
  Banners,
  CallSection,
  LinesSection,
  MessageFields,
  RequestHeader,
  SiteAndNetwork,
} from './components';
import { describeCall } from './decodeCalls';
import type { DecodeContext } from './decodeCalls';
import {
  balanceLineOf,
  callViewsOf,
  feeHeadingOf,
  feeLinesOf,
  strk,
} from './transactionView';
import type { RequestView } from './views';
import type { TransactionPreview } from '../chain/sender';
import type { Network } from '../config';
import { UserRejectedError } from '../errors';
import { normaliseAddress } from '../keys/address';
import type { OutsideExecution } from '../signing/executionGrant';
import type { TypedDataAnalysis } from '../signing/typedData';
import type { TokenRecord } from '../state/schema';

/**
 * The only module that opens dialogs. Each function shows one dialog; those
 * that ask for consent return only when the user approves and throw
 * UserRejectedError otherwise, so no handler can forget to check.
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
 * Opens a confirmation dialog that must be approved.
 *
 * @param content - The dialog's content.
 * @throws UserRejectedError when the user declines.
 */
async function ask(content: JSXElement): Promise<void> {
  if (!(await confirm(content))) {
    throw new UserRejectedError();
  }
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
      <Text>{`${view.origin} asks to add a Starknet network. Its node will see your accounts' requests on it; add only a node you trust.`}</Text>
      <Section>
        <Row label="Requested by">
          <Text>{view.origin}</Text>
        </Row>
        <Row label="Name">
          <Text>{view.network.name}</Text>
        </Row>
        <Row label="Chain id">
          <Text>{view.network.chainId}</Text>
        </Row>
        <Text>Node URL:</Text>
        <Copyable value={view.network.rpcUrl ?? ''} />
      </Section>
    </Box>,
  );
}

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
 * Banners about the chain a typed-data signature is valid on.
 *
 * @param chain - The signed domain's chain binding.
 * @param networkName - The request's network.
 * @returns The banner, or null when the domain binds this network.
 */
function chainBanner(
  chain: TypedDataAnalysis['chain'],
  networkName: string,
): JSXElement | null {
  if (chain.kind === 'missing') {
    return (
      <Banner title="Valid on every network" severity="warning">
        <Text>
          The signed domain names no chain: this signature is valid on every
          Starknet network, Mainnet included.
        </Text>
      </Banner>
    );
  }
  if (chain.kind === 'other') {
    return (
      <Banner title="Another network" severity="danger">
        <Text>{`The signed domain names chain ${chain.shown}, not ${networkName}: the signature is meant for another network.`}</Text>
      </Banner>
    );
  }
  return null;
}

/**
 * The signed domain, exactly as its type hashes it.
 *
 * @param analysis - The typed data.
 * @returns The section.
 */
function domainSection(analysis: TypedDataAnalysis): JSXElement {
  return (
    <LinesSection
      heading={`Domain (SNIP-12 revision ${analysis.revision})`}
      lines={analysis.domain}
    />
  );
}

/**
 * Asks to sign SNIP-12 typed data that does not execute anything as a plain
 * message: the domain as hashed, the chain it binds, the message's fields;
 * a session grant or a message carrying calls under a danger banner.
 *
 * @param request - Origin, network and signer.
 * @param analysis - The typed data as it is signed.
 * @throws UserRejectedError when the user declines.
 */
export async function confirmSignMessage(
  request: RequestView,
  analysis: TypedDataAnalysis,
): Promise<void> {
  const grant =
    analysis.grant && analysis.grant.kind !== 'outside-execution'
      ? analysis.grant
      : undefined;
  await ask(
    <Box>
      <RequestHeader
        title="Sign message"
        request={request}
        accountLabel="Signer"
      />
      {grant ? (
        <Banner title="This is not just a message" severity="danger">
          <Text>{grant.reason}</Text>
        </Banner>
      ) : null}
      {chainBanner(analysis.chain, request.networkName)}
      {domainSection(analysis)}
      <Section>
        <Text fontWeight="bold">{`Message (${analysis.primaryType})`}</Text>
        <MessageFields fields={analysis.message} />
      </Section>
    </Box>,
  );
}

/**
 * A time bound of an outside execution, readable.
 *
 * @param seconds - Unix seconds.
 * @returns The date and the raw value.
 */
function timeOf(seconds: bigint): string {
  const LATEST_DATE = 8_640_000_000_000n;
  return seconds > LATEST_DATE
    ? `never (${seconds})`
    : `${new Date(Number(seconds) * 1000).toISOString()} (${seconds})`;
}

/**
 * Asks to sign a SNIP-9 outside execution, shown as the transaction it is:
 * whoever may submit it, when, with which nonce, and every call decoded as
 * executeTxn decodes them, under a danger banner.
 *
 * @param view - What is asked.
 * @param view.request - Origin, network and signer.
 * @param view.analysis - The typed data as it is signed.
 * @param view.execution - Its outside execution.
 * @param view.decode - Tokens and the chain's ABIs of the called contracts.
 * @throws UserRejectedError when the user declines.
 */
export async function confirmOutsideExecution(view: {
  request: RequestView;
  analysis: TypedDataAnalysis;
  execution: OutsideExecution;
  decode: DecodeContext;
}): Promise<void> {
  const { execution, analysis } = view;
  const calls = execution.calls.map((call) => describeCall(call, view.decode));
  await ask(
    <Box>
      <RequestHeader
        title="Sign a transaction (outside execution)"
        request={view.request}
        accountLabel="Account"
      />
      <Banner title="This signature moves your assets" severity="danger">
        <Text>
          This is not a message. Signing it lets the caller below make your
          account run every call listed here, without asking you again. Sign
          only if you meant to send exactly these calls.
        </Text>
      </Banner>
      {execution.anyCaller ? (
        <Banner title="Anyone can submit it" severity="danger">
          <Text>
            The caller is ANY_CALLER: whoever obtains this signature can run
            these calls from your account.
          </Text>
        </Banner>
      ) : null}
      {chainBanner(analysis.chain, view.request.networkName)}
      <LinesSection
        heading="Outside execution (SNIP-9)"
        lines={[
          {
            label: 'Caller',
            value: execution.anyCaller
              ? 'anyone (ANY_CALLER)'
              : normaliseAddress(execution.caller),
          },
          { label: 'Valid after', value: timeOf(execution.executeAfter) },
          { label: 'Valid before', value: timeOf(execution.executeBefore) },
          { label: 'Nonce', value: execution.nonce },
        ]}
      />
      {calls.map((call, index) => (
        <CallSection call={call} position={index + 1} total={calls.length} />
      ))}
      {domainSection(analysis)}
    </Box>,
  );
}

/** What each intent is called in its dialog's title. */
const TITLES = {
  send: {
    INVOKE: 'Send transaction',
    DECLARE: 'Declare contract class',
    DEPLOY_ACCOUNT: 'Deploy account',
  },
  sign: {
    INVOKE: 'Sign transaction',
    DECLARE: 'Sign contract declaration',
    DEPLOY_ACCOUNT: 'Sign account deployment',
  },
} as const;

const SIGN_ONLY_NOTICE =
  'The site receives the signature only; it may send this transaction later, as long as the nonce is unused.';
const DEPLOY_NOTICE =
  'This account is not deployed yet. Approving deploys it first, then sends this; the maximum fee covers both.';

/**
 * What a transaction does, by intent: its calls, the class it declares, or
 * the account it deploys.
 *
 * @param preview - The planned transaction.
 * @param tokens - Tokens tracked on the network.
 * @param siteAbis - ABIs the site passed, if any.
 * @returns The intent's sections.
 */
function intentSections(
  preview: TransactionPreview,
  tokens: TokenRecord[],
  siteAbis: unknown,
): JSXElement {
  const { intent } = preview;
  if (intent.type === 'DECLARE') {
    return (
      <Section>
        <Text>Class hash:</Text>
        <Copyable value={intent.classHash} />
        <Text>Compiled class hash:</Text>
        <Copyable value={intent.compiledClassHash} />
      </Section>
    );
  }
  if (intent.type === 'DEPLOY_ACCOUNT') {
    return (
      <Text>
        Deploys this Argent account contract on chain, paid in STRK from the
        account itself.
      </Text>
    );
  }
  const calls = callViewsOf(preview, tokens, siteAbis);
  return (
    <Box>
      {calls.map((call, index) => (
        <CallSection call={call} position={index + 1} total={calls.length} />
      ))}
    </Box>
  );
}

/**
 * Asks to send or sign a planned transaction: the site, network and account;
 * the simulation's outcome (a revert, and the account's balance changes);
 * what the transaction does; and every signed fee field with the true
 * maximum. Returns when the user approves.
 *
 * @param view - What is asked.
 * @param view.request - Origin, network and account.
 * @param view.preview - The plan the sender will sign.
 * @param view.tokens - Tokens tracked on the network.
 * @param view.siteAbis - ABIs the site passed, if any.
 * @param view.notices - Lines to note (e.g. the account is shared too).
 * @param view.warnings - Lines to warn about.
 * @throws UserRejectedError when the user declines.
 */
export async function confirmTransaction(view: {
  request: RequestView;
  preview: TransactionPreview;
  tokens: TokenRecord[];
  siteAbis?: unknown;
  notices?: string[];
  warnings?: string[];
}): Promise<void> {
  const { preview, tokens } = view;
  const { plan } = preview;
  const total = plan.transactions.length;
  const simulated = plan.estimates.length > 0;
  await ask(
    <Box>
      <RequestHeader
        title={TITLES[preview.mode][preview.intent.type]}
        request={view.request}
        accountLabel={preview.mode === 'sign' ? 'Signer' : 'Sender'}
      />
      {plan.revertReason === undefined ? null : (
        <Banner title="This transaction fails" severity="danger">
          <Text>{`In simulation it reverts: ${plan.revertReason}`}</Text>
        </Banner>
      )}
      <Banners
        title="No contract there"
        severity="danger"
        messages={preview.undeployedTargets.map(
          (address) => `Nothing is deployed at ${address}: a call to it fails.`,
        )}
      />
      <Banners
        title="Check the fee"
        severity="warning"
        messages={plan.feeWarnings}
      />
      <Banners
        title="Warning"
        severity="warning"
        messages={view.warnings ?? []}
      />
      <Banners title="Note" severity="info" messages={view.notices ?? []} />
      {preview.mode === 'sign' ? (
        <Banner title="Signature only" severity="info">
          <Text>{SIGN_ONLY_NOTICE}</Text>
        </Banner>
      ) : null}
      {preview.deploying ? (
        <Banner title="Note" severity="info">
          <Text>{DEPLOY_NOTICE}</Text>
        </Banner>
      ) : null}
      {simulated ? (
        <LinesSection
          heading="Your balance changes (simulated, before fees)"
          lines={
            plan.balanceChanges.length > 0
              ? plan.balanceChanges.map((change) =>
                  balanceLineOf(change, tokens),
                )
              : [{ label: 'Tokens', value: 'no change' }]
          }
        />
      ) : null}
      {intentSections(preview, tokens, view.siteAbis)}
      {plan.transactions.map((planned, index) => (
        <LinesSection
          heading={feeHeadingOf(planned, index + 1, total)}
          lines={feeLinesOf(planned)}
        />
      ))}
      {total > 1 ? (
        <Row label="Maximum fee, in all">
          <Text>{strk(plan.maxFee)}</Text>
        </Row>
      ) : null}
    </Box>,
  );
}

/**
 * Asks to share accounts with a site: it will see their addresses and
 * public keys and may ask (each time, in a dialog) to sign with them.
 *
 * @param view - What is asked.
 * @param view.request - Origin and network (the account is the first one).
 * @param view.accounts - The accounts to share.
 * @param view.warning - Something the user should weigh first.
 * @throws UserRejectedError when the user declines.
 */
export async function confirmShareAccounts(view: {
  request: RequestView;
  accounts: { address: string; addressIndex: number }[];
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
        <Banner title="Check the index" severity="warning">
          <Text>{view.warning}</Text>
        </Banner>
      ) : null}
      {accounts.map(({ address, addressIndex }) => (
        <Section>
          <Text>{`Account ${addressIndex}:`}</Text>
          <Copyable value={address} />
        </Section>
      ))}
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
 * @throws UserRejectedError when the user declines.
 */
export async function confirmAddToken(view: {
  request: RequestView;
  token: { address: string; name: string; symbol: string; decimals: number };
  logo: { image?: string; problem?: string };
  warning?: string;
}): Promise<void> {
  await ask(
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

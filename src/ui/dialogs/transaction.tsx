import {
  Banner,
  Box,
  Copyable,
  Row,
  Section,
  Text,
} from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { ask } from './open';
import type { TransactionPreview } from '../../chain/intent';
import type { TokenRecord } from '../../state/schema';
import {
  Banners,
  CallSection,
  LinesSection,
  RequestHeader,
} from '../components';
import {
  balanceLineOf,
  callViewsOf,
  feeHeadingOf,
  feeLinesOf,
  strk,
} from '../transactionView';
import type { RequestView } from '../views';

// The dialog of every transaction path (send, sign, deploy, declare), built
// from the sender's plan.

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

/** How each kind of account contract is named. */
const ACCOUNT_CONTRACTS = {
  'argent-cairo1': 'Argent 0.3.1 (Cairo 1: calls encoded as Cairo 1 calldata)',
  'argent-cairo0': 'Argent proxy (Cairo 0: calls encoded as Cairo 0 calldata)',
} as const;

/**
 * The sender's account contract, as far as the signed hash depends on it:
 * its kind (which encodes the calls) and, when it is deployed by this
 * transaction, the class, salt and constructor calldata that the deployment
 * signs.
 *
 * @param preview - The planned transaction.
 * @returns The section.
 */
function accountContractSection(preview: TransactionPreview): JSXElement {
  const { kind, deployment } = preview.accountContract;
  const deploys = preview.deploying || preview.intent.type === 'DEPLOY_ACCOUNT';
  return (
    <Section>
      <Row label="Account contract">
        <Text>{ACCOUNT_CONTRACTS[kind]}</Text>
      </Row>
      {deploys ? (
        <Box>
          <Text>Deployed with class hash:</Text>
          <Copyable value={deployment.classHash} />
          <Text>Salt:</Text>
          <Copyable value={deployment.salt} />
          <Text>{`Constructor calldata (${deployment.constructorCalldata.length}):`}</Text>
          <Copyable value={deployment.constructorCalldata.join(', ')} />
        </Box>
      ) : null}
    </Section>
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
export async function confirmTransaction(
  view: TransactionDialog,
): Promise<void> {
  await ask(transactionContent(view));
}

/** What a transaction's dialog is built from. */
export type TransactionDialog = {
  request: RequestView;
  preview: TransactionPreview;
  tokens: TokenRecord[];
  siteAbis?: unknown;
  notices?: string[];
  warnings?: string[];
};

/**
 * The content of a transaction's dialog (see confirmTransaction): every
 * input of the signed hash is in it, so the hash can be rebuilt from what
 * the user reads (a property test does exactly that).
 *
 * @param view - What is asked.
 * @returns The dialog's content.
 */
export function transactionContent(view: TransactionDialog): JSXElement {
  const { preview, tokens } = view;
  const { plan } = preview;
  const total = plan.transactions.length;
  const simulated = plan.estimates.length > 0;
  return (
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
      {accountContractSection(preview)}
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
    </Box>
  );
}

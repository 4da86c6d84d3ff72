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

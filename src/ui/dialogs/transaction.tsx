import { Box, Copyable, Section, Text } from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { accountContractSection } from './accountContract';
import { askFitting, dialogSize, MAX_DIALOG_CHARS } from './open';
import { paymasterSections, paymasterTitle } from './paymaster';
import type { PaymasterShown } from './paymaster';
import { InvalidInputError } from '../../errors';
import type { ShownName } from '../../node/names';
import type { TransactionPreview, WalletCall } from '../../sender/intent';
import type { TokenRecord } from '../../state/schema';
import { balanceViewOf } from '../balanceView';
import {
  Banners,
  CallSections,
  LinesSection,
  RequestHeader,
  TextBanner,
  TextRow,
} from '../components';
import { rawCalls } from '../decodeCalls';
import type { CallView, RequestView } from '../dialogInputs';
import { NamesSection, ReadingNamesSection } from '../names';
import type { NamesReading } from '../names';
import {
  callsTitle,
  callsToShow,
  callViewsOf,
  feeHeadingOf,
  feeLinesOf,
  rawCallViewsOf,
  revertReasonText,
  strk,
} from '../transactionText';
import { valueLinesOf, valuesSection } from '../values';
import type { DialogValues } from '../values';

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
const PAYMASTER_DEPLOY_NOTICE =
  'This account is not deployed yet. The paymaster deploys it, then runs these calls, in one transaction.';

/**
 * Room kept in a transaction dialog for everything besides its calls: the
 * header, the banners and balance lines (node texts in them are cut short),
 * the fee sections, and the ABI names of the called functions.
 */
const FRAME_CHARS = 200_000;

/**
 * Refuses calls too large to show in a dialog even raw, before the node is
 * asked and before anything is signed: their raw sections must leave
 * FRAME_CHARS of MAX_DIALOG_CHARS for the rest. (The dialog itself checks
 * again, whole, before it opens.)
 *
 * @param calls - The calls, as the params give them.
 * @param decode - Tokens and account (no ABIs: the calls as shown raw).
 * @param decode.tokens - Tokens tracked on the network.
 * @param decode.account - The sender (canonical).
 * @param field - The param the calls are, to blame.
 * @throws {InvalidInputError} When they cannot be shown.
 */
export function assertCallsShowable(
  calls: WalletCall[],
  decode: { tokens: TokenRecord[]; account: string },
  field: string,
): void {
  const shown = rawCalls(callsToShow(calls), {
    ...decode,
    chainAbis: new Map(),
  });
  const size = dialogSize(<CallSections calls={shown} tooLarge={false} />);
  if (size > MAX_DIALOG_CHARS - FRAME_CHARS) {
    throw new InvalidInputError(
      field,
      `too large to show in a confirmation dialog (${size} characters of calls; at most ${MAX_DIALOG_CHARS - FRAME_CHARS}): send fewer calls or less calldata`,
    );
  }
}

/** The calls of a dialog as shown, and whether they are shown raw. */
export type CallsShown = { calls: CallView[]; tooLarge: boolean };

/**
 * What a transaction does, by intent: its calls, the class it declares, or
 * the account it deploys.
 *
 * @param preview - The planned transaction.
 * @param calls - Its calls as shown (an invoke's).
 * @param paymaster - The paymaster, when it sends the transaction.
 * @returns The intent's sections.
 */
function intentSections(
  preview: TransactionPreview,
  calls: CallsShown,
  paymaster: PaymasterShown | undefined,
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
    return paymaster ? (
      <Text>{`Deploys this Argent account contract on chain, through ${paymaster.host}.`}</Text>
    ) : (
      <Text>
        Deploys this Argent account contract on chain, paid in STRK from the
        account itself.
      </Text>
    );
  }
  return <CallSections calls={calls.calls} tooLarge={calls.tooLarge} />;
}

/**
 * A transaction dialog's title: what its calls do, in their words
 * (callsTitle: every party that is not the user's is in them), after
 * "Sign:" when the site receives only the signature; the intent's name
 * when no call has words.
 *
 * @param preview - The planned transaction.
 * @param calls - Its calls as shown.
 * @param paymaster - The paymaster, when it sends the transaction.
 * @returns The title.
 */
function titleOf(
  preview: TransactionPreview,
  calls: CallView[],
  paymaster: PaymasterShown | undefined,
): string {
  if (paymaster) {
    // The paymaster's own fee transfer, last, is not what the user asked.
    const asked = paymaster.build.feeTransfer ? calls.slice(0, -1) : calls;
    return paymasterTitle(paymaster, callsTitle(asked));
  }
  const words = callsTitle(calls);
  if (words === undefined) {
    return TITLES[preview.mode][preview.intent.type];
  }
  return preview.mode === 'sign' ? `Sign: ${words}` : words;
}

/** What a transaction dialog is built from. */
export type TransactionView = {
  request: RequestView;
  preview: TransactionPreview;
  tokens: TokenRecord[];
  siteAbis?: unknown;
  /** The param the calls are, to blame when they cannot be shown. */
  callsField?: string;
  notices?: string[];
  warnings?: string[];
  /** Set when the transaction goes through a paymaster (SNIP-29). */
  paymaster?: PaymasterShown;
  /** The Starknet ID name the user typed as the recipient, resolved. */
  recipientName?: ShownName | undefined;
  /** How the amounts' values are shown (../values.tsx), if they are. */
  values?: DialogValues | undefined;
};

/**
 * The whole dialog of a transaction, with its calls as given: every input
 * of the signed hash is in it, so the hash can be rebuilt from what the user
 * reads (a property test does exactly that, decoded and raw).
 *
 * @param view - What is asked.
 * @param calls - The calls as shown.
 * @param relayer - The names read while the dialog is open (the paymaster
 * relayer's, the pools' validators'), as read so far, if any is looked up.
 * @returns The content.
 */
export function transactionContent(
  view: TransactionView,
  calls: CallsShown,
  relayer?: NamesReading,
): JSXElement {
  const { preview } = view;
  const { plan } = preview;
  const total = plan.transactions.length;
  const balances = balanceViewOf(preview, view.tokens, view.request.locale);
  const { paymaster } = view;
  return (
    <Box>
      <RequestHeader
        title={titleOf(preview, calls.calls, paymaster)}
        request={view.request}
        accountLabel={preview.mode === 'sign' ? 'Signer' : 'Sender'}
      />
      {plan.revertReason === undefined ? null : (
        <TextBanner
          title="This transaction fails"
          severity="danger"
        >{`In simulation it reverts: ${revertReasonText(plan.revertReason)}`}</TextBanner>
      )}
      <Banners
        title="The node's simulation contradicts the calls"
        severity="danger"
        messages={balances?.contradictions ?? []}
      />
      <Banners
        title="No contract there"
        severity="danger"
        messages={preview.undeployedTargets.map(
          (address) => `Nothing is deployed at ${address}: a call to it fails.`,
        )}
      />
      <Banners
        title="Check the fee"
        severity="danger"
        messages={paymaster?.build.feeWarnings ?? []}
      />
      <Banners
        title="Check the fee"
        severity="warning"
        messages={paymaster ? [] : plan.feeWarnings}
      />
      <Banners
        title="Warning"
        severity="warning"
        messages={view.warnings ?? []}
      />
      <Banners title="Note" severity="info" messages={view.notices ?? []} />
      {preview.mode === 'sign' ? (
        <TextBanner title="Signature only" severity="info">
          {SIGN_ONLY_NOTICE}
        </TextBanner>
      ) : null}
      {preview.deploying ? (
        <TextBanner title="Note" severity="info">
          {paymaster ? PAYMASTER_DEPLOY_NOTICE : DEPLOY_NOTICE}
        </TextBanner>
      ) : null}
      {balances ? (
        <LinesSection heading={balances.heading} lines={balances.lines} />
      ) : null}
      <NamesSection entered={view.recipientName} names={preview.names ?? []} />
      {preview.validatorNames ? (
        <ReadingNamesSection
          reading={{
            addresses: preview.validatorNames.addresses,
            names: relayer?.names,
          }}
        />
      ) : null}
      {intentSections(preview, calls, paymaster)}
      {accountContractSection(preview)}
      {paymaster
        ? paymasterSections(paymaster, relayer, view.request.locale)
        : null}
      {(paymaster ? [] : plan.transactions).map((planned, index) => (
        <LinesSection
          heading={feeHeadingOf(planned, index + 1, total)}
          lines={feeLinesOf(planned, view.request.locale)}
        />
      ))}
      {total > 1 && !paymaster ? (
        <TextRow label="Maximum fee, in all">
          {strk(plan.maxFee, view.request.locale)}
        </TextRow>
      ) : null}
      {valuesSection({
        lines: valueLinesOf(preview, view.tokens, paymaster),
        values: view.values,
        book: preview.worth,
      })}
    </Box>
  );
}

/**
 * Asks to send or sign a planned transaction: the site, network and account;
 * the simulation's outcome (a revert, and the account's balance changes,
 * checked against the calls); what the transaction does; and every signed
 * fee field with the true maximum. The calls are decoded while that fits a
 * dialog, else shown raw under a banner; calls too large to show even raw
 * are refused (InvalidInputError naming `callsField`) before anything is
 * signed (staking calls that cannot be done were refused when their facts
 * were read: src/sender/stakingChecks.ts).
 * Returns when the user approves.
 *
 * @param view - What is asked.
 * @param view.request - Origin, network and account.
 * @param view.preview - The plan the sender will sign.
 * @param view.tokens - Tokens tracked on the network.
 * @param view.siteAbis - ABIs the site passed, if any.
 * @param view.callsField - The param the calls are (default `calls`).
 * @param view.notices - Lines to note (e.g. the account is shared too).
 * @param view.warnings - Lines to warn about.
 * @throws UserRejectedError when the user declines.
 */
export async function confirmTransaction(view: TransactionView): Promise<void> {
  const { locale, ownAccounts } = view.request;
  const decoded = callViewsOf(view.preview, view.tokens, {
    siteAbis: view.siteAbis,
    locale,
    ownAccounts,
  });
  const raw = (relayer?: NamesReading): JSXElement =>
    transactionContent(
      view,
      {
        calls: rawCallViewsOf(view.preview, view.tokens, {
          locale,
          ownAccounts,
        }),
        tooLarge: true,
      },
      relayer,
    );
  // The relayer's and the validators' names, read while the dialog is open
  // (their lines held).
  const late = [
    view.paymaster?.relayerName,
    view.preview.validatorNames,
  ].filter((names) => names !== undefined);
  const addresses = late.flatMap((names) => names.addresses);
  await askFitting(
    decoded.tooLarge
      ? [raw]
      : [
          (relayer?: NamesReading): JSXElement =>
            transactionContent(view, decoded, relayer),
          raw,
        ],
    (size): InvalidInputError =>
      new InvalidInputError(
        view.callsField ?? 'calls',
        `too large to show in a confirmation dialog even raw (${size} characters; at most ${MAX_DIALOG_CHARS}): send fewer calls or less calldata`,
      ),
    late.length === 0
      ? undefined
      : {
          now: { addresses },
          read: async (isOpen): Promise<NamesReading> => ({
            addresses,
            names: (
              await Promise.all(late.map(async (names) => names.read(isOpen)))
            ).flat(),
          }),
        },
  );
}

import { Banner, Box, Section, Text } from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { ask, askFitting, MAX_DIALOG_CHARS } from './open';
import { InvalidInputError } from '../../errors';
import { normaliseAddress } from '../../keys/address';
import type { OutsideExecution } from '../../signing/executionGrant';
import type { TypedDataAnalysis } from '../../signing/typedData';
import {
  CallSections,
  LinesSection,
  MessageFields,
  RequestHeader,
} from '../components';
import { describeCalls, rawCalls } from '../decodeCalls';
import type { DecodeContext } from '../decodeCalls';
import type { CallView, RequestView } from '../views';

// Dialogs for SNIP-12 typed data: a plain message, or an outside execution
// shown as the transaction it is.

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
 * @param view.field - The param the typed data is, to blame when its calls
 * are too large to show even raw.
 * @throws UserRejectedError when the user declines.
 */
export async function confirmOutsideExecution(view: {
  request: RequestView;
  analysis: TypedDataAnalysis;
  execution: OutsideExecution;
  decode: DecodeContext;
  field: string;
}): Promise<void> {
  const { execution, analysis } = view;
  const decoded = describeCalls(execution.calls, view.decode);
  const content = (calls: CallView[], tooLarge: boolean): JSXElement => (
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
      <CallSections calls={calls} tooLarge={tooLarge} />
      {domainSection(analysis)}
    </Box>
  );
  const raw = (): JSXElement =>
    content(rawCalls(execution.calls, view.decode), true);
  await askFitting(
    decoded.tooLarge
      ? [raw]
      : [(): JSXElement => content(decoded.calls, false), raw],
    (size): InvalidInputError =>
      new InvalidInputError(
        view.field,
        `is an outside execution too large to show in a dialog even raw (${size} characters; at most ${MAX_DIALOG_CHARS})`,
      ),
  );
}

import { Box, Section } from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { ask, askFitting, askReading, MAX_DIALOG_CHARS } from './open';
import type { Meanwhile } from './open';
import { InvalidInputError } from '../../errors';
import { normaliseAddress } from '../../keys/address';
import type { LateNames } from '../../node/names';
import { toHex } from '../../protocol/values';
import type { OutsideExecution } from '../../signing/executionGrant';
import type { TypedDataReading } from '../../signing/typedData';
import {
  BoldText,
  CallSections,
  chainIdText,
  LinesSection,
  MessageFields,
  RequestHeader,
  TextBanner,
} from '../components';
import { decodeContextOf, describeCalls, rawCalls } from '../decodeCalls';
import type { ChainData } from '../decodeCalls';
import type { CallView, RequestView } from '../dialogInputs';
import { NamesSection, ReadingNamesSection } from '../names';
import type { NamesReading } from '../names';
import { gainsOf } from '../parties';
import { callsTitle } from '../transactionText';
import {
  definitionFields,
  domainLines,
  memberFields,
  timeText,
} from '../typedDataFields';

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
  chain: TypedDataReading['chain'],
  networkName: string,
): JSXElement | null {
  if (chain.kind === 'missing') {
    return (
      <TextBanner title="Valid on every network" severity="warning">
        The signed domain names no chain: this signature is valid on every
        Starknet network, Mainnet included.
      </TextBanner>
    );
  }
  if (chain.kind === 'other') {
    return (
      <TextBanner
        title="Another network"
        severity="danger"
      >{`The signed domain names chain ${chainIdText(toHex(chain.chainId))}, not ${networkName}: the signature is meant for another network.`}</TextBanner>
    );
  }
  return null;
}

/**
 * A banner saying whose data the calls are read with, when that is not
 * plainly the request's network: another network's (the one the signature
 * binds), or none (the calls are raw).
 *
 * @param view - What is asked.
 * @returns The banner, or null.
 */
function chainDataBanner(view: OutsideExecutionView): JSXElement | null {
  const { chainData, analysis, request } = view;
  if (chainData.kind === 'chain') {
    return chainData.chainId === request.chainId ? null : (
      <TextBanner
        title={`Calls read with ${chainData.networkName}'s data`}
        severity="info"
      >{`The calls are read with the tokens and contracts this wallet knows on ${chainData.networkName} (${chainIdText(chainData.chainId)}), the network the signature is for, not ${request.networkName}.`}</TextBanner>
    );
  }
  return (
    <TextBanner title="Calls shown raw" severity="warning">
      {analysis.chain.kind === 'other'
        ? `The signature is for chain ${chainIdText(toHex(analysis.chain.chainId))}, and this wallet has no data of that chain to read its calls with: each is shown raw (its contract, selector and calldata, amounts in the token's smallest unit), exactly what you sign.`
        : "The signed domain names no chain, so no network's tokens and contracts are this signature's: each call is shown raw (its contract, selector and calldata, amounts in the token's smallest unit), exactly what you sign."}
    </TextBanner>
  );
}

/**
 * The signed domain, exactly as its type hashes it, each member labelled
 * with its type.
 *
 * @param analysis - The typed data.
 * @param locale - The user's locale (timestamps' dates).
 * @returns The section.
 */
function domainSection(analysis: TypedDataReading, locale: string): JSXElement {
  return (
    <LinesSection
      heading={`Domain (SNIP-12 revision ${analysis.revision})`}
      lines={domainLines(analysis.domain, locale)}
    />
  );
}

/**
 * What the sign-message dialog shows: the request, the domain as hashed,
 * the chain it binds, the message's fields labelled with their types and
 * shown as hashed, and the definitions of the types no value lays out —
 * together, exactly one signature. A session grant or a message carrying
 * calls comes under a danger banner.
 *
 * @param request - Origin, network and signer.
 * @param analysis - The typed data as it is signed.
 * @param names - Starknet ID names of its addresses, read both ways while
 * the dialog is open (absent: none looked up).
 * @returns The dialog's content.
 */
export function signMessageContent(
  request: RequestView,
  analysis: TypedDataReading,
  names?: NamesReading,
): JSXElement {
  const grant =
    analysis.grant && analysis.grant.kind !== 'outside-execution'
      ? analysis.grant
      : undefined;
  return (
    <Box>
      <RequestHeader
        title="Sign message"
        request={request}
        accountLabel="Signer"
      />
      {grant ? (
        <TextBanner title="This is not just a message" severity="danger">
          {grant.reason}
        </TextBanner>
      ) : null}
      {chainBanner(analysis.chain, request.networkName)}
      {domainSection(analysis, request.locale)}
      <Section>
        <BoldText>{`Message (${analysis.primaryType})`}</BoldText>
        <MessageFields
          fields={memberFields(analysis.message, request.locale)}
        />
      </Section>
      <ReadingNamesSection reading={names} />
      {analysis.definitions.length > 0 ? (
        <Section>
          <BoldText>Type definitions (part of what you sign)</BoldText>
          <MessageFields fields={definitionFields(analysis.definitions)} />
        </Section>
      ) : null}
    </Box>
  );
}

/**
 * Asks to sign SNIP-12 typed data that does not execute anything as a plain
 * message (see signMessageContent). With names to look up, the dialog opens
 * at once, a line held for each address's name, and the names read while it
 * is open fill those lines in place: nothing else changes.
 *
 * @param request - Origin, network and signer.
 * @param analysis - The typed data as it is signed.
 * @param names - Starknet ID names of its addresses to read while the
 * dialog is open, if any.
 * @param meanwhile - Work to do while MetaMask checks the dialog (the
 * message's hash), if any.
 * @throws UserRejectedError when the user declines.
 */
export async function confirmSignMessage(
  request: RequestView,
  analysis: TypedDataReading,
  names?: LateNames,
  meanwhile?: Meanwhile,
): Promise<void> {
  if (!names) {
    await ask(signMessageContent(request, analysis), meanwhile);
    return;
  }
  const { addresses } = names;
  await askReading(
    (reading: NamesReading) => signMessageContent(request, analysis, reading),
    {
      now: { addresses },
      read: async (isOpen) => ({
        addresses,
        names: await names.read(isOpen),
      }),
    },
    meanwhile,
  );
}

/** What an outside-execution dialog is built from. */
export type OutsideExecutionView = {
  request: RequestView;
  analysis: TypedDataReading;
  execution: OutsideExecution;
  /** What its calls are read with: the bound chain's data, or none. */
  chainData: ChainData;
  /** The param the typed data is, to blame when its calls cannot be shown. */
  field: string;
};

/**
 * An outside execution's title: what its calls do (callsTitle), and who
 * may run them — its caller gains that control, named as any party is
 * (../parties.ts); "anyone" for ANY_CALLER.
 *
 * @param view - What is asked.
 * @param calls - Its calls as shown.
 * @returns The title.
 */
function outsideTitle(view: OutsideExecutionView, calls: CallView[]): string {
  const words = callsTitle(calls);
  if (words === undefined) {
    return 'Sign a transaction (outside execution)';
  }
  if (view.execution.anyCaller) {
    return `Sign: ${words}, run by anyone`;
  }
  return gainsOf(
    `Sign: ${words},`,
    [
      {
        role: 'controls',
        address: BigInt(view.execution.caller),
        words: (who) => `run by ${who}`,
      },
    ],
    {
      account: view.request.address,
      ownAccounts: view.request.ownAccounts,
      names: view.chainData.kind === 'chain' ? view.chainData.names : [],
    },
  ).title;
}

/**
 * What the outside-execution dialog shows: the transaction it is — whoever
 * may submit it, when, with which nonce, every call decoded as executeTxn
 * decodes them (with the data of the chain the signature binds, or raw
 * under a banner when the wallet has none) with its target, selector and
 * raw calldata, and the domain — under a danger banner. With SNIP-9's
 * fixed types, that is everything the signature covers.
 *
 * @param view - What is asked.
 * @param shown - Its calls as shown, and whether they are shown raw (too
 * large to decode in a dialog).
 * @param shown.calls - The calls.
 * @param shown.tooLarge - Whether ABI decoding was given up.
 * @param reading - Names checked while the dialog is open (their lines
 * held from the start), if any.
 * @returns The dialog's content.
 */
export function outsideExecutionContent(
  view: OutsideExecutionView,
  shown: { calls: CallView[]; tooLarge: boolean },
  reading?: NamesReading,
): JSXElement {
  const { execution, analysis } = view;
  return (
    <Box>
      <RequestHeader
        title={outsideTitle(view, shown.calls)}
        request={view.request}
        accountLabel="Account"
      />
      <TextBanner title="This signature moves your assets" severity="danger">
        This is not a message. Signing it lets the caller below make your
        account run every call listed here, without asking you again. Sign only
        if you meant to send exactly these calls.
      </TextBanner>
      {execution.anyCaller ? (
        <TextBanner title="Anyone can submit it" severity="danger">
          The caller is ANY_CALLER: whoever obtains this signature can run these
          calls from your account.
        </TextBanner>
      ) : null}
      {chainBanner(analysis.chain, view.request.networkName)}
      {chainDataBanner(view)}
      <NamesSection
        names={
          view.chainData.kind === 'chain' ? (view.chainData.names ?? []) : []
        }
      />
      <ReadingNamesSection reading={reading} />
      <LinesSection
        heading={`Outside execution (SNIP-9 version ${execution.version})`}
        lines={[
          {
            label: 'Caller',
            value: execution.anyCaller
              ? `${normaliseAddress(execution.caller)} (ANY_CALLER: anyone)`
              : normaliseAddress(execution.caller),
          },
          {
            label: 'Valid after',
            value: timeText(execution.executeAfter, view.request.locale),
          },
          {
            label: 'Valid before',
            value: timeText(execution.executeBefore, view.request.locale),
          },
          { label: 'Nonce', value: execution.nonce },
        ]}
      />
      <CallSections calls={shown.calls} tooLarge={shown.tooLarge} />
      {domainSection(analysis, view.request.locale)}
    </Box>
  );
}

/**
 * Asks to sign a SNIP-9 outside execution, shown as the transaction it is
 * (see outsideExecutionContent): its calls decoded with the bound chain's
 * data while that fits a dialog, else raw under a banner (always raw when
 * there is no chain data); calls too large to show even raw are
 * refused (InvalidInputError naming `view.field`) before anything is signed.
 *
 * @param view - What is asked.
 * @throws UserRejectedError when the user declines.
 */
export async function confirmOutsideExecution(
  view: OutsideExecutionView,
): Promise<void> {
  const context = {
    ...decodeContextOf(view.chainData),
    ownAccounts: view.request.ownAccounts,
  };
  const raw = (reading?: NamesReading): JSXElement =>
    outsideExecutionContent(
      view,
      {
        calls: rawCalls(view.execution.calls, context),
        tooLarge: view.chainData.kind === 'chain',
      },
      reading,
    );
  const decoded =
    view.chainData.kind === 'chain'
      ? describeCalls(view.execution.calls, context)
      : undefined;
  // Names whose forward checks are read while the dialog is open.
  const late =
    view.chainData.kind === 'chain' ? view.chainData.lateNames : undefined;
  await askFitting(
    !decoded || decoded.tooLarge
      ? [raw]
      : [
          (reading?: NamesReading): JSXElement =>
            outsideExecutionContent(view, decoded, reading),
          raw,
        ],
    (size): InvalidInputError =>
      new InvalidInputError(
        view.field,
        `is an outside execution too large to show in a dialog even raw (${size} characters; at most ${MAX_DIALOG_CHARS})`,
      ),
    late && {
      now: { addresses: late.addresses },
      read: async (isOpen): Promise<NamesReading> => ({
        addresses: late.addresses,
        names: await late.read(isOpen),
      }),
    },
  );
}

import {
  Banner,
  Box,
  Copyable,
  Heading,
  Row,
  Section,
  Text,
} from '@metamask/snaps-sdk/jsx';
import type { SnapComponent, TextChildren } from '@metamask/snaps-sdk/jsx';

import type {
  CallView,
  FeeLine,
  MessageField,
  RequestView,
} from './dialogInputs';
import { printableShortString } from '../protocol/values';

/**
 * A row holding one text: the label, then the text (a `Row` with its `Text`,
 * the shape most rows of the dialogs and pages have).
 *
 * @param props - Component props.
 * @param props.label - The row's label.
 * @param props.children - The text.
 * @param props.key - The row's key, if any.
 * @returns The row.
 */
export const TextRow: SnapComponent<{
  label: string;
  children: TextChildren;
}> = ({ label, children, key }) => (
  <Row key={key} label={label}>
    <Text>{children}</Text>
  </Row>
);

/**
 * A banner holding one text (a `Banner` with its `Text`).
 *
 * @param props - Component props.
 * @param props.title - The banner's title.
 * @param props.severity - How it reads: danger, warning, info or success.
 * @param props.children - The text.
 * @param props.key - The banner's key, if any.
 * @returns The banner.
 */
export const TextBanner: SnapComponent<{
  title: string;
  severity: 'danger' | 'info' | 'success' | 'warning';
  children: TextChildren;
}> = ({ title, severity, children, key }) => (
  <Banner key={key} title={title} severity={severity}>
    <Text>{children}</Text>
  </Banner>
);

/**
 * A text in bold (a heading line of a dialog or a section).
 *
 * @param props - Component props.
 * @param props.children - The text.
 * @param props.key - Its key, if any.
 * @returns The text.
 */
export const BoldText: SnapComponent<{ children: TextChildren }> = ({
  children,
  key,
}) => (
  <Text key={key} fontWeight="bold">
    {children}
  </Text>
);

/**
 * Who asks, on which network: the first rows of every request's dialog.
 *
 * @param props - Component props.
 * @param props.request - Origin and network.
 * @returns The rows.
 */
export const SiteAndNetwork: SnapComponent<{
  request: Pick<
    RequestView,
    'origin' | 'networkName' | 'chainId' | 'networkAddedBy'
  >;
}> = ({ request }) => (
  <Box>
    <TextRow label="Requested by">{request.origin}</TextRow>
    <TextRow label="Network">{request.networkName}</TextRow>
    <TextRow label="Chain id">{chainIdText(request.chainId)}</TextRow>
    {request.networkAddedBy === undefined ? null : (
      <TextRow label="Node">{`added by ${request.networkAddedBy}: that site's node sees this request`}</TextRow>
    )}
  </Box>
);

/**
 * A chain id as the user reads it: its short string and its hex.
 *
 * @param chainId - The chain id (hex of a short string).
 * @returns E.g. `SN_SEPOLIA (0x534e5f5345504f4c4941)`.
 */
export function chainIdText(chainId: string): string {
  const text = printableShortString(BigInt(chainId));
  return text === undefined ? chainId : `${text} (${chainId})`;
}

/**
 * The header of every confirmation: the requesting site, the network and the
 * full account address, so the user always knows who asks what of which key.
 *
 * @param props - Component props.
 * @param props.title - What is asked.
 * @param props.request - Origin, network and account.
 * @param props.accountLabel - How to call the account ("Signer", "Sender").
 * @returns The header.
 */
export const RequestHeader: SnapComponent<{
  title: string;
  request: RequestView;
  accountLabel: string;
}> = ({ title, request, accountLabel }) => (
  <Box>
    <Heading>{title}</Heading>
    <Section>
      <SiteAndNetwork request={request} />
      <Text>{`${accountLabel}:`}</Text>
      <Copyable value={request.address} />
    </Section>
  </Box>
);

const DECODED_BY = {
  token: 'Decoded as an ERC-20 call of a token in your wallet.',
  staking:
    "A call to a pool of Starknet's staking contract (checked on chain), in words:",
  swap: "A swap on AVNU's exchange of this network, read by the wallet from what you sign:",
  liquid:
    "Endur's liquid staking (xSTRK) of this network, read by the wallet from what you sign:",
  chain: "Labelled with the contract's ABI as the chain has it.",
  site: 'As the site describes it (not checked against the chain):',
};

/**
 * One call of a transaction: its danger first, then what it means when it
 * can be decoded (and by whom), then the contract, entrypoint, selector and
 * raw calldata that are signed.
 *
 * @param props - Component props.
 * @param props.call - The call.
 * @param props.position - 1-based position in the multicall.
 * @param props.total - Number of calls.
 * @returns The call section.
 */
export const CallSection: SnapComponent<{
  call: CallView;
  position: number;
  total: number;
}> = ({ call, position, total }) => (
  <Section>
    <Heading>{`Call ${position} of ${total}: ${call.entrypoint}`}</Heading>
    {call.danger ? (
      <TextBanner title="Danger" severity="danger">
        {call.danger}
      </TextBanner>
    ) : null}
    {call.decoded ? <Text>{DECODED_BY[call.decoded.source]}</Text> : null}
    {call.headline === undefined ? null : <BoldText>{call.headline}</BoldText>}
    {call.rawReason ? (
      <TextBanner title="Shown raw" severity="warning">
        {call.rawReason}
      </TextBanner>
    ) : null}
    {call.decoded?.warning ? (
      <TextBanner title="Warning" severity="warning">
        {call.decoded.warning}
      </TextBanner>
    ) : null}
    {(call.decoded?.fields ?? []).map(({ label, value }) => (
      <TextRow label={label}>{value}</TextRow>
    ))}
    <Text>
      {call.contractLabel ? `Contract (${call.contractLabel}):` : 'Contract:'}
    </Text>
    <Copyable value={call.contractAddress} />
    <TextRow label="Entrypoint">{call.entrypoint}</TextRow>
    <TextRow label="Selector">{call.selector}</TextRow>
    <Text>{`Calldata (${call.calldata.length}):`}</Text>
    {call.calldata.length > 0 ? (
      <Copyable value={call.calldata.join(', ')} />
    ) : (
      <Text>(none)</Text>
    )}
  </Section>
);

/**
 * Every call of a transaction or outside execution, after a banner when
 * they are shown raw because decoding them was too large for a dialog.
 *
 * @param props - Component props.
 * @param props.calls - The calls as shown.
 * @param props.tooLarge - Whether ABI decoding was given up.
 * @returns The calls.
 */
export const CallSections: SnapComponent<{
  calls: CallView[];
  tooLarge: boolean;
}> = ({ calls, tooLarge }) => (
  <Box>
    {tooLarge ? (
      <TextBanner title="Calls shown raw" severity="warning">
        Labelling these calls with their contracts' ABIs would be too large for
        this dialog, so each is shown raw: its contract, selector and calldata,
        exactly what you sign.
      </TextBanner>
    ) : null}
    {calls.map((call, index) => (
      <CallSection call={call} position={index + 1} total={calls.length} />
    ))}
  </Box>
);

/**
 * Labelled lines in a section under a heading.
 *
 * @param props - Component props.
 * @param props.heading - The section's title.
 * @param props.lines - The lines.
 * @returns The section.
 */
export const LinesSection: SnapComponent<{
  heading: string;
  lines: FeeLine[];
}> = ({ heading, lines }) => (
  <Section>
    <BoldText>{heading}</BoldText>
    {lines.map(({ label, value }) => (
      <TextRow label={label}>{value}</TextRow>
    ))}
  </Section>
);

/**
 * Warnings, one banner each.
 *
 * @param props - Component props.
 * @param props.title - The banners' title.
 * @param props.severity - How bad.
 * @param props.messages - One sentence per banner.
 * @returns The banners.
 */
export const Banners: SnapComponent<{
  title: string;
  severity: 'danger' | 'warning' | 'info';
  messages: string[];
}> = ({ title, severity, messages }) => (
  <Box>
    {messages.map((message) => (
      <TextBanner title={title} severity={severity}>
        {message}
      </TextBanner>
    ))}
  </Box>
);

/**
 * The fields of a typed message, nested structs indented as sections (an
 * empty one, such as an empty array, says so).
 *
 * @param props - Component props.
 * @param props.fields - The fields.
 * @returns The fields.
 */
export const MessageFields: SnapComponent<{ fields: MessageField[] }> = ({
  fields,
}) => (
  <Box>
    {fields.length === 0 ? <Text>(none)</Text> : null}
    {fields.map((field) =>
      field.children ? (
        <Section>
          <BoldText>{field.label}</BoldText>
          <MessageFields fields={field.children} />
        </Section>
      ) : (
        <TextRow label={field.label}>{field.value ?? ''}</TextRow>
      ),
    )}
  </Box>
);

import {
  Banner,
  Box,
  Copyable,
  Heading,
  Row,
  Section,
  Text,
} from '@metamask/snaps-sdk/jsx';
import type { SnapComponent } from '@metamask/snaps-sdk/jsx';

import type { CallView, FeeView, MessageField, RequestView } from './views';

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
      <Row label="Requested by">
        <Text>{request.origin}</Text>
      </Row>
      <Row label="Network">
        <Text>{`${request.networkName} (${request.chainId})`}</Text>
      </Row>
      <Text>{`${accountLabel}:`}</Text>
      <Copyable value={request.address} />
    </Section>
  </Box>
);

/**
 * One call of a transaction: contract, entrypoint, decoded meaning when
 * known, and the raw calldata.
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
    {call.decoded ? <Text>{call.decoded.summary}</Text> : null}
    {call.decoded?.warning ? (
      <Banner title="Warning" severity="warning">
        <Text>{call.decoded.warning}</Text>
      </Banner>
    ) : null}
    {(call.decoded?.fields ?? []).map(({ label, value }) => (
      <Row label={label}>
        <Text>{value}</Text>
      </Row>
    ))}
    <Text>
      {call.contractLabel ? `Contract (${call.contractLabel}):` : 'Contract:'}
    </Text>
    <Copyable value={call.contractAddress} />
    <Row label="Entrypoint">
      <Text>{call.entrypoint}</Text>
    </Row>
    <Text>{`Calldata (${call.calldata.length}):`}</Text>
    {call.calldata.length > 0 ? (
      <Copyable value={call.calldata.join(', ')} />
    ) : (
      <Text>(none)</Text>
    )}
  </Section>
);

/**
 * Fee, nonce and version of a transaction.
 *
 * @param props - Component props.
 * @param props.fee - What to show.
 * @returns The fee section, or nothing when there is nothing to show.
 */
export const FeeSection: SnapComponent<{ fee: FeeView }> = ({ fee }) => (
  <Section>
    {fee.maxFee ? (
      <Row label="Maximum fee">
        <Text>{fee.maxFee}</Text>
      </Row>
    ) : null}
    {fee.nonce ? (
      <Row label="Nonce">
        <Text>{fee.nonce}</Text>
      </Row>
    ) : null}
    {fee.version ? (
      <Row label="Version">
        <Text>{fee.version}</Text>
      </Row>
    ) : null}
  </Section>
);

/**
 * The fields of a typed message, nested structs indented as sections.
 *
 * @param props - Component props.
 * @param props.fields - The fields.
 * @returns The fields.
 */
export const MessageFields: SnapComponent<{ fields: MessageField[] }> = ({
  fields,
}) => (
  <Box>
    {fields.map((field) =>
      field.children ? (
        <Section>
          <Text fontWeight="bold">{field.label}</Text>
          <MessageFields fields={field.children} />
        </Section>
      ) : (
        <Row label={field.label}>
          <Text>{field.value ?? ''}</Text>
        </Row>
      ),
    )}
  </Box>
);

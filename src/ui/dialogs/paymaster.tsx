import { Box, Copyable, Section, Text } from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import type { LateNames } from '../../node/names';
import type { CheckedBuild } from '../../paymaster/checkBuilt';
import { dateText } from '../../prices/dates';
import { unitsText } from '../../prices/money';
import { TextRow } from '../components';
import { NameLine } from '../names';
import type { NamesReading } from '../names';

/**
 * What a paymaster confirmation shows of the paymaster, and the relayer's
 * Starknet ID name to read while the dialog is open, if any.
 */
export type PaymasterShown = {
  host: string;
  build: CheckedBuild;
  relayerName?: LateNames | undefined;
};

/**
 * A time of a validity window: the number signed, and its date in the
 * user's locale (UTC).
 *
 * @param seconds - Seconds since 1970.
 * @param locale - The user's locale.
 * @returns The text.
 */
function timeText(seconds: bigint, locale: string): string {
  return `${seconds} (${dateText(seconds, locale, true)})`;
}

/**
 * The title of a paymaster transaction: what its calls do, when they
 * have words.
 *
 * @param shown - The paymaster.
 * @param words - The calls' words for a title (callsTitle), if any.
 * @returns The title.
 */
export function paymasterTitle(
  shown: PaymasterShown,
  words: string | undefined,
): string {
  const titles = {
    deploy: 'Deploy account through a paymaster',
    deploy_and_invoke: 'Deploy account and send through a paymaster',
    invoke: 'Send transaction through a paymaster',
  } as const;
  if (words === undefined || shown.build.type === 'deploy') {
    return titles[shown.build.type];
  }
  return shown.build.type === 'invoke'
    ? `${words}, through a paymaster`
    : `Deploy account and ${lowerFirst(words)}, through a paymaster`;
}

/**
 * Words that follow others: their first letter lower case.
 *
 * @param words - The words.
 * @returns The same, lower-cased first.
 */
function lowerFirst(words: string): string {
  return `${words.charAt(0).toLowerCase()}${words.slice(1)}`;
}

/**
 * What the paymaster does and what it is paid, and every member of the
 * signed outside execution besides its calls (shown above it) and the
 * signer: who may relay it, its validity window and its nonce. The fee is
 * the exact amount of the last call, the transfer to the relayer.
 *
 * @param shown - The paymaster and what it built, checked.
 * @param relayer - The relayer's name as read so far, its line held from
 * the start (absent: none looked up).
 * @param locale - The user's locale (the window's dates).
 * @returns The sections.
 */
export function paymasterSections(
  shown: PaymasterShown,
  relayer: NamesReading | undefined,
  locale: string,
): JSXElement {
  const { host, build } = shown;
  const fee = build.feeTransfer;
  const execution = build.signable?.execution;
  return (
    <Box>
      <Section>
        <TextRow label="Paymaster">{host}</TextRow>
        {fee ? (
          <Box>
            <TextRow
              label={`Fee, paid in ${fee.token.symbol}`}
            >{`${unitsText(fee.amount, fee.token.decimals, locale)} ${fee.token.symbol}`}</TextRow>
            <Text>{`At most this (the last call above: a transfer to the relayer). The paymaster estimates ${unitsText(build.estimatedFee, fee.token.decimals, locale)} ${fee.token.symbol}. You pay no STRK.`}</Text>
          </Box>
        ) : (
          <Text>{`Sponsored by ${host}: you pay no fee.`}</Text>
        )}
      </Section>
      {execution ? (
        <Section>
          <Text>
            You sign an outside execution (SNIP-9 version 1) of the calls above,
            which this relayer submits:
          </Text>
          {execution.anyCaller ? (
            <Text>Anyone may submit it (ANY_CALLER).</Text>
          ) : (
            <Box>
              {relayer ? (
                <NameLine address={execution.caller} reading={relayer} />
              ) : null}
              <Copyable value={execution.caller} />
            </Box>
          )}
          <TextRow label="Valid after">
            {timeText(execution.executeAfter, locale)}
          </TextRow>
          <TextRow label="Valid before">
            {timeText(execution.executeBefore, locale)}
          </TextRow>
          <Text>Nonce (unused, checked on chain):</Text>
          <Copyable value={execution.nonce} />
        </Section>
      ) : (
        <Text>{`Nothing is signed: ${host} deploys the account as the wallet would, with the class, salt and calldata below.`}</Text>
      )}
    </Box>
  );
}

import { Box, Copyable, Row, Text } from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { activityLine, activityStatus, shortAddress } from './activityText';
import { visibleContent } from './visibleContent';
import { formatUnits } from '../format';
import type { Arrival } from '../state/activity';
import type { TokenRecord, TransactionRecord } from '../state/schema';
import { visible } from '../text';

/**
 * MetaMask notifications (`snap_notify`, in-app, with an expanded view):
 * the only code that sends them. The short message holds the wallet's own
 * words and hex only; everything a site or a node chose (a token's symbol,
 * a network's name, a revert reason) appears in the expanded view, which
 * passes the same visible-text exit as every dialog.
 */

/** The longest revert reason a notification shows. */
const NOTIFIED_REASON = 500;

/** What a notification about one transaction's outcome needs. */
export type OutcomeNotice = {
  record: TransactionRecord;
  /** The network's name as the wallet stores it. */
  networkName: string;
  /** The account's name as the page shows it. */
  accountName: string;
  /** Tokens tracked on the record's network. */
  tokens: TokenRecord[];
};

/**
 * The word for an outcome.
 *
 * @param record - The record (final).
 * @returns `accepted`, `reverted`, `rejected` or `not executed`.
 */
function outcomeWord(record: TransactionRecord): string {
  if (record.status === 'REVERTED') {
    return 'reverted';
  }
  if (record.status === 'REJECTED' && record.outsideExecution) {
    // A signed execution whose window closed unused: no transaction ran.
    return 'not executed';
  }
  return record.status === 'REJECTED' ? 'rejected' : 'accepted';
}

/**
 * The expanded view of an outcome.
 *
 * @param notice - The outcome.
 * @returns Its content.
 */
function outcomeContent(notice: OutcomeNotice): JSXElement {
  const { record } = notice;
  return (
    <Box>
      <Text fontWeight="bold">
        {activityLine(record, record.senderAddress, notice.tokens)}
      </Text>
      <Row label="Status">
        <Text>{activityStatus(record, NOTIFIED_REASON)}</Text>
      </Row>
      <Row label="Network">
        <Text>{notice.networkName}</Text>
      </Row>
      <Row label="Account">
        <Text>{notice.accountName}</Text>
      </Row>
      <Text>{record.senderAddress}</Text>
      <Text>Transaction hash</Text>
      <Copyable value={record.txnHash} />
    </Box>
  );
}

/**
 * Tells the user a transaction's outcome.
 *
 * @param notice - The outcome.
 */
export async function notifyOutcome(notice: OutcomeNotice): Promise<void> {
  const word = outcomeWord(notice.record);
  await snap.request({
    method: 'snap_notify',
    params: {
      type: 'inApp',
      message: visible(
        `Transaction ${shortAddress(notice.record.txnHash)} ${word}`,
      ),
      title: `Transaction ${word}`,
      content: visibleContent(outcomeContent(notice)),
    },
  });
}

/** What a notification about tokens that arrived needs. */
export type ArrivalNotice = {
  arrival: Arrival;
  /** The tracked token (its symbol and name are the token's own words). */
  token: TokenRecord;
  networkName: string;
  accountName: string;
};

/**
 * Tells the user that tokens arrived at an account.
 *
 * @param notice - The arrival.
 */
export async function notifyArrival(notice: ArrivalNotice): Promise<void> {
  const { arrival, token } = notice;
  await snap.request({
    method: 'snap_notify',
    params: {
      type: 'inApp',
      message: visible(`Tokens arrived at ${shortAddress(arrival.account)}`),
      title: 'Tokens received',
      content: visibleContent(
        <Box>
          <Text fontWeight="bold">
            {`Received ${formatUnits(arrival.received, token.decimals)} ${token.symbol}`}
          </Text>
          <Row label="Token">
            <Text>{`${token.symbol} · ${token.name}`}</Text>
          </Row>
          <Text>{token.address}</Text>
          <Row label="Balance">
            <Text>{`${formatUnits(arrival.amount, token.decimals)} ${token.symbol}`}</Text>
          </Row>
          <Row label="Network">
            <Text>{notice.networkName}</Text>
          </Row>
          <Row label="Account">
            <Text>{notice.accountName}</Text>
          </Row>
          <Text>{arrival.account}</Text>
        </Box>,
      ),
    },
  });
}

/** What a notification about an exit whose wait is over needs. */
export type ExitReadyNotice = {
  /** What can be withdrawn, in the token's smallest unit. */
  amount: bigint;
  /** The pool's token as the wallet tracks it, if it does. */
  token: { address: string; symbol: string; decimals: number } | undefined;
  /** Whether the token is the wallet's own STRK (its symbol is its word). */
  isStrk: boolean;
  staker: string;
  pool: string;
  networkName: string;
  accountName: string;
  account: string;
};

/**
 * Tells the user that a staking exit's wait is over: the amount can be
 * withdrawn (on the Stake view of the page).
 *
 * @param notice - The exit.
 */
export async function notifyExitReady(notice: ExitReadyNotice): Promise<void> {
  const { token } = notice;
  const amount = token
    ? `${formatUnits(notice.amount, token.decimals)} ${notice.isStrk ? token.symbol : 'tokens'}`
    : 'Your stake';
  await snap.request({
    method: 'snap_notify',
    params: {
      type: 'inApp',
      message: visible(
        `${amount} can be withdrawn from validator ${shortAddress(notice.staker)}`,
      ),
      title: 'Stake ready to withdraw',
      content: visibleContent(
        <Box>
          <Text fontWeight="bold">
            {token
              ? `${formatUnits(notice.amount, token.decimals)} ${token.symbol} can be withdrawn: open the wallet's page, Stake, and press Withdraw.`
              : `${notice.amount.toString()} (smallest unit) can be withdrawn: open the wallet's page, Stake, and press Withdraw.`}
          </Text>
          <Row label="Validator">
            <Text>{notice.staker}</Text>
          </Row>
          <Row label="Pool">
            <Text>{notice.pool}</Text>
          </Row>
          <Row label="Network">
            <Text>{notice.networkName}</Text>
          </Row>
          <Row label="Account">
            <Text>{notice.accountName}</Text>
          </Row>
          <Text>{notice.account}</Text>
        </Box>,
      ),
    },
  });
}

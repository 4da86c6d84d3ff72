import { Box, Copyable, Text } from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { activityLineOf, activityStatus, shortAddress } from './activityText';
import { BoldText, TextRow } from './components';
import { visibleContent } from './visibleContent';
import { amountText, MASK } from '../prices/money';
import type { MoneyDisplay } from '../prices/money';
import type { Arrival } from '../state/activity';
import type { TokenRecord, TransactionRecord } from '../state/schema';
import { visible } from '../text';

/**
 * MetaMask notifications (`snap_notify`, in-app, with an expanded view):
 * the only code that sends them. The short message holds the wallet's own
 * words and hex only; everything a site or a node chose (a token's symbol,
 * a network's name, a revert reason) appears in the expanded view, which
 * passes the same visible-text exit as every dialog. Amounts are written in
 * the user's locale, and masked while the user hides balances in MetaMask,
 * as on the page.
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
  /** The user's locale, and whether balances are hidden. */
  display: MoneyDisplay;
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
      <BoldText>
        {
          activityLineOf(
            record,
            record.senderAddress,
            notice.tokens,
            notice.display,
          ).text
        }
      </BoldText>
      <TextRow label="Status">
        {activityStatus(record, NOTIFIED_REASON)}
      </TextRow>
      <TextRow label="Network">{notice.networkName}</TextRow>
      <TextRow label="Account">{notice.accountName}</TextRow>
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

/** A notice about an account's holdings: an arrival, an exit ready. */
type HoldingNotice = {
  /** The short message: the wallet's own words and hex only. */
  message: string;
  title: string;
  heading: string;
  /** Labelled lines, each with a line below it if any (an address). */
  rows: { label: string; value: string; below?: string }[];
  networkName: string;
  accountName: string;
  account: string;
};

/**
 * Tells the user of an account's holdings: the one shape of the arrival
 * and the exit notices.
 *
 * @param notice - What to tell.
 */
async function notifyHolding(notice: HoldingNotice): Promise<void> {
  await snap.request({
    method: 'snap_notify',
    params: {
      type: 'inApp',
      message: visible(notice.message),
      title: notice.title,
      content: visibleContent(
        <Box>
          <BoldText>{notice.heading}</BoldText>
          {notice.rows.map(({ label, value, below }) => (
            <Box>
              <TextRow label={label}>{value}</TextRow>
              {below === undefined ? null : <Text>{below}</Text>}
            </Box>
          ))}
          <TextRow label="Network">{notice.networkName}</TextRow>
          <TextRow label="Account">{notice.accountName}</TextRow>
          <Text>{notice.account}</Text>
        </Box>,
      ),
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
  /** The user's locale, and whether balances are hidden. */
  display: MoneyDisplay;
};

/**
 * Tells the user that tokens arrived at an account.
 *
 * @param notice - The arrival.
 */
export async function notifyArrival(notice: ArrivalNotice): Promise<void> {
  const { arrival, token } = notice;
  const amount = (value: bigint): string =>
    amountText(value, token, notice.display);
  await notifyHolding({
    message: `Tokens arrived at ${shortAddress(arrival.account)}`,
    title: 'Tokens received',
    heading: `Received ${amount(arrival.received)}`,
    rows: [
      {
        label: 'Token',
        value: `${token.symbol} · ${token.name}`,
        below: token.address,
      },
      { label: 'Balance', value: amount(arrival.amount) },
    ],
    networkName: notice.networkName,
    accountName: notice.accountName,
    account: arrival.account,
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
  /** The user's locale, and whether balances are hidden. */
  display: MoneyDisplay;
};

/**
 * Tells the user that a staking exit's wait is over: the amount can be
 * withdrawn (on the Stake view of the page).
 *
 * @param notice - The exit.
 */
export async function notifyExitReady(notice: ExitReadyNotice): Promise<void> {
  const { token, display } = notice;
  // The short message holds the wallet's own words: a token's symbol only
  // when it is the wallet's own STRK.
  const untracked = display.hidden ? MASK : `${notice.amount} (smallest unit)`;
  const amount = token
    ? amountText(
        notice.amount,
        {
          decimals: token.decimals,
          symbol: notice.isStrk ? token.symbol : 'tokens',
        },
        display,
      )
    : untracked;
  const exact = token ? amountText(notice.amount, token, display) : untracked;
  await notifyHolding({
    message: `${amount} can be withdrawn from validator ${shortAddress(notice.staker)}`,
    title: 'Stake ready to withdraw',
    heading: `${exact} can be withdrawn: open the wallet's page, Stake, and press Withdraw.`,
    rows: [
      { label: 'Validator', value: notice.staker },
      { label: 'Pool', value: notice.pool },
    ],
    networkName: notice.networkName,
    accountName: notice.accountName,
    account: notice.account,
  });
}

/** What a notification about a liquid staking withdrawal ready needs. */
export type ClaimReadyNotice = {
  /** The STRK the request pays. */
  amount: bigint;
  id: bigint;
  networkName: string;
  accountName: string;
  account: string;
  /** The user's locale, and whether balances are hidden. */
  display: MoneyDisplay;
};

/**
 * Tells the user that a withdrawal request of Endur's queue can be claimed
 * (on the Stake view of the page).
 *
 * @param notice - The request.
 */
export async function notifyClaimReady(
  notice: ClaimReadyNotice,
): Promise<void> {
  const amount = amountText(
    notice.amount,
    { symbol: 'STRK', decimals: 18 },
    notice.display,
  );
  await notifyHolding({
    message: `${amount} can be claimed from Endur's withdrawal queue`,
    title: 'Withdrawal ready to claim',
    heading: `${amount} can be claimed: open the wallet's page, Stake, and press Claim #${notice.id}.`,
    rows: [{ label: 'Request', value: `#${notice.id}` }],
    networkName: notice.networkName,
    accountName: notice.accountName,
    account: notice.account,
  });
}

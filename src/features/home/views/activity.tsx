import {
  Box,
  Button,
  Copyable,
  Heading,
  Row,
  Section,
  Text,
} from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import type { ShownName } from '../../../node/names';
import { dateText } from '../../../prices/dates';
import { visibleContent } from '../../../ui/visibleContent';

/**
 * The home page's activity: a section of the page (one line per
 * transaction, newest first, a "More" button) and the detail view of one
 * transaction. Read by ../activity.ts; shown through the page's own
 * visible-text exit (home.tsx).
 */

/** Element names of the activity's buttons (events carry them). */
export const ACTIVITY = {
  /** Then how many lines to show. */
  more: 'home-activity-more:',
  /** Then `<chainId>:<txnHash>`. */
  detail: 'home-activity-detail:',
} as const;

/** One line of the activity. */
export type ActivityEntry = {
  chainId: string;
  /** Canonical hash. */
  txnHash: string;
  accountName: string;
  /** What it did, e.g. "Sent 5 STRK to 0x1234…abcd". */
  line: string;
  /** Its status in words. */
  status: string;
  /** Unix seconds: when sent, or its block's time. */
  timestamp: number;
  /** Starknet ID names of the parties the line names (read both ways). */
  names?: ShownName[];
};

/** The activity section of the page. */
export type HomeActivity = {
  entries: ActivityEntry[];
  /** Whether "More" shows anything more. */
  more: boolean;
  /** How many lines were asked for. */
  shown: number;
  /** Why the node's history of the accounts could not be read. */
  historyUnreadable?: string;
  /**
   * When the history's reads hit their bounds (a busy account): the block
   * from which on it was read; older transactions were not.
   */
  historyPartialFrom?: number;
  /**
   * Why some of the history could not be read (a page the node failed):
   * what was read is listed.
   */
  historyPartlyUnreadable?: string;
};

/** One transaction in full, as its detail view shows it. */
export type ActivityDetail = {
  entry?: ActivityEntry;
  txnHash: string;
  networkName: string;
  /** Label, value: type, sender, contract, status, fee, block... */
  rows: { label: string; value: string }[];
  /** Why the node's answer could not be read, if it could not. */
  unreadable?: string;
  /** Starknet ID names of the addresses shown (read both ways). */
  names?: ShownName[];
};

/**
 * Starknet ID names, each beside the full address it resolves to and back
 * (a line shows addresses short: the name never stands for one unseen).
 *
 * @param names - The names.
 * @returns One text per name, or nothing.
 */
function namesLines(names: ShownName[] | undefined): JSXElement[] | null {
  return names && names.length > 0
    ? names.map(({ name, address }) => (
        <Text>{`Starknet ID: ${name} is ${address}`}</Text>
      ))
    : null;
}

/**
 * The activity section.
 *
 * @param activity - What to show.
 * @param locale - The user's locale (its dates).
 * @returns The section.
 */
export function activitySection(
  activity: HomeActivity,
  locale: string,
): JSXElement {
  return (
    <Section>
      <Heading>Activity</Heading>
      {activity.entries.length === 0 ? (
        <Text>No transaction yet on this network.</Text>
      ) : null}
      {activity.historyUnreadable === undefined ? null : (
        <Text>{`The node's history could not be read: ${activity.historyUnreadable}`}</Text>
      )}
      {activity.historyPartlyUnreadable === undefined ? null : (
        <Text>{`Some history could not be read: ${activity.historyPartlyUnreadable}. What was read is listed.`}</Text>
      )}
      {activity.historyPartialFrom === undefined ? null : (
        <Text>{`Not all of the node's history was read (a busy account): some of its transactions before block ${activity.historyPartialFrom} may not be listed.`}</Text>
      )}
      {activity.entries.map((entry) => (
        <Box>
          <Text>{`${entry.accountName}: ${entry.line} · ${entry.status}`}</Text>
          {namesLines(entry.names)}
          <Button
            name={`${ACTIVITY.detail}${entry.chainId}:${entry.txnHash}`}
          >{`Details (${dateText(entry.timestamp, locale)})`}</Button>
        </Box>
      ))}
      {activity.more ? (
        <Button name={`${ACTIVITY.more}${activity.shown}`}>More</Button>
      ) : null}
    </Section>
  );
}

/**
 * The detail view of one transaction.
 *
 * @param detail - What to show.
 * @param backTo - The name of the button back to the page.
 * @returns The content.
 */
export function activityDetailContent(
  detail: ActivityDetail,
  backTo: string,
): JSXElement {
  return (
    <Box>
      <Heading>Transaction</Heading>
      {detail.entry ? (
        <Text fontWeight="bold">{`${detail.entry.accountName}: ${detail.entry.line}`}</Text>
      ) : null}
      {namesLines(detail.names)}
      <Row label="Network">
        <Text>{detail.networkName}</Text>
      </Row>
      <Text>Hash</Text>
      <Copyable value={detail.txnHash} />
      {detail.rows.map(({ label, value }) => (
        <Box>
          <Text fontWeight="bold">{label}</Text>
          <Text>{value}</Text>
        </Box>
      ))}
      {detail.unreadable === undefined ? null : (
        <Text>{`The node's answer could not be read: ${detail.unreadable}`}</Text>
      )}
      <Button name={backTo}>Back</Button>
    </Box>
  );
}

/**
 * Shows one transaction's detail view in the page's interface.
 *
 * @param id - The page's interface.
 * @param detail - What to show.
 * @param backTo - The name of the button back to the page.
 */
export async function showActivityDetail(
  id: string,
  detail: ActivityDetail,
  backTo: string,
): Promise<void> {
  await snap.request({
    method: 'snap_updateInterface',
    params: {
      id,
      ui: visibleContent(activityDetailContent(detail, backTo)),
    },
  });
}

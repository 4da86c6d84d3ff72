import type { Network } from '../config';
import { logger } from '../logger';
import { transactionStatusCall } from '../node/calls';
import { recordStatusOf } from '../node/history';
import { isFinal, needsSettling, settleRecords } from '../state/activity';
import type { StatusUpdate } from '../state/activity';
import { hiddenFromNode } from '../state/networks';
import type { TransactionRecord, WalletState } from '../state/schema';
import { notifyOutcome } from '../ui/notifications';
import { walletContext } from '../wallet/context';
import type { WalletContext } from '../wallet/context';

/**
 * The background check (`onCronjob`, about once a minute): asks each
 * network's node, in one batch, about the wallet's pending transactions
 * (the oldest first, at most MAX_PENDING_PER_RUN), stores what it says, and
 * tells the user of each transaction accepted, reverted or rejected, once.
 * A node that fails only delays the news: the run logs it and the next run
 * asks again. On a network a site added, its node is asked only about the
 * accounts that site was given.
 */

/** The most pending transactions asked about per network and run. */
export const MAX_PENDING_PER_RUN = 20;

/** Who asks, for the nodes' clients: the wallet itself, no site. */
export const BACKGROUND_ORIGIN = 'The wallet, checking its transactions';

/**
 * The records of a network to ask its node about: pending, of an account
 * its node may learn, the oldest first, at most MAX_PENDING_PER_RUN.
 *
 * @param state - The state.
 * @param network - The network.
 * @returns The records.
 */
export function pendingToAsk(
  state: WalletState,
  network: Network,
): TransactionRecord[] {
  const pending = state.transactions.filter(
    (record) => record.chainId === network.chainId && !isFinal(record.status),
  );
  const hidden = new Set(
    hiddenFromNode(
      state,
      network,
      pending.map(({ senderAddress }) => senderAddress),
    ),
  );
  return pending
    .filter(({ senderAddress }) => !hidden.has(senderAddress))
    .sort((left, right) => left.timestamp - right.timestamp)
    .slice(0, MAX_PENDING_PER_RUN);
}

/**
 * What failed, in a log line.
 *
 * @param error - What was thrown.
 * @returns Its message.
 */
function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One network's answers about its pending records: one round trip; a
 * failing node (or a call it refused) leaves its records as they were.
 *
 * @param context - The background context.
 * @param network - The network.
 * @param records - Its records to ask about.
 * @returns The statuses the node gave.
 */
async function statusesFrom(
  context: WalletContext,
  network: Network,
  records: TransactionRecord[],
): Promise<StatusUpdate[]> {
  if (records.length === 0) {
    return [];
  }
  try {
    const answers = await context
      .node(network)
      .batchSettled(
        records.map(({ txnHash }) => transactionStatusCall(txnHash)),
      );
    return records.flatMap((record, index) => {
      const answer = answers[index];
      return answer?.status === 'fulfilled'
        ? [
            {
              chainId: record.chainId,
              txnHash: record.txnHash,
              ...recordStatusOf(answer.value, record.failureReason),
            },
          ]
        : [];
    });
  } catch (error) {
    logger.warn(
      `Background check: ${network.name} did not answer (${errorText(error)}); its transactions are asked again on the next run`,
    );
    return [];
  }
}

/**
 * The account's name as the page shows it.
 *
 * @param state - The state.
 * @param record - The record.
 * @returns The name.
 */
function accountNameOf(state: WalletState, record: TransactionRecord): string {
  const account = state.accounts.find(
    ({ address, chainId }) =>
      address === record.senderAddress && chainId === record.chainId,
  );
  if (!account) {
    return 'An account of this wallet';
  }
  return account.name ?? `Account ${account.addressIndex}`;
}

/**
 * One run of the background check. Never throws: what fails is logged, and
 * the next run tries again.
 */
export async function refreshTransactions(): Promise<void> {
  try {
    const context = walletContext(BACKGROUND_ORIGIN);
    const state = await context.state();
    const updates = (
      await Promise.all(
        state.networks.map(async (network) =>
          statusesFrom(context, network, pendingToAsk(state, network)),
        ),
      )
    ).flat();
    if (!needsSettling(state, updates)) {
      return;
    }
    for (const record of await settleRecords(updates)) {
      const network = state.networks.find(
        ({ chainId }) => chainId === record.chainId,
      );
      try {
        await notifyOutcome({
          record,
          networkName: network?.name ?? record.chainId,
          accountName: accountNameOf(state, record),
          tokens: state.tokens.filter(
            ({ chainId }) => chainId === record.chainId,
          ),
        });
      } catch (error) {
        logger.warn(
          `Background check: a notification failed (${errorText(error)})`,
        );
      }
    }
  } catch (error) {
    logger.error(`Background check failed (${errorText(error)})`);
  }
}

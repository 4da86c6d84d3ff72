import type { Network } from '../config';
import { logger } from '../logger';
import { isContractNotFound } from '../node/calls';
import {
  chainClockCall,
  executedEventCall,
  nonceUnusedCall,
  ranExecution,
  receiptCall,
} from '../node/executionCalls';
import type { NodeCall } from '../node/nodeCall';
import { hiddenFromNode } from '../state/networks';
import {
  openExecutionsOf,
  settleOpenExecutions,
} from '../state/openExecutions';
import type { ExecutionOutcome } from '../state/openExecutions';
import type { TransactionRecord, WalletState } from '../state/schema';
import type { WalletContext } from '../wallet/context';

/**
 * The background check's watch of open outside executions (see
 * src/state/openExecutions.ts). Per network, one round trip asks the
 * chain's clock (its newest block), each execution's nonce and each
 * paymaster's claimed receipt; a second, only for a nonce found used, reads
 * the account's TransactionExecuted event keyed by the signed message hash,
 * which names the transaction that ran it. An execution whose window the
 * chain's clock has passed with its nonce unused can never run: it is
 * recorded as not executed. What becomes final is told by the ordinary
 * path of the check, once.
 */

/** The most open executions asked about per network and run. */
export const MAX_OPEN_PER_RUN = 10;

/**
 * Blocks read back for the event, beyond one a second since the hand-over
 * (Starknet makes at most about one block a second).
 */
const EVENT_LOOKBACK_MARGIN = 100;

/**
 * What the chain says of one execution: its nonce (unused, used, or not
 * read) and the claimed transaction's receipt.
 */
type Reading = {
  record: TransactionRecord;
  nonce: 'unused' | 'used' | undefined;
  claim: 'ran' | 'refuted' | undefined;
};

/**
 * Reads the first round trip's answers of one execution.
 *
 * @param record - The execution's record.
 * @param nonce - The nonce check's answer.
 * @param receipt - The claimed receipt's answer, if one was asked.
 * @returns What they say.
 */
function readingOf(
  record: TransactionRecord,
  nonce: PromiseSettledResult<unknown> | undefined,
  receipt: PromiseSettledResult<unknown> | undefined,
): Reading {
  let nonceState: Reading['nonce'];
  if (nonce?.status === 'fulfilled' && Array.isArray(nonce.value)) {
    nonceState =
      BigInt(String(nonce.value[0] ?? '0x1')) === 1n ? 'unused' : 'used';
  } else if (nonce?.status === 'rejected' && isContractNotFound(nonce.reason)) {
    // Not deployed: the deployment and the execution go in one transaction.
    nonceState = 'unused';
  }
  let claim: Reading['claim'];
  if (receipt?.status === 'fulfilled') {
    const claimed = receipt.value as Parameters<typeof ranExecution>[0];
    claim = ranExecution(claimed, record.senderAddress, record.txnHash)
      ? 'ran'
      : 'refuted';
  }
  return { record, nonce: nonceState, claim };
}

/**
 * One network's open executions, asked about and settled.
 *
 * @param context - The background context.
 * @param network - The network.
 * @param state - The state.
 */
async function watchNetwork(
  context: WalletContext,
  network: Network,
  state: WalletState,
): Promise<void> {
  const open = openExecutionsOf(state, network.chainId);
  const hidden = new Set(
    hiddenFromNode(
      state,
      network,
      open.map(({ senderAddress }) => senderAddress),
    ),
  );
  const records = open
    .filter(({ senderAddress }) => !hidden.has(senderAddress))
    .slice(0, MAX_OPEN_PER_RUN);
  if (records.length === 0) {
    return;
  }
  const node = context.node(network);
  const calls: NodeCall<unknown>[] = [chainClockCall()];
  const positions = records.map((record) => {
    const claimed = record.outsideExecution?.claimedHash;
    const nonceAt = calls.push(
      nonceUnusedCall(
        record.senderAddress,
        record.outsideExecution?.nonce ?? '0x0',
      ),
    );
    const receiptAt = claimed ? calls.push(receiptCall(claimed)) : undefined;
    return { nonceAt: nonceAt - 1, receiptAt: receiptAt && receiptAt - 1 };
  });
  const answers = await node.batchSettled(calls);
  const [clockAnswer] = answers;
  const clock =
    clockAnswer?.status === 'fulfilled'
      ? (clockAnswer.value as { blockNumber: number; timestamp: number })
      : undefined;
  const readings = records.map((record, index) => {
    const { nonceAt, receiptAt } = positions[index] ?? { nonceAt: -1 };
    return readingOf(
      record,
      answers[nonceAt],
      receiptAt === undefined ? undefined : answers[receiptAt],
    );
  });
  const outcomes = new Map<string, ExecutionOutcome>();
  const now = Math.floor(Date.now() / 1000);
  const toFind: TransactionRecord[] = [];
  for (const { record, nonce, claim } of readings) {
    const claimedHash = record.outsideExecution?.claimedHash;
    const executeBefore = record.outsideExecution?.executeBefore ?? 0;
    if (claim === 'ran' && claimedHash) {
      outcomes.set(record.txnHash, { kind: 'ran', txnHash: claimedHash });
    } else if (nonce === 'used') {
      toFind.push(record);
    } else if (
      nonce === 'unused' &&
      clock !== undefined &&
      clock.timestamp >= executeBefore &&
      now >= executeBefore
    ) {
      outcomes.set(record.txnHash, { kind: 'expired' });
    } else if (claim === 'refuted') {
      outcomes.set(record.txnHash, { kind: 'claim-refuted' });
    }
  }
  if (toFind.length > 0) {
    const found = await node.batchSettled(
      toFind.map((record) =>
        executedEventCall(
          record.senderAddress,
          record.txnHash,
          Math.max(
            0,
            (clock?.blockNumber ?? 0) -
              Math.max(0, now - record.timestamp) -
              EVENT_LOOKBACK_MARGIN,
          ),
        ),
      ),
    );
    toFind.forEach((record, index) => {
      const answer = found[index];
      const [event] = answer?.status === 'fulfilled' ? answer.value.events : [];
      if (event) {
        outcomes.set(record.txnHash, {
          kind: 'ran',
          txnHash: event.transaction_hash,
        });
      }
    });
  }
  await settleOpenExecutions(network.chainId, outcomes);
}

/**
 * Asks each network about its open executions and stores what the chain
 * says. Never throws: a network that fails is asked again on the next run.
 *
 * @param context - The background context.
 * @param state - The state.
 */
export async function watchOpenExecutions(
  context: WalletContext,
  state: WalletState,
): Promise<void> {
  await Promise.all(
    state.networks.map(async (network) =>
      watchNetwork(context, network, state).catch((error: unknown) => {
        logger.warn(
          `Background check: the open executions on ${network.name} were not read (${error instanceof Error ? error.message : String(error)}); they are asked about again on the next run`,
        );
      }),
    ),
  );
}

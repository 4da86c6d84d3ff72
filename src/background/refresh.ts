import type { Infer } from 'superstruct';

import { watchOpenExecutions } from './openExecutions';
import { exitWatchOf, tellReadyExits } from './stakingExits';
import type { ExitWatch } from './stakingExits';
import { tellNews } from './tellNews';
import type { Network } from '../config';
import { logger } from '../logger';
import type { Reading } from '../node/answers';
import { transactionStatusCall } from '../node/calls';
import type { TransactionStatusStruct } from '../node/calls';
import { balanceReadingCall } from '../node/erc20';
import { recordStatusOf } from '../node/history';
import type { NodeCall } from '../node/nodeCall';
import { moneyDisplayOf } from '../prices/preferences';
import type { RequestScope } from '../requestScope';
import { isFinal, needsSettling, settleActivity } from '../state/activity';
import type { BalanceReading, StatusUpdate } from '../state/activity';
import { hiddenFromNode } from '../state/networks';
import type { TransactionRecord, WalletState } from '../state/schema';
import { readState } from '../state/store';
import { storeWatchCursors, watchCursorOn } from '../state/watchCursors';
import { walletContext } from '../wallet/context';
import type { WalletContext } from '../wallet/context';

/**
 * The background check (`onCronjob`, about once a minute): asks each
 * network's node, in one batch, about the wallet's pending transactions
 * (the oldest first, at most MAX_PENDING_PER_RUN) and its accounts'
 * tracked-token balances, stores what it says, and tells the user of each
 * transaction accepted, reverted or rejected and of each token arrival,
 * once (marked told only once snap_notify returned). Outside executions
 * handed to a paymaster and not yet seen to run are watched first
 * (./openExecutions.ts); the staking exits' reads ride the same batch
 * (./stakingExits.ts). A node that fails only delays the news: the run
 * logs it and the next run asks again. On a network a site added, its node is asked only
 * about the accounts that site was given.
 */

/** The most pending transactions asked about per network and run. */
export const MAX_PENDING_PER_RUN = 20;

/**
 * The most notifications per run: MetaMask lets a snap send five in-app
 * notifications a minute; what is beyond waits for the next run.
 */
export const MAX_NOTICES_PER_RUN = 5;

/**
 * How long a pending transaction is watched (seconds since it was sent):
 * one the network dropped stays pending in the wallet's records, and must
 * not hold the oldest-first places of the newer ones for ever.
 */
export const PENDING_WATCH_SECONDS = 3 * 86_400;

/** The most balances asked about per network and run. */
export const MAX_BALANCES_PER_RUN = 40;

/** Who asks, for the nodes' clients: the wallet itself, no site. */
export const BACKGROUND_ORIGIN = 'The wallet, checking its transactions';

/**
 * The records of a network to ask its node about: pending, sent within
 * PENDING_WATCH_SECONDS, of an account its node may learn, the oldest
 * first, at most MAX_PENDING_PER_RUN.
 *
 * @param state - The state.
 * @param network - The network.
 * @returns The records.
 */
export function pendingToAsk(
  state: WalletState,
  network: Network,
): TransactionRecord[] {
  const since = Math.floor(Date.now() / 1000) - PENDING_WATCH_SECONDS;
  const pending = state.transactions.filter(
    (record) =>
      record.chainId === network.chainId &&
      !isFinal(record.status) &&
      // An open outside execution has no transaction hash yet: watched by
      // ./openExecutions.
      record.outsideExecution === undefined &&
      record.timestamp >= since,
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

/** One answer of a run's batch, tagged with what was asked. */
type RunAnswer =
  | { kind: 'status'; value: Infer<typeof TransactionStatusStruct> }
  | { kind: 'balance'; value: Reading<bigint> };

/**
 * A call whose answer is tagged with what was asked, so one batch can ask
 * about statuses and balances alike.
 *
 * @param kind - What is asked.
 * @param call - The call.
 * @returns The same call, its answer tagged.
 */
function tagged<Kind extends RunAnswer['kind']>(
  kind: Kind,
  call: NodeCall<Extract<RunAnswer, { kind: Kind }>['value']>,
): NodeCall<RunAnswer> {
  return {
    ...call,
    parse: (value) => ({ kind, value: call.parse(value) }) as RunAnswer,
  };
}

/**
 * The balances of a network to watch this run: each tracked token of each
 * account its node may learn, at most MAX_BALANCES_PER_RUN, from where the
 * last run stopped (wrapping around): every pair is read within
 * ceil(pairs / MAX_BALANCES_PER_RUN) runs.
 *
 * @param state - The state.
 * @param network - The network.
 * @returns Account and token pairs, and where the next run starts (when
 * there are more pairs than one run reads).
 */
export function balancesToAsk(
  state: WalletState,
  network: Network,
): { pairs: { account: string; token: string }[]; next?: number } {
  const accounts = state.accounts
    .filter(({ chainId }) => chainId === network.chainId)
    .map(({ address }) => address);
  const hidden = new Set(hiddenFromNode(state, network, accounts));
  const tokens = state.tokens.filter(
    ({ chainId }) => chainId === network.chainId,
  );
  const all = accounts
    .filter((account) => !hidden.has(account))
    .flatMap((account) =>
      tokens.map(({ address: token }) => ({ account, token })),
    );
  if (all.length <= MAX_BALANCES_PER_RUN) {
    return { pairs: all };
  }
  const start = watchCursorOn(state, network.chainId) % all.length;
  return {
    pairs: [...all.slice(start), ...all.slice(0, start)].slice(
      0,
      MAX_BALANCES_PER_RUN,
    ),
    next: (start + MAX_BALANCES_PER_RUN) % all.length,
  };
}

/** What a network's node said in a run's batch (the exits' watch apart). */
type NetworkAnswers = {
  updates: StatusUpdate[];
  balances: BalanceReading[];
  exits?: { watch: ExitWatch; answers: PromiseSettledResult<unknown>[] };
};

/**
 * One network's answers about its pending records, its accounts' balances
 * and their staking exits (./stakingExits.ts): one round trip; a failing
 * node (or a call it refused, or an answer that cannot be read) leaves what
 * it was asked about as it was.
 *
 * @param context - The background context.
 * @param network - The network.
 * @param state - The state.
 * @returns The statuses and balances the node gave, and the exits' answers.
 */
async function readNetwork(
  context: WalletContext,
  network: Network,
  state: WalletState,
): Promise<NetworkAnswers> {
  const records = pendingToAsk(state, network);
  const holdings = balancesToAsk(state, network).pairs;
  const watch = exitWatchOf(state, network);
  if (records.length + holdings.length === 0 && !watch) {
    return { updates: [], balances: [] };
  }
  try {
    const answers = await context
      .node(network)
      .batchSettled([
        ...records.map(({ txnHash }) =>
          tagged('status', transactionStatusCall(txnHash)),
        ),
        ...holdings.map(({ account, token }) =>
          tagged('balance', balanceReadingCall(token, account, 'latest')),
        ),
        ...(watch?.calls ?? []),
      ]);
    const ours = records.length + holdings.length;
    // The tagged calls' own parsers read their answers.
    const settled = (
      answers.slice(0, ours) as PromiseSettledResult<RunAnswer>[]
    ).flatMap((answer) =>
      answer.status === 'fulfilled' ? [answer.value] : [undefined],
    );
    return {
      ...(watch ? { exits: { watch, answers: answers.slice(ours) } } : {}),
      updates: records.flatMap((record, index) => {
        const answer = settled[index];
        return answer?.kind === 'status'
          ? [
              {
                chainId: record.chainId,
                txnHash: record.txnHash,
                ...recordStatusOf(answer.value, record.failureReason),
              },
            ]
          : [];
      }),
      balances: holdings.flatMap(({ account, token }, index) => {
        const answer = settled[records.length + index];
        return answer?.kind === 'balance' && 'value' in answer.value
          ? [
              {
                chainId: network.chainId,
                account,
                token,
                amount: answer.value.value,
              },
            ]
          : [];
      }),
    };
  } catch (error) {
    logger.warn(
      `Background check: ${network.name} did not answer (${errorText(error)}); it is asked again on the next run`,
    );
    return { updates: [], balances: [] };
  }
}

/**
 * One run of the background check. Never throws: what fails is logged, and
 * the next run tries again.
 *
 * @param scope - The run's request (src/requestScope.ts).
 */
export async function refreshTransactions(scope: RequestScope): Promise<void> {
  try {
    const context = walletContext(BACKGROUND_ORIGIN, scope);
    await watchOpenExecutions(context, await context.state());
    // Read again: what the watch settled is asked about in this same run.
    const state = await readState();
    const answers = await Promise.all(
      state.networks.map(async (each) => readNetwork(context, each, state)),
    );
    // The next run reads the balances this one did not reach.
    await storeWatchCursors(
      state.networks.flatMap((network) => {
        const { next } = balancesToAsk(state, network);
        return next === undefined ? [] : [{ chainId: network.chainId, next }];
      }),
    );
    const updates = answers.flatMap((answer) => answer.updates);
    const balances = answers.flatMap((answer) => answer.balances);
    const told = needsSettling(state, updates, balances)
      ? await tellNews(
          state,
          await settleActivity(updates, balances, MAX_NOTICES_PER_RUN),
          moneyDisplayOf(await context.preferences()),
        )
      : 0;
    // The staking exits share the run's notifications: what is left.
    await tellReadyExits(
      context,
      answers.flatMap(({ exits }) => (exits ? [exits] : [])),
      MAX_NOTICES_PER_RUN - told,
    );
  } catch (error) {
    logger.error(`Background check failed (${errorText(error)})`);
  }
}

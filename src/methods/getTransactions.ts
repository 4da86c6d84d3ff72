import {
  array,
  boolean,
  coerce,
  enums,
  integer,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  string,
  union,
} from 'superstruct';
import type { Infer } from 'superstruct';

import { defineMethod } from './method';
import { AddressStruct, ChainIdStruct, withDefault } from './structs';
import {
  blockNumberCall,
  transactionStatusCall,
  TransactionStatusStruct,
} from '../node/calls';
import {
  earlyHistory,
  historyFailure,
  historyFromChain,
  normaliseHash,
  recordStatusOf,
} from '../node/history';
import type { ChainHistory, HistoryRequest } from '../node/history';
import type { EventsPage } from '../node/newestEvents';
import type { NodeCall } from '../node/nodeCall';
import { isFinal } from '../state/activity';
import { discoveredOn } from '../state/discovered';
import type { TransactionRecord } from '../state/schema';
import { updateState } from '../state/store';
import { requireShared, resolveNetwork } from '../wallet/access';

const PageSizeStruct = coerce(enums([10, 25, 50]), string(), Number);

export const TransactionRecordStruct = object({
  txnHash: string(),
  txnType: string(),
  senderAddress: string(),
  contractAddress: string(),
  contractFuncName: string(),
  contractCallData: array(string()),
  status: string(),
  failureReason: nullable(string()),
  eventIds: array(string()),
  timestamp: number(),
  chainId: string(),
});

/**
 * Why the node's history was not read in full: the reason, and the block
 * from which on it was (when its reads reached their bounds).
 */
const PartialStruct = object({
  reason: string(),
  completeFromBlock: optional(number()),
});

type Partial = Infer<typeof PartialStruct>;

/**
 * What a history read left out, as `partial` says it (null: nothing).
 *
 * @param history - What was read.
 * @returns Why it is partial, or null.
 */
function partialOf(history: ChainHistory): Partial | null {
  const reasons = [
    ...(history.unreadable === undefined
      ? []
      : [`some events could not be read: ${history.unreadable}`]),
    ...(history.partialFrom === undefined
      ? []
      : ['a busy account: the reads reached their bounds before the window']),
  ];
  return reasons.length === 0
    ? null
    : {
        reason: reasons.join('; '),
        ...(history.partialFrom === undefined
          ? {}
          : { completeFromBlock: history.partialFrom }),
      };
}

/**
 * `snapnet_getTransactions` (alias `snapnet_getTransaction`)
 * `{senderAddress, contractAddress?, pageSize?, txnsInLastNumOfDays?,
 * withDeployTxn?, onlyFromState?, reportPartial?, chainId?}` → transaction
 * records, newest first: the wallet's own records (statuses refreshed from
 * the node) and, unless `onlyFromState`, what the node shows of the account
 * (its invokes and incoming transfers of tracked tokens; `pageSize` per
 * kind). No indexer and no API key: two node round trips when a recent
 * latest block is known (the history's first pages ride the first batch:
 * node/history.ts earlyHistory), else three, more on a busy account. With
 * `reportPartial`, `{transactions, partial}` instead: `partial` says why
 * the node's part was not read in full (null when it was), and a node that
 * fails is a partial read, not an error.
 */
export const getTransactions = defineMethod({
  params: object({
    senderAddress: AddressStruct,
    contractAddress: optional(AddressStruct),
    pageSize: withDefault(PageSizeStruct, 10),
    txnsInLastNumOfDays: withDefault(
      coerce(max(min(integer(), 1), 365), string(), Number),
      5,
    ),
    withDeployTxn: withDefault(boolean(), false),
    onlyFromState: withDefault(boolean(), false),
    reportPartial: withDefault(boolean(), false),
    chainId: ChainIdStruct,
  }),
  result: union([
    array(TransactionRecordStruct),
    object({
      transactions: array(TransactionRecordStruct),
      partial: nullable(PartialStruct),
    }),
  ]),
  handler: async (params, context) => {
    const network = await resolveNetwork(context, params.chainId);
    await requireShared(context, params.senderAddress);
    const since =
      Math.floor(Date.now() / 1000) - params.txnsInLastNumOfDays * 86_400;
    const { transactions, tokens, discovered } = await context.state();
    const mine = transactions.filter(
      (record) =>
        record.chainId === network.chainId &&
        record.senderAddress === params.senderAddress &&
        record.timestamp >= since,
    );
    const client = context.node(network);
    // An open outside execution's status is found by the background check
    // (its hash is the signed message's until the chain shows its
    // transaction): a status read here could take a paymaster's claim.
    const pending = mine.filter(
      (record) => !isFinal(record.status) && !record.outsideExecution,
    );
    const request: HistoryRequest = {
      accounts: [params.senderAddress],
      tokens: tokens
        .filter((token) => token.chainId === network.chainId)
        .map((token) => token.address),
      days: params.txnsInLastNumOfDays,
      pageSize: params.pageSize,
    };
    const early = params.onlyFromState
      ? undefined
      : earlyHistory(
          network.chainId,
          request,
          discoveredOn({ discovered }, network.chainId),
        );
    const calls: NodeCall<unknown>[] = [
      ...pending.map((record) => transactionStatusCall(record.txnHash)),
      ...(params.onlyFromState ? [] : [blockNumberCall()]),
      ...(early?.calls ?? []),
    ];
    const answers = calls.length > 0 ? await client.batchSettled(calls) : [];
    // A revert's reason arrives with its status: the record keeps both.
    const refreshed = new Map<
      string,
      Pick<TransactionRecord, 'status' | 'failureReason'>
    >();
    pending.forEach((record, index) => {
      const answer = answers[index];
      if (answer?.status === 'fulfilled') {
        refreshed.set(
          record.txnHash,
          recordStatusOf(
            TransactionStatusStruct.create(answer.value),
            record.failureReason,
          ),
        );
      }
    });
    if (refreshed.size > 0) {
      await updateState((state) => {
        for (const record of state.transactions) {
          const update = refreshed.get(record.txnHash);
          if (update && record.chainId === network.chainId) {
            Object.assign(record, update);
          }
        }
      });
    }
    const fromState: TransactionRecord[] = mine.map(
      ({ outsideExecution: _open, ...record }) => ({
        ...record,
        ...refreshed.get(record.txnHash),
      }),
    );
    let fromChain: TransactionRecord[] = [];
    let partial: Partial | null = null;
    const latestAnswer = answers[pending.length];
    if (!params.onlyFromState && latestAnswer?.status === 'fulfilled') {
      const reading = historyFromChain(client, {
        ...request,
        known: new Set(
          fromState.map((record) => normaliseHash(record.txnHash)),
        ),
        latest: Number(latestAnswer.value),
        ...(early
          ? {
              early: {
                plan: early,
                // Each answer was parsed by its own call's parser.
                answers: answers.slice(
                  pending.length + 1,
                ) as PromiseSettledResult<EventsPage>[],
              },
            }
          : {}),
      });
      try {
        const history = await reading;
        fromChain = history.found.map(({ record }) => record);
        partial = partialOf(history);
      } catch (error) {
        // The array form fails as it always did when nothing could be read.
        if (!params.reportPartial) {
          throw error;
        }
        partial = {
          reason: `the node's history could not be read: ${historyFailure(error)}`,
        };
      }
    } else if (latestAnswer?.status === 'rejected') {
      partial = {
        reason: `the latest block could not be read: ${historyFailure(latestAnswer.reason)}`,
      };
    }
    const records = [...fromState, ...fromChain]
      .filter(
        (record) =>
          (params.withDeployTxn || record.txnType !== 'deploy_account') &&
          (params.contractAddress === undefined ||
            record.contractAddress === params.contractAddress) &&
          record.timestamp >= since,
      )
      .sort((left, right) => right.timestamp - left.timestamp);
    return params.reportPartial ? { transactions: records, partial } : records;
  },
});

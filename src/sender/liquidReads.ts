import type { ReadContext } from './stakingChecks';
import { momentText } from './stakingChecks';
import type { Network } from '../config';
import { STRK_ADDRESS } from '../config';
import { InvalidInputError } from '../errors';
import { normaliseAddress } from '../keys/address';
import { viewCall } from '../node/calls';
import { chainClockCall } from '../node/executionCalls';
import type { NodeCall } from '../node/nodeCall';
import { unitsText } from '../prices/money';
import { goesTo } from '../protocol/calls';
import type { CallToShow } from '../protocol/calls';
import { selectorOf } from '../protocol/selectors';
import { toHex } from '../protocol/values';
import {
  liquidStakingOf,
  OWN_ENTRY_POINTS,
  readAmount,
  readQueueState,
  readVaultCall,
  readWithdrawRequest,
  u256Calldata,
  vaultSelectors,
} from '../staking/vault';
import type { VaultCall, WithdrawRequest } from '../staking/vault';

/**
 * What a transaction's calls to Endur's xSTRK vault and its withdrawal
 * queue need read, riding the sender's first batch (nothing in the
 * second): each amount's preview (what a deposit gets, what a redeem
 * pays), the balances they spend, and for each claim its request and its
 * owner, with the chain's clock. Calls that cannot be done are refused
 * here, for any caller, before anything is signed: an amount of zero, more
 * than the account holds, a claim of a request that is not the account's,
 * already claimed, or not ready yet (saying when).
 */

/** A claimed request, as read. */
export type ClaimedRequest = {
  request?: WithdrawRequest | undefined;
  /** Its NFT's owner (the claim pays it). */
  owner?: bigint | undefined;
};

/** What the chain says of a transaction's liquid staking calls. */
export type LiquidFacts = {
  /** The network's vault and queue (canonical). */
  vault: string;
  queue: string;
  /**
   * By call index: a deposit's or withdraw's shares, a mint's or redeem's
   * STRK, as the vault previews them now.
   */
  previews: Map<number, bigint>;
  /** The requests the calls claim, by id. */
  requests: Map<bigint, ClaimedRequest>;
  /**
   * The queue's wait (seconds), as its latest request shows it (claimTime
   * less its time), when an unstake asked and it reads.
   */
  wait?: bigint | undefined;
};

/** Round one's reads, and the facts from their answers. */
export type LiquidRoundOne = {
  calls: NodeCall<unknown>[];
  read: (answers: PromiseSettledResult<unknown>[]) => {
    calls: NodeCall<unknown>[];
    stakers: string[];
    read: (answers: PromiseSettledResult<unknown>[]) => LiquidFacts;
  };
};

/** A call to the vault or the queue, read, at its place. */
type Located = { index: number; call: VaultCall; to: 'vault' | 'queue' };

/**
 * A settled answer's felts read by a layout, or undefined.
 *
 * @param answer - The settled answer.
 * @param read - The layout's reader.
 * @returns The value.
 */
function answerOf<Value>(
  answer: PromiseSettledResult<unknown> | undefined,
  read: (felts: string[]) => { value: Value } | { problem: string },
): Value | undefined {
  if (answer?.status !== 'fulfilled' || !Array.isArray(answer.value)) {
    return undefined;
  }
  const felts: unknown[] = answer.value;
  if (!felts.every((felt): felt is string => typeof felt === 'string')) {
    return undefined;
  }
  const reading = read(felts);
  return 'value' in reading ? reading.value : undefined;
}

/**
 * A view call whose failure is its own (the answer is read as a fact).
 *
 * @param contract - The contract.
 * @param selector - The view.
 * @param calldata - Its calldata.
 * @returns The call.
 */
function feltsCall(
  contract: string,
  selector: string,
  calldata: string[],
): NodeCall<unknown> {
  return { ...viewCall(contract, selector, calldata), ownFailure: true };
}

/**
 * An amount of STRK or xSTRK (both 18 decimals) as a refusal says it.
 *
 * @param amount - The amount.
 * @param symbol - Which.
 * @returns The text.
 */
function amountText(amount: bigint, symbol: 'STRK' | 'xSTRK'): string {
  return `${unitsText(amount, 18, 'en')} ${symbol}`;
}

/** What a located call's preview asks: the view and its amount. */
const PREVIEWS: Record<
  Exclude<VaultCall['action'], 'claim'>,
  'preview_deposit' | 'preview_mint' | 'preview_redeem' | 'preview_withdraw'
> = {
  deposit: 'preview_deposit',
  mint: 'preview_mint',
  redeem: 'preview_redeem',
  withdraw: 'preview_withdraw',
};

/**
 * The amount a call names (STRK for a deposit or withdraw, xSTRK for a
 * mint or redeem).
 *
 * @param call - The call.
 * @returns The amount, or undefined for a claim.
 */
function namedAmount(call: VaultCall): bigint | undefined {
  switch (call.action) {
    case 'deposit':
    case 'withdraw':
      return call.assets;
    case 'mint':
    case 'redeem':
      return call.shares;
    default:
      return undefined;
  }
}

/** What the refusals are checked against. */
type Held = {
  strk: bigint | undefined;
  xstrk: bigint | undefined;
  now: bigint | undefined;
};

/**
 * Why one call cannot be done, if it cannot; what it spends is taken off
 * what is held, for the calls after it.
 *
 * @param located - The call.
 * @param facts - The facts.
 * @param held - What the account holds, less the calls before it.
 * @param account - The caller.
 * @returns The reason, or undefined.
 */
function problemOf(
  located: Located,
  facts: LiquidFacts,
  held: Held,
  account: bigint,
): string | undefined {
  const { call, index } = located;
  if (call.action === 'claim') {
    const { request, owner } = facts.requests.get(call.requestId) ?? {};
    if (owner === undefined || request === undefined) {
      return `the queue has no withdrawal request #${call.requestId}`;
    }
    if (owner !== account) {
      return `withdrawal request #${call.requestId} is not this account's: it belongs to ${normaliseAddress(toHex(owner))}`;
    }
    if (request.claimed) {
      return `withdrawal request #${call.requestId} was already claimed`;
    }
    return held.now !== undefined && held.now < request.claimableAt
      ? `withdrawal request #${call.requestId} is not ready: its ${amountText(request.assets, 'STRK')} can be claimed from ${momentText(request.claimableAt)}`
      : undefined;
  }
  const amount = namedAmount(call) ?? 0n;
  if (amount === 0n) {
    return 'the amount is zero: stake or unstake more than nothing';
  }
  const preview = facts.previews.get(index);
  if (call.action === 'deposit' || call.action === 'mint') {
    const spent = call.action === 'deposit' ? call.assets : preview;
    if (held.strk !== undefined && spent !== undefined) {
      if (spent > held.strk) {
        return `stakes ${amountText(spent, 'STRK')} but the account holds ${amountText(held.strk, 'STRK')}`;
      }
      held.strk -= spent;
    }
    return undefined;
  }
  if (call.owner !== account) {
    return undefined;
  }
  const burnt = call.action === 'redeem' ? call.shares : preview;
  if (held.xstrk !== undefined && burnt !== undefined) {
    if (burnt > held.xstrk) {
      return `unstakes ${amountText(burnt, 'xSTRK')} but the account holds ${amountText(held.xstrk, 'xSTRK')}`;
    }
    held.xstrk -= burnt;
  }
  return undefined;
}

/**
 * Plans the liquid staking reads of a transaction's calls (round one), or
 * undefined when none goes to the network's vault or queue with an entry
 * point the wallet reads. A call whose calldata does not read is left to
 * the words (shown raw).
 *
 * @param network - The request's network.
 * @param shown - The calls (an intent's, an outside execution's).
 * @param account - The caller (canonical).
 * @param context - What a refusal is worded with.
 * @returns Round one's reads and the reading of their answers.
 * @throws {InvalidInputError} From the reading of the answers, for a call
 * that cannot be done: nothing is signed.
 */
export function liquidReads(
  network: Network,
  shown: CallToShow[],
  account: string,
  context?: ReadContext,
): LiquidRoundOne | undefined {
  const contracts = liquidStakingOf(network);
  if (contracts === undefined) {
    return undefined;
  }
  const { vault, queue } = contracts;
  const located = shown.flatMap((call, index): Located[] => {
    const to = [
      goesTo(call, vault) && ('vault' as const),
      goesTo(call, queue) && ('queue' as const),
    ].find((side) => side !== false);
    const reading = to && readVaultCall(call.selector, call.calldata);
    if (!to || !reading || !('value' in reading)) {
      return [];
    }
    // A claim goes to the queue, the rest to the vault.
    return (reading.value.action === 'claim') === (to === 'queue')
      ? [{ index, call: reading.value, to }]
      : [];
  });
  const names = vaultSelectors();
  if (located.length === 0) {
    // A call with Endur's own entry points to another contract reads
    // nothing, but its words mark it (src/ui/liquidWords.ts).
    const facts: LiquidFacts = {
      vault,
      queue,
      previews: new Map(),
      requests: new Map(),
    };
    return shown.some((call) =>
      OWN_ENTRY_POINTS.some((name) => names[name] === call.selector),
    )
      ? {
          calls: [],
          read: () => ({ calls: [], stakers: [], read: () => facts }),
        }
      : undefined;
  }
  const owner = account;
  const previewed = located.filter(({ call }) => call.action !== 'claim');
  const ids = [
    ...new Set(
      located.flatMap(({ call }) =>
        call.action === 'claim' ? [call.requestId] : [],
      ),
    ),
  ];
  const balanceOf = selectorOf('balance_of');
  const calls: NodeCall<unknown>[] = [
    { ...chainClockCall(), ownFailure: true },
    feltsCall(STRK_ADDRESS, balanceOf, [owner]),
    feltsCall(vault, balanceOf, [owner]),
    ...previewed.map(({ call }) =>
      feltsCall(
        vault,
        names[PREVIEWS[call.action as keyof typeof PREVIEWS]],
        u256Calldata(namedAmount(call) ?? 0n),
      ),
    ),
    ...ids.flatMap((id) => [
      feltsCall(queue, names.get_request_info, [toHex(id)]),
      feltsCall(queue, names.owner_of, u256Calldata(id)),
    ]),
  ];
  const unstakes = located.some(
    ({ call }) => call.action === 'redeem' || call.action === 'withdraw',
  );
  if (unstakes) {
    calls.push(feltsCall(queue, names.get_queue_state, []));
  }
  return {
    calls,
    read: (answers): ReturnType<LiquidRoundOne['read']> => {
      const [clock, strk, xstrk] = answers;
      const previews = new Map<number, bigint>();
      previewed.forEach(({ index }, position) => {
        const value = answerOf(answers[3 + position], readAmount);
        if (value !== undefined) {
          previews.set(index, value);
        }
      });
      const base = 3 + previewed.length;
      const requests = new Map(
        ids.map((id, position): [bigint, ClaimedRequest] => [
          id,
          {
            request: answerOf(
              answers[base + position * 2],
              readWithdrawRequest,
            ),
            owner: answerOf(answers[base + position * 2 + 1], (felts) =>
              felts.length === 1 && felts[0] !== undefined
                ? { value: BigInt(felts[0]) }
                : { problem: 'not one address' },
            ),
          },
        ]),
      );
      const facts: LiquidFacts = { vault, queue, previews, requests };
      const held: Held = {
        strk: answerOf(strk, readAmount),
        xstrk: answerOf(xstrk, readAmount),
        now:
          clock?.status === 'fulfilled'
            ? BigInt((clock.value as { timestamp: number }).timestamp)
            : undefined,
      };
      for (const one of located) {
        const problem = problemOf(one, facts, held, BigInt(account));
        if (problem !== undefined) {
          const entry = shown[one.index]?.entrypoint ?? one.call.action;
          throw new InvalidInputError(
            `${context?.field ?? 'calls'}[${one.index}]`,
            `${entry} on Endur's ${one.to === 'vault' ? 'xSTRK vault' : 'withdrawal queue'} ${one.to === 'vault' ? vault : queue}: ${problem}. Nothing was signed.`,
          );
        }
      }
      const latest = unstakes
        ? answerOf(answers[calls.length - 1], readQueueState)
        : undefined;
      // The latest request is the highest id, or the one below it when
      // the queue counts from zero (Endur's numbering is not published).
      const recent =
        latest === undefined
          ? []
          : [latest, latest - 1n].filter((id) => id >= 0n);
      return {
        calls: recent.map((id) =>
          feltsCall(queue, names.get_request_info, [toHex(id)]),
        ),
        stakers: [],
        read: (later): LiquidFacts => {
          const wait = later
            .map((answer) => answerOf(answer, readWithdrawRequest))
            .find(
              (request) => request !== undefined && request.requestedAt > 0n,
            );
          return wait === undefined
            ? facts
            : { ...facts, wait: wait.claimableAt - wait.requestedAt };
        },
      };
    },
  };
}

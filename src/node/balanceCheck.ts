import { array, optional, type, unknown } from 'superstruct';

import { FeltText, validateAnswer } from './answers';
import type { BalanceChange } from './simulation';
import { transferOf } from './simulation';
import { accountEffect, readTokenCall } from './tokenCalls';

/**
 * The node's simulation checked against the calls, so the dialog never
 * repeats a node's summary that the calls themselves disprove.
 *
 * The wallet knows what a call of a token it tracks does (tokenCalls.ts): a
 * transfer sends, a transfer_from moves between its parties, an approval
 * moves nothing. Two checks follow from that:
 *
 * - When every call is such a call, the account's balance changes are
 *   known: the simulation must report exactly them, per token, and no other
 *   token may move. The figures are then proven.
 * - Whatever the other calls are, each tracked-token call is an invocation
 *   the simulation must contain (the token, the selector, the calldata, the
 *   account as caller), and within it the token must move exactly what the
 *   call says. This is all that can be proven when other contracts are
 *   called: those may move any token (anyone can send the account tokens,
 *   and a contract holding an allowance can take them), so the totals are
 *   then the node's report, not checked.
 *
 * A reverted simulation moves nothing and is not checked (its revert is
 * shown).
 */

/** The deepest trace nesting walked, and the most invocations read. */
const MAX_DEPTH = 64;
const MAX_INVOCATIONS = 10_000;

/** A call as signed: canonical contract address, selector and calldata. */
export type SignedCall = {
  contractAddress: string;
  selector: string;
  calldata: string[];
};

/** Where the calls and the simulation disagree. */
export type Contradiction =
  | {
      /** The totals of calls that are all tracked-token calls. */
      kind: 'totals';
      expected: BalanceChange[];
      reported: BalanceChange[];
    }
  | {
      /** One tracked-token call (0-based), as the simulation shows it. */
      kind: 'call';
      index: number;
      token: string;
      expected: bigint;
      /** Undefined: the simulation does not show the call at all. */
      reported: bigint | undefined;
    };

/** What the check found. */
export type BalanceCheck = {
  /** Whether every call is a tracked-token call: the totals are proven. */
  proven: boolean;
  /** What the tracked-token calls do to the account, per token. */
  expected: BalanceChange[];
  /** Empty when nothing contradicts the calls. */
  contradictions: Contradiction[];
};

const InvocationStruct = type({
  contract_address: FeltText,
  entry_point_selector: optional(FeltText),
  calldata: optional(array(FeltText)),
  caller_address: optional(FeltText),
  calls: optional(array(unknown())),
  events: optional(
    array(type({ keys: array(FeltText), data: array(FeltText) })),
  ),
});

type Invocation = {
  contract: bigint;
  selector: bigint | undefined;
  calldata: bigint[] | undefined;
  caller: bigint | undefined;
  /** Transfers this invocation itself emitted. */
  transfers: { from: bigint; to: bigint; amount: bigint }[];
  children: Invocation[];
};

/**
 * Reads a trace's invocations, bounded in depth and count.
 *
 * @param root - The intent's execute invocation, as the node sent it.
 * @returns The root invocation (if it reads) and whether every nested
 * invocation was read.
 */
function readTrace(root: unknown): {
  invocations: Invocation[];
  complete: boolean;
} {
  const invocations: Invocation[] = [];
  let complete = true;
  const read = (value: unknown, depth: number): Invocation | undefined => {
    const [, parsed] = validateAnswer(value, InvocationStruct);
    if (!parsed) {
      return undefined;
    }
    if (depth > MAX_DEPTH || invocations.length >= MAX_INVOCATIONS) {
      complete = false;
      return undefined;
    }
    const invocation: Invocation = {
      contract: BigInt(parsed.contract_address),
      selector:
        parsed.entry_point_selector === undefined
          ? undefined
          : BigInt(parsed.entry_point_selector),
      calldata: parsed.calldata?.map(BigInt),
      caller:
        parsed.caller_address === undefined
          ? undefined
          : BigInt(parsed.caller_address),
      transfers: (parsed.events ?? []).flatMap((event) => {
        const transfer = transferOf(event);
        return transfer ? [transfer] : [];
      }),
      children: [],
    };
    invocations.push(invocation);
    for (const call of parsed.calls ?? []) {
      const child = read(call, depth + 1);
      if (child) {
        invocation.children.push(child);
      }
    }
    return invocation;
  };
  read(root, 0);
  return { invocations, complete };
}

/**
 * How an invocation and those it made move the account's balance of one
 * token (events attributed to the contract that emitted them, as the
 * balance changes are).
 *
 * @param invocation - The invocation.
 * @param token - The token.
 * @param account - The account.
 * @returns The signed change.
 */
function movedBy(
  invocation: Invocation,
  token: bigint,
  account: bigint,
): bigint {
  let total = 0n;
  const pending = [invocation];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.contract === token) {
      for (const { from, to, amount } of next.transfers) {
        total +=
          (to === account ? amount : 0n) - (from === account ? amount : 0n);
      }
    }
    pending.push(...next.children);
  }
  return total;
}

/**
 * Whether an invocation is the account making a call.
 *
 * @param invocation - The invocation.
 * @param call - The call.
 * @param account - The account.
 * @returns Whether it is that call, made by the account.
 */
function isCall(
  invocation: Invocation,
  call: SignedCall,
  account: bigint,
): boolean {
  const { calldata } = invocation;
  return (
    invocation.contract === BigInt(call.contractAddress) &&
    invocation.selector === BigInt(call.selector) &&
    invocation.caller === account &&
    calldata?.length === call.calldata.length &&
    call.calldata.every((value, index) => BigInt(value) === calldata[index])
  );
}

/**
 * Changes per token, in first-seen order, zeros left out.
 *
 * @param totals - Amount per token.
 * @returns The changes.
 */
function changesOf(totals: Map<string, bigint>): BalanceChange[] {
  return [...totals]
    .filter(([, amount]) => amount !== 0n)
    .map(([token, amount]) => ({ token, amount }));
}

/**
 * Whether two lists of changes are the same, token by token.
 *
 * @param left - Changes.
 * @param right - Changes.
 * @returns Whether they match exactly.
 */
function sameChanges(left: BalanceChange[], right: BalanceChange[]): boolean {
  const byToken = new Map(
    right.map(({ token, amount }) => [BigInt(token), amount]),
  );
  return (
    left.length === right.length &&
    left.every(({ token, amount }) => byToken.get(BigInt(token)) === amount)
  );
}

/**
 * Checks a successful simulation against the calls it simulated.
 *
 * @param args - What to check.
 * @param args.calls - The calls, as signed.
 * @param args.tokens - The tracked tokens of the network (canonical).
 * @param args.account - The account (canonical).
 * @param args.reported - The balance changes the simulation reports.
 * @param args.trace - The intent's execute invocation, as the node sent it.
 * @returns What the calls do, whether that proves the totals, and every
 * contradiction found.
 */
export function checkBalanceChanges(args: {
  calls: SignedCall[];
  tokens: string[];
  account: string;
  reported: BalanceChange[];
  trace: unknown;
}): BalanceCheck {
  const account = BigInt(args.account);
  const tracked = new Set(args.tokens.map(BigInt));
  const { invocations, complete } = readTrace(args.trace);
  const used = new Set<Invocation>();
  const totals = new Map<string, bigint>();
  const contradictions: Contradiction[] = [];
  let proven = true;
  args.calls.forEach((call, index) => {
    const tokenCall = tracked.has(BigInt(call.contractAddress))
      ? readTokenCall(call.selector, call.calldata)
      : undefined;
    if (!tokenCall) {
      proven = false;
      return;
    }
    const expected = accountEffect(tokenCall, account);
    const token = call.contractAddress;
    totals.set(token, (totals.get(token) ?? 0n) + expected);
    const shown = invocations.find(
      (invocation) =>
        !used.has(invocation) && isCall(invocation, call, account),
    );
    if (shown) {
      used.add(shown);
    }
    const reported = shown ? movedBy(shown, BigInt(token), account) : undefined;
    if (reported === expected || (reported === undefined && !complete)) {
      return;
    }
    contradictions.push({ kind: 'call', index, token, expected, reported });
  });
  const expected = changesOf(totals);
  if (proven && !sameChanges(expected, args.reported)) {
    contradictions.unshift({
      kind: 'totals',
      expected,
      reported: args.reported,
    });
  }
  return { proven, expected, contradictions };
}

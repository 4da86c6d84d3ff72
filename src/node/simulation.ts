import { array, optional, string, type, unknown } from 'superstruct';
import type { Infer } from 'superstruct';

import { FeltText, parsedBy, validateAnswer } from './answers';
import { FeeEstimateStruct } from './calls';
import type { BroadcastTransaction } from './calls';
import { SIMULATION_ANSWER_BYTES } from './limits';
import type { NodeCall } from './nodeCall';
import { normaliseAddress } from '../keys/address';

/** Key of the ERC-20 `Transfer` event: `sn_keccak("Transfer")`. */
const TRANSFER_KEY =
  0x99cd8bde557814842a3121e8ddfd433a539b8c9f14bf31ebf108d12e6196e9n;

/** The deepest call nesting read from a trace (a node could send more). */
const MAX_CALL_DEPTH = 64;

const EventStruct = type({
  keys: array(FeltText),
  data: array(FeltText),
});

/**
 * A FUNCTION_INVOCATION, read loosely: only what the wallet shows. Nested
 * calls are checked as they are walked.
 */
const InvocationStruct = type({
  contract_address: FeltText,
  calls: optional(array(unknown())),
  events: optional(array(EventStruct)),
});

const TraceStruct = type({
  type: string(),
  execute_invocation: optional(unknown()),
  constructor_invocation: optional(unknown()),
});

const SimulatedStruct = type({
  transaction_trace: TraceStruct,
  fee_estimation: FeeEstimateStruct,
});

export type SimulatedTransaction = Infer<typeof SimulatedStruct>;

/**
 * starknet_simulateTransactions of a sequence against the pre-confirmed
 * state: the traces and the fee estimates in one answer. The fee is not
 * charged in the simulation (it is shown on its own), and validation is
 * skipped unless the queries are signed.
 *
 * @param transactions - The transactions, in order (query version).
 * @param skipValidate - Whether to skip the accounts' validation.
 * @returns The call.
 */
export function simulateCall(
  transactions: BroadcastTransaction[],
  skipValidate: boolean,
): NodeCall<SimulatedTransaction[]> {
  return {
    method: 'starknet_simulateTransactions',
    params: {
      block_id: 'pre_confirmed',
      transactions,
      simulation_flags: skipValidate
        ? ['SKIP_VALIDATE', 'SKIP_FEE_CHARGE']
        : ['SKIP_FEE_CHARGE'],
    },
    parse: parsedBy(array(SimulatedStruct)),
    maxAnswerBytes: SIMULATION_ANSWER_BYTES,
  };
}

/** How one token's balance of the account moves. */
export type BalanceChange = { token: string; amount: bigint };

/**
 * The revert reason of a simulated transaction, if its execution reverted.
 *
 * @param simulated - The simulation of one transaction.
 * @returns The reason, or undefined when it succeeded.
 */
export function revertReasonOf(
  simulated: SimulatedTransaction,
): string | undefined {
  const execution = simulated.transaction_trace.execute_invocation;
  if (typeof execution !== 'object' || execution === null) {
    return undefined;
  }
  const reason = new Map(Object.entries(execution)).get('revert_reason');
  return typeof reason === 'string' ? reason || 'reverted' : undefined;
}

/**
 * The amount an ERC-20 `Transfer` event moves between `from` and `to`, in
 * either Cairo layout: keys `[Transfer]` with data `[from, to, low, high]`
 * (Cairo 0 and early Cairo 1 tokens), or keys `[Transfer, from, to]` with
 * data `[low, high]` (OpenZeppelin Cairo 1 components).
 *
 * @param event - The event.
 * @param event.keys - Its keys.
 * @param event.data - Its data.
 * @returns The transfer, or undefined when the event is not one.
 */
export function transferOf(event: {
  keys: string[];
  data: string[];
}): { from: bigint; to: bigint; amount: bigint } | undefined {
  const [key, ...rest] = event.keys.map(BigInt);
  if (key !== TRANSFER_KEY) {
    return undefined;
  }
  const data = event.data.map(BigInt);
  let fields: bigint[] = [];
  if (rest.length === 2 && data.length === 2) {
    fields = [...rest, ...data];
  } else if (rest.length === 0 && data.length === 4) {
    fields = data;
  }
  const [from, to, low, high] = fields;
  if (
    from === undefined ||
    to === undefined ||
    low === undefined ||
    high === undefined
  ) {
    return undefined;
  }
  return { from, to, amount: low + high * 2n ** 128n };
}

/**
 * Adds the transfers of an invocation and its nested calls to `totals`.
 *
 * @param invocation - A FUNCTION_INVOCATION of the trace.
 * @param account - The account whose balances are followed.
 * @param totals - Net amount per token, changed in place.
 * @param depth - Nesting depth.
 */
function collectTransfers(
  invocation: unknown,
  account: bigint,
  totals: Map<string, bigint>,
  depth: number,
): void {
  const [, parsed] = validateAnswer(invocation, InvocationStruct);
  if (!parsed || depth > MAX_CALL_DEPTH) {
    return;
  }
  for (const event of parsed.events ?? []) {
    const transfer = transferOf(event);
    if (!transfer || transfer.from === transfer.to) {
      continue;
    }
    const token = normaliseAddress(parsed.contract_address);
    const sign =
      (transfer.to === account ? 1n : 0n) -
      (transfer.from === account ? 1n : 0n);
    if (sign !== 0n) {
      totals.set(token, (totals.get(token) ?? 0n) + sign * transfer.amount);
    }
  }
  for (const call of parsed.calls ?? []) {
    collectTransfers(call, account, totals, depth + 1);
  }
}

/**
 * The account's net balance change per token over a simulated sequence, read
 * from the `Transfer` events of the executions (the fee is not charged in
 * the simulation). Tokens whose balance does not move are left out.
 *
 * @param simulated - The simulation of each transaction.
 * @param account - The account (canonical address).
 * @returns The changes, in the order the tokens first moved.
 */
export function balanceChangesOf(
  simulated: SimulatedTransaction[],
  account: string,
): BalanceChange[] {
  const totals = new Map<string, bigint>();
  for (const { transaction_trace: trace } of simulated) {
    collectTransfers(trace.execute_invocation, BigInt(account), totals, 0);
    collectTransfers(trace.constructor_invocation, BigInt(account), totals, 0);
  }
  return [...totals]
    .filter(([, amount]) => amount !== 0n)
    .map(([token, amount]) => ({ token, amount }));
}

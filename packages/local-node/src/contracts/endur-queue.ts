import { callContract, CalldataReader, emit, selectorOf } from './calls';
import {
  ENDUR_ERRORS,
  endurEventFelts,
  QUEUE_EVENTS,
  QUEUE_SLOTS,
  requestFelts,
  u256Felts,
} from './endur-protocol';
import type {
  EventLayout,
  EventValue,
  QueueEntrypoint,
  WithdrawRequest,
} from './endur-protocol';
import { shortByteArray } from './erc20';
import { readSlot, readU256, writeSlot, writeU256 } from './storage-vars';
import type { CallContext, EntryFn, NativeClass } from './types';
import { ExecutionError } from '../base/errors';
import { shortString } from '../base/felt';
import type { StateReader } from '../base/state-store';

/**
 * Endur's withdrawal queue as the local node runs it: an ERC-721 with one
 * token per request (OpenZeppelin's entry points, storage and texts; not
 * enumerable). `request_withdrawal`, which only the vault may call, records
 * the request (its STRK, xSTRK, time, the time it can be claimed — now plus
 * the queue's wait — and the running total requested), mints its NFT to the
 * receiver and emits `WithdrawQueue` and `ReceivedFunds` (the vault sends
 * the STRK at once). `claim_withdrawal` is anyone's to call, as Endur's
 * relayer claims users' requests: it pays the NFT's owner, once the wait is
 * over; `claim_withdrawal_to` is the owner's, paying whom it names. A claim
 * emits `WithdrawQueue` again (claimed). The NFT stays with its owner.
 */

const read = (ctx: CallContext, slot: bigint): bigint =>
  readSlot(ctx.env.state, ctx.self, slot);
const write = (ctx: CallContext, slot: bigint, value: bigint): void =>
  writeSlot(ctx.env.state, ctx.self, slot, value);

const nowOf = (ctx: CallContext): bigint =>
  BigInt(ctx.env.block?.timestamp ?? 0);

/**
 * Refuses unless a condition holds.
 *
 * @param condition - What must hold.
 * @param message - The revert text.
 */
function ensure(condition: boolean, message: string): asserts condition {
  if (!condition) {
    throw new ExecutionError(message);
  }
}

const emitEvent = (
  ctx: CallContext,
  layout: EventLayout,
  values: Record<string, EventValue>,
): void => {
  const { keys, data } = endurEventFelts(layout, values);
  emit(ctx, keys, data);
};

/**
 * A request as stored (zeros for an unknown id, as storage reads).
 *
 * @param state - The state.
 * @param queue - The queue.
 * @param id - The request id.
 * @returns The request.
 */
export function requestOf(
  state: StateReader,
  queue: bigint,
  id: bigint,
): WithdrawRequest {
  const base = QUEUE_SLOTS.request(id);
  return {
    assets: readU256(state, queue, base),
    shares: readU256(state, queue, base + 2n),
    claimed: readSlot(state, queue, base + 4n) !== 0n,
    timestamp: readSlot(state, queue, base + 5n),
    claimTime: readSlot(state, queue, base + 6n),
    cumulativeSnapshot: readU256(state, queue, base + 7n),
  };
}

const writeRequest = (
  ctx: CallContext,
  id: bigint,
  request: WithdrawRequest,
): void => {
  const { state } = ctx.env;
  const base = QUEUE_SLOTS.request(id);
  writeU256(state, ctx.self, base, request.assets);
  writeU256(state, ctx.self, base + 2n, request.shares);
  write(ctx, base + 4n, request.claimed ? 1n : 0n);
  write(ctx, base + 5n, request.timestamp);
  write(ctx, base + 6n, request.claimTime);
  writeU256(state, ctx.self, base + 7n, request.cumulativeSnapshot);
};

// The NFT's owner, or a revert for a token that does not exist.
const ownerOf = (ctx: CallContext, id: bigint): bigint => {
  const owner = read(ctx, QUEUE_SLOTS.owner(id));
  ensure(owner !== 0n, ENDUR_ERRORS.ERC721_INVALID_TOKEN);
  return owner;
};

/**
 * Moves (or mints, from 0) an NFT; clears its approval; emits Transfer.
 *
 * @param ctx - The queue's context.
 * @param from - The owner (0 to mint).
 * @param to - The new owner.
 * @param id - The token.
 */
function moveToken(
  ctx: CallContext,
  from: bigint,
  to: bigint,
  id: bigint,
): void {
  ensure(to !== 0n, ENDUR_ERRORS.ERC721_INVALID_RECEIVER);
  const { state } = ctx.env;
  if (from !== 0n) {
    const fromSlot = QUEUE_SLOTS.balance(from);
    writeU256(
      state,
      ctx.self,
      fromSlot,
      readU256(state, ctx.self, fromSlot) - 1n,
    );
    write(ctx, QUEUE_SLOTS.approved(id), 0n);
  }
  const toSlot = QUEUE_SLOTS.balance(to);
  writeU256(state, ctx.self, toSlot, readU256(state, ctx.self, toSlot) + 1n);
  write(ctx, QUEUE_SLOTS.owner(id), to);
  emitEvent(ctx, QUEUE_EVENTS.Transfer, { from, to, token_id: id });
}

const requestWithdrawal: EntryFn = (ctx, calldata) => {
  ensure(ctx.caller === read(ctx, QUEUE_SLOTS.vault), ENDUR_ERRORS.NOT_VAULT);
  const reader = new CalldataReader(calldata);
  const assets = reader.u256();
  const shares = reader.u256();
  const receiver = reader.felt();
  const now = nowOf(ctx);
  const id = read(ctx, QUEUE_SLOTS.maxRequestId) + 1n;
  write(ctx, QUEUE_SLOTS.maxRequestId, id);
  const cumulative =
    readU256(ctx.env.state, ctx.self, QUEUE_SLOTS.cumulative) + assets;
  writeU256(ctx.env.state, ctx.self, QUEUE_SLOTS.cumulative, cumulative);
  const request: WithdrawRequest = {
    assets,
    shares,
    claimed: false,
    timestamp: now,
    claimTime: now + read(ctx, QUEUE_SLOTS.claimWait),
    cumulativeSnapshot: cumulative,
  };
  writeRequest(ctx, id, request);
  moveToken(ctx, 0n, receiver, id);
  emitEvent(ctx, QUEUE_EVENTS.WithdrawQueue, {
    receiver,
    caller: ctx.caller,
    request_id: id,
    request: requestFelts(request),
    timestamp: now,
  });
  emitEvent(ctx, QUEUE_EVENTS.ReceivedFunds, {
    amount: assets,
    sender: ctx.caller,
    unprocessed: 0n,
    intransit: 0n,
    timestamp: now,
  });
  return [id];
};

/**
 * Pays a request: checks it exists, is not claimed and is ready; marks it
 * claimed, sends its STRK, emits WithdrawQueue.
 *
 * @param ctx - The queue's context.
 * @param id - The request.
 * @param receiver - Who is paid.
 */
function claim(ctx: CallContext, id: bigint, receiver: bigint): void {
  const request = requestOf(ctx.env.state, ctx.self, id);
  ensure(!request.claimed, ENDUR_ERRORS.ALREADY_CLAIMED);
  ensure(nowOf(ctx) >= request.claimTime, ENDUR_ERRORS.NOT_READY);
  const claimed = { ...request, claimed: true };
  writeRequest(ctx, id, claimed);
  callContract(
    ctx.env,
    ctx.self,
    read(ctx, QUEUE_SLOTS.token),
    selectorOf('transfer'),
    [receiver, ...u256Felts(request.assets)],
    ctx.invocation,
  );
  emitEvent(ctx, QUEUE_EVENTS.WithdrawQueue, {
    receiver,
    caller: ctx.caller,
    request_id: id,
    request: requestFelts(claimed),
    timestamp: nowOf(ctx),
  });
}

// A request id that exists (1 to max_request_id).
const requestId = (ctx: CallContext, reader: CalldataReader): bigint => {
  const id = reader.felt();
  ensure(
    id > 0n && id <= read(ctx, QUEUE_SLOTS.maxRequestId),
    ENDUR_ERRORS.INVALID_REQUEST,
  );
  return id;
};

const claimWithdrawal: EntryFn = (ctx, calldata) => {
  const id = requestId(ctx, new CalldataReader(calldata));
  claim(ctx, id, ownerOf(ctx, id));
  return [];
};

const claimWithdrawalTo: EntryFn = (ctx, calldata) => {
  const reader = new CalldataReader(calldata);
  const id = requestId(ctx, reader);
  const receiver = reader.felt();
  ensure(ownerOf(ctx, id) === ctx.caller, ENDUR_ERRORS.NOT_OWNER);
  ensure(receiver !== 0n, ENDUR_ERRORS.ERC721_INVALID_RECEIVER);
  claim(ctx, id, receiver);
  return [];
};

const isOperator = (
  ctx: CallContext,
  owner: bigint,
  spender: bigint,
): boolean => read(ctx, QUEUE_SLOTS.operator(owner, spender)) !== 0n;

const transferFrom: EntryFn = (ctx, calldata) => {
  const reader = new CalldataReader(calldata);
  const from = reader.felt();
  const to = reader.felt();
  const id = reader.u256();
  const owner = ownerOf(ctx, id);
  ensure(owner === from, ENDUR_ERRORS.ERC721_WRONG_SENDER);
  ensure(
    ctx.caller === owner ||
      isOperator(ctx, owner, ctx.caller) ||
      read(ctx, QUEUE_SLOTS.approved(id)) === ctx.caller,
    ENDUR_ERRORS.ERC721_UNAUTHORIZED,
  );
  moveToken(ctx, from, to, id);
  return [];
};

const approve: EntryFn = (ctx, calldata) => {
  const reader = new CalldataReader(calldata);
  const to = reader.felt();
  const id = reader.u256();
  const owner = ownerOf(ctx, id);
  ensure(
    ctx.caller === owner || isOperator(ctx, owner, ctx.caller),
    ENDUR_ERRORS.ERC721_UNAUTHORIZED,
  );
  ensure(to !== owner, ENDUR_ERRORS.ERC721_APPROVAL_TO_OWNER);
  write(ctx, QUEUE_SLOTS.approved(id), to);
  emitEvent(ctx, QUEUE_EVENTS.Approval, { owner, approved: to, token_id: id });
  return [];
};

const setApprovalForAll: EntryFn = (ctx, calldata) => {
  const reader = new CalldataReader(calldata);
  const operator = reader.felt();
  const approved = reader.felt() === 0n ? 0n : 1n;
  ensure(operator !== ctx.caller, ENDUR_ERRORS.ERC721_SELF_APPROVAL);
  write(ctx, QUEUE_SLOTS.operator(ctx.caller, operator), approved);
  emitEvent(ctx, QUEUE_EVENTS.ApprovalForAll, {
    owner: ctx.caller,
    operator,
    approved,
  });
  return [];
};

const balanceOf: EntryFn = (ctx, calldata) => {
  const account = new CalldataReader(calldata).felt();
  ensure(account !== 0n, ENDUR_ERRORS.ERC721_INVALID_ACCOUNT);
  return u256Felts(
    readU256(ctx.env.state, ctx.self, QUEUE_SLOTS.balance(account)),
  );
};

const ownerOfEntry: EntryFn = (ctx, calldata) => [
  ownerOf(ctx, new CalldataReader(calldata).u256()),
];

const getApproved: EntryFn = (ctx, calldata) => {
  const id = new CalldataReader(calldata).u256();
  ownerOf(ctx, id);
  return [read(ctx, QUEUE_SLOTS.approved(id))];
};

const isApprovedForAll: EntryFn = (ctx, calldata) => {
  const reader = new CalldataReader(calldata);
  return [isOperator(ctx, reader.felt(), reader.felt()) ? 1n : 0n];
};

const tokenUri: EntryFn = (ctx, calldata) => {
  ownerOf(ctx, new CalldataReader(calldata).u256());
  return shortByteArray(0n);
};

/** SRC5's, ERC-721's and ERC-721 metadata's interface ids (OpenZeppelin's). */
const INTERFACE_IDS = new Set([
  0x3f918d17e5ee77373b56385708f855659a07f75997f365cf87748628532a055n,
  0x33eb2f84c309543403fd69f0d0f363781ef06ef6faeb0131ff16ea3175bd943n,
  0xabbcd595a567dce909050a1038e055daccb3c42af06f0add544fa90ee91f25n,
]);

const getRequestInfo: EntryFn = (ctx, calldata) =>
  requestFelts(
    requestOf(ctx.env.state, ctx.self, new CalldataReader(calldata).felt()),
  );

const getQueueState: EntryFn = (ctx) => {
  const { state } = ctx.env;
  return [
    read(ctx, QUEUE_SLOTS.maxRequestId),
    ...u256Felts(readU256(state, ctx.self, QUEUE_SLOTS.unprocessed)),
    ...u256Felts(readU256(state, ctx.self, QUEUE_SLOTS.intransit)),
    ...u256Felts(readU256(state, ctx.self, QUEUE_SLOTS.cumulative)),
  ];
};

const notPaused: EntryFn = () => [0n];

const supportsInterface: EntryFn = (_ctx, [id = 0n]) => [
  INTERFACE_IDS.has(id) ? 1n : 0n,
];

const ENTRIES: Record<QueueEntrypoint, EntryFn> = {
  request_withdrawal: requestWithdrawal,
  claim_withdrawal: claimWithdrawal,
  claim_withdrawal_to: claimWithdrawalTo,
  get_request_info: getRequestInfo,
  get_queue_state: getQueueState,
  is_paused: notPaused,
  balance_of: balanceOf,
  balanceOf,
  owner_of: ownerOfEntry,
  ownerOf: ownerOfEntry,
  transfer_from: transferFrom,
  transferFrom,
  safe_transfer_from: transferFrom,
  safeTransferFrom: transferFrom,
  approve,
  set_approval_for_all: setApprovalForAll,
  setApprovalForAll,
  get_approved: getApproved,
  getApproved,
  is_approved_for_all: isApprovedForAll,
  isApprovedForAll,
  supports_interface: supportsInterface,
  name: () => shortByteArray(shortString('Endur Withdraw Queue')),
  symbol: () => shortByteArray(shortString('EWQ')),
  token_uri: tokenUri,
  tokenURI: tokenUri,
};

/** The queue. */
export const ENDUR_QUEUE_CLASS: NativeClass = {
  kind: 'endur-queue',
  entries: ENTRIES,
};

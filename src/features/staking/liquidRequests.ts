import type { Plan, Ticket } from './batchPlan';
import type { LiquidRequestView } from './model';
import { normaliseAddress } from '../../keys/address';
import { readingCall } from '../../node/answers';
import type { Reading } from '../../node/answers';
import { viewCall } from '../../node/calls';
import type { EmittedEvent } from '../../node/calls';
import { readU256 } from '../../node/erc20';
import type { NodeCall } from '../../node/nodeCall';
import { selectorOf } from '../../protocol/selectors';
import { toHex } from '../../protocol/values';
import {
  readWithdrawRequest,
  u256Calldata,
  vaultSelectors,
} from '../../staking/vault';
import type { WithdrawRequest } from '../../staking/vault';

/**
 * The reads of Endur's withdrawal requests the Stake view and the
 * background check share (./liquid.ts): finding them in the queue's
 * WithdrawQueue events, reading each one's info and owner.
 */

/** WithdrawQueue's selector: its keys are `[selector, receiver, caller]`. */
export const WITHDRAW_QUEUE = selectorOf('WithdrawQueue');
/** A request's reads: its info and its NFT's owner. */
export type RequestReads = {
  member: string;
  id: bigint;
  info: Ticket<WithdrawRequest>;
  owner: Ticket<string[]>;
};

/**
 * A view read at a block, its answer a u256.
 *
 * @param contract - The contract.
 * @param selector - The view.
 * @param calldata - Its calldata.
 * @param block - At which block (latest by default).
 * @returns The call.
 */
export function amountCall(
  contract: string,
  selector: string,
  calldata: string[],
  block?: number,
): NodeCall<Reading<bigint>> {
  return {
    method: 'starknet_call',
    params: {
      request: {
        contract_address: contract,
        entry_point_selector: selector,
        calldata,
      },
      block_id: block === undefined ? 'latest' : { block_number: block },
    },
    parse: readU256,
  };
}

/**
 * Reads a request's info in a batch.
 *
 * @param batch - The batch.
 * @param queue - The queue.
 * @param id - The request's id.
 * @returns Its ticket.
 */
export function infoRead(
  batch: Plan,
  queue: string,
  id: bigint,
): Ticket<WithdrawRequest> {
  return batch.read(
    readingCall(
      viewCall(queue, vaultSelectors().get_request_info, [toHex(id)]),
      (answer) =>
        Array.isArray(answer)
          ? readWithdrawRequest(answer.map(String))
          : { problem: 'not felts' },
    ),
  );
}

/**
 * Reads a request's info and owner in a batch.
 *
 * @param batch - The batch.
 * @param queue - The queue.
 * @param request - The request.
 * @param request.member - Whose it was made for.
 * @param request.id - Its id.
 * @returns Its reads.
 */
export function requestReads(
  batch: Plan,
  queue: string,
  request: { member: string; id: bigint },
): RequestReads {
  return {
    ...request,
    info: infoRead(batch, queue, request.id),
    owner: batch.add(
      viewCall(queue, vaultSelectors().owner_of, u256Calldata(request.id)),
    ),
  };
}

/**
 * The requests a page of WithdrawQueue events names for the accounts. Its
 * data is `request_id`, the request (9 felts: its isClaimed the fifth) and
 * a time; a claim emits it again, claimed, which is no new request.
 *
 * @param events - The page.
 * @param queue - The queue.
 * @param members - The accounts.
 * @returns Each request's receiver and id.
 */
export function requestsIn(
  events: EmittedEvent[],
  queue: string,
  members: string[],
): { member: string; id: bigint }[] {
  return events.flatMap((event) => {
    const [selector, receiver] = event.keys;
    const [id] = event.data;
    const claimed = event.data[5];
    if (
      claimed === undefined ||
      BigInt(claimed) !== 0n ||
      BigInt(event.from_address) !== BigInt(queue) ||
      selector === undefined ||
      BigInt(selector) !== BigInt(WITHDRAW_QUEUE) ||
      receiver === undefined ||
      id === undefined
    ) {
      return [];
    }
    const member = normaliseAddress(receiver);
    return members.includes(member) ? [{ member, id: BigInt(id) }] : [];
  });
}

/**
 * A request as the view shows it: 'unread' when its reads failed (kept, to
 * read again), 'gone' when the account no longer owns it.
 *
 * @param reads - Its reads.
 * @param answers - Their batch's answers.
 * @returns The request, or why there is none.
 */
export function seenOf(
  reads: RequestReads,
  answers: PromiseSettledResult<unknown>[],
): LiquidRequestView | 'unread' | 'gone' {
  const info = reads.info(answers);
  const [owner] = reads.owner(answers) ?? [];
  if (info === undefined || owner === undefined) {
    return 'unread';
  }
  if (BigInt(owner) !== BigInt(reads.member)) {
    return 'gone';
  }
  return {
    member: reads.member,
    id: reads.id,
    assets: info.assets,
    shares: info.shares,
    requestedAt: Number(info.requestedAt),
    claimableAt: Number(info.claimableAt),
    claimed: info.claimed,
  };
}

import { readingCall, strictly } from './answers';
import type { Reading } from './answers';
import type { BlockTag } from './calls';
import { viewCall } from './calls';
import type { NodeClient } from './client';
import type { NodeCall } from './nodeCall';
import { selectorOf } from '../protocol/selectors';
import { U128_BOUND } from '../protocol/values';

const BALANCE_OF = selectorOf('balanceOf');

/** A u256 half as a node writes it: a felt of at most 64 hex digits. */
const HALF_TEXT = /^0x[0-9a-fA-F]{1,64}$/u;

/**
 * One half of a u256: a hex number below 2^128.
 *
 * @param name - Which half, for the problem.
 * @param half - What the answer holds there.
 * @returns Its value, or why it is not one.
 */
function readHalf(name: 'low' | 'high', half: unknown): Reading<bigint> {
  if (typeof half !== 'string' || !HALF_TEXT.test(half)) {
    return { problem: `its ${name} half is not a hex number` };
  }
  const value = BigInt(half);
  return value < U128_BOUND
    ? { value }
    : { problem: `its ${name} half is 2^128 or more` };
}

/**
 * A token's answer read as a u256, `[low, high]`, each half below 2^128,
 * without throwing on any JSON: a hostile token, or one node of several,
 * may answer anything, and a half past 128 bits is no u256 (starknet.js's
 * uint256ToBN throws on it). The problem never repeats the answer's text.
 *
 * @param answer - What `balanceOf` returned.
 * @returns The value, or why it is not a u256.
 */
export function readU256(answer: unknown): Reading<bigint> {
  if (!Array.isArray(answer)) {
    return { problem: 'the answer is not a list of felts' };
  }
  if (answer.length !== 2) {
    return {
      problem: `${answer.length} values, not a u256's two (low, high)`,
    };
  }
  const low = readHalf('low', answer[0]);
  if ('problem' in low) {
    return low;
  }
  const high = readHalf('high', answer[1]);
  if ('problem' in high) {
    return high;
  }
  return { value: high.value * U128_BOUND + low.value };
}

/**
 * An ERC-20 `balanceOf(owner)`, its answer read (never refused: see
 * readingCall), for pages that show each balance on its own.
 *
 * @param token - The token contract.
 * @param owner - The holder.
 * @param block - Which state.
 * @returns The call.
 */
export function balanceReadingCall(
  token: string,
  owner: string,
  block: BlockTag,
): NodeCall<Reading<bigint>> {
  return readingCall(viewCall(token, BALANCE_OF, [owner], block), readU256);
}

/**
 * An ERC-20 `balanceOf(owner)` whose answer must be a u256: anything else
 * is the node's malformed answer (a NodeError naming the network, the
 * token and what was wrong; the next node is asked, if there is one).
 *
 * @param token - The token contract.
 * @param owner - The holder.
 * @param block - Which state.
 * @returns The call.
 */
function balanceCall(
  token: string,
  owner: string,
  block: BlockTag,
): NodeCall<bigint> {
  return {
    ...viewCall(token, BALANCE_OF, [owner], block),
    parse: strictly(`u256 from balanceOf of ${token}`, (answer) => {
      const reading = readU256(answer);
      return 'problem' in reading
        ? { problem: `balanceOf of ${token}: ${reading.problem}` }
        : reading;
    }),
  };
}

/**
 * An account's token balance in the pre-confirmed and the latest state, in
 * one round trip.
 *
 * @param client - The network's node.
 * @param token - The ERC-20 contract.
 * @param owner - The holder.
 * @returns Both balances.
 */
export async function tokenBalances(
  client: NodeClient,
  token: string,
  owner: string,
): Promise<{ pending: bigint; latest: bigint }> {
  const [pending, latest] = await client.batch([
    balanceCall(token, owner, 'pre_confirmed'),
    balanceCall(token, owner, 'latest'),
  ]);
  return { pending, latest };
}

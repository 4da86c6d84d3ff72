import { array, integer, type, unknown } from 'superstruct';

import { parsedBy } from './answers';
import { BLOCK_ANSWER_BYTES } from './limits';
import type { NodeCall } from './nodeCall';
import { U64_BOUND } from '../protocol/values';

/**
 * The tip a transaction offers when its dapp names none. Since Starknet
 * 0.14 the sequencer orders transactions by tip (SNIP-30), so a tip of 0
 * waits behind everyone who tipped on a busy chain. The estimate is
 * starknet.js's `getEstimateTip` (src/provider/modules/tip.ts, 10.8.0):
 * the tips of the v3 transactions of the latest block and the two before
 * it, zero tips included; their median when there are at least 10, and no
 * tip otherwise. The latest block rides the transaction's first batch and
 * the two before it (known by number only then) its second: no round trip
 * more.
 */

/** Blocks read for the estimate: the latest and the two before it. */
export const TIP_BLOCKS = 3;

/** Tips needed for an estimate; fewer give no tip. */
export const TIPS_NEEDED = 10;

/** The tips of one block's v3 transactions. */
export type BlockTips = { number: number; tips: bigint[] };

/** The kinds of transaction that carry a tip. */
const TIPPED = new Set(['INVOKE', 'DECLARE', 'DEPLOY_ACCOUNT']);

/** What a tip estimate is made of, to say in the dialog. */
export type TipEstimate = {
  /** The tip, FRI per unit of L2 gas. */
  tip: bigint;
  /** Blocks read. */
  blocks: number;
  /** Tips found in them. */
  transactions: number;
  /** The highest of them (a dapp's tip far above it is flagged). */
  highest: bigint;
};

/**
 * The tip of a transaction of a block's answer, when it has one that a v3
 * transaction may carry (a u64).
 *
 * @param transaction - One element of the block's `transactions`.
 * @returns Its tip, or undefined.
 */
function tipOf(transaction: unknown): bigint | undefined {
  if (
    typeof transaction !== 'object' ||
    transaction === null ||
    !('version' in transaction) ||
    !('type' in transaction) ||
    !('tip' in transaction)
  ) {
    return undefined;
  }
  const { version, type: kind, tip } = transaction;
  if (
    version !== '0x3' ||
    typeof kind !== 'string' ||
    !TIPPED.has(kind) ||
    typeof tip !== 'string' ||
    !/^0x[0-9a-fA-F]{1,16}$/u.test(tip)
  ) {
    return undefined;
  }
  const value = BigInt(tip);
  return value < U64_BOUND ? value : undefined;
}

const parseBlock = parsedBy(
  type({ block_number: integer(), transactions: array(unknown()) }),
);

/**
 * `starknet_getBlockWithTxs` of a block, read for its tips (a node that
 * answers a pre-confirmed block, without a number, gives none).
 *
 * @param blockId - `latest`, or a block number.
 * @returns The call.
 */
export function blockTipsCall(blockId: 'latest' | number): NodeCall<BlockTips> {
  return {
    method: 'starknet_getBlockWithTxs',
    params: {
      block_id: blockId === 'latest' ? 'latest' : { block_number: blockId },
    },
    maxAnswerBytes: BLOCK_ANSWER_BYTES,
    parse: (value): BlockTips => {
      const block = parseBlock(value);
      return {
        number: block.block_number,
        tips: block.transactions.flatMap((transaction) => {
          const tip = tipOf(transaction);
          return tip === undefined ? [] : [tip];
        }),
      };
    },
  };
}

/**
 * The reads of the blocks before the latest, once its number is known.
 *
 * @param latest - The latest block's number.
 * @returns Their calls, newest first.
 */
export function earlierBlockTipsCalls(latest: number): NodeCall<BlockTips>[] {
  return Array.from({ length: Math.min(TIP_BLOCKS - 1, latest) }, (_, index) =>
    blockTipsCall(latest - 1 - index),
  );
}

/**
 * The tip to offer, from the blocks read (see above).
 *
 * @param blocks - The blocks read.
 * @returns The estimate.
 */
export function estimateTip(blocks: BlockTips[]): TipEstimate {
  const tips = blocks
    .flatMap((block) => block.tips)
    .sort((left, right) => (left < right ? -1 : Number(left > right)));
  const highest = tips[tips.length - 1] ?? 0n;
  const counted = { blocks: blocks.length, transactions: tips.length, highest };
  if (tips.length < TIPS_NEEDED) {
    return { tip: 0n, ...counted };
  }
  const middle = Math.floor(tips.length / 2);
  const upper = tips[middle] ?? 0n;
  const lower = tips[middle - 1] ?? upper;
  return {
    tip: tips.length % 2 === 0 ? (lower + upper) / 2n : upper,
    ...counted,
  };
}

import { parseAmount } from './amount';
import { parseIndex, required } from './params';
import type { MethodTable } from './types';
import { STRK_ADDRESS } from '../base/constants';
import { invalidParams } from '../base/errors';
import { parseFelt, toHex } from '../base/felt';
import { addTraffic } from '../chain/traffic';

/** The most transfers one request writes. */
const MAX_TRANSFERS = 20_000;
/** The most blocks one request closes. */
const MAX_BLOCKS = 5_000;

/** The most tips one request gives. */
const MAX_TIPS = 1_000;

/**
 * The tips of `local_addTraffic`: a list of u64 values (hex or decimal
 * text, or numbers).
 *
 * @param value - The param.
 * @returns The tips.
 */
function parseTips(value: unknown): bigint[] {
  if (value === undefined) {
    return [];
  }
  if (!Array.isArray(value) || value.length > MAX_TIPS) {
    throw invalidParams(`tips: expected a list of at most ${MAX_TIPS} tips`);
  }
  return value.map((tip, index) => {
    const parsed = parseAmount(tip, `tips[${index}]`);
    if (parsed >= 2n ** 64n) {
      throw invalidParams(`tips[${index}]: expected a u64`);
    }
    return parsed;
  });
}

/**
 * `local_addTraffic {count, blocks?, token?, to?, amount?, tips?}` →
 * `{last_block, transaction_hashes}`: this node's own dev method
 * (starknet-devnet has none like it) that makes the chain busy in one
 * request — `count` transfers of `token` (STRK by default) between
 * strangers, or to `to`, spread over `blocks` new blocks, offering `tips`
 * in turn (recent blocks with known tips; none by default; see
 * chain/traffic.ts).
 */
export const trafficMethods: MethodTable = {
  local_addTraffic: {
    params: ['count', 'blocks', 'token', 'to', 'amount', 'tips'],
    handler: (params, ctx) => {
      const count = parseIndex(required(params, 'count'), 'count');
      if (count < 1 || count > MAX_TRANSFERS) {
        throw invalidParams(`count: expected 1 to ${MAX_TRANSFERS}`);
      }
      const blocks =
        params.blocks === undefined ? 1 : parseIndex(params.blocks, 'blocks');
      if (blocks < 1 || blocks > Math.min(MAX_BLOCKS, count)) {
        throw invalidParams(
          `blocks: expected 1 to ${Math.min(MAX_BLOCKS, count)}`,
        );
      }
      const { lastBlock, hashes } = addTraffic(ctx.node, {
        token:
          params.token === undefined
            ? STRK_ADDRESS
            : parseFelt(params.token, 'token'),
        count,
        blocks,
        to: params.to === undefined ? undefined : parseFelt(params.to, 'to'),
        amount: params.amount === undefined ? 1n : parseAmount(params.amount),
        tips: parseTips(params.tips),
      });
      return {
        last_block: lastBlock,
        transaction_hashes: hashes.map(toHex),
      };
    },
  },
};

import type { PaymasterChain } from './chain';
import { relay, relayFeeInStrk, relayerInvoke, relayerOf } from './relayer';
import { RpcError } from '../base/errors';
import { toHex } from '../base/felt';
import { stateMethods } from '../methods/state';
import type { MethodContext } from '../methods/types';

/**
 * Runs one of the node's own state methods on the pre-confirmed state.
 *
 * @param ctx - The method context.
 * @param method - `starknet_getClassHashAt` or `starknet_call`.
 * @param params - Its params.
 * @returns Its result, or undefined when it answers an error.
 */
function stateRead(
  ctx: MethodContext,
  method: 'starknet_getClassHashAt' | 'starknet_call',
  params: Record<string, unknown>,
): unknown {
  try {
    return stateMethods[method]?.handler(
      { ...params, block_id: 'pre_confirmed' },
      ctx,
    );
  } catch (error) {
    if (error instanceof RpcError) {
      return undefined;
    }
    throw error;
  }
}

/**
 * The local node's chain as the paymaster sees it: reads by the node's own
 * methods, the relayer (the last predeployed account) under the node's fixed
 * gas model, its invoke run on the pre-confirmed state before it is
 * submitted. No step waits on I/O: a request is served whole before the
 * node reads the next one.
 *
 * @param ctx - The method context (its chain is read at each call:
 * devnet_load replaces it).
 * @returns The chain.
 */
export function localPaymasterChain(ctx: MethodContext): PaymasterChain {
  const relayer = relayerOf(ctx.node);
  const chain: PaymasterChain = {
    chainId: ctx.node.options.chainId,
    relayer: relayer?.address,
    now: async () => BigInt(ctx.node.chain.now()),
    classHashAt: async (address) => {
      const classHash = stateRead(ctx, 'starknet_getClassHashAt', {
        contract_address: toHex(address),
      });
      return typeof classHash === 'string' ? BigInt(classHash) : undefined;
    },
    call: async (to, selector, calldata) => {
      const result = stateRead(ctx, 'starknet_call', {
        request: {
          contract_address: toHex(to),
          entry_point_selector: toHex(selector),
          calldata: calldata.map(toHex),
        },
      });
      return Array.isArray(result)
        ? result.map((item) => BigInt(String(item)))
        : undefined;
    },
    estimateUnsigned: async (user, deployment, calls) =>
      relayer ? relayFeeInStrk(ctx.node, relayer, user, deployment, calls) : 0n,
    relay: async (calls, checkFee) => {
      if (!relayer) {
        throw new Error('no relayer');
      }
      return relay(ctx.node, relayerInvoke(ctx.node, relayer, calls), checkFee)
        .hash;
    },
    transactionStatus: async (hash) => {
      const record = ctx.node.chain.txs.get(hash);
      if (!record) {
        return undefined;
      }
      return record.blockNumber === ctx.node.chain.pending.number
        ? 'active'
        : 'accepted';
    },
  };
  return chain;
}

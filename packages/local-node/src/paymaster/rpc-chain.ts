import { relayedCalls } from './calls';
import type { PaymasterChain } from './chain';
import { executionRefusal } from './errors';
import { feltOf, nodeCall } from './rpc-client';
import type { Estimate } from './rpc-txs';
import {
  ZERO_BOUNDS,
  deployAccountQuery,
  doubled,
  estimateOf,
  invokeJson,
} from './rpc-txs';
import { RpcError } from '../base/errors';
import { toHex } from '../base/felt';
import type { OutsideCall } from '../contracts/outside-execution';

/** Where the paymaster runs: a Starknet JSON-RPC node and a relayer there. */
export type RpcPaymasterOptions = {
  /** The node's JSON-RPC URL (spec 0.10). */
  nodeUrl: string;
  /**
   * The relayer: a deployed, funded account that signs `[r, s]` over the
   * transaction hash (starknet-devnet's predeployed accounts do).
   */
  relayer: { address: string; privateKey: string } | undefined;
};

const BLOCK = 'pre_confirmed';

/**
 * A Starknet JSON-RPC node (starknet-devnet in the conformance tier) as the
 * paymaster sees it: reads on the pre-confirmed block, the relayer's invoke
 * estimated (run with its signature, so a failure sends nothing) then sent
 * with its own key, one relay at a time so its nonces follow each other.
 *
 * @param options - The node and the relayer.
 * @returns The chain.
 */
export async function rpcPaymasterChain(
  options: RpcPaymasterOptions,
): Promise<PaymasterChain> {
  const ask = async (
    method: string,
    params: Record<string, unknown>,
  ): Promise<unknown> => nodeCall(options.nodeUrl, method, params);
  const chainId = toHex(feltOf(await ask('starknet_chainId', {}), 'chain id'));
  const relayer = options.relayer && {
    address: BigInt(options.relayer.address),
    privateKey: options.relayer.privateKey,
  };
  const nonceOf = async (address: bigint): Promise<bigint> =>
    feltOf(
      await ask('starknet_getNonce', {
        block_id: BLOCK,
        contract_address: toHex(address),
      }),
      'nonce',
    );
  const estimate = async (
    transactions: Record<string, unknown>[],
    skipValidate: boolean,
  ): Promise<Estimate[]> => {
    const answer = await ask('starknet_estimateFee', {
      request: transactions,
      simulation_flags: skipValidate ? ['SKIP_VALIDATE'] : [],
      block_id: BLOCK,
    }).catch((error: unknown) => {
      throw executionRefusal(error);
    });
    if (!Array.isArray(answer) || answer.length !== transactions.length) {
      throw new Error('the node answered a malformed fee estimate');
    }
    return answer.map(estimateOf);
  };
  // The relayer's invoke, estimated with its signature: validation included.
  const relayerEstimate = async (
    sender: { address: bigint; privateKey: string },
    calls: OutsideCall[],
    nonce: bigint,
  ): Promise<Estimate> => {
    const [result] = await estimate(
      [
        invokeJson(
          {
            sender: sender.address,
            calls,
            nonce,
            bounds: ZERO_BOUNDS,
            query: true,
          },
          chainId,
          sender.privateKey,
        ),
      ],
      false,
    );
    if (!result) {
      throw new Error('the node answered no fee estimate');
    }
    return result;
  };
  let relays: Promise<unknown> = Promise.resolve();
  const chain: PaymasterChain = {
    chainId,
    relayer: relayer?.address,
    now: async () => {
      const block = await ask('starknet_getBlockWithTxHashes', {
        block_id: BLOCK,
      });
      const timestamp =
        typeof block === 'object' && block !== null && 'timestamp' in block
          ? block.timestamp
          : undefined;
      if (typeof timestamp !== 'number') {
        throw new Error('the node answered a block without a timestamp');
      }
      return BigInt(timestamp);
    },
    classHashAt: async (address) =>
      ask('starknet_getClassHashAt', {
        block_id: BLOCK,
        contract_address: toHex(address),
      }).then(
        (classHash) => feltOf(classHash, 'class hash'),
        (error: unknown) => {
          if (error instanceof RpcError && error.code === 20) {
            return undefined;
          }
          throw error;
        },
      ),
    call: async (to, selector, calldata) =>
      ask('starknet_call', {
        request: {
          contract_address: toHex(to),
          entry_point_selector: toHex(selector),
          calldata: calldata.map(toHex),
        },
        block_id: BLOCK,
      }).then(
        (result) =>
          Array.isArray(result)
            ? result.map((item) => feltOf(item, 'call result'))
            : undefined,
        (error: unknown) => {
          if (error instanceof RpcError && error.code === 40) {
            return undefined;
          }
          throw error;
        },
      ),
    // Before the user signs, the execution cannot run: its calls are
    // estimated as the user's own invoke (after its own deployment when not
    // deployed), validation skipped; a deployment alone is the relayer's.
    // The relayer's envelope (its validation, the outside execution's hash,
    // signature and nonce) is left to the suggested maximum's margin of 2:
    // on devnet a paid transfer costs the relayer 1.6 times this estimate.
    // The fee is checked against the real invoke's estimate at execution.
    estimateUnsigned: async (user, deployment, calls) => {
      if (!relayer) {
        return 0n;
      }
      if (!calls) {
        return (
          await relayerEstimate(
            relayer,
            relayedCalls(user, deployment, undefined),
            await nonceOf(relayer.address),
          )
        ).fee;
      }
      const userInvoke = (nonce: bigint): Record<string, unknown> =>
        invokeJson(
          { sender: user, calls, nonce, bounds: ZERO_BOUNDS, query: true },
          chainId,
          undefined,
        );
      const estimates = deployment
        ? await estimate([deployAccountQuery(deployment), userInvoke(1n)], true)
        : await estimate([userInvoke(await nonceOf(user))], true);
      return estimates.reduce((sum, item) => sum + item.fee, 0n);
    },
    relay: async (calls, checkFee) => {
      if (!relayer) {
        throw new Error('no relayer');
      }
      const run = async (): Promise<bigint> => {
        const nonce = await nonceOf(relayer.address);
        const { fee, bounds } = await relayerEstimate(relayer, calls, nonce);
        checkFee(fee);
        const sent = await ask('starknet_addInvokeTransaction', {
          invoke_transaction: invokeJson(
            {
              sender: relayer.address,
              calls,
              nonce,
              bounds: doubled(bounds),
              query: false,
            },
            chainId,
            relayer.privateKey,
          ),
        });
        return feltOf(
          typeof sent === 'object' &&
            sent !== null &&
            'transaction_hash' in sent
            ? sent.transaction_hash
            : undefined,
          'transaction hash',
        );
      };
      const relayed = relays.then(run, run);
      relays = relayed.catch(() => undefined);
      return relayed;
    },
    transactionStatus: async (txHash) =>
      ask('starknet_getTransactionStatus', {
        transaction_hash: toHex(txHash),
      }).then(
        (status) => {
          const finality =
            typeof status === 'object' &&
            status !== null &&
            'finality_status' in status
              ? status.finality_status
              : undefined;
          return finality === 'ACCEPTED_ON_L2' || finality === 'ACCEPTED_ON_L1'
            ? 'accepted'
            : 'active';
        },
        (error: unknown) => {
          if (error instanceof RpcError && error.code === 29) {
            return undefined;
          }
          throw error;
        },
      ),
  };
  return chain;
}

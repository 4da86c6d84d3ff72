import { buildTransaction } from './build';
import type { PaymasterChain } from './chain';
import type { PaymasterCall } from './dialect';
import { onlyIn } from './dialect';
import { paymasterError } from './errors';
import { executeDirectTransaction, executeTransaction } from './execute';
import { GAS_TOKENS } from './tokens';
import { parseFelt, toHex } from '../base/felt';
import type { Params } from '../methods/params';
import { required } from '../methods/params';

/** A SNIP-29 method: positional parameter names and a handler over a chain. */
export type PaymasterMethod = {
  params: string[];
  handler: (
    params: Params,
    chain: PaymasterChain,
    call: PaymasterCall,
  ) => Promise<unknown>;
};

/**
 * The `paymaster_*` methods of both dialects (dialect.ts), over any chain
 * with a relayer; a method of one dialect only answers "Method not found"
 * in the other. AVNU's list: paymaster_health, isAvailable,
 * buildTransaction, executeTransaction, executeDirectTransaction,
 * getSupportedTokens (the PaymasterAPI trait, crates/paymaster-rpc/src/lib.rs).
 */
export const PAYMASTER_METHODS: Record<string, PaymasterMethod> = {
  paymaster_health: {
    params: [],
    // AVNU's health answers true while the service runs
    // (crates/paymaster-rpc/src/endpoint/health.rs).
    handler: async (_params, _chain, call) => {
      onlyIn(call, 'avnu', 'paymaster_health');
      return true;
    },
  },
  paymaster_isAvailable: {
    params: [],
    handler: async (_params, chain) => chain.relayer !== undefined,
  },
  paymaster_getSupportedTokens: {
    params: [],
    handler: async () =>
      GAS_TOKENS.map((token) => ({
        token_address: toHex(token.address),
        decimals: token.decimals,
        price_in_strk: toHex(token.priceInStrk),
      })),
  },
  paymaster_buildTransaction: {
    params: ['transaction', 'parameters'],
    handler: buildTransaction,
  },
  paymaster_executeTransaction: {
    params: ['transaction', 'parameters'],
    handler: executeTransaction,
  },
  paymaster_executeDirectTransaction: {
    params: ['transaction', 'parameters'],
    handler: async (params, chain, call) => {
      onlyIn(call, 'avnu', 'paymaster_executeDirectTransaction');
      return executeDirectTransaction(params, chain, call);
    },
  },
  paymaster_trackingIdToLatestHash: {
    params: ['tracking_id'],
    handler: async (params, chain, call) => {
      onlyIn(call, 'snip29', 'paymaster_trackingIdToLatestHash');
      const id = parseFelt(required(params, 'tracking_id'), 'tracking_id');
      const status = await chain.transactionStatus(id);
      if (!status) {
        throw paymasterError('INVALID_ID');
      }
      return { transaction_hash: toHex(id), status };
    },
  },
};

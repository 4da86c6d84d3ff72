/* eslint-disable no-bitwise -- u256 halves */
import { randomBytes } from 'node:crypto';

import { paymasterError } from './errors';
import type { ExecutionParameters, FeeMode } from './params';
import {
  parseCalls,
  parseInvoke,
  parseOutsideTypedData,
  parseParameters,
} from './params';
import type { GasToken, Relayer } from './relayer';
import {
  GAS_TOKENS,
  STRK_GAS_TOKEN,
  feeTransfer,
  relay,
  relayFeeInStrk,
  relayerInvoke,
  relayerOf,
  strkToToken,
} from './relayer';
import { RpcError } from '../base/errors';
import { parseFelt, parseFeltArray, toHex } from '../base/felt';
import { ARGENT_CLASS_HASH } from '../contracts/argent';
import { selectorOf } from '../contracts/calls';
import type {
  OutsideCall,
  OutsideExecution,
} from '../contracts/outside-execution';
import {
  outsideExecutionHash,
  outsideExecutionTypedData,
} from '../contracts/outside-execution';
import { required } from '../methods/params';
import { stateMethods } from '../methods/state';
import type { MethodContext, MethodTable } from '../methods/types';

/** How long a built execution stays valid without time bounds: one hour. */
const DEFAULT_VALIDITY_SECONDS = 3600n;

/** The paymaster pays what it estimates times this (the user's suggested maximum). */
const SUGGESTED_MARGIN = 2n;

const VALID = 0x56414c4944n;

/**
 * The relayer, or UNKNOWN_ERROR when the node has no predeployed account.
 *
 * @param ctx - The method context.
 * @returns The relayer.
 */
function relayerFor(ctx: MethodContext): Relayer {
  const relayer = relayerOf(ctx.node);
  if (!relayer) {
    throw paymasterError(
      'UNKNOWN_ERROR',
      'the paymaster needs a predeployed account as its relayer (--accounts 0)',
    );
  }
  return relayer;
}

/**
 * The gas token of a fee mode, or TOKEN_NOT_SUPPORTED.
 *
 * @param feeMode - The fee mode.
 * @returns The token, or undefined when sponsored.
 */
function gasTokenOf(feeMode: FeeMode): GasToken | undefined {
  if (feeMode.mode === 'sponsored') {
    return undefined;
  }
  const token = GAS_TOKENS.find((item) => item.address === feeMode.gasToken);
  if (!token) {
    throw paymasterError('TOKEN_NOT_SUPPORTED');
  }
  return token;
}

/**
 * Reads the user's address and checks it is a deployed Argent 0.3.1 account
 * (the only SNIP-9 account the node emulates).
 *
 * @param ctx - The method context.
 * @param invoke - The transaction's `invoke` part.
 * @returns The address.
 */
function userAccount(
  ctx: MethodContext,
  invoke: Record<string, unknown>,
): bigint {
  const user = parseFelt(
    invoke.user_address,
    'transaction.invoke.user_address',
  );
  let classHash: unknown;
  try {
    classHash = stateMethods.starknet_getClassHashAt?.handler(
      { block_id: 'pre_confirmed', contract_address: toHex(user) },
      ctx,
    );
  } catch {
    throw paymasterError('INVALID_ADDRESS');
  }
  if (
    typeof classHash !== 'string' ||
    BigInt(classHash) !== ARGENT_CLASS_HASH
  ) {
    throw paymasterError('CLASS_HASH_NOT_SUPPORTED');
  }
  return user;
}

/**
 * Whether the account accepts a signature over its outside execution, by
 * the node's own `starknet_call` of `is_valid_signature`.
 *
 * @param ctx - The method context.
 * @param user - The account.
 * @param execution - The execution.
 * @param signature - The signature.
 * @returns True when valid.
 */
function signatureValid(
  ctx: MethodContext,
  user: bigint,
  execution: OutsideExecution,
  signature: bigint[],
): boolean {
  const hash = outsideExecutionHash(execution, user, ctx.node.options.chainId);
  try {
    const result = stateMethods.starknet_call?.handler(
      {
        request: {
          contract_address: toHex(user),
          entry_point_selector: toHex(selectorOf('is_valid_signature')),
          calldata: [hash, BigInt(signature.length), ...signature].map(toHex),
        },
        block_id: 'pre_confirmed',
      },
      ctx,
    );
    return Array.isArray(result) && result[0] === toHex(VALID);
  } catch (error) {
    if (error instanceof RpcError) {
      return false;
    }
    throw error;
  }
}

/**
 * The fee estimate of SNIP-29 (FEE_ESTIMATE), in STRK and in the token.
 *
 * @param feeInStrk - The estimated fee in FRI.
 * @param token - The gas token (STRK when sponsored).
 * @returns The estimate as hex felts, and the suggested maximum in the token.
 */
function feeEstimate(
  feeInStrk: bigint,
  token: GasToken,
): { json: Record<string, string>; suggestedInToken: bigint } {
  const suggestedInToken = strkToToken(feeInStrk * SUGGESTED_MARGIN, token);
  return {
    suggestedInToken,
    json: {
      gas_token_price_in_strk: toHex(token.priceInStrk),
      estimated_fee_in_strk: toHex(feeInStrk),
      estimated_fee_in_gas_token: toHex(strkToToken(feeInStrk, token)),
      suggested_max_fee_in_strk: toHex(feeInStrk * SUGGESTED_MARGIN),
      suggested_max_fee_in_gas_token: toHex(suggestedInToken),
    },
  };
}

/**
 * The parameters as SNIP-29 echoes them (USER_PARAMETERS).
 *
 * @param params - The parameters.
 * @param execution - The execution built.
 * @returns The JSON.
 */
function parametersJson(
  params: ExecutionParameters,
  execution: OutsideExecution,
): Record<string, unknown> {
  return {
    version: '0x1',
    fee_mode:
      params.feeMode.mode === 'sponsored'
        ? { mode: 'sponsored' }
        : { mode: 'default', gas_token: toHex(params.feeMode.gasToken) },
    time_bounds: {
      execute_after: execution.executeAfter.toString(),
      execute_before: execution.executeBefore.toString(),
    },
  };
}

/**
 * paymaster_buildTransaction: the SNIP-9 v1 typed data the user signs, with
 * the relayer as caller and, when paid, the fee transfer to the relayer as
 * its last call (the suggested maximum, as starknet.js checks).
 *
 * @param params - `transaction`, `parameters`.
 * @param ctx - The method context.
 * @returns SNIP-29's invoke response.
 */
function buildTransaction(
  params: Record<string, unknown>,
  ctx: MethodContext,
): Record<string, unknown> {
  const relayer = relayerFor(ctx);
  const invoke = parseInvoke(required(params, 'transaction'));
  const parameters = parseParameters(required(params, 'parameters'));
  const user = userAccount(ctx, invoke);
  const calls = parseCalls(invoke.calls, 'transaction.invoke.calls');
  const token = gasTokenOf(parameters.feeMode);
  const now = BigInt(ctx.node.chain.now());
  const bounds = parameters.timeBounds ?? {
    executeAfter: 0n,
    executeBefore: now + DEFAULT_VALIDITY_SECONDS,
  };
  if (
    bounds.executeAfter >= bounds.executeBefore ||
    bounds.executeBefore <= now
  ) {
    throw paymasterError('INVALID_TIME_BOUNDS');
  }
  const paid = (amount: bigint): OutsideCall[] =>
    token ? [...calls, feeTransfer(token, relayer, amount)] : calls;
  const feeInStrk = relayFeeInStrk(ctx.node, relayer, user, paid(0n));
  const fee = feeEstimate(feeInStrk, token ?? STRK_GAS_TOKEN);
  const execution: OutsideExecution = {
    caller: relayer.address,
    nonce: BigInt(`0x${randomBytes(16).toString('hex')}`),
    executeAfter: bounds.executeAfter,
    executeBefore: bounds.executeBefore,
    calls: paid(fee.suggestedInToken),
  };
  return {
    type: 'invoke',
    typed_data: outsideExecutionTypedData(execution, ctx.node.options.chainId),
    parameters: parametersJson(parameters, execution),
    fee: fee.json,
  };
}

/**
 * Checks a paid execution ends with a transfer of the gas token to the
 * relayer covering the fee at current prices (MAX_AMOUNT_TOO_LOW otherwise).
 *
 * @param ctx - The method context.
 * @param relayer - The relayer.
 * @param user - The user's account.
 * @param execution - The execution.
 * @param token - The gas token.
 */
function assertFeePaid(
  ctx: MethodContext,
  relayer: Relayer,
  user: bigint,
  execution: OutsideExecution,
  token: GasToken,
): void {
  const last = execution.calls[execution.calls.length - 1];
  const [recipient, low = 0n, high = 0n] = last?.calldata ?? [];
  const pays =
    last !== undefined &&
    last.to === token.address &&
    last.selector === selectorOf('transfer') &&
    last.calldata.length === 3 &&
    recipient === relayer.address;
  const due = strkToToken(
    relayFeeInStrk(ctx.node, relayer, user, execution.calls),
    token,
  );
  if (!pays || low + (high << 128n) < due) {
    throw paymasterError('MAX_AMOUNT_TOO_LOW');
  }
}

/**
 * paymaster_executeTransaction: checks the account, the fee transfer and the
 * user's signature, then has the relayer submit `execute_from_outside`
 * (run first on the pre-confirmed state, so a refusal changes nothing).
 *
 * @param params - `transaction`, `parameters`.
 * @param ctx - The method context.
 * @returns The tracking id (the transaction hash) and the transaction hash.
 */
function executeTransaction(
  params: Record<string, unknown>,
  ctx: MethodContext,
): Record<string, string> {
  const relayer = relayerFor(ctx);
  const invoke = parseInvoke(required(params, 'transaction'));
  const parameters = parseParameters(required(params, 'parameters'));
  const user = userAccount(ctx, invoke);
  const execution = parseOutsideTypedData(invoke.typed_data);
  const signature = parseFeltArray(
    invoke.signature,
    'transaction.invoke.signature',
  );
  const token = gasTokenOf(parameters.feeMode);
  if (token) {
    assertFeePaid(ctx, relayer, user, execution, token);
  }
  if (!signatureValid(ctx, user, execution, signature)) {
    throw paymasterError('INVALID_SIGNATURE');
  }
  const tx = relayerInvoke(ctx.node, relayer, user, execution, signature);
  const hash = toHex(relay(ctx.node, tx).hash);
  return { tracking_id: hash, transaction_hash: hash };
}

/** SNIP-29's `paymaster_*` methods, served with a relayer account. */
export const paymasterMethods: MethodTable = {
  paymaster_isAvailable: {
    params: [],
    handler: (_params, ctx) => relayerOf(ctx.node) !== undefined,
  },
  paymaster_getSupportedTokens: {
    params: [],
    handler: () =>
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
  paymaster_trackingIdToLatestHash: {
    params: ['tracking_id'],
    handler: (params, ctx) => {
      const id = parseFelt(required(params, 'tracking_id'), 'tracking_id');
      const record = ctx.node.chain.txs.get(id);
      if (!record) {
        throw paymasterError('INVALID_ID');
      }
      return {
        transaction_hash: toHex(record.hash),
        status:
          record.blockNumber === ctx.node.chain.pending.number
            ? 'active'
            : 'accepted',
      };
    },
  },
};

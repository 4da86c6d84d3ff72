/* eslint-disable no-bitwise -- u256 halves */
import { randomBytes } from 'node:crypto';

import { signatureValid, userAccount } from './accounts';
import { paymasterError } from './errors';
import type { ExecutionParameters, FeeMode } from './params';
import {
  parseCalls,
  parseOutsideTypedData,
  parseParameters,
  parseUserTransaction,
} from './params';
import type { Deployment, GasToken, Relayer } from './relayer';
import {
  GAS_TOKENS,
  STRK_GAS_TOKEN,
  feeTransfer,
  relay,
  relayFeeInStrk,
  relayedCalls,
  relayerInvoke,
  relayerOf,
  strkToToken,
} from './relayer';
import { parseFelt, parseFeltArray, toHex } from '../base/felt';
import { selectorOf } from '../contracts/calls';
import type {
  OutsideCall,
  OutsideExecution,
} from '../contracts/outside-execution';
import { outsideExecutionTypedData } from '../contracts/outside-execution';
import { required } from '../methods/params';
import type { MethodContext, MethodTable } from '../methods/types';

/** How long a built execution stays valid without time bounds: one hour. */
const DEFAULT_VALIDITY_SECONDS = 3600n;

/** The paymaster pays what it estimates times this (the user's suggested maximum). */
const SUGGESTED_MARGIN = 2n;

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
 * The parameters as SNIP-29 echoes them (USER_PARAMETERS; TIMESTAMP is a
 * decimal string).
 *
 * @param params - The parameters.
 * @param execution - The execution built, if any.
 * @returns The JSON.
 */
function parametersJson(
  params: ExecutionParameters,
  execution: OutsideExecution | undefined,
): Record<string, unknown> {
  const bounds = execution ?? params.timeBounds;
  return {
    version: '0x1',
    fee_mode:
      params.feeMode.mode === 'sponsored'
        ? { mode: 'sponsored' }
        : { mode: 'default', gas_token: toHex(params.feeMode.gasToken) },
    ...(bounds && {
      time_bounds: {
        execute_after: bounds.executeAfter.toString(),
        execute_before: bounds.executeBefore.toString(),
      },
    }),
  };
}

/**
 * SNIP-29's ACCOUNT_DEPLOYMENT_DATA of a deployment.
 *
 * @param deployment - The deployment.
 * @returns The JSON.
 */
function deploymentJson(deployment: Deployment): Record<string, unknown> {
  return {
    address: toHex(deployment.address),
    class_hash: toHex(deployment.classHash),
    salt: toHex(deployment.salt),
    calldata: deployment.calldata.map(toHex),
    version: 1,
  };
}

/**
 * A deployment alone carries no call to pay with: sponsored only.
 *
 * @returns The error.
 */
const unpaidDeployment = (): Error =>
  paymasterError(
    'UNKNOWN_ERROR',
    'a deployment without calls cannot pay a fee: use the sponsored fee mode, or deploy_and_invoke',
  );

/**
 * The validity window of a built execution: the bounds given (refused when
 * empty or past) or one hour from now.
 *
 * @param ctx - The method context.
 * @param parameters - The parameters.
 * @returns The window.
 */
function windowOf(
  ctx: MethodContext,
  parameters: ExecutionParameters,
): { executeAfter: bigint; executeBefore: bigint } {
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
  return bounds;
}

/**
 * paymaster_buildTransaction: the SNIP-9 v1 typed data the user signs, with
 * the relayer as caller and, when paid, the fee transfer to the relayer as
 * its last call (the suggested maximum, as starknet.js checks); with the
 * deployment echoed for `deploy` and `deploy_and_invoke`.
 *
 * @param params - `transaction`, `parameters`.
 * @param ctx - The method context.
 * @returns SNIP-29's build response.
 */
function buildTransaction(
  params: Record<string, unknown>,
  ctx: MethodContext,
): Record<string, unknown> {
  const relayer = relayerFor(ctx);
  const tx = parseUserTransaction(required(params, 'transaction'));
  const parameters = parseParameters(required(params, 'parameters'));
  const user = userAccount(ctx, tx);
  const token = gasTokenOf(parameters.feeMode);
  const deployment = tx.deployment && {
    deployment: deploymentJson(tx.deployment),
  };
  if (!tx.invoke) {
    if (token) {
      throw unpaidDeployment();
    }
    const fee = relayFeeInStrk(
      ctx.node,
      relayer,
      user,
      tx.deployment,
      undefined,
    );
    return {
      type: tx.type,
      ...deployment,
      parameters: parametersJson(parameters, undefined),
      fee: feeEstimate(fee, STRK_GAS_TOKEN).json,
    };
  }
  const calls = parseCalls(tx.invoke.calls, 'transaction.invoke.calls');
  const bounds = windowOf(ctx, parameters);
  const paid = (amount: bigint): OutsideCall[] =>
    token ? [...calls, feeTransfer(token, relayer, amount)] : calls;
  const fee = feeEstimate(
    relayFeeInStrk(ctx.node, relayer, user, tx.deployment, paid(0n)),
    token ?? STRK_GAS_TOKEN,
  );
  const execution: OutsideExecution = {
    caller: relayer.address,
    nonce: BigInt(`0x${randomBytes(16).toString('hex')}`),
    ...bounds,
    calls: paid(fee.suggestedInToken),
  };
  return {
    type: tx.type,
    ...deployment,
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
 * @param tx - The transaction.
 * @param tx.user - The user's account.
 * @param tx.deployment - Its deployment, if any.
 * @param execution - The execution.
 * @param token - The gas token.
 */
function assertFeePaid(
  ctx: MethodContext,
  relayer: Relayer,
  tx: { user: bigint; deployment: Deployment | undefined },
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
  const fee = relayFeeInStrk(
    ctx.node,
    relayer,
    tx.user,
    tx.deployment,
    execution.calls,
  );
  if (!pays || low + (high << 128n) < strkToToken(fee, token)) {
    throw paymasterError('MAX_AMOUNT_TOO_LOW');
  }
}

/**
 * paymaster_executeTransaction: checks the account (or its deployment), the
 * fee transfer and, for a deployed account, the user's signature; then has
 * the relayer deploy the account and/or call `execute_from_outside`, run
 * first on the pre-confirmed state, so a refusal changes nothing (a
 * signature of an account not deployed yet is checked there: 156).
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
  const tx = parseUserTransaction(required(params, 'transaction'));
  const parameters = parseParameters(required(params, 'parameters'));
  const user = userAccount(ctx, tx);
  const token = gasTokenOf(parameters.feeMode);
  let outside;
  if (tx.invoke) {
    const execution = parseOutsideTypedData(tx.invoke.typed_data);
    const signature = parseFeltArray(
      tx.invoke.signature,
      'transaction.invoke.signature',
    );
    if (token) {
      assertFeePaid(
        ctx,
        relayer,
        { user, deployment: tx.deployment },
        execution,
        token,
      );
    }
    if (!tx.deployment && !signatureValid(ctx, user, execution, signature)) {
      throw paymasterError('INVALID_SIGNATURE');
    }
    outside = { execution, signature };
  } else if (token) {
    throw unpaidDeployment();
  }
  const relayed = relayerInvoke(
    ctx.node,
    relayer,
    relayedCalls(user, tx.deployment, outside),
  );
  const hash = toHex(relay(ctx.node, relayed).hash);
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

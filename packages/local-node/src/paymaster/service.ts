import { randomBytes } from 'node:crypto';

import { signatureValid, userAccount } from './accounts';
import { relayedCalls } from './calls';
import type { PaymasterChain } from './chain';
import { paymasterError } from './errors';
import type { Deployment, ExecutionParameters, FeeMode } from './params';
import {
  parseCalls,
  parseOutsideTypedData,
  parseParameters,
  parseUserTransaction,
} from './params';
import type { GasToken } from './tokens';
import {
  GAS_TOKENS,
  STRK_GAS_TOKEN,
  feePaid,
  feeTransfer,
  strkToToken,
} from './tokens';
import { parseFelt, parseFeltArray, toHex } from '../base/felt';
import type {
  OutsideCall,
  OutsideExecution,
} from '../contracts/outside-execution';
import { outsideExecutionTypedData } from '../contracts/outside-execution';
import type { Params } from '../methods/params';
import { required } from '../methods/params';

/** How long a built execution stays valid without time bounds: one hour. */
const DEFAULT_VALIDITY_SECONDS = 3600n;

/** The paymaster pays what it estimates times this (the user's suggested maximum). */
const SUGGESTED_MARGIN = 2n;

/**
 * The relayer, or UNKNOWN_ERROR when the chain has none.
 *
 * @param chain - The chain.
 * @returns The relayer's address.
 */
function relayerOf(chain: PaymasterChain): bigint {
  if (chain.relayer === undefined) {
    throw paymasterError(
      'UNKNOWN_ERROR',
      'the paymaster needs a predeployed account as its relayer (--accounts 0)',
    );
  }
  return chain.relayer;
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
 * @param chain - The chain.
 * @param parameters - The parameters.
 * @returns The window.
 */
async function windowOf(
  chain: PaymasterChain,
  parameters: ExecutionParameters,
): Promise<{ executeAfter: bigint; executeBefore: bigint }> {
  const now = await chain.now();
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
 * @param chain - The chain.
 * @returns SNIP-29's build response.
 */
async function buildTransaction(
  params: Params,
  chain: PaymasterChain,
): Promise<Record<string, unknown>> {
  const relayer = relayerOf(chain);
  const tx = parseUserTransaction(required(params, 'transaction'));
  const parameters = parseParameters(required(params, 'parameters'));
  const user = await userAccount(chain, tx);
  const token = gasTokenOf(parameters.feeMode);
  const deployment = tx.deployment && {
    deployment: deploymentJson(tx.deployment),
  };
  if (!tx.invoke) {
    if (token) {
      throw unpaidDeployment();
    }
    const fee = await chain.estimateUnsigned(user, tx.deployment, undefined);
    return {
      type: tx.type,
      ...deployment,
      parameters: parametersJson(parameters, undefined),
      fee: feeEstimate(fee, STRK_GAS_TOKEN).json,
    };
  }
  const calls = parseCalls(tx.invoke.calls, 'transaction.invoke.calls');
  const bounds = await windowOf(chain, parameters);
  const paid = (amount: bigint): OutsideCall[] =>
    token ? [...calls, feeTransfer(token, relayer, amount)] : calls;
  const fee = feeEstimate(
    await chain.estimateUnsigned(user, tx.deployment, paid(0n)),
    token ?? STRK_GAS_TOKEN,
  );
  const execution: OutsideExecution = {
    caller: relayer,
    nonce: BigInt(`0x${randomBytes(16).toString('hex')}`),
    ...bounds,
    calls: paid(fee.suggestedInToken),
  };
  return {
    type: tx.type,
    ...deployment,
    typed_data: outsideExecutionTypedData(execution, chain.chainId),
    parameters: parametersJson(parameters, execution),
    fee: fee.json,
  };
}

/**
 * paymaster_executeTransaction: checks the account (or its deployment), that
 * a paid execution ends with the fee transfer to the relayer (154) and, for
 * a deployed account, the user's signature (153); then has the relayer
 * deploy the account and/or call `execute_from_outside`, run first on the
 * current state, so a refusal changes nothing (156; the signature of an
 * account not deployed yet is checked there), its fee covered by the
 * transfer at current prices (154).
 *
 * @param params - `transaction`, `parameters`.
 * @param chain - The chain.
 * @returns The tracking id (the transaction hash) and the transaction hash.
 */
async function executeTransaction(
  params: Params,
  chain: PaymasterChain,
): Promise<Record<string, string>> {
  const relayer = relayerOf(chain);
  const tx = parseUserTransaction(required(params, 'transaction'));
  const parameters = parseParameters(required(params, 'parameters'));
  const user = await userAccount(chain, tx);
  const token = gasTokenOf(parameters.feeMode);
  let outside;
  let paid = 0n;
  if (tx.invoke) {
    const execution = parseOutsideTypedData(tx.invoke.typed_data);
    const signature = parseFeltArray(
      tx.invoke.signature,
      'transaction.invoke.signature',
    );
    if (token) {
      const amount = feePaid(execution.calls, token, relayer);
      if (amount === undefined) {
        throw paymasterError('MAX_AMOUNT_TOO_LOW');
      }
      paid = amount;
    }
    if (
      !tx.deployment &&
      !(await signatureValid(chain, user, execution, signature))
    ) {
      throw paymasterError('INVALID_SIGNATURE');
    }
    outside = { execution, signature };
  } else if (token) {
    throw unpaidDeployment();
  }
  const hash = toHex(
    await chain.relay(relayedCalls(user, tx.deployment, outside), (fee) => {
      if (token && paid < strkToToken(fee, token)) {
        throw paymasterError('MAX_AMOUNT_TOO_LOW');
      }
    }),
  );
  return { tracking_id: hash, transaction_hash: hash };
}

/** A SNIP-29 method: positional parameter names and a handler over a chain. */
export type PaymasterMethod = {
  params: string[];
  handler: (params: Params, chain: PaymasterChain) => Promise<unknown>;
};

/** SNIP-29's `paymaster_*` methods, over any chain with a relayer. */
export const PAYMASTER_METHODS: Record<string, PaymasterMethod> = {
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
  paymaster_trackingIdToLatestHash: {
    params: ['tracking_id'],
    handler: async (params, chain) => {
      const id = parseFelt(required(params, 'tracking_id'), 'tracking_id');
      const status = await chain.transactionStatus(id);
      if (!status) {
        throw paymasterError('INVALID_ID');
      }
      return { transaction_hash: toHex(id), status };
    },
  },
};

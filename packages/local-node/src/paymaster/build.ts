import { randomBytes } from 'node:crypto';

import { userAccount } from './accounts';
import type { PaymasterChain } from './chain';
import type { PaymasterCall, PaymasterDialect } from './dialect';
import { checkSponsorKey, domainChainId } from './dialect';
import { paymasterError } from './errors';
import type { Deployment, ExecutionParameters, FeeMode } from './params';
import { parseCalls, parseParameters, parseUserTransaction } from './params';
import type { GasToken } from './tokens';
import { GAS_TOKENS, STRK_GAS_TOKEN, feeTransfer, strkToToken } from './tokens';
import { toHex } from '../base/felt';
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
export function relayerOf(chain: PaymasterChain): bigint {
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
export function gasTokenOf(feeMode: FeeMode): GasToken | undefined {
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
 * A deployment alone carries no call to pay with (the snip29 dialect).
 *
 * @returns The error.
 */
export const unpaidDeployment = (): Error =>
  paymasterError(
    'UNKNOWN_ERROR',
    'a deployment without calls cannot pay a fee: use the sponsored fee mode, or deploy_and_invoke',
  );

/**
 * The fee estimate of SNIP-29 (FEE_ESTIMATE), in STRK and in the token, as
 * hex felts (AVNU's FeeEstimate, crates/paymaster-rpc/src/endpoint/build.rs).
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
 * The parameters echoed. snip29: USER_PARAMETERS with TIMESTAMP as decimal
 * strings, the execution's window. avnu: the request's own parameters as
 * its serde types write them (crates/paymaster-rpc/src/endpoint/common/mod.rs):
 * `fee_mode` with its `tip` (default `normal`), `time_bounds` as u64 numbers
 * or null.
 *
 * @param params - The parameters.
 * @param execution - The execution built, if any.
 * @param dialect - The dialect.
 * @returns The JSON.
 */
function parametersJson(
  params: ExecutionParameters,
  execution: OutsideExecution | undefined,
  dialect: PaymasterDialect,
): Record<string, unknown> {
  const gasToken =
    params.feeMode.mode === 'default'
      ? { gas_token: toHex(params.feeMode.gasToken) }
      : {};
  if (dialect === 'avnu') {
    const bounds = params.timeBounds;
    return {
      version: '0x1',
      fee_mode: { mode: params.feeMode.mode, ...gasToken, tip: 'normal' },
      time_bounds: bounds
        ? {
            execute_after: Number(bounds.executeAfter),
            execute_before: Number(bounds.executeBefore),
          }
        : null,
    };
  }
  const bounds = execution ?? params.timeBounds;
  return {
    version: '0x1',
    fee_mode: { mode: params.feeMode.mode, ...gasToken },
    ...(bounds && {
      time_bounds: {
        execute_after: bounds.executeAfter.toString(),
        execute_before: bounds.executeBefore.toString(),
      },
    }),
  };
}

/**
 * SNIP-29's ACCOUNT_DEPLOYMENT_DATA of a deployment. AVNU's
 * DeploymentParameters has `sigdata: Option<Vec<Felt>>` serialised without
 * skip, so a deployment sent without it comes back with `"sigdata": null`
 * (crates/paymaster-rpc/src/endpoint/common/mod.rs); snip29 echoes it as sent.
 *
 * @param deployment - The deployment.
 * @param dialect - The dialect.
 * @returns The JSON.
 */
function deploymentJson(
  deployment: Deployment,
  dialect: PaymasterDialect,
): Record<string, unknown> {
  const sigdata = deployment.sigdata?.map(toHex);
  return {
    address: toHex(deployment.address),
    class_hash: toHex(deployment.classHash),
    salt: toHex(deployment.salt),
    calldata: deployment.calldata.map(toHex),
    ...(dialect === 'avnu'
      ? { sigdata: sigdata ?? null }
      : sigdata && { sigdata }),
    version: 1,
  };
}

/**
 * The validity window of a built execution: the bounds given (refused when
 * empty or past) or, without them, until one hour from now — from 1 in the
 * avnu dialect, as AVNU's `TimeBounds::valid_for` starts
 * (crates/paymaster-starknet/src/transaction/time.rs), from 0 in the snip29
 * one.
 *
 * @param chain - The chain.
 * @param parameters - The parameters.
 * @param dialect - The dialect.
 * @returns The window.
 */
async function windowOf(
  chain: PaymasterChain,
  parameters: ExecutionParameters,
  dialect: PaymasterDialect,
): Promise<{ executeAfter: bigint; executeBefore: bigint }> {
  const now = await chain.now();
  const bounds = parameters.timeBounds ?? {
    executeAfter: dialect === 'avnu' ? 1n : 0n,
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
 * the relayer as caller (AVNU's forwarder) and, when paid, the fee transfer
 * to the relayer as its last call (the suggested maximum, as starknet.js
 * checks); with the deployment echoed for `deploy` and `deploy_and_invoke`.
 * A sponsored `deploy` is a deployment alone; a `deploy` in default mode is,
 * in the avnu dialect, answered `deploy_and_invoke` whose typed data holds
 * the fee transfer only (AVNU's `build_transaction` maps a built `Deploy`
 * to DeployAndInvokeTransaction, crates/paymaster-rpc/src/endpoint/build.rs),
 * and refused in the snip29 one.
 *
 * @param params - `transaction`, `parameters`.
 * @param chain - The chain.
 * @param call - The call's settings and api key.
 * @returns SNIP-29's build response.
 */
export async function buildTransaction(
  params: Params,
  chain: PaymasterChain,
  call: PaymasterCall,
): Promise<Record<string, unknown>> {
  const { dialect } = call.settings;
  const relayer = relayerOf(chain);
  const tx = parseUserTransaction(required(params, 'transaction'));
  const parameters = parseParameters(required(params, 'parameters'));
  checkSponsorKey(call, parameters.feeMode.mode === 'sponsored');
  const user = await userAccount(chain, tx);
  const token = gasTokenOf(parameters.feeMode);
  const deployment = tx.deployment && {
    deployment: deploymentJson(tx.deployment, dialect),
  };
  if (!tx.invoke && !token) {
    const fee = await chain.estimateUnsigned(user, tx.deployment, undefined);
    return {
      type: tx.type,
      ...deployment,
      parameters: parametersJson(parameters, undefined, dialect),
      fee: feeEstimate(fee, STRK_GAS_TOKEN).json,
    };
  }
  if (!tx.invoke && dialect === 'snip29') {
    throw unpaidDeployment();
  }
  const calls = tx.invoke
    ? parseCalls(tx.invoke.calls, 'transaction.invoke.calls')
    : [];
  const bounds = await windowOf(chain, parameters, dialect);
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
    type: tx.deployment ? 'deploy_and_invoke' : 'invoke',
    ...deployment,
    typed_data: outsideExecutionTypedData(
      execution,
      domainChainId(chain.chainId, dialect),
    ),
    parameters: parametersJson(parameters, execution, dialect),
    fee: fee.json,
  };
}

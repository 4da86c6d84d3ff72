import { EDAMode, ETransactionVersion3, ec, hash } from 'starknet';
import type { ResourceBoundsBN } from 'starknet';

import { executeCalldata } from './calls';
import type { Deployment } from './params';
import { feltOf } from './rpc-client';
import { toHex } from '../base/felt';
import type { OutsideCall } from '../contracts/outside-execution';

type ChainIdArg = Parameters<
  typeof hash.calculateInvokeTransactionHash
>[0]['chainId'];

/** A transaction's estimate: its fee, and the gas and prices behind it. */
export type Estimate = { fee: bigint; bounds: ResourceBoundsBN };

/** An estimate's resource bounds: none (the node reports what it used). */
export const ZERO_BOUNDS: ResourceBoundsBN = {
  l1_gas: { max_amount: 0n, max_price_per_unit: 0n },
  l1_data_gas: { max_amount: 0n, max_price_per_unit: 0n },
  l2_gas: { max_amount: 0n, max_price_per_unit: 0n },
};

/**
 * Reads one FEE_ESTIMATE of `starknet_estimateFee`.
 *
 * @param value - The estimate.
 * @returns Its fee, and its gas and prices as resource bounds.
 */
export function estimateOf(value: unknown): Estimate {
  const item = (name: string): bigint =>
    feltOf(
      typeof value === 'object' && value !== null && name in value
        ? (value as Record<string, unknown>)[name]
        : undefined,
      `fee estimate's ${name}`,
    );
  return {
    fee: item('overall_fee'),
    bounds: {
      l1_gas: {
        max_amount: item('l1_gas_consumed'),
        max_price_per_unit: item('l1_gas_price'),
      },
      l1_data_gas: {
        max_amount: item('l1_data_gas_consumed'),
        max_price_per_unit: item('l1_data_gas_price'),
      },
      l2_gas: {
        max_amount: item('l2_gas_consumed'),
        max_price_per_unit: item('l2_gas_price'),
      },
    },
  };
}

/**
 * Resource bounds of twice the estimated gas at twice its prices, as the
 * local node's relayer sends.
 *
 * @param bounds - The estimate's gas and prices.
 * @returns The bounds.
 */
export function doubled(bounds: ResourceBoundsBN): ResourceBoundsBN {
  const twice = (
    resource: ResourceBoundsBN['l2_gas'],
  ): ResourceBoundsBN['l2_gas'] => ({
    max_amount: resource.max_amount * 2n,
    max_price_per_unit: resource.max_price_per_unit * 2n,
  });
  return {
    l1_gas: twice(bounds.l1_gas),
    l1_data_gas: twice(bounds.l1_data_gas),
    l2_gas: twice(bounds.l2_gas),
  };
}

/**
 * Resource bounds as Starknet JSON-RPC writes them.
 *
 * @param bounds - The bounds.
 * @returns The JSON.
 */
function boundsJson(bounds: ResourceBoundsBN): Record<string, unknown> {
  const resource = (
    item: ResourceBoundsBN['l2_gas'],
  ): Record<string, string> => ({
    max_amount: toHex(item.max_amount),
    max_price_per_unit: toHex(item.max_price_per_unit),
  });
  return {
    l1_gas: resource(bounds.l1_gas),
    l1_data_gas: resource(bounds.l1_data_gas),
    l2_gas: resource(bounds.l2_gas),
  };
}

/** The v3 fields every transaction here shares: no tip, no paymaster data, L1 modes. */
const V3_COMMON = {
  tip: '0x0',
  paymaster_data: [],
  nonce_data_availability_mode: 'L1',
  fee_data_availability_mode: 'L1',
};

/**
 * A v3 INVOKE as JSON-RPC writes it, signed with the sender's key (by
 * starknet.js's transaction hash and Stark curve signature) or unsigned for
 * an estimate that skips validation.
 *
 * @param tx - The transaction.
 * @param tx.sender - The sending account.
 * @param tx.calls - Its calls.
 * @param tx.nonce - Its nonce.
 * @param tx.bounds - Its resource bounds.
 * @param tx.query - An estimate's query version rather than a transaction's.
 * @param chainId - The chain id (hex).
 * @param privateKey - The sender's key, or undefined to leave it unsigned.
 * @returns The transaction JSON.
 */
export function invokeJson(
  tx: {
    sender: bigint;
    calls: OutsideCall[];
    nonce: bigint;
    bounds: ResourceBoundsBN;
    query: boolean;
  },
  chainId: string,
  privateKey: string | undefined,
): Record<string, unknown> {
  const version = tx.query ? ETransactionVersion3.F3 : ETransactionVersion3.V3;
  const calldata = executeCalldata(tx.calls).map(toHex);
  let signature: string[] = [];
  if (privateKey !== undefined) {
    const txHash = hash.calculateInvokeTransactionHash({
      senderAddress: toHex(tx.sender),
      version,
      compiledCalldata: calldata,
      chainId: chainId as ChainIdArg,
      nonce: tx.nonce,
      accountDeploymentData: [],
      nonceDataAvailabilityMode: EDAMode.L1,
      feeDataAvailabilityMode: EDAMode.L1,
      resourceBounds: tx.bounds,
      tip: 0n,
      paymasterData: [],
    });
    const { r, s } = ec.starkCurve.sign(txHash, privateKey);
    signature = [toHex(r), toHex(s)];
  }
  return {
    type: 'INVOKE',
    version,
    sender_address: toHex(tx.sender),
    calldata,
    signature,
    nonce: toHex(tx.nonce),
    resource_bounds: boundsJson(tx.bounds),
    account_deployment_data: [],
    ...V3_COMMON,
  };
}

/**
 * An account's own deployment as an unsigned DEPLOY_ACCOUNT query, for an
 * estimate that skips validation.
 *
 * @param deployment - The deployment.
 * @returns The transaction JSON.
 */
export function deployAccountQuery(
  deployment: Deployment,
): Record<string, unknown> {
  return {
    type: 'DEPLOY_ACCOUNT',
    version: ETransactionVersion3.F3,
    class_hash: toHex(deployment.classHash),
    contract_address_salt: toHex(deployment.salt),
    constructor_calldata: deployment.calldata.map(toHex),
    signature: [],
    nonce: '0x0',
    resource_bounds: boundsJson(ZERO_BOUNDS),
    ...V3_COMMON,
  };
}

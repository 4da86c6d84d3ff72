/* eslint-disable no-bitwise -- u256 halves */
import { ec } from 'starknet';

import { paymasterError } from './errors';
import { ETH_ADDRESS, STRK_ADDRESS } from '../base/constants';
import { RpcError } from '../base/errors';
import { toHex } from '../base/felt';
import { nonceKey } from '../base/state-store';
import { feeOf, gasUsage } from '../chain/fees';
import type { LocalChain } from '../chain/local-chain';
import { runSequence, submitTransaction } from '../chain/pipeline';
import { parseTransaction } from '../chain/txs';
import type { TxRecord } from '../chain/types';
import { selectorOf } from '../contracts/calls';
import type {
  OutsideCall,
  OutsideExecution,
} from '../contracts/outside-execution';
import { outsideExecutionCalldata } from '../contracts/outside-execution';
import { UDC_ADDRESS } from '../contracts/udc';

/** A token the paymaster takes fees in, with its fixed price. */
export type GasToken = {
  address: bigint;
  decimals: number;
  priceInStrk: bigint;
};

/**
 * STRK, at par. The gas tokens: STRK at par and ETH at a fixed 10,000 STRK (the local
 * node has no price feed). Prices are in FRI per whole token.
 */
export const STRK_GAS_TOKEN: GasToken = {
  address: STRK_ADDRESS,
  decimals: 18,
  priceInStrk: 10n ** 18n,
};

/** Every gas token, STRK first. */
export const GAS_TOKENS: GasToken[] = [
  STRK_GAS_TOKEN,
  { address: ETH_ADDRESS, decimals: 18, priceInStrk: 10_000n * 10n ** 18n },
];

/** The signature length fees are estimated for: owner and guardian. */
const ESTIMATED_SIGNATURE_LENGTH = 4;

/** The relayer: the last predeployed account, paying gas and paid fees. */
export type Relayer = { address: bigint; privateKey: string };

/**
 * The relayer of a chain, if it has predeployed accounts.
 *
 * @param node - The chain.
 * @returns The relayer, or undefined.
 */
export function relayerOf(node: LocalChain): Relayer | undefined {
  const account = node.accounts[node.accounts.length - 1];
  return account
    ? { address: BigInt(account.address), privateKey: account.privateKey }
    : undefined;
}

/** SNIP-29's ACCOUNT_DEPLOYMENT_DATA, read. */
export type Deployment = {
  address: bigint;
  classHash: bigint;
  salt: bigint;
  calldata: bigint[];
};

/**
 * The relayer's calls: the account's deployment through the Universal
 * Deployer (not unique, so the address is the account's counterfactual
 * one), then `execute_from_outside` on it.
 *
 * @param user - The user's account.
 * @param deployment - Its deployment, when not deployed yet.
 * @param outside - The outside execution and its signature, if any.
 * @param outside.execution - The execution.
 * @param outside.signature - The user's signature.
 * @returns The calls.
 */
export function relayedCalls(
  user: bigint,
  deployment: Deployment | undefined,
  outside: { execution: OutsideExecution; signature: bigint[] } | undefined,
): OutsideCall[] {
  const calls: OutsideCall[] = [];
  if (deployment) {
    calls.push({
      to: UDC_ADDRESS,
      selector: selectorOf('deploy_contract'),
      calldata: [
        deployment.classHash,
        deployment.salt,
        0n,
        BigInt(deployment.calldata.length),
        ...deployment.calldata,
      ],
    });
  }
  if (outside) {
    calls.push({
      to: user,
      selector: selectorOf('execute_from_outside'),
      calldata: outsideExecutionCalldata(outside.execution, outside.signature),
    });
  }
  return calls;
}

/**
 * The relayer's invoke of calls, signed by the relayer, with resource
 * bounds twice the fixed gas use at twice the current prices.
 *
 * @param node - The chain.
 * @param relayer - The relayer.
 * @param calls - The relayer's calls.
 * @returns The broadcasted transaction JSON.
 */
export function relayerInvoke(
  node: LocalChain,
  relayer: Relayer,
  calls: OutsideCall[],
): Record<string, unknown> {
  const { prices } = node.chain;
  const draft = (
    gas: { l1DataGas: bigint; l2Gas: bigint },
    txSignature: string[],
  ): Record<string, unknown> => ({
    type: 'INVOKE',
    version: '0x3',
    sender_address: toHex(relayer.address),
    calldata: [
      BigInt(calls.length),
      ...calls.flatMap((call) => [
        call.to,
        call.selector,
        BigInt(call.calldata.length),
        ...call.calldata,
      ]),
    ].map(toHex),
    signature: txSignature,
    nonce: toHex(node.chain.pendingState.read(nonceKey(relayer.address))),
    resource_bounds: {
      l1_gas: {
        max_amount: '0x0',
        max_price_per_unit: toHex(prices.l1Gas.fri * 2n),
      },
      l1_data_gas: {
        max_amount: toHex(gas.l1DataGas * 2n),
        max_price_per_unit: toHex(prices.l1DataGas.fri * 2n),
      },
      l2_gas: {
        max_amount: toHex(gas.l2Gas * 2n),
        max_price_per_unit: toHex(prices.l2Gas.fri * 2n),
      },
    },
    tip: '0x0',
    paymaster_data: [],
    account_deployment_data: [],
    nonce_data_availability_mode: 'L1',
    fee_data_availability_mode: 'L1',
  });
  const { chainId } = node.options;
  const gas = gasUsage(
    parseTransaction(draft({ l1DataGas: 0n, l2Gas: 0n }, []), chainId, false),
  );
  const unsigned = draft(gas, []);
  const { hash } = parseTransaction(unsigned, chainId, false);
  const { r, s } = ec.starkCurve.sign(toHex(hash), relayer.privateKey);
  return { ...unsigned, signature: [toHex(r), toHex(s)] };
}

/**
 * What the relayer's transaction costs in STRK (FRI) at current prices,
 * under the node's fixed gas model.
 *
 * @param node - The chain.
 * @param relayer - The relayer.
 * @param user - The user's account.
 * @param deployment - Its deployment, if any.
 * @param calls - The outside calls (the fee transfer included), if any.
 * @returns The fee in FRI.
 */
export function relayFeeInStrk(
  node: LocalChain,
  relayer: Relayer,
  user: bigint,
  deployment: Deployment | undefined,
  calls: OutsideCall[] | undefined,
): bigint {
  const outside = calls && {
    execution: {
      caller: relayer.address,
      nonce: 0n,
      executeAfter: 0n,
      executeBefore: 0n,
      calls,
    },
    signature: new Array<bigint>(ESTIMATED_SIGNATURE_LENGTH).fill(0n),
  };
  const tx = parseTransaction(
    relayerInvoke(node, relayer, relayedCalls(user, deployment, outside)),
    node.options.chainId,
    false,
  );
  return feeOf(gasUsage(tx), node.chain.prices);
}

/**
 * Converts an amount of STRK (FRI) to a gas token, rounding up.
 *
 * @param amount - FRI.
 * @param token - The token.
 * @returns The amount in the token's smallest unit.
 */
export function strkToToken(amount: bigint, token: GasToken): bigint {
  const scaled = amount * 10n ** BigInt(token.decimals);
  return (scaled + token.priceInStrk - 1n) / token.priceInStrk;
}

/**
 * The fee transfer a paid execution ends with: `transfer(relayer, amount)`.
 *
 * @param token - The gas token.
 * @param relayer - The relayer (the fee recipient).
 * @param amount - The amount in the token.
 * @returns The call.
 */
export function feeTransfer(
  token: GasToken,
  relayer: Relayer,
  amount: bigint,
): OutsideCall {
  return {
    to: token.address,
    selector: selectorOf('transfer'),
    calldata: [relayer.address, amount & ((1n << 128n) - 1n), amount >> 128n],
  };
}

/**
 * Runs the relayer's transaction on the pre-confirmed state first (a
 * refusal changes nothing: no transaction, no fee), then submits it.
 *
 * @param node - The chain.
 * @param tx - The relayer's signed invoke.
 * @returns The included transaction.
 */
export function relay(node: LocalChain, tx: Record<string, unknown>): TxRecord {
  try {
    runSequence(node, [tx], node.chain.pendingState, {
      skipValidate: false,
      chargeFee: true,
      failOnRevert: true,
    });
  } catch (error) {
    if (error instanceof RpcError && error.code === 41) {
      const { data } = error;
      throw paymasterError('TRANSACTION_EXECUTION_ERROR', {
        execution_error:
          typeof data === 'object' && data !== null && 'execution_error' in data
            ? data.execution_error
            : error.message,
      });
    }
    throw error;
  }
  const record = submitTransaction(node, tx);
  node.journal.push({
    method: 'starknet_addInvokeTransaction',
    params: { invoke_transaction: tx },
  });
  return record;
}

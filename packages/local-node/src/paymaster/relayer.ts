import { ec } from 'starknet';

import { executeCalldata, relayedCalls } from './calls';
import { executionRefusal } from './errors';
import type { Deployment } from './params';
import { toHex } from '../base/felt';
import { nonceKey } from '../base/state-store';
import { feeOf, gasUsage } from '../chain/fees';
import type { LocalChain } from '../chain/local-chain';
import { runSequence, submitTransaction } from '../chain/pipeline';
import { parseTransaction } from '../chain/txs';
import type { TxRecord } from '../chain/types';
import type { OutsideCall } from '../contracts/outside-execution';

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
    calldata: executeCalldata(calls).map(toHex),
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
 * Runs the relayer's transaction on the pre-confirmed state first (a
 * refusal changes nothing: no transaction, no fee), shows its fee to
 * `checkFee`, then submits it (journaled for devnet_dump).
 *
 * @param node - The chain.
 * @param tx - The relayer's signed invoke.
 * @param checkFee - Told the invoke's fee in FRI; throws to refuse.
 * @returns The included transaction.
 */
export function relay(
  node: LocalChain,
  tx: Record<string, unknown>,
  checkFee: (feeInStrk: bigint) => void,
): TxRecord {
  try {
    runSequence(node, [tx], node.chain.pendingState, {
      skipValidate: false,
      chargeFee: true,
      failOnRevert: true,
    });
  } catch (error) {
    throw executionRefusal(error);
  }
  checkFee(
    feeOf(
      gasUsage(parseTransaction(tx, node.options.chainId, false)),
      node.chain.prices,
    ),
  );
  const record = submitTransaction(node, tx);
  node.journal.push({
    method: 'starknet_addInvokeTransaction',
    params: { invoke_transaction: tx },
  });
  return record;
}

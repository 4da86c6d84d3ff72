import type { Json } from '@metamask/snaps-sdk';
import { RpcProvider } from 'starknet';

import { WAIT } from './classes';
import type { TestNode } from './types';
import { ACCOUNT_0 } from '../fixtures';
import {
  confirmationOf,
  invoke,
  plainResultOf,
  resultOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';

/** A call as the wallet API takes it. */
export type WalletCall = {
  contractAddress: string;
  entrypoint: string;
  calldata: string[];
};

/**
 * Resource bounds generous enough for any test transaction on either node,
 * a declare of a 600 KB class included (starknet-devnet estimates 1.6e9 L2
 * gas for it): at most 6.5 STRK at 2 gwei.
 */
export const AMPLE_BOUNDS = {
  l1_gas: { max_amount: '0x0', max_price_per_unit: '0x77359400' },
  l2_gas: { max_amount: '0xc0000000', max_price_per_unit: '0x77359400' },
  l1_data_gas: { max_amount: '0x10000', max_price_per_unit: '0x77359400' },
};

/**
 * Deploys ACCOUNT_0 through the snap (`createAccount {deploy: true}`).
 *
 * @param wallet - The snap.
 * @returns The deployment hash.
 */
export async function deployAccount0(wallet: Wallet): Promise<string> {
  const pending = invoke(wallet, 'snapnet_createAccount', { deploy: true });
  await (await confirmationOf(pending)).ok();
  return (await plainResultOf(pending)).transaction_hash;
}

/**
 * Sends calls from ACCOUNT_0 through the snap, the user approving.
 *
 * @param wallet - The snap.
 * @param calls - The calls.
 * @param details - Transaction details the dapp gives, if any.
 * @returns The transaction hash.
 */
export async function executeFromAccount0(
  wallet: Wallet,
  calls: WalletCall[],
  details?: Record<string, Json>,
): Promise<string> {
  const pending = invoke(wallet, 'snapnet_executeTxn', {
    address: ACCOUNT_0.address,
    calls,
    ...(details === undefined ? {} : { details }),
  });
  await (await confirmationOf(pending)).ok();
  return (await plainResultOf(pending)).transaction_hash;
}

/** The receipt fields the tests read. */
export type Receipt = {
  execution_status: string;
  finality_status: string;
  revert_reason?: string;
  actual_fee: { amount: string; unit: string };
  events: { from_address: string; keys: string[]; data: string[] }[];
};

/**
 * Waits for a transaction and returns its receipt, reverted or not.
 *
 * @param node - The node.
 * @param transactionHash - The transaction.
 * @returns Its receipt.
 */
export async function receiptOf(
  node: TestNode,
  transactionHash: string,
): Promise<Receipt> {
  const provider = new RpcProvider({ nodeUrl: node.url });
  await provider.waitForTransaction(transactionHash, {
    ...WAIT,
    successStates: ['ACCEPTED_ON_L2', 'ACCEPTED_ON_L1'],
    errorStates: [],
  });
  return JSON.parse(
    JSON.stringify(await provider.getTransactionReceipt(transactionHash)),
  );
}

/**
 * Reads a view function.
 *
 * @param node - The node.
 * @param contractAddress - The contract.
 * @param entrypoint - The function.
 * @param calldata - Its calldata.
 * @returns The returned felts.
 */
export async function callView(
  node: TestNode,
  contractAddress: string,
  entrypoint: string,
  calldata: string[],
): Promise<string[]> {
  return new RpcProvider({ nodeUrl: node.url }).callContract({
    contractAddress,
    entrypoint,
    calldata,
  });
}

/**
 * A token balance on the node, by the token's own `balance_of`.
 *
 * @param node - The node.
 * @param token - The token.
 * @param owner - The holder.
 * @returns The balance.
 */
export async function balanceOn(
  node: TestNode,
  token: string,
  owner: string,
): Promise<bigint> {
  const [low = '0', high = '0'] = await callView(node, token, 'balance_of', [
    owner,
  ]);
  return BigInt(low) + BigInt(high) * 2n ** 128n;
}

/**
 * The relayer of the node's paymaster: its last predeployed account.
 *
 * @param node - The node.
 * @returns Its address.
 */
export function relayerOf(node: TestNode): string {
  const last = node.accounts[node.accounts.length - 1];
  if (!last) {
    throw new Error('The test node has no predeployed account');
  }
  return last.address;
}

/**
 * A transaction's status as the snap reports it (`getTransactionStatus`).
 *
 * @param wallet - The snap.
 * @param transactionHash - The transaction.
 * @returns The status.
 */
export async function statusThroughSnap(
  wallet: Wallet,
  transactionHash: string,
): Promise<unknown> {
  return resultOf(
    invoke(wallet, 'snapnet_getTransactionStatus', { transactionHash }),
  );
}

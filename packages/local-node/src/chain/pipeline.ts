/* eslint-disable no-bitwise -- felt and u256 arithmetic */
import { hash } from 'starknet';

import type { TxOutcome } from './executor';
import { TxFailure, assertAccount, executeTransaction } from './executor';
import { boundsCover, gasUsage, maxFee } from './fees';
import type { LocalChain } from './local-chain';
import type { ParsedTx } from './txs';
import { parseTransaction } from './txs';
import type { TxRecord } from './types';
import { unsignedInvoke } from './unsigned-invoke';
import { ETH_ADDRESS, STRK_ADDRESS } from '../base/constants';
import { RpcError, starknetError } from '../base/errors';
import { toHex } from '../base/felt';
import { Overlay, declaredKey, nonceKey } from '../base/state-store';
import type { StateReader } from '../base/state-store';
import {
  balanceOf,
  mintTo,
  tokenEvent,
  TRANSFER_KEY,
} from '../contracts/erc20';
import { notExecutableMessage } from '../contracts/not-executable';
import type { BlockInfo } from '../contracts/types';

/**
 * Maps an inclusion failure to its write-API error.
 *
 * @param failure - The failure.
 * @returns The RPC error.
 */
function writeError(failure: TxFailure): RpcError {
  switch (failure.kind) {
    case 'non-account':
      return starknetError('NON_ACCOUNT');
    case 'class-not-found':
      return starknetError('CLASS_HASH_NOT_FOUND');
    case 'not-executable':
      return starknetError('UNEXPECTED_ERROR', failure.message);
    case 'validation':
    default:
      return starknetError('VALIDATION_FAILURE', failure.message);
  }
}

/**
 * The block a transaction runs in, as its contracts see it.
 *
 * @param node - The chain.
 * @returns The time and chain id.
 */
function blockInfo(node: LocalChain): BlockInfo {
  return { timestamp: node.chain.now(), chainId: node.options.chainId };
}

/**
 * Validates and executes a submitted transaction and includes it.
 * Checks run in order: duplicate (59), version (61), sender (58/28; 63 for
 * a deploy-account class the node cannot execute),
 * redeclare (51), price (53), balance (54), nonce (52), signature (55).
 *
 * @param node - The chain.
 * @param value - The broadcasted transaction JSON.
 * @returns The included transaction.
 */
export function submitTransaction(node: LocalChain, value: unknown): TxRecord {
  const tx = parseTransaction(value, node.options.chainId, false);
  const { chain, registry } = node;
  if (chain.txs.has(tx.hash)) {
    throw starknetError('DUPLICATE_TX');
  }
  const base = chain.pendingState;
  try {
    if (tx.type === 'DEPLOY_ACCOUNT') {
      if (base.read(declaredKey(tx.classHash)) === 0n) {
        throw starknetError('CLASS_HASH_NOT_FOUND');
      }
      if (!registry.resolve(tx.classHash)) {
        throw starknetError(
          'UNEXPECTED_ERROR',
          notExecutableMessage(tx.classHash),
        );
      }
    } else {
      assertAccount(base, tx.sender, registry.resolve);
    }
  } catch (error) {
    throw error instanceof TxFailure ? writeError(error) : error;
  }
  if (tx.type === 'DECLARE' && base.read(declaredKey(tx.classHash)) !== 0n) {
    throw starknetError('CLASS_ALREADY_DECLARED');
  }
  if (!boundsCover(tx.resourceBounds, gasUsage(tx), chain.prices)) {
    throw starknetError('INSUFFICIENT_RESOURCES_FOR_VALIDATE');
  }
  if (
    balanceOf(base, STRK_ADDRESS, tx.sender) < maxFee(tx.resourceBounds, tx.tip)
  ) {
    throw starknetError('INSUFFICIENT_ACCOUNT_BALANCE');
  }
  const nonce = base.read(nonceKey(tx.sender));
  if (tx.nonce !== nonce) {
    throw starknetError(
      'INVALID_TRANSACTION_NONCE',
      `Invalid transaction nonce of contract at address ${toHex(tx.sender)}. Account nonce: ${toHex(nonce)}; got: ${toHex(tx.nonce)}.`,
    );
  }
  if (tx.type === 'DECLARE') {
    registry.register(tx.classHash, tx.contractClass);
  }
  let outcome: TxOutcome;
  try {
    outcome = executeTransaction(base, tx, {
      validate: true,
      chargeFee: true,
      resolve: registry.resolve,
      prices: chain.prices,
      block: blockInfo(node),
    });
  } catch (error) {
    throw error instanceof TxFailure ? writeError(error) : error;
  }
  const record = chain.include(
    {
      hash: tx.hash,
      type: tx.type,
      json: tx.json,
      status: outcome.status,
      revertReason: outcome.revertReason,
      events: outcome.events,
      fee: outcome.feeTransferInvocation ? outcome.fee : 0n,
      gas: outcome.gas,
      contractAddress: tx.type === 'DEPLOY_ACCOUNT' ? tx.sender : undefined,
    },
    outcome,
  );
  node.afterTransaction();
  return record;
}

export type SequenceResult = {
  tx: ParsedTx;
  outcome: TxOutcome;
  before: StateReader;
};

/**
 * Runs a sequence of transactions on a state without committing anything
 * (estimateFee / simulateTransactions). Each runs on the previous one's state.
 *
 * @param node - The chain.
 * @param values - Broadcasted transactions.
 * @param base - The starting state.
 * @param flags - Simulation flags.
 * @param flags.skipValidate - Skip __validate__.
 * @param flags.chargeFee - Charge the fee.
 * @param flags.failOnRevert - Answer error 41 when a transaction reverts.
 * @returns The outcomes.
 */
export function runSequence(
  node: LocalChain,
  values: unknown[],
  base: StateReader,
  flags: { skipValidate: boolean; chargeFee: boolean; failOnRevert: boolean },
): SequenceResult[] {
  const results: SequenceResult[] = [];
  let state = base;
  values.forEach((value, index) => {
    const tx = parseTransaction(value, node.options.chainId, true);
    const fail = (message: string): RpcError =>
      starknetError('TRANSACTION_EXECUTION_ERROR', {
        transaction_index: index,
        execution_error: message,
      });
    if (tx.type === 'DECLARE') {
      if (state.read(declaredKey(tx.classHash)) !== 0n) {
        throw fail(
          `Class with hash ${toHex(tx.classHash)} is already declared.`,
        );
      }
      node.registry.register(tx.classHash, tx.contractClass);
    }
    let outcome: TxOutcome;
    try {
      outcome = executeTransaction(state, tx, {
        validate: !flags.skipValidate,
        chargeFee: flags.chargeFee,
        resolve: node.registry.resolve,
        prices: node.chain.prices,
        block: blockInfo(node),
      });
    } catch (error) {
      if (error instanceof TxFailure) {
        throw fail(error.message);
      }
      throw error;
    }
    if (flags.failOnRevert && outcome.status === 'REVERTED') {
      throw fail(outcome.revertReason ?? 'reverted');
    }
    results.push({ tx, outcome, before: state });
    state = outcome.state;
  });
  return results;
}

/**
 * devnet_mint: credits STRK (FRI) or ETH (WEI) as a transaction of its own.
 *
 * @param node - The chain.
 * @param address - The receiver.
 * @param amount - The amount.
 * @param unit - FRI or WEI.
 * @returns The new balance and the mint transaction hash.
 */
export function mint(
  node: LocalChain,
  address: bigint,
  amount: bigint,
  unit: 'FRI' | 'WEI',
): { newBalance: bigint; txHash: bigint } {
  const { chain } = node;
  const token = unit === 'FRI' ? STRK_ADDRESS : ETH_ADDRESS;
  const state = new Overlay(chain.pendingState);
  mintTo(state, token, address, amount);
  node.mintCounter += 1;
  const txHash = BigInt(
    hash.computePoseidonHashOnElements([
      0x6d696e74n,
      token,
      address,
      amount,
      BigInt(node.mintCounter),
    ]),
  );
  const mask = (1n << 128n) - 1n;
  chain.include(
    {
      hash: txHash,
      type: 'INVOKE',
      json: unsignedInvoke(
        token,
        [address, amount & mask, amount >> 128n],
        BigInt(node.mintCounter),
      ),
      status: 'SUCCEEDED',
      revertReason: undefined,
      events: [
        {
          from: token,
          ...tokenEvent(TRANSFER_KEY, 0n, address, amount),
          order: 0,
        },
      ],
      fee: 0n,
      gas: { l1Gas: 0n, l1DataGas: 0n, l2Gas: 0n },
      contractAddress: undefined,
    },
    { state },
  );
  node.afterTransaction();
  return {
    newBalance: balanceOf(chain.pendingState, token, address),
    txHash,
  };
}

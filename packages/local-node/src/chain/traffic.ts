/* eslint-disable no-bitwise -- felt and u256 arithmetic */
import { hash } from 'starknet';

import type { LocalChain } from './local-chain';
import { unsignedInvoke } from './pipeline';
import { Overlay } from '../base/state-store';
import { mintTo, tokenEvent, TRANSFER_KEY } from '../contracts/erc20';

/**
 * Dev traffic: a busy chain in one request. Each transfer is a transaction
 * of its own from an address no one holds keys for, as a Cairo 1 account's
 * multicall of `transfer(to, amount)` would be, emitting the token's
 * `Transfer` exactly as a real transfer does (keys `[Transfer, from, to]`,
 * the amount as data); the recipient's balance grows by it (the sender is
 * credited what it sends first, so the token's supply grows too). No
 * signature and no fee are checked: the point is the events a wallet must
 * read past, thousands of them, without signing thousands of transactions.
 */

const TRANSFER_SELECTOR = BigInt(hash.getSelectorFromName('transfer'));
/** "traffic", the tag of the transactions' hashes. */
const TRAFFIC_TAG = 0x74726166666963n;
const LOW_MASK = (1n << 128n) - 1n;

/** What to write. */
export type Traffic = {
  token: bigint;
  /** How many transfers. */
  count: number;
  /** Over how many blocks, closed one after another (the last one too). */
  blocks: number;
  /** The recipient of every transfer; a new stranger each when absent. */
  to: bigint | undefined;
  amount: bigint;
};

/**
 * A stranger's address, the same for the same chain and number.
 *
 * @param salt - The request's number on this chain.
 * @param index - The transfer's number in it.
 * @param role - 0 for a sender, 1 for a recipient.
 * @returns The address.
 */
function stranger(salt: number, index: number, role: number): bigint {
  return BigInt(
    hash.computePoseidonHashOnElements([
      TRAFFIC_TAG,
      BigInt(salt),
      BigInt(index),
      BigInt(role),
    ]),
  );
}

/**
 * Writes the traffic into new blocks.
 *
 * @param node - The chain.
 * @param traffic - What to write.
 * @returns The last block closed, and the transactions' hashes.
 */
export function addTraffic(
  node: LocalChain,
  traffic: Traffic,
): { lastBlock: number; hashes: bigint[] } {
  const { chain } = node;
  node.mintCounter += 1;
  const salt = node.mintCounter;
  const perBlock = Math.ceil(traffic.count / traffic.blocks);
  const hashes: bigint[] = [];
  let lastBlock = chain.latest?.number ?? 0;
  for (let index = 0; index < traffic.count; index++) {
    const from = stranger(salt, index, 0);
    const to = traffic.to ?? stranger(salt, index, 1);
    const state = new Overlay(chain.pendingState);
    mintTo(state, traffic.token, to, traffic.amount);
    const txHash = BigInt(
      hash.computePoseidonHashOnElements([
        TRAFFIC_TAG,
        from,
        to,
        txHashSalt(salt, index),
      ]),
    );
    chain.include(
      {
        hash: txHash,
        type: 'INVOKE',
        json: unsignedInvoke(
          from,
          [
            1n,
            traffic.token,
            TRANSFER_SELECTOR,
            3n,
            to,
            traffic.amount & LOW_MASK,
            traffic.amount >> 128n,
          ],
          0n,
        ),
        status: 'SUCCEEDED',
        revertReason: undefined,
        events: [
          {
            from: traffic.token,
            ...tokenEvent(TRANSFER_KEY, from, to, traffic.amount),
            order: 0,
          },
        ],
        fee: 0n,
        gas: { l1Gas: 0n, l1DataGas: 0n, l2Gas: 0n },
        contractAddress: undefined,
      },
      { state },
    );
    hashes.push(txHash);
    if ((index + 1) % perBlock === 0 || index + 1 === traffic.count) {
      lastBlock = chain.closeBlock().number;
    }
  }
  return { lastBlock, hashes };
}

/**
 * The number that makes each traffic transaction's hash its own.
 *
 * @param salt - The request's number.
 * @param index - The transfer's number.
 * @returns The number.
 */
function txHashSalt(salt: number, index: number): bigint {
  return (BigInt(salt) << 32n) | BigInt(index);
}

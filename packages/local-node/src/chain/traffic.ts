/* eslint-disable no-bitwise -- felt and u256 arithmetic */
import { createHash } from 'node:crypto';
import { hash } from 'starknet';

import type { LocalChain } from './local-chain';
import { unsignedInvoke } from './unsigned-invoke';
import { Overlay } from '../base/state-store';
import { mintTo, tokenEvent, TRANSFER_KEY } from '../contracts/erc20';

/**
 * Dev traffic: a busy chain in one request. Each transfer is a transaction
 * of its own from an address no one holds keys for, as a Cairo 1 account's
 * multicall of `transfer(to, amount)` would be, emitting the token's
 * `Transfer` exactly as a real transfer does (keys `[Transfer, from, to]`,
 * the amount as data). One recipient given is credited what it receives
 * (the token's supply grows by it: the senders were never debited);
 * strangers' balances are not written (no one reads them). No
 * signature and no fee are checked: the point is the events a wallet must
 * read past, thousands of them, without signing thousands of transactions.
 */

const TRANSFER_SELECTOR = BigInt(hash.getSelectorFromName('transfer'));
/** "traffic", the tag of the transactions' hashes. */
const TRAFFIC_TAG = 0x74726166666963n;
const LOW_MASK = (1n << 128n) - 1n;
const MASK_250 = (1n << 250n) - 1n;

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
  /**
   * The tips the transfers offer, in turn (the first transfer the first
   * tip, …, starting over): recent blocks with known tips, for a wallet's
   * tip estimate. No tip when empty.
   */
  tips: bigint[];
};

/**
 * A stranger's address (or a transaction hash), the same for the same
 * chain and numbers: a sha256 cut to 250 bits (cheap: thousands a request).
 *
 * @param values - What identifies it.
 * @returns The felt.
 */
function identifier(values: bigint[]): bigint {
  const digest = createHash('sha256')
    .update(values.map((value) => value.toString(16)).join(','))
    .digest('hex');
  return BigInt(`0x${digest}`) & MASK_250;
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
  const credit = new Overlay(chain.pendingState);
  if (traffic.to !== undefined) {
    // What the one recipient receives in all, written once (a storage
    // slot costs a Pedersen hash: one, not thousands).
    mintTo(
      credit,
      traffic.token,
      traffic.to,
      traffic.amount * BigInt(traffic.count),
    );
  }
  for (let index = 0; index < traffic.count; index++) {
    const from = identifier([TRAFFIC_TAG, BigInt(salt), BigInt(index), 0n]);
    const to =
      traffic.to ?? identifier([TRAFFIC_TAG, BigInt(salt), BigInt(index), 1n]);
    const txHash = identifier([
      TRAFFIC_TAG,
      from,
      to,
      BigInt(salt),
      BigInt(index),
    ]);
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
          traffic.tips[index % Math.max(traffic.tips.length, 1)] ?? 0n,
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
      { state: index === 0 ? credit : new Overlay(chain.pendingState) },
    );
    hashes.push(txHash);
    if ((index + 1) % perBlock === 0 || index + 1 === traffic.count) {
      lastBlock = chain.closeBlock().number;
    }
  }
  return { lastBlock, hashes };
}

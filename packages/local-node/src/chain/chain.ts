/* eslint-disable no-bitwise -- felt and u256 arithmetic */
import { createHash } from 'node:crypto';

import type { TxOutcome } from './executor';
import { DEFAULT_GAS_PRICES } from './gas-prices';
import type { BlockRecord, GasPrices, LoggedEvent, TxRecord } from './types';
import type { StateReader } from '../base/state-store';
import { VersionedStore } from '../base/state-store';

const MASK_250 = (1n << 250n) - 1n;

/**
 * A deterministic 250-bit identifier (block hashes and state roots of this
 * local chain are identifiers, not commitments; sha256 keeps blocks cheap).
 *
 * @param values - The fields identifying the block.
 * @returns The identifier.
 */
const digest = (values: bigint[]): bigint =>
  BigInt(
    `0x${createHash('sha256')
      .update(values.map((value) => value.toString(16)).join(','))
      .digest('hex')}`,
  ) & MASK_250;

/**
 * The block list, the pre-confirmed block, the transaction index, the event
 * log and the versioned state. It knows nothing about RPC formats.
 */
export class Chain {
  readonly store = new VersionedStore();

  readonly blocks: BlockRecord[] = [];

  readonly txs = new Map<bigint, TxRecord>();

  readonly events: LoggedEvent[] = [];

  readonly blocksByHash = new Map<bigint, BlockRecord>();

  pending: BlockRecord;

  l1Accepted = -1;

  /** The prices of the pre-confirmed block and of those that follow. */
  #prices: GasPrices = DEFAULT_GAS_PRICES;

  #timeOffset = 0;

  /**
   *
   */
  constructor() {
    this.pending = this.#newPending(0, 0n);
  }

  /**
   * Unix time as the chain sees it.
   *
   * @returns The result.
   */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.#timeOffset;
  }

  /**
   *
   * @param time - The time.
   */
  setTime(time: number): void {
    this.#timeOffset = time - Math.floor(Date.now() / 1000);
    this.pending.timestamp = time;
  }

  /**
   * Moves the chain's clock forward; the blocks that follow keep the shift.
   *
   * @param seconds - How far.
   */
  increaseTime(seconds: number): void {
    this.#timeOffset += seconds;
    this.pending.timestamp = Math.max(this.pending.timestamp, this.now());
  }

  /**
   * The current gas prices.
   *
   * @returns The prices of the pre-confirmed block.
   */
  get prices(): GasPrices {
    return this.#prices;
  }

  /**
   * Sets the gas prices of the pre-confirmed block and of those that follow
   * (closed blocks keep theirs).
   *
   * @param prices - The new prices.
   */
  setPrices(prices: GasPrices): void {
    this.#prices = prices;
    this.pending.prices = prices;
  }

  /**
   *
   * @returns The result.
   */
  get latest(): BlockRecord | undefined {
    return this.blocks[this.blocks.length - 1];
  }

  /**
   * A state reader at a block number (the pending number reads pre-confirmed state).
   *
   * @param blockNumber - The block number.
   * @returns The reader.
   */
  stateAt(blockNumber: number): StateReader {
    return this.store.at(blockNumber);
  }

  /**
   *
   * @returns The result.
   */
  get pendingState(): StateReader {
    return this.store.at(this.pending.number);
  }

  /**
   * Adds an executed transaction to the pre-confirmed block and commits its writes.
   *
   * @param record - The transaction (blockNumber/index are filled in).
   * @param outcome - Its execution outcome.
   * @returns The record.
   */
  include(
    record: Omit<TxRecord, 'blockNumber' | 'index'>,
    outcome: Pick<TxOutcome, 'state'>,
  ): TxRecord {
    const full: TxRecord = {
      ...record,
      blockNumber: this.pending.number,
      index: this.pending.txs.length,
    };
    for (const [key, value] of outcome.state.writes) {
      this.store.set(key, this.pending.number, value);
      this.pending.changed.add(key);
    }
    this.pending.txs.push(full);
    this.txs.set(full.hash, full);
    full.events.forEach((event, eventIndex) => {
      this.events.push({ event, tx: full, eventIndex });
    });
    return full;
  }

  /**
   * Writes state directly into the pre-confirmed block (genesis, mint).
   *
   * @param writes - Key/value writes.
   */
  writeDirect(writes: Map<string, bigint>): void {
    for (const [key, value] of writes) {
      this.store.set(key, this.pending.number, value);
      this.pending.changed.add(key);
    }
  }

  /**
   * Closes the pre-confirmed block and opens the next one.
   *
   * @returns The closed block.
   */
  closeBlock(): BlockRecord {
    const block = this.pending;
    const parentRoot = this.latest?.newRoot ?? 0n;
    block.timestamp = Math.max(block.timestamp, this.now());
    block.hash = digest([
      BigInt(block.number),
      block.parentHash,
      ...block.txs.map((tx) => tx.hash),
    ]);
    block.newRoot = digest([parentRoot, block.hash]);
    block.status = 'ACCEPTED_ON_L2';
    this.blocks.push(block);
    this.blocksByHash.set(block.hash, block);
    this.pending = this.#newPending(block.number + 1, block.hash);
    return block;
  }

  /**
   * Aborts the closed blocks from a number on, as a reorganisation would:
   * the blocks, their transactions, events and state writes are forgotten
   * and the next block takes the first aborted number again.
   *
   * @param first - The first block to abort (not the genesis block).
   * @returns The aborted blocks' hashes, newest first (as starknet-devnet).
   */
  abortFrom(first: number): bigint[] {
    const aborted = this.blocks.splice(first);
    const [oldest] = aborted;
    if (!oldest) {
      return [];
    }
    for (const block of aborted) {
      this.blocksByHash.delete(block.hash);
      for (const tx of block.txs) {
        this.txs.delete(tx.hash);
      }
    }
    for (const tx of this.pending.txs) {
      this.txs.delete(tx.hash);
    }
    this.events.length = oldest.firstEvent;
    this.store.truncate(first);
    this.l1Accepted = Math.min(this.l1Accepted, first - 1);
    this.pending = this.#newPending(first, oldest.parentHash);
    return aborted.map((block) => block.hash).reverse();
  }

  /**
   * Marks blocks up to a number as accepted on L1.
   *
   * @param upTo - The last block to accept.
   * @returns The hashes of newly accepted blocks.
   */
  acceptOnL1(upTo: number): bigint[] {
    const accepted: bigint[] = [];
    for (let index = this.l1Accepted + 1; index <= upTo; index++) {
      const block = this.blocks[index];
      if (block) {
        block.status = 'ACCEPTED_ON_L1';
        accepted.push(block.hash);
      }
    }
    this.l1Accepted = Math.max(this.l1Accepted, upTo);
    return accepted;
  }

  /**
   *
   * @param number - The number.
   * @param parentHash - The parent hash.
   * @returns The result.
   */
  #newPending(number: number, parentHash: bigint): BlockRecord {
    return {
      number,
      hash: 0n,
      parentHash,
      newRoot: 0n,
      timestamp: this.now(),
      status: 'PRE_CONFIRMED',
      prices: this.#prices,
      txs: [],
      changed: new Set(),
      firstEvent: this.events.length,
    };
  }
}

import { Chain } from './chain';
import type { PredeployedAccount } from './genesis';
import { deriveAccounts, writeGenesis } from './genesis';
import type { BlockRecord, GasPrices } from './types';
import { ContentStore } from '../base/content-store';
import { starknetError } from '../base/errors';
import { ClassRegistry } from '../contracts/registry';

export type ChainOptions = {
  chainId: string;
  seed: number;
  accounts: number;
  blockGeneration: 'transaction' | 'demand';
  initialBalance: bigint;
  /** Unix time of the genesis block (default: now). */
  startTime: number | undefined;
  /** The gas prices the chain starts with (genesis block included). */
  gasPrices: GasPrices;
  /** The staking contract's exit wait, in seconds. */
  exitWaitWindow: number;
  /** The liquid staking queue's wait (Endur's `claim_time`), in seconds. */
  liquidWithdrawalWait: number;
};

/** A parsed block id. */
export type BlockId =
  | { tag: 'latest' | 'pre_confirmed' | 'l1_accepted' }
  | { number: number }
  | { hash: bigint };

/** A state-changing request, kept so devnet_dump can replay the chain. */
export type JournalEntry = { method: string; params: unknown };

/** One local chain: its blocks, classes, accounts and options. */
export class LocalChain {
  readonly chain = new Chain();

  readonly registry = new ClassRegistry();

  readonly accounts: PredeployedAccount[];

  readonly options: ChainOptions;

  readonly journal: JournalEntry[] = [];

  /** What the content-storage API holds (journaled with the chain). */
  readonly content = new ContentStore();

  mintCounter = 0;

  /**
   *
   * @param options - The options.
   */
  constructor(options: ChainOptions) {
    this.options = options;
    this.accounts = deriveAccounts(options.seed, options.accounts);
    if (options.startTime !== undefined) {
      this.chain.setTime(options.startTime);
    }
    this.chain.setPrices(options.gasPrices);
    writeGenesis(this.chain, this.registry, this.accounts, {
      chainId: options.chainId,
      initialBalance: options.initialBalance,
      exitWaitWindow: options.exitWaitWindow,
      liquidWithdrawalWait: options.liquidWithdrawalWait,
    });
  }

  /**
   * Resolves a block id to a block (the pre-confirmed block included).
   *
   * @param id - The block id.
   * @returns The block.
   */
  block(id: BlockId): BlockRecord {
    const { chain } = this;
    let block: BlockRecord | undefined;
    if ('tag' in id) {
      if (id.tag === 'pre_confirmed') {
        block = chain.pending;
      } else if (id.tag === 'latest') {
        block = chain.latest;
      } else {
        block =
          chain.l1Accepted >= 0 ? chain.blocks[chain.l1Accepted] : undefined;
      }
    } else if ('number' in id) {
      block =
        id.number === chain.pending.number
          ? chain.pending
          : chain.blocks[id.number];
    } else {
      block = chain.blocksByHash.get(id.hash);
    }
    if (!block) {
      throw starknetError('BLOCK_NOT_FOUND');
    }
    return block;
  }

  /** Closes the pre-confirmed block when one block is made per transaction. */
  afterTransaction(): void {
    if (this.options.blockGeneration === 'transaction') {
      this.chain.closeBlock();
    }
  }
}

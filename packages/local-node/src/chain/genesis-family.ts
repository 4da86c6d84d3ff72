import { hash } from 'starknet';

import type { Chain } from './chain';
import { unsignedInvoke } from './unsigned-invoke';
import { Overlay } from '../base/state-store';
import type { ExecEnv, RawEvent } from '../contracts/types';

/**
 * What a family of predeployed contracts (genesis.ts's list) is given and
 * gives back: each writes its contracts into block 0's state, and may
 * announce them with transactions of block 0, as starknet-devnet adds its
 * predeployed contracts one after the other at start.
 */

/** How the chain was started, as the families need it. */
export type GenesisSettings = {
  chainId: string;
  /** STRK and ETH of each predeployed account. */
  initialBalance: bigint;
  /** The staking contract's exit wait, in seconds. */
  exitWaitWindow: number;
  /** The liquid staking queue's wait, in seconds. */
  liquidWithdrawalWait: number;
};

/** What a family writes with. */
export type GenesisContext = {
  settings: GenesisSettings;
  /** The predeployed accounts' addresses and public keys. */
  accounts: { address: bigint; publicKey: bigint }[];
  resolve: ExecEnv['resolve'];
  /** The genesis time. */
  now: number;
};

/** A genesis transaction: who sent it, what it called, what it emitted. */
export type GenesisTx = {
  sender: bigint;
  calldata: bigint[];
  events: RawEvent[];
};

/** One family of predeployed contracts. */
export type GenesisFamily = {
  name: string;
  /**
   * Writes the family's contracts into the genesis state.
   *
   * @returns Its announcing transactions (none for most).
   */
  write(state: Overlay, context: GenesisContext): GenesisTx[];
};

/**
 * A genesis execution environment (no transaction; the genesis time).
 *
 * @param state - The genesis state.
 * @param context - The genesis.
 * @returns The environment.
 */
export function genesisEnv(state: Overlay, context: GenesisContext): ExecEnv {
  return {
    state,
    tx: undefined,
    events: [],
    deployed: [],
    resolve: context.resolve,
    block: { timestamp: context.now, chainId: context.settings.chainId },
  };
}

/**
 * Includes a family's announcing transactions in the open block (the
 * genesis state already written).
 *
 * @param chain - The chain.
 * @param family - The family's name (salts the transactions' hashes).
 * @param txs - The transactions.
 */
export function includeGenesisTransactions(
  chain: Chain,
  family: string,
  txs: GenesisTx[],
): void {
  txs.forEach((tx, index) => {
    chain.include(
      {
        hash: BigInt(
          hash.computePoseidonHashOnElements([
            hash.starknetKeccak(`snapnet local ${family} genesis`),
            tx.sender,
            BigInt(index),
          ]),
        ),
        type: 'INVOKE',
        json: unsignedInvoke(tx.sender, tx.calldata, 0n),
        status: 'SUCCEEDED',
        revertReason: undefined,
        events: tx.events,
        fee: 0n,
        gas: { l1Gas: 0n, l1DataGas: 0n, l2Gas: 0n },
        contractAddress: undefined,
      },
      { state: new Overlay(chain.pendingState) },
    );
  });
}

import type { RawEvent } from '../contracts/types';

/** The gas a transaction uses under the fixed model (fees.ts). */
export type GasUsage = { l1Gas: bigint; l1DataGas: bigint; l2Gas: bigint };

/** A gas price in both units: FRI (STRK) and WEI (ETH), per unit of gas. */
export type PricePair = { fri: bigint; wei: bigint };

/** The prices of a block, per resource (devnet_setGasPrice changes them). */
export type GasPrices = {
  l1Gas: PricePair;
  l1DataGas: PricePair;
  l2Gas: PricePair;
};

export type BlockStatus = 'PRE_CONFIRMED' | 'ACCEPTED_ON_L2' | 'ACCEPTED_ON_L1';

/** A transaction included in a block (or in the pre-confirmed block). */
export type TxRecord = {
  hash: bigint;
  type: 'INVOKE' | 'DEPLOY_ACCOUNT' | 'DECLARE';
  json: Record<string, unknown>;
  status: 'SUCCEEDED' | 'REVERTED';
  revertReason: string | undefined;
  events: RawEvent[];
  fee: bigint;
  gas: GasUsage;
  contractAddress: bigint | undefined;
  blockNumber: number;
  index: number;
};

/** A block, closed or pre-confirmed. */
export type BlockRecord = {
  number: number;
  hash: bigint;
  parentHash: bigint;
  newRoot: bigint;
  timestamp: number;
  status: BlockStatus;
  prices: GasPrices;
  txs: TxRecord[];
  /** State keys written in this block. */
  changed: Set<string>;
  /** Index of this block's first event in the chain's event log. */
  firstEvent: number;
};

/** An event in the chain's log. */
export type LoggedEvent = {
  event: RawEvent;
  tx: TxRecord;
  eventIndex: number;
};

import {
  DEFAULT_CHAIN_ID,
  ETH_ADDRESS,
  STRK_ADDRESS,
  SUPPORTED_NETWORKS,
} from '../config';
import type { Network } from '../config';

/** The kinds of account contract an address of this seed can hold. */
export type AccountKind = 'argent-cairo1' | 'argent-cairo0';

/** An account of this seed, as kept in state (never its private key). */
export type AccountRecord = {
  address: string;
  addressIndex: number;
  publicKey: string;
  addressSalt: string;
  deployTxnHash: string;
  derivationPath: string;
  chainId: string;
  kind: AccountKind;
};

export type TokenRecord = {
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  chainId: string;
  logo?: string;
};

export type TransactionStatus =
  | 'RECEIVED'
  | 'CANDIDATE'
  | 'PENDING'
  | 'PRE_CONFIRMED'
  | 'ACCEPTED_ON_L2'
  | 'ACCEPTED_ON_L1'
  | 'REJECTED'
  | 'REVERTED';

/** A transaction the wallet sent or found, in the seed's record shape. */
export type TransactionRecord = {
  txnHash: string;
  txnType: string;
  senderAddress: string;
  contractAddress: string;
  contractFuncName: string;
  contractCallData: string[];
  status: TransactionStatus;
  failureReason: string | null;
  eventIds: string[];
  timestamp: number;
  chainId: string;
};

export type WalletState = {
  version: number;
  currentChainId: string;
  networks: Network[];
  accounts: AccountRecord[];
  tokens: TokenRecord[];
  transactions: TransactionRecord[];
};

export const STATE_VERSION = 1;

/**
 * The state of a fresh install: both networks, Testnet current, the fee
 * tokens of both networks, no accounts.
 *
 * @returns A new default state.
 */
export function defaultState(): WalletState {
  return {
    version: STATE_VERSION,
    currentChainId: DEFAULT_CHAIN_ID,
    networks: SUPPORTED_NETWORKS.map((network) => ({ ...network })),
    accounts: [],
    tokens: SUPPORTED_NETWORKS.flatMap(({ chainId }) => [
      {
        address: STRK_ADDRESS,
        name: 'Starknet Token',
        symbol: 'STRK',
        decimals: 18,
        chainId,
      },
      {
        address: ETH_ADDRESS,
        name: 'Ether',
        symbol: 'ETH',
        decimals: 18,
        chainId,
      },
    ]),
    transactions: [],
  };
}

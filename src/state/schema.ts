import {
  array,
  enums,
  integer,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  refine,
  size,
  string,
} from 'superstruct';
import type { Infer } from 'superstruct';

import {
  DEFAULT_CHAIN_ID,
  ETH_ADDRESS,
  STRK_ADDRESS,
  SUPPORTED_NETWORKS,
} from '../config';
import { chainIdProblem } from '../protocol/values';

/**
 * The wallet state, declared once: the structs validate what is read from
 * snap state (every record, on every read), and the types are derived from
 * them.
 */

const HexText = refine(string(), 'hex', (value) =>
  /^0x[0-9a-f]+$/u.test(value) ? true : 'Expected lower-case 0x-hex',
);

/** The largest BIP-44 address index (non-hardened). */
export const MAX_ADDRESS_INDEX = 2 ** 31 - 1;

/** The longest RPC URL a network may have. */
export const MAX_RPC_URL = 2048;

/**
 * A chain id as stored: hex of a short string of printable ASCII (see
 * chainIdProblem), so no stored network can hash like another chain.
 */
export const ChainIdText = refine(HexText, 'chainId', (value) =>
  /^0x[1-9a-f][0-9a-f]*$/u.test(value)
    ? (chainIdProblem(BigInt(value)) ?? true)
    : 'Expected canonical hex (no leading zeros)',
);

const NetworkStruct = object({
  name: size(string(), 1, 64),
  chainId: ChainIdText,
  rpcUrl: optional(size(string(), 1, MAX_RPC_URL)),
  /**
   * The site that added the network (its node is that site's choice), or
   * absent for the built-in networks and those the user added on the home
   * page.
   */
  addedBy: optional(size(string(), 1, 2048)),
  /** The network's SNIP-29 paymaster, when not the build's (src/config.ts). */
  paymasterUrl: optional(size(string(), 1, MAX_RPC_URL)),
});

/** The kinds of account contract an address of this seed can hold. */
const AccountKindStruct = enums(['argent-cairo1', 'argent-cairo0']);

const AccountRecordStruct = object({
  address: HexText,
  addressIndex: max(min(integer(), 0), MAX_ADDRESS_INDEX),
  publicKey: HexText,
  addressSalt: HexText,
  deployTxnHash: string(),
  derivationPath: string(),
  chainId: HexText,
  kind: AccountKindStruct,
  /** The name the user gave it on the home page, if any. */
  name: optional(size(string(), 1, 32)),
});

const TokenRecordStruct = object({
  address: HexText,
  name: size(string(), 1, 64),
  symbol: size(string(), 1, 16),
  decimals: max(min(integer(), 0), 255),
  chainId: HexText,
  logo: optional(string()),
});

const TransactionStatusStruct = enums([
  'RECEIVED',
  'CANDIDATE',
  'PENDING',
  'PRE_CONFIRMED',
  'ACCEPTED_ON_L2',
  'ACCEPTED_ON_L1',
  'REJECTED',
  'REVERTED',
]);

const TransactionRecordStruct = object({
  txnHash: string(),
  txnType: string(),
  senderAddress: string(),
  contractAddress: string(),
  contractFuncName: string(),
  contractCallData: array(string()),
  status: TransactionStatusStruct,
  failureReason: nullable(string()),
  eventIds: array(string()),
  timestamp: number(),
  chainId: string(),
  /**
   * Set while the record is an outside execution signed and handed to a
   * paymaster whose running is not known yet (src/state/openExecutions.ts):
   * its txnHash is then the execution's SNIP-12 message hash, no
   * transaction's, until the chain shows the transaction that ran it.
   */
  outsideExecution: optional(
    object({
      nonce: HexText,
      executeBefore: number(),
      paymaster: size(string(), 1, 2048),
      /** The hash the paymaster answered, not yet seen to run it. */
      claimedHash: optional(HexText),
      /**
       * The user's calls, hashed (callsKeyOf): a retry of the same calls
       * is warned that this one may still run.
       */
      callsKey: optional(HexText),
    }),
  ),
});

/** The accounts the user shared with one site (canonical addresses). */
const SitePermissionStruct = object({
  origin: string(),
  accounts: array(HexText),
});

/**
 * A token the user hid from the home page (any but the fee tokens): kept per
 * network until the user shows it again.
 */
const HiddenTokenStruct = object({
  chainId: HexText,
  address: HexText,
});

/**
 * What the background check has told the user (see src/background): each
 * transaction outcome once, as `<chainId>:<txnHash>`, and token arrivals
 * against the balances it last saw. Absent until its first run, which
 * counts every outcome already in state as told.
 */
const NotifiedStruct = object({
  transactions: array(string()),
  /**
   * News being told: taken by a run (so no other run tells it too), marked
   * told only once snap_notify returned; a lease older than the background
   * check's TELL_LEASE_SECONDS (a run that died) is taken again.
   */
  telling: optional(array(object({ key: string(), since: number() }))),
  /**
   * The last balance seen of each tracked token of each account (decimal),
   * so that an increase is told once.
   */
  balances: optional(
    array(
      object({
        chainId: HexText,
        account: HexText,
        token: HexText,
        amount: refine(string(), 'decimal', (value) =>
          /^(0|[1-9][0-9]*)$/u.test(value) ? true : 'Expected a whole number',
        ),
      }),
    ),
  ),
});

/**
 * What the background search found on one network: the ERC-20 tokens its
 * accounts received (Transfer events to them), up to the block it read, and
 * for which accounts; what it could not read, said once. The page reads the
 * balances of these in its one batch.
 */
const DiscoveredStruct = object({
  chainId: HexText,
  /** The last block searched. */
  toBlock: number(),
  /** The accounts searched (a new one is searched over the whole window). */
  accounts: array(HexText),
  tokens: array(object({ token: HexText, receivers: array(HexText) })),
  /** Why the last search was not whole, if it was not. */
  problem: optional(size(string(), 1, 1000)),
  /** When it ran (seconds): the background searches at most every 10 minutes. */
  searchedAt: optional(number()),
  /**
   * Block ranges searches could not read (a failed page, a node's limit),
   * read again by the next searches, one each, until read.
   */
  skipped: optional(array(object({ from: number(), to: number() }))),
});

/**
 * Where the background check goes on reading balances on a network: the
 * first (account, token) pair of its next run, so that every pair is read
 * within a bounded number of runs when there are more than one run reads.
 */
const WatchCursorStruct = object({
  chainId: HexText,
  next: number(),
});

/**
 * What the wallet knows of staking on one network (src/features/staking):
 * the validators' pools, from the staking contract's NewDelegationPool
 * events, and the pools where its accounts are members, from their own
 * NewPoolMember events, each read on from the block it reached (never from
 * the start each time); the exits the background check told of.
 */
const StakingStruct = object({
  chainId: HexText,
  /** The staking contract the pools were announced by. */
  contract: HexText,
  /** Its reward supplier (contract_parameters_v1), once read. */
  rewardSupplier: optional(HexText),
  /** The first block the next read of NewDelegationPool events starts at. */
  poolsFrom: number(),
  pools: size(
    array(object({ staker: HexText, pool: HexText, token: HexText })),
    0,
    5000,
  ),
  /** The first block the next read of NewPoolMember events starts at. */
  membersFrom: number(),
  /** The accounts searched (a new one is searched from block 0). */
  searched: array(HexText),
  positions: size(array(object({ member: HexText, pool: HexText })), 0, 5000),
  /** Exits told of, as `<pool>:<member>:<unpool time>`. */
  toldExits: size(array(string()), 0, 5000),
  /**
   * Endur's liquid staking on the network: its withdrawal requests for the
   * accounts, from the queue's WithdrawQueue events keyed by receiver,
   * read on from the block reached; a past block its rate is compared with.
   */
  liquid: optional(
    object({
      requestsFrom: number(),
      searched: array(HexText),
      /** Unclaimed requests, by their receiver. */
      requests: size(array(object({ member: HexText, id: HexText })), 0, 5000),
      anchor: optional(object({ block: number(), time: number() })),
      /** The queue's wait (seconds), once a request showed it. */
      wait: optional(number()),
      /** Claimable requests told of, as `<member>:<id>`. */
      told: size(array(string()), 0, 5000),
    }),
  ),
});

export const WalletStateStruct = object({
  version: number(),
  currentChainId: HexText,
  networks: array(NetworkStruct),
  accounts: array(AccountRecordStruct),
  tokens: array(TokenRecordStruct),
  transactions: array(TransactionRecordStruct),
  permissions: array(SitePermissionStruct),
  hiddenTokens: array(HiddenTokenStruct),
  notified: optional(NotifiedStruct),
  discovered: optional(array(DiscoveredStruct)),
  watchCursors: optional(array(WatchCursorStruct)),
  staking: array(StakingStruct),
});

export type AccountKind = Infer<typeof AccountKindStruct>;
export type AccountRecord = Infer<typeof AccountRecordStruct>;
export type TokenRecord = Infer<typeof TokenRecordStruct>;
export type TransactionStatus = Infer<typeof TransactionStatusStruct>;
export type TransactionRecord = Infer<typeof TransactionRecordStruct>;
export type WalletState = Infer<typeof WalletStateStruct>;
export type Notified = Infer<typeof NotifiedStruct>;
export type Discovered = Infer<typeof DiscoveredStruct>;
export type Staking = Infer<typeof StakingStruct>;

export const STATE_VERSION = 5;

/**
 * The state of a fresh install: both networks, Testnet current, the fee
 * tokens of both networks, no accounts, no site with access.
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
    permissions: [],
    hiddenTokens: [],
    staking: [],
  };
}

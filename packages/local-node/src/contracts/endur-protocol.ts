/* eslint-disable no-bitwise -- u256 halves */
import { constants, hash } from 'starknet';

import { ADDRESS, BOOL, BYTE_ARRAY, FELT, U256 } from './abi';
import { selectorOf } from './calls';
import { mapSlot, varSlot } from './storage-vars';

/**
 * What the local node knows of Endur's liquid staking (xSTRK), in one place:
 * the vault's and its withdrawal queue's addresses per chain, the entry
 * points the emulation runs with their Cairo types, the structs they answer,
 * the events (which members are keys, in order), the storage and the revert
 * texts. Interface facts are Endur's compiled ABIs as its client ships them
 * (Endur-fi/client at 4aee6d32, `src/abi/lst.abi.json` and `wq.abi.json`,
 * vendored in vendor/contracts/endur-xstrk.abi.json and
 * endur-withdrawal-queue.abi.json; test/endur-abi.test.ts holds this file to
 * them); behaviour facts are read from Endur's relayer (Endur-fi/relayer at
 * 9d1cd10a). Endur's Cairo source is not public: the revert texts are the
 * local node's own, except OpenZeppelin's ERC-20 and ERC-721 ones.
 * endur-vault.ts and endur-queue.ts run the contracts; this file only
 * describes them.
 */

/** The vault (xSTRK, an ERC-4626 over STRK) and its queue, per network. */
export type EndurAddresses = { vault: bigint; queue: bigint };

/** Endur's client and relayer (`LST_ASSETS.STRK.NETWORKS`, `getAddresses`). */
export const ENDUR_ADDRESSES: Record<string, EndurAddresses> = {
  [constants.StarknetChainId.SN_MAIN]: {
    vault: 0x028d709c875c0ceac3dce7065bec5328186dc89fe254527084d1689910954b0an,
    queue: 0x00518a66e579f9eb1603f5ffaeff95d3f013788e9c37ee94995555026b9648b6n,
  },
  [constants.StarknetChainId.SN_SEPOLIA]: {
    vault: 0x042de5b868da876768213c48019b8d46cd484e66013ae3275f8a4b97b31fc7ebn,
    queue: 0x0254cbdaf8275cb1b514ae63ccedb04a3a9996b1489829e5d6bbaf759ac100b6n,
  },
};

/**
 * The vault and queue on a chain: Mainnet's on SN_MAIN, Sepolia's on any
 * other chain (a local chain stands in for Sepolia).
 *
 * @param chainId - The chain id (hex).
 * @returns The addresses.
 */
export function endurAddressesOf(chainId: string): EndurAddresses {
  return (
    ENDUR_ADDRESSES[chainId] ??
    (ENDUR_ADDRESSES[constants.StarknetChainId.SN_SEPOLIA] as EndurAddresses)
  );
}

// An identifier of the local chain's own (not a deployed contract's).
const localId = (text: string): bigint => hash.starknetKeccak(text);

export const ENDUR_VAULT_CLASS_HASH = localId('snapnet local Endur xSTRK');
export const ENDUR_QUEUE_CLASS_HASH = localId('snapnet local Endur queue');

/** Endur's treasury and validator registry on the local chain (`get_config`). */
export const ENDUR_TREASURY = localId('snapnet local Endur treasury');
export const ENDUR_VALIDATOR_REGISTRY = localId(
  'snapnet local Endur validator registry',
);

/** Who holds the genesis xSTRK (the vault's other depositors). */
export const ENDUR_GENESIS_HOLDER = localId('snapnet local Endur holder');

const DAY = 24 * 60 * 60;

/**
 * The queue's wait by default: 7 days, what Endur's client tells a user
 * ("~7 days", its FAQ "up to 7-8 days": Starknet staking's exit window).
 */
export const DEFAULT_LIQUID_WITHDRAWAL_WAIT = 7 * DAY;

/** The longest wait the option takes (the staking exit wait's bound). */
export const MAX_LIQUID_WITHDRAWAL_WAIT = 12 * 7 * DAY;

/**
 * How fast the vault's assets grow on the local chain: 8 % a year, simple
 * interest on the assets between two actions on the vault (each action
 * compounds), on the chain's clock. An estimate of what its delegations
 * earn, not Starknet's reward formula.
 */
export const LIQUID_APR_BPS = 800n;
export const YEAR_SECONDS = 365n * BigInt(DAY);

/** The Cairo types of the entry points, by their ABI names. */
export const CAIRO = {
  felt: FELT,
  address: ADDRESS,
  u256: U256,
  u128: 'core::integer::u128',
  u64: 'core::integer::u64',
  u8: 'core::integer::u8',
  bool: BOOL,
  byteArray: BYTE_ARRAY,
  felts: 'core::array::Span::<core::felt252>',
  config: 'lst::lst::interface::Config',
  request: 'lst::withdrawal_queue::interface::WithdrawRequest',
  queueState: 'lst::withdrawal_queue::interface::QueueState',
  queueDispatcher:
    'lst::withdrawal_queue::interface::IWithdrawalQueueDispatcher',
  registryDispatcher:
    'lst::validator_registry::interface::IValidatorRegistryABIDispatcher',
} as const;

/** An entry point: its inputs (name, Cairo type) in order and its outputs. */
export type EntryLayout = {
  inputs: readonly (readonly [string, string])[];
  outputs: readonly string[];
  view: boolean;
};

const entry = (
  inputs: EntryLayout['inputs'],
  outputs: EntryLayout['outputs'],
  view: boolean,
): EntryLayout => ({ inputs, outputs, view });

const { address, u256, u128, bool, byteArray } = CAIRO;
const view = (inputs: EntryLayout['inputs'], output: string): EntryLayout =>
  entry(inputs, [output], true);

/** OpenZeppelin's ERC-20 (IERC20, IERC20Metadata, IERC20CamelOnly). */
const ERC20_ENTRYPOINTS = {
  name: view([], byteArray),
  symbol: view([], byteArray),
  decimals: view([], CAIRO.u8),
  total_supply: view([], u256),
  totalSupply: view([], u256),
  balance_of: view([['account', address]], u256),
  balanceOf: view([['account', address]], u256),
  allowance: view(
    [
      ['owner', address],
      ['spender', address],
    ],
    u256,
  ),
  transfer: entry(
    [
      ['recipient', address],
      ['amount', u256],
    ],
    [bool],
    false,
  ),
  transfer_from: entry(
    [
      ['sender', address],
      ['recipient', address],
      ['amount', u256],
    ],
    [bool],
    false,
  ),
  transferFrom: entry(
    [
      ['sender', address],
      ['recipient', address],
      ['amount', u256],
    ],
    [bool],
    false,
  ),
  approve: entry(
    [
      ['spender', address],
      ['amount', u256],
    ],
    [bool],
    false,
  ),
} as const;

/** The vault's entry points the emulation runs (IERC4626, ILSTAdditional, ICommon, ERC-20). */
export const VAULT_ENTRYPOINTS = {
  asset: view([], address),
  total_assets: view([], u256),
  convert_to_shares: view([['assets', u256]], u256),
  convert_to_assets: view([['shares', u256]], u256),
  max_deposit: view([['receiver', address]], u256),
  preview_deposit: view([['assets', u256]], u256),
  deposit: entry(
    [
      ['assets', u256],
      ['receiver', address],
    ],
    [u256],
    false,
  ),
  max_mint: view([['receiver', address]], u256),
  preview_mint: view([['shares', u256]], u256),
  mint: entry(
    [
      ['shares', u256],
      ['receiver', address],
    ],
    [u256],
    false,
  ),
  max_withdraw: view([['owner', address]], u256),
  preview_withdraw: view([['assets', u256]], u256),
  withdraw: entry(
    [
      ['assets', u256],
      ['receiver', address],
      ['owner', address],
    ],
    [u256],
    false,
  ),
  max_redeem: view([['owner', address]], u256),
  preview_redeem: view([['shares', u256]], u256),
  redeem: entry(
    [
      ['shares', u256],
      ['receiver', address],
      ['owner', address],
    ],
    [u256],
    false,
  ),
  deposit_with_referral: entry(
    [
      ['assets', u256],
      ['receiver', address],
      ['referral', byteArray],
    ],
    [u256],
    false,
  ),
  deposit_to_validator: entry(
    [
      ['assets', u256],
      ['receiver', address],
      ['validator', address],
    ],
    [u256],
    false,
  ),
  get_config: view([], CAIRO.config),
  is_paused: view([], bool),
  ...ERC20_ENTRYPOINTS,
} as const;

export type VaultEntrypoint = keyof typeof VAULT_ENTRYPOINTS;

/** OpenZeppelin's ERC-721 (`ERC721MixinImpl`), snake and camel case. */
const ERC721_ENTRYPOINTS = {
  balance_of: view([['account', address]], u256),
  owner_of: view([['token_id', u256]], address),
  safe_transfer_from: entry(
    [
      ['from', address],
      ['to', address],
      ['token_id', u256],
      ['data', CAIRO.felts],
    ],
    [],
    false,
  ),
  transfer_from: entry(
    [
      ['from', address],
      ['to', address],
      ['token_id', u256],
    ],
    [],
    false,
  ),
  approve: entry(
    [
      ['to', address],
      ['token_id', u256],
    ],
    [],
    false,
  ),
  set_approval_for_all: entry(
    [
      ['operator', address],
      ['approved', bool],
    ],
    [],
    false,
  ),
  get_approved: view([['token_id', u256]], address),
  is_approved_for_all: view(
    [
      ['owner', address],
      ['operator', address],
    ],
    bool,
  ),
  supports_interface: view([['interface_id', FELT]], bool),
  name: view([], byteArray),
  symbol: view([], byteArray),
  token_uri: view([['token_id', u256]], byteArray),
  balanceOf: view([['account', address]], u256),
  ownerOf: view([['tokenId', u256]], address),
  safeTransferFrom: entry(
    [
      ['from', address],
      ['to', address],
      ['tokenId', u256],
      ['data', CAIRO.felts],
    ],
    [],
    false,
  ),
  transferFrom: entry(
    [
      ['from', address],
      ['to', address],
      ['tokenId', u256],
    ],
    [],
    false,
  ),
  setApprovalForAll: entry(
    [
      ['operator', address],
      ['approved', bool],
    ],
    [],
    false,
  ),
  getApproved: view([['tokenId', u256]], address),
  isApprovedForAll: view(
    [
      ['owner', address],
      ['operator', address],
    ],
    bool,
  ),
  tokenURI: view([['tokenId', u256]], byteArray),
} as const;

/** The queue's entry points the emulation runs (IWithdrawalQueue, ICommon, ERC-721). */
export const QUEUE_ENTRYPOINTS = {
  request_withdrawal: entry(
    [
      ['assets', u256],
      ['shares', u256],
      ['receiver', address],
    ],
    [u128],
    false,
  ),
  claim_withdrawal: entry([['request_id', u128]], [], false),
  claim_withdrawal_to: entry(
    [
      ['request_id', u128],
      ['receiver', address],
    ],
    [],
    false,
  ),
  get_request_info: view([['request_id', u128]], CAIRO.request),
  get_queue_state: view([], CAIRO.queueState),
  is_paused: view([], bool),
  ...ERC721_ENTRYPOINTS,
} as const;

export type QueueEntrypoint = keyof typeof QUEUE_ENTRYPOINTS;

/** `WithdrawRequest` (9 felts): what `get_request_info` answers and `WithdrawQueue` carries. */
export const WITHDRAW_REQUEST_MEMBERS = [
  ['amountSTRK', u256],
  ['amountkSTRK', u256],
  ['isClaimed', bool],
  ['timestamp', CAIRO.u64],
  ['claimTime', CAIRO.u64],
  ['cumulative_requested_amount_snapshot', u256],
] as const;

/** `QueueState` (7 felts), `get_queue_state`'s answer. */
export const QUEUE_STATE_MEMBERS = [
  ['max_request_id', u128],
  ['unprocessed_withdraw_queue_amount', u256],
  ['intransit_amount', u256],
  ['cumulative_requested_amount', u256],
] as const;

/** The vault's `Config` (3 felts), `get_config`'s answer. */
export const CONFIG_MEMBERS = [
  ['treasury', address],
  ['withdraw_queue', CAIRO.queueDispatcher],
  ['validator_registry', CAIRO.registryDispatcher],
] as const;

type Member = readonly [name: string, type: string, kind: 'key' | 'data'];

/** An event: its name (key 0 is its selector) and members in declaration order. */
export type EventLayout = {
  name: string;
  path: string;
  members: readonly Member[];
};

const event = (
  name: string,
  path: string,
  members: readonly Member[],
): EventLayout => ({ name, path, members });

/** The vault's events the emulation emits (components are flat). */
export const VAULT_EVENTS = {
  Deposit: event('Deposit', 'lst::lst::erc4626::ERC4626Component::Deposit', [
    ['sender', address, 'key'],
    ['owner', address, 'key'],
    ['assets', u256, 'data'],
    ['shares', u256, 'data'],
  ]),
  Withdraw: event('Withdraw', 'lst::lst::erc4626::ERC4626Component::Withdraw', [
    ['sender', address, 'key'],
    ['receiver', address, 'key'],
    ['owner', address, 'key'],
    ['assets', u256, 'data'],
    ['shares', u256, 'data'],
  ]),
  Transfer: event(
    'Transfer',
    'openzeppelin_token::erc20::erc20::ERC20Component::Transfer',
    [
      ['from', address, 'key'],
      ['to', address, 'key'],
      ['value', u256, 'data'],
    ],
  ),
  Approval: event(
    'Approval',
    'openzeppelin_token::erc20::erc20::ERC20Component::Approval',
    [
      ['owner', address, 'key'],
      ['spender', address, 'key'],
      ['value', u256, 'data'],
    ],
  ),
  DispatchToWithdrawQueue: event(
    'DispatchToWithdrawQueue',
    'lst::lst::interface::DispatchToWithdrawQueue',
    [['amount', u256, 'data']],
  ),
  Referral: event('Referral', 'lst::lst::lst::LST::Referral', [
    ['referrer', byteArray, 'key'],
    ['referee', address, 'key'],
    ['assets', u256, 'data'],
  ]),
} as const;

/** The queue's events the emulation emits. */
export const QUEUE_EVENTS = {
  WithdrawQueue: event(
    'WithdrawQueue',
    'lst::withdrawal_queue::withdrawal_queue::WithdrawalQueue::WithdrawQueue',
    [
      ['receiver', address, 'key'],
      ['caller', address, 'key'],
      ['request_id', u128, 'data'],
      ['request', CAIRO.request, 'data'],
      ['timestamp', CAIRO.u64, 'data'],
    ],
  ),
  ReceivedFunds: event(
    'ReceivedFunds',
    'lst::withdrawal_queue::withdrawal_queue::WithdrawalQueue::ReceivedFunds',
    [
      ['amount', u256, 'data'],
      ['sender', address, 'key'],
      ['unprocessed', u256, 'data'],
      ['intransit', u256, 'data'],
      ['timestamp', CAIRO.u64, 'data'],
    ],
  ),
  Transfer: event(
    'Transfer',
    'openzeppelin_token::erc721::erc721::ERC721Component::Transfer',
    [
      ['from', address, 'key'],
      ['to', address, 'key'],
      ['token_id', u256, 'key'],
    ],
  ),
  Approval: event(
    'Approval',
    'openzeppelin_token::erc721::erc721::ERC721Component::Approval',
    [
      ['owner', address, 'key'],
      ['approved', address, 'key'],
      ['token_id', u256, 'key'],
    ],
  ),
  ApprovalForAll: event(
    'ApprovalForAll',
    'openzeppelin_token::erc721::erc721::ERC721Component::ApprovalForAll',
    [
      ['owner', address, 'key'],
      ['operator', address, 'key'],
      ['approved', bool, 'data'],
    ],
  ),
} as const;

const U128_MASK = (1n << 128n) - 1n;

/**
 * A u256 as Cairo serialises it: low, then high.
 *
 * @param value - The value.
 * @returns Two felts.
 */
export function u256Felts(value: bigint): bigint[] {
  return [value & U128_MASK, value >> 128n];
}

/** A member's value: a felt, a u256 (bigint), or felts already serialised. */
export type EventValue = bigint | readonly bigint[];

/**
 * An event's keys (its selector, then its key members in order) and data.
 *
 * @param layout - The event.
 * @param values - Its members by name (structs and ByteArrays serialised).
 * @returns The keys and data.
 */
export function endurEventFelts(
  layout: EventLayout,
  values: Record<string, EventValue>,
): { keys: bigint[]; data: bigint[] } {
  const keys = [selectorOf(layout.name)];
  const data: bigint[] = [];
  for (const [name, type, kind] of layout.members) {
    const value = values[name];
    if (value === undefined) {
      throw new Error(`${layout.name}: no value for ${name}`);
    }
    let felts: bigint[];
    if (typeof value !== 'bigint') {
      felts = [...value];
    } else if (type === u256) {
      felts = u256Felts(value);
    } else {
      felts = [value];
    }
    (kind === 'key' ? keys : data).push(...felts);
  }
  return { keys, data };
}

/** A withdrawal request as the queue keeps it. */
export type WithdrawRequest = {
  assets: bigint;
  shares: bigint;
  claimed: boolean;
  timestamp: bigint;
  claimTime: bigint;
  cumulativeSnapshot: bigint;
};

/**
 * A `WithdrawRequest` serialised (9 felts).
 *
 * @param request - The request.
 * @returns Its felts.
 */
export function requestFelts(request: WithdrawRequest): bigint[] {
  return [
    ...u256Felts(request.assets),
    ...u256Felts(request.shares),
    request.claimed ? 1n : 0n,
    request.timestamp,
    request.claimTime,
    ...u256Felts(request.cumulativeSnapshot),
  ];
}

/**
 * The revert texts. Endur's own are not public: these are the local node's
 * (each says what was refused); the ERC-20 and ERC-721 ones are
 * OpenZeppelin's.
 */
export const ENDUR_ERRORS = {
  ZERO_ASSETS: 'LST: assets is zero',
  ZERO_SHARES: 'LST: shares is zero',
  ZERO_RECEIVER: 'LST: receiver is zero',
  UNKNOWN_VALIDATOR: 'LST: validator not whitelisted',
  INSUFFICIENT_SHARES: 'ERC20: insufficient balance',
  INSUFFICIENT_ALLOWANCE: 'ERC20: insufficient allowance',
  NOT_VAULT: 'WQ: caller is not the LST',
  INVALID_REQUEST: 'WQ: invalid request id',
  ALREADY_CLAIMED: 'WQ: request already claimed',
  NOT_READY: 'WQ: request not ready to claim',
  NOT_OWNER: 'WQ: caller is not the request owner',
  ERC721_INVALID_TOKEN: 'ERC721: invalid token ID',
  ERC721_INVALID_ACCOUNT: 'ERC721: invalid account',
  ERC721_UNAUTHORIZED: 'ERC721: unauthorized caller',
  ERC721_INVALID_RECEIVER: 'ERC721: invalid receiver',
  ERC721_WRONG_SENDER: 'ERC721: wrong sender',
  ERC721_APPROVAL_TO_OWNER: 'ERC721: approval to owner',
  ERC721_SELF_APPROVAL: 'ERC721: self approval',
} as const;

/** The vault's storage (the ERC-20's is erc20.ts's, OpenZeppelin's names). */
export const VAULT_SLOTS = {
  asset: varSlot('ERC4626_asset'),
  /** Total assets at the last action, and its time (the growth starts there). */
  assets: varSlot('total_assets_checkpoint'),
  checkpointTime: varSlot('total_assets_checkpoint_time'),
  queue: varSlot('withdraw_queue'),
  treasury: varSlot('treasury'),
  validatorRegistry: varSlot('validator_registry'),
  validator: (validator: bigint): bigint =>
    mapSlot('whitelisted_validators', validator),
} as const;

/** The queue's storage (the ERC-721's by OpenZeppelin's names). */
export const QUEUE_SLOTS = {
  vault: varSlot('lst'),
  token: varSlot('token'),
  claimWait: varSlot('claim_time'),
  maxRequestId: varSlot('max_request_id'),
  cumulative: varSlot('cumulative_requested_amount'),
  unprocessed: varSlot('unprocessed_withdraw_queue_amount'),
  intransit: varSlot('intransit_amount'),
  // A request's fields from its base slot: assets (2), shares (2), claimed,
  // timestamp, claimTime, snapshot (2).
  request: (id: bigint): bigint => mapSlot('withdraw_requests', id),
  owner: (id: bigint): bigint => mapSlot('ERC721_owners', id),
  balance: (account: bigint): bigint => mapSlot('ERC721_balances', account),
  approved: (id: bigint): bigint => mapSlot('ERC721_token_approvals', id),
  operator: (owner: bigint, operator: bigint): bigint =>
    mapSlot('ERC721_operator_approvals', owner, operator),
} as const;

/**
 * ERC-4626's conversions at a rate (total assets over supply), rounding
 * down unless asked (`preview_mint` and `preview_withdraw` round up, so the
 * vault never gives more than it takes). An empty vault converts 1:1.
 *
 * @param amount - What is converted.
 * @param numerator - The side converted to (assets or supply).
 * @param denominator - The side converted from.
 * @param up - Round up.
 * @returns The converted amount.
 */
export function convert(
  amount: bigint,
  numerator: bigint,
  denominator: bigint,
  up = false,
): bigint {
  if (numerator === 0n || denominator === 0n) {
    return amount;
  }
  const product = amount * numerator;
  return up
    ? (product + denominator - 1n) / denominator
    : product / denominator;
}

/**
 * The vault's assets at a time: those of the last action, grown by
 * LIQUID_APR_BPS a year since.
 *
 * @param assets - The assets at the checkpoint.
 * @param since - The checkpoint's time.
 * @param now - The time.
 * @returns The assets.
 */
export function grownAssets(
  assets: bigint,
  since: bigint,
  now: bigint,
): bigint {
  const elapsed = now > since ? now - since : 0n;
  return (
    assets + (assets * LIQUID_APR_BPS * elapsed) / (10_000n * YEAR_SECONDS)
  );
}

import type { Call } from 'starknet';

import { readLayout, span, u256 } from './felts';
import type { Cursor } from './felts';
import type { Network } from '../config';
import { MAINNET_CHAIN_ID, STRK_ADDRESS, TESTNET_CHAIN_ID } from '../config';
import type { Reading } from '../node/answers';
import { selectorOf } from '../protocol/selectors';
import { toHex } from '../protocol/values';

/**
 * Endur's liquid staking of STRK as the wallet reads and builds its calls:
 * the xSTRK vault (ERC-4626 over STRK, and an ERC-20) and its withdrawal
 * queue (an ERC-721, one token per request). Endur publishes no Cairo
 * source; its compiled ABIs are in Endur-fi/client at 4aee6d32
 * (src/abi/lst.abi.json, src/abi/wq.abi.json), vendored as
 * vendor/contracts/endur-xstrk.abi.json and endur-withdrawal-queue.abi.json
 * and held to this file by vault.test.ts; the addresses are the client's
 * src/constants/index.ts and the relayer's (Endur-fi/relayer at 9d1cd10a)
 * src/common/constants.ts. The relayer claims users' requests itself: a
 * claim pays the request's owner, whoever calls it. Pure: no node is asked
 * anything here.
 */

/** The vault and its queue on one network. */
export type LiquidStaking = { vault: string; queue: string };

/** Endur's contracts per built-in network, by chain id. */
export const LIQUID_STAKING: Readonly<Record<string, LiquidStaking>> = {
  [MAINNET_CHAIN_ID]: {
    vault: '0x028d709c875c0ceac3dce7065bec5328186dc89fe254527084d1689910954b0a',
    queue: '0x00518a66e579f9eb1603f5ffaeff95d3f013788e9c37ee94995555026b9648b6',
  },
  [TESTNET_CHAIN_ID]: {
    vault: '0x042de5b868da876768213c48019b8d46cd484e66013ae3275f8a4b97b31fc7eb',
    queue: '0x0254cbdaf8275cb1b514ae63ccedb04a3a9996b1489829e5d6bbaf759ac100b6',
  },
};

/**
 * Endur's contracts on a network: the built-in networks' own, none on one
 * a site or the user added (its node could serve anything there).
 *
 * @param network - The network.
 * @returns The vault and queue (canonical), or undefined.
 */
export function liquidStakingOf(network: Network): LiquidStaking | undefined {
  return network.addedBy === undefined
    ? LIQUID_STAKING[network.chainId]
    : undefined;
}

/** The vault's and queue's entry points and views the wallet uses. */
const NAMES = [
  'deposit',
  'mint',
  'withdraw',
  'redeem',
  'deposit_with_referral',
  'deposit_to_validator',
  'preview_deposit',
  'preview_mint',
  'preview_withdraw',
  'preview_redeem',
  'convert_to_assets',
  'claim_withdrawal',
  'claim_withdrawal_to',
  'get_request_info',
  'get_queue_state',
  'owner_of',
] as const;

/** Each name's selector (canonical hex), from the wallet's table. */
const SELECTORS = Object.fromEntries(
  NAMES.map((name) => [name, selectorOf(name)]),
) as Readonly<Record<(typeof NAMES)[number], string>>;

/**
 * The vault's and queue's selectors.
 *
 * @returns Each name's selector (canonical hex).
 */
export function vaultSelectors(): typeof SELECTORS {
  return SELECTORS;
}

/**
 * Entry points only Endur's contracts have (the rest are ERC-4626's): a
 * call of one to another contract is marked as not Endur's.
 */
export const OWN_ENTRY_POINTS = [
  'deposit_with_referral',
  'deposit_to_validator',
  'claim_withdrawal',
  'claim_withdrawal_to',
] as const;

/** One xSTRK share, the unit the vault's rate is read in. */
export const ONE_SHARE = 10n ** 18n;

/** What a call to the vault or the queue does, read off its calldata. */
export type VaultCall =
  | {
      action: 'deposit';
      /** STRK put in. */
      assets: bigint;
      receiver: bigint;
      /** deposit_with_referral's code. */
      referral?: string;
      /** deposit_to_validator's validator. */
      validator?: bigint;
    }
  | { action: 'mint'; shares: bigint; receiver: bigint }
  | { action: 'redeem'; shares: bigint; receiver: bigint; owner: bigint }
  | { action: 'withdraw'; assets: bigint; receiver: bigint; owner: bigint }
  | {
      action: 'claim';
      requestId: bigint;
      /** claim_withdrawal_to's receiver (claim_withdrawal pays the owner). */
      receiver?: bigint;
    };

/** The most 31-byte words a referral code is read with. */
const MOST_REFERRAL_WORDS = 4;

/**
 * A ByteArray word's bytes as text, each byte one character.
 *
 * @param word - The word.
 * @param size - Its length in bytes.
 * @returns The text, or undefined when the word is longer than its length.
 */
function wordText(word: bigint, size: number): string | undefined {
  const digits = (word === 0n ? '' : word.toString(16)).padStart(size * 2, '0');
  return digits.length > size * 2
    ? undefined
    : String.fromCharCode(
        ...(digits.match(/../gu) ?? []).map((byte) => parseInt(byte, 16)),
      );
}

/**
 * A referral code (a Cairo ByteArray: its full 31-byte words, the pending
 * word and its length) as text: printable ASCII only, or the call does not
 * read (what cannot be shown faithfully is not shown). Decoded here, byte
 * by byte: starknet.js's stringFromByteArray drops a word's leading zero
 * bytes and reads an odd-length word as text ('0x0a' as "a").
 *
 * @param cursor - The cursor.
 * @returns The code.
 */
function referral(cursor: Cursor): string {
  const words = span(cursor, 'referral.data', MOST_REFERRAL_WORDS, () =>
    cursor.take('felt', 'referral.data'),
  );
  const pending = cursor.take('felt', 'referral.pending_word');
  const length = cursor.take('u32', 'referral.pending_word_len');
  const parts = [
    ...words.map((word) => wordText(word, 31)),
    length < 31n ? wordText(pending, Number(length)) : undefined,
  ];
  const text = parts.every((part) => part !== undefined)
    ? parts.join('')
    : cursor.fail('referral has a word longer than its length');
  return /^[\x20-\x7e]*$/u.test(text)
    ? text
    : cursor.fail('referral is not printable text');
}

/**
 * Reads a call to the vault.
 *
 * @param selector - The call's selector (canonical hex).
 * @param calldata - Its calldata.
 * @returns The call read, why it does not read, or undefined for another
 * entry point.
 */
export function readVaultCall(
  selector: string,
  calldata: readonly (string | bigint)[],
): Reading<VaultCall> | undefined {
  const names = vaultSelectors();
  const name = (
    [
      'deposit',
      'mint',
      'withdraw',
      'redeem',
      'deposit_with_referral',
      'deposit_to_validator',
      'claim_withdrawal',
      'claim_withdrawal_to',
    ] as const
  ).find((candidate) => names[candidate] === selector);
  if (name === undefined) {
    return undefined;
  }
  return readLayout(name, calldata, (cursor): VaultCall => {
    switch (name) {
      case 'mint':
        return {
          action: 'mint',
          shares: u256(cursor, 'shares'),
          receiver: cursor.take('address', 'receiver'),
        };
      case 'withdraw':
        return {
          action: 'withdraw',
          assets: u256(cursor, 'assets'),
          receiver: cursor.take('address', 'receiver'),
          owner: cursor.take('address', 'owner'),
        };
      case 'redeem':
        return {
          action: 'redeem',
          shares: u256(cursor, 'shares'),
          receiver: cursor.take('address', 'receiver'),
          owner: cursor.take('address', 'owner'),
        };
      case 'claim_withdrawal':
        return {
          action: 'claim',
          requestId: cursor.take('u128', 'request_id'),
        };
      case 'claim_withdrawal_to':
        return {
          action: 'claim',
          requestId: cursor.take('u128', 'request_id'),
          receiver: cursor.take('address', 'receiver'),
        };
      default: {
        const assets = u256(cursor, 'assets');
        const receiver = cursor.take('address', 'receiver');
        if (name === 'deposit_with_referral') {
          return {
            action: 'deposit',
            assets,
            receiver,
            referral: referral(cursor),
          };
        }
        return name === 'deposit_to_validator'
          ? {
              action: 'deposit',
              assets,
              receiver,
              validator: cursor.take('address', 'validator'),
            }
          : { action: 'deposit', assets, receiver };
      }
    }
  });
}

/** A withdrawal request, as `get_request_info` answers it. */
export type WithdrawRequest = {
  /** The STRK it pays. */
  assets: bigint;
  /** The xSTRK it burnt. */
  shares: bigint;
  claimed: boolean;
  /** When it was made (seconds). */
  requestedAt: bigint;
  /** When it may be claimed (seconds): the queue's wait after requestedAt. */
  claimableAt: bigint;
};

/**
 * Reads `get_request_info`'s answer: `WithdrawRequest {amountSTRK: u256,
 * amountkSTRK: u256, isClaimed: bool, timestamp: u64, claimTime: u64,
 * cumulative_requested_amount_snapshot: u256}`.
 *
 * @param felts - The answer.
 * @returns The request, or why the felts are not one.
 */
export function readWithdrawRequest(
  felts: readonly (string | bigint)[],
): Reading<WithdrawRequest> {
  return readLayout('the withdrawal request', felts, (cursor) => {
    const request = {
      assets: u256(cursor, 'amountSTRK'),
      shares: u256(cursor, 'amountkSTRK'),
      claimed: cursor.tag('isClaimed') === 1,
      requestedAt: cursor.take('u64', 'timestamp'),
      claimableAt: cursor.take('u64', 'claimTime'),
    };
    u256(cursor, 'cumulative_requested_amount_snapshot');
    return request;
  });
}

/**
 * Reads `get_queue_state`'s answer for its `max_request_id` (the latest
 * request's id): `QueueState {max_request_id: u128,
 * unprocessed_withdraw_queue_amount: u256, intransit_amount: u256,
 * cumulative_requested_amount: u256}`.
 *
 * @param felts - The answer.
 * @returns The latest id, or why the felts are not a queue state.
 */
export function readQueueState(
  felts: readonly (string | bigint)[],
): Reading<bigint> {
  return readLayout('the queue state', felts, (cursor) => {
    const latest = cursor.take('u128', 'max_request_id');
    for (const field of ['unprocessed', 'intransit', 'cumulative']) {
      u256(cursor, field);
    }
    return latest;
  });
}

/**
 * Reads a one-u256 answer (a preview, a conversion, a balance).
 *
 * @param felts - The answer.
 * @returns The amount, or why the felts are not one.
 */
export function readAmount(
  felts: readonly (string | bigint)[],
): Reading<bigint> {
  return readLayout('the amount', felts, (cursor) => u256(cursor, 'amount'));
}

/**
 * A u256 as calldata.
 *
 * @param value - The value.
 * @returns Its low and high halves.
 */
export function u256Calldata(value: bigint): string[] {
  return [toHex(value % 2n ** 128n), toHex(value / 2n ** 128n)];
}

/**
 * The calls that stake STRK for xSTRK: the approve of exactly the amount,
 * then the deposit, for the account itself.
 *
 * @param vault - The vault.
 * @param assets - The STRK put in.
 * @param account - The account (receiver).
 * @returns The calls.
 */
export function liquidStakeCalls(
  vault: string,
  assets: bigint,
  account: string,
): Call[] {
  return [
    {
      contractAddress: STRK_ADDRESS,
      entrypoint: 'approve',
      calldata: [vault, ...u256Calldata(assets)],
    },
    {
      contractAddress: vault,
      entrypoint: 'deposit',
      calldata: [...u256Calldata(assets), account],
    },
  ];
}

/**
 * The call that unstakes xSTRK through the queue, for the account itself.
 *
 * @param vault - The vault.
 * @param shares - The xSTRK redeemed.
 * @param account - The account (receiver and owner).
 * @returns The call.
 */
export function liquidUnstakeCall(
  vault: string,
  shares: bigint,
  account: string,
): Call {
  return {
    contractAddress: vault,
    entrypoint: 'redeem',
    calldata: [...u256Calldata(shares), account, account],
  };
}

/**
 * The call that claims a ready request (paid to its owner).
 *
 * @param queue - The queue.
 * @param requestId - The request.
 * @returns The call.
 */
export function claimWithdrawalCall(queue: string, requestId: bigint): Call {
  return {
    contractAddress: queue,
    entrypoint: 'claim_withdrawal',
    calldata: [toHex(requestId)],
  };
}

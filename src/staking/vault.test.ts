import { byteArray, CallData, hash } from 'starknet';

import {
  claimWithdrawalCall,
  LIQUID_STAKING,
  liquidStakeCalls,
  liquidStakingOf,
  liquidUnstakeCall,
  readQueueState,
  readVaultCall,
  readWithdrawRequest,
  vaultSelectors,
} from './vault';
import { abiEntry, readAbi } from '../../test/vendored';
import type { AbiEntry } from '../../test/vendored';
import { MAINNET_CHAIN_ID, STRK_ADDRESS, TESTNET_CHAIN_ID } from '../config';

const VAULT_ABI = readAbi('endur-xstrk.abi.json');
const QUEUE_ABI = readAbi('endur-withdrawal-queue.abi.json');
const entry = abiEntry;

const ADDRESS = 'core::starknet::contract_address::ContractAddress';
const U256 = 'core::integer::u256';
const U128 = 'core::integer::u128';
const VAULT = LIQUID_STAKING[TESTNET_CHAIN_ID]?.vault ?? '';
const QUEUE = LIQUID_STAKING[TESTNET_CHAIN_ID]?.queue ?? '';
const ACCOUNT = '0xacc';
const OTHER = '0xb0b';

/**
 * A call's calldata as the wallet reads it, from its selector's name.
 *
 * @param name - The entry point.
 * @param calldata - Its calldata.
 * @returns What the reader says.
 */
function read(
  name: string,
  calldata: (string | bigint)[],
): ReturnType<typeof readVaultCall> {
  return readVaultCall(hash.getSelectorFromName(name), calldata);
}

describe("Endur's vault and queue, held to their vendored ABIs", () => {
  it('reads each entry point with the inputs the ABI lists, in order', () => {
    const inputs = (abi: AbiEntry[], name: string): string[] =>
      (entry(abi, 'function', name).inputs ?? []).map(
        ({ name: field, type }) => `${field}: ${type}`,
      );
    expect(inputs(VAULT_ABI, 'deposit')).toStrictEqual([
      `assets: ${U256}`,
      `receiver: ${ADDRESS}`,
    ]);
    expect(inputs(VAULT_ABI, 'mint')).toStrictEqual([
      `shares: ${U256}`,
      `receiver: ${ADDRESS}`,
    ]);
    expect(inputs(VAULT_ABI, 'withdraw')).toStrictEqual([
      `assets: ${U256}`,
      `receiver: ${ADDRESS}`,
      `owner: ${ADDRESS}`,
    ]);
    expect(inputs(VAULT_ABI, 'redeem')).toStrictEqual([
      `shares: ${U256}`,
      `receiver: ${ADDRESS}`,
      `owner: ${ADDRESS}`,
    ]);
    expect(inputs(VAULT_ABI, 'deposit_with_referral')).toStrictEqual([
      `assets: ${U256}`,
      `receiver: ${ADDRESS}`,
      'referral: core::byte_array::ByteArray',
    ]);
    expect(inputs(VAULT_ABI, 'deposit_to_validator')).toStrictEqual([
      `assets: ${U256}`,
      `receiver: ${ADDRESS}`,
      `validator: ${ADDRESS}`,
    ]);
    for (const view of [
      'preview_deposit',
      'preview_mint',
      'preview_redeem',
      'preview_withdraw',
      'convert_to_assets',
    ]) {
      expect(entry(VAULT_ABI, 'function', view).outputs).toStrictEqual([
        { type: U256 },
      ]);
    }
    expect(inputs(QUEUE_ABI, 'claim_withdrawal')).toStrictEqual([
      `request_id: ${U128}`,
    ]);
    expect(inputs(QUEUE_ABI, 'claim_withdrawal_to')).toStrictEqual([
      `request_id: ${U128}`,
      `receiver: ${ADDRESS}`,
    ]);
    expect(inputs(QUEUE_ABI, 'get_request_info')).toStrictEqual([
      `request_id: ${U128}`,
    ]);
    expect(inputs(QUEUE_ABI, 'owner_of')).toStrictEqual([`token_id: ${U256}`]);
    for (const [name, selector] of Object.entries(vaultSelectors())) {
      expect(selector).toBe(hash.getSelectorFromName(name));
    }
  });

  it('reads a request and the queue state as their structs lay them out', () => {
    const members = (name: string): string[] =>
      (entry(QUEUE_ABI, 'struct', name).members ?? []).map(({ type }) => type);
    expect(
      members('lst::withdrawal_queue::interface::WithdrawRequest'),
    ).toStrictEqual([
      U256,
      U256,
      'core::bool',
      'core::integer::u64',
      'core::integer::u64',
      U256,
    ]);
    expect(
      members('lst::withdrawal_queue::interface::QueueState'),
    ).toStrictEqual([U128, U256, U256, U256]);
    expect(
      readWithdrawRequest([
        '0x5',
        '0x0',
        '0x4',
        '0x0',
        '0x1',
        '0x64',
        '0x70',
        '0x9',
        '0x0',
      ]),
    ).toStrictEqual({
      value: {
        assets: 5n,
        shares: 4n,
        claimed: true,
        requestedAt: 100n,
        claimableAt: 112n,
      },
    });
    expect(readWithdrawRequest(['0x5', '0x0'])).toStrictEqual({
      problem: 'the withdrawal request: it ends before amountkSTRK.low',
    });
    expect(
      readQueueState(['0x2a', '0x0', '0x0', '0x0', '0x0', '0x1', '0x0']),
    ).toStrictEqual({ value: 42n });
    expect(readQueueState(['0x2a'])).toStrictEqual({
      problem: 'the queue state: it ends before unprocessed.low',
    });
  });
});

describe("reading a call to Endur's vault or queue", () => {
  it('reads each ERC-4626 entry point, and the claims', () => {
    expect(read('deposit', ['0x64', '0x0', ACCOUNT])).toStrictEqual({
      value: { action: 'deposit', assets: 100n, receiver: 0xaccn },
    });
    expect(read('mint', ['0x0', '0x1', OTHER])).toStrictEqual({
      value: { action: 'mint', shares: 2n ** 128n, receiver: 0xb0bn },
    });
    expect(read('redeem', ['0x5', '0x0', OTHER, ACCOUNT])).toStrictEqual({
      value: { action: 'redeem', shares: 5n, receiver: 0xb0bn, owner: 0xaccn },
    });
    expect(read('withdraw', ['0x5', '0x0', ACCOUNT, OTHER])).toStrictEqual({
      value: {
        action: 'withdraw',
        assets: 5n,
        receiver: 0xaccn,
        owner: 0xb0bn,
      },
    });
    expect(read('claim_withdrawal', ['0x2a'])).toStrictEqual({
      value: { action: 'claim', requestId: 42n },
    });
    expect(read('claim_withdrawal_to', ['0x2a', OTHER])).toStrictEqual({
      value: { action: 'claim', requestId: 42n, receiver: 0xb0bn },
    });
    expect(
      read('deposit_to_validator', ['0x64', '0x0', ACCOUNT, OTHER]),
    ).toStrictEqual({
      value: {
        action: 'deposit',
        assets: 100n,
        receiver: 0xaccn,
        validator: 0xb0bn,
      },
    });
    expect(read('transfer', [OTHER, '0x1', '0x0'])).toBeUndefined();
  });

  it("reads deposit_with_referral's code as starknet.js encodes a ByteArray, printable text only", () => {
    const long = 'a referral code longer than one word';
    for (const code of ['', 'ENDUR', long]) {
      const calldata = CallData.compile([
        100,
        0,
        ACCOUNT,
        byteArray.byteArrayFromString(code),
      ]);
      expect(read('deposit_with_referral', calldata)).toStrictEqual({
        value: {
          action: 'deposit',
          assets: 100n,
          receiver: 0xaccn,
          referral: code,
        },
      });
    }
    expect(
      read('deposit_with_referral', [
        '0x64',
        '0x0',
        ACCOUNT,
        '0x0',
        '0x0a',
        '0x1',
      ]),
    ).toStrictEqual({
      problem: 'deposit_with_referral: referral is not printable text',
    });
    expect(
      read('deposit_with_referral', [
        '0x64',
        '0x0',
        ACCOUNT,
        '0x0',
        '0x4142',
        '0x1',
      ]),
    ).toStrictEqual({
      problem:
        'deposit_with_referral: referral has a word longer than its length',
    });
    expect(
      read('deposit_with_referral', ['0x64', '0x0', ACCOUNT, '0x5']),
    ).toStrictEqual({
      problem: 'deposit_with_referral: referral.data lists more than 4',
    });
  });

  it('says why calldata does not read: a missing or trailing felt, a half past u128', () => {
    expect(read('deposit', ['0x64', '0x0'])).toStrictEqual({
      problem: 'deposit: it ends before receiver',
    });
    expect(read('deposit', ['0x64', '0x0', ACCOUNT, '0x1'])).toStrictEqual({
      problem: 'deposit: 1 felts follow it',
    });
    expect(
      read('redeem', [`0x${'f'.repeat(33)}`, '0x0', ACCOUNT, ACCOUNT]),
    ).toStrictEqual({
      problem: 'redeem: shares.low is not a u128',
    });
  });
});

describe("Endur's contracts per network, and the calls the page builds", () => {
  it('knows the built-in networks only', () => {
    expect(
      liquidStakingOf({ name: 'Mainnet', chainId: MAINNET_CHAIN_ID }),
    ).toStrictEqual({
      vault:
        '0x028d709c875c0ceac3dce7065bec5328186dc89fe254527084d1689910954b0a',
      queue:
        '0x00518a66e579f9eb1603f5ffaeff95d3f013788e9c37ee94995555026b9648b6',
    });
    expect(
      liquidStakingOf({
        name: 'Mine',
        chainId: TESTNET_CHAIN_ID,
        addedBy: 'https://dapp.example',
      }),
    ).toBeUndefined();
  });

  it('builds approve + deposit, redeem and claim as the reader reads them', () => {
    const [approve, deposit] = liquidStakeCalls(VAULT, 2n ** 130n, ACCOUNT);
    expect(approve).toStrictEqual({
      contractAddress: STRK_ADDRESS,
      entrypoint: 'approve',
      calldata: [VAULT, '0x0', '0x4'],
    });
    expect(read('deposit', deposit?.calldata as string[])).toStrictEqual({
      value: { action: 'deposit', assets: 2n ** 130n, receiver: 0xaccn },
    });
    const redeem = liquidUnstakeCall(VAULT, 7n, ACCOUNT);
    expect(read('redeem', redeem.calldata as string[])).toStrictEqual({
      value: { action: 'redeem', shares: 7n, receiver: 0xaccn, owner: 0xaccn },
    });
    const claim = claimWithdrawalCall(QUEUE, 42n);
    expect(claim.contractAddress).toBe(QUEUE);
    expect(read('claim_withdrawal', claim.calldata as string[])).toStrictEqual({
      value: { action: 'claim', requestId: 42n },
    });
  });
});

import type { Call, RpcProvider } from 'starknet';
import { Account, byteArray, CallData, hash, uint256 } from 'starknet';

import { checkedProvider, rpcResult, STRK } from './helpers';
import type { LocalNode } from '../src';
import { startLocalNode } from '../src';
import { GENESIS_VALIDATORS } from '../src/chain/staking-genesis';
import {
  DEFAULT_LIQUID_WITHDRAWAL_WAIT,
  ENDUR_ERRORS,
} from '../src/contracts/endur-protocol';

/**
 * Endur's liquid staking on the local node, over JSON-RPC as a wallet or a
 * dapp meets it: stake (approve + deposit in one multicall), mint, redeem
 * through the queue (its NFT and events), claims before and after the wait,
 * the rate rising with the chain's clock.
 */

const ONE = 10n ** 18n;
const WAIT = { retryInterval: 20 };
const WITHDRAW_QUEUE = BigInt(hash.getSelectorFromName('WithdrawQueue'));
const TRANSFER = BigInt(hash.getSelectorFromName('Transfer'));

let node: LocalNode;
let provider: RpcProvider;
let alice: Account;
let bob: Account;
let vault: string;
let queue: string;

type Event = { from_address: string; keys: string[]; data: string[] };

const u256 = (value: bigint): string[] => {
  const { low, high } = uint256.bnToUint256(value);
  return [String(low), String(high)];
};

const call = async (
  contractAddress: string,
  entrypoint: string,
  calldata: string[] = [],
): Promise<bigint[]> =>
  (await provider.callContract({ contractAddress, entrypoint, calldata })).map(
    BigInt,
  );

const readU256 = async (
  contract: string,
  entrypoint: string,
  calldata: string[] = [],
): Promise<bigint> => {
  const [low = 0n, high = 0n] = await call(contract, entrypoint, calldata);
  return uint256.uint256ToBN({ low, high });
};

/**
 * Sends calls and waits for them to succeed.
 *
 * @param account - The sender.
 * @param calls - The calls.
 * @returns The receipt's events.
 */
async function send(account: Account, calls: Call[]): Promise<Event[]> {
  const { transaction_hash: txHash } = await account.execute(calls);
  const receipt = await provider.waitForTransaction(txHash, WAIT);
  if (!receipt.isSuccess()) {
    throw new Error(`${txHash} did not succeed`);
  }
  return receipt.value.events;
}

const stakeCalls = (amount: bigint, receiver: string): Call[] => [
  {
    contractAddress: STRK,
    entrypoint: 'approve',
    calldata: [vault, ...u256(amount)],
  },
  {
    contractAddress: vault,
    entrypoint: 'deposit',
    calldata: [...u256(amount), receiver],
  },
];

const redeemCall = (shares: bigint, receiver: string, owner: string): Call => ({
  contractAddress: vault,
  entrypoint: 'redeem',
  calldata: [...u256(shares), receiver, owner],
});

const claimCall = (id: bigint): Call => ({
  contractAddress: queue,
  entrypoint: 'claim_withdrawal',
  calldata: [String(id)],
});

const increaseTime = async (seconds: number): Promise<void> => {
  await rpcResult(node.url, 'devnet_increaseTime', { time: seconds });
};

// Within a millionth (400 seconds of growth at 8 % a year).
const closeTo = (a: bigint, b: bigint): boolean =>
  (a > b ? a - b : b - a) * 1_000_000n <= b;

const same = (a: string | bigint, b: string | bigint): boolean =>
  BigInt(a) === BigInt(b);

beforeAll(async () => {
  node = await startLocalNode({ accounts: 3 });
  provider = checkedProvider(node.url);
  ({ vault, queue } = node.liquid);
  const [first, second] = node.accounts;
  if (!first || !second) {
    throw new Error('no predeployed accounts');
  }
  alice = new Account({
    provider,
    address: first.address,
    signer: first.privateKey,
  });
  bob = new Account({
    provider,
    address: second.address,
    signer: second.privateKey,
  });
});

afterAll(async () => {
  await node.stop();
});

describe("Endur's liquid staking on the local node", () => {
  it("sits at Sepolia's addresses with a 7-day wait, xSTRK an 18-decimal ERC-20 over STRK, the accounts holding none", async () => {
    expect(vault).toBe(
      '0x042de5b868da876768213c48019b8d46cd484e66013ae3275f8a4b97b31fc7eb',
    );
    expect(queue).toBe(
      '0x0254cbdaf8275cb1b514ae63ccedb04a3a9996b1489829e5d6bbaf759ac100b6',
    );
    expect(node.liquid.withdrawalWait).toBe(DEFAULT_LIQUID_WITHDRAWAL_WAIT);
    expect(await call(vault, 'asset')).toStrictEqual([BigInt(STRK)]);
    expect(await call(vault, 'decimals')).toStrictEqual([18n]);
    const symbol = await call(vault, 'symbol');
    expect(
      byteArray.stringFromByteArray({
        data: [],
        pending_word: String(symbol[1]),
        pending_word_len: Number(symbol[2]),
      }),
    ).toBe('xSTRK');
    expect(await readU256(vault, 'balance_of', [alice.address])).toBe(0n);
    expect(await call(vault, 'get_config')).toContainEqual(BigInt(queue));
    // More assets than shares: a rate above 1 from the start.
    expect(
      await readU256(vault, 'convert_to_assets', u256(ONE)),
    ).toBeGreaterThan(ONE);
  });

  it('stakes with approve + deposit in one multicall, the shares its preview said', async () => {
    const amount = 100n * ONE;
    const preview = await readU256(vault, 'preview_deposit', u256(amount));
    const strkBefore = await readU256(STRK, 'balance_of', [alice.address]);
    const events = await send(alice, stakeCalls(amount, alice.address));
    const minted = await readU256(vault, 'balance_of', [alice.address]);
    // The rate grows by the second on the chain's clock: the block came at
    // most a few seconds after the preview, so at most a hair fewer shares.
    expect(minted).toBeLessThanOrEqual(preview);
    expect(closeTo(minted, preview)).toBe(true);
    expect(await readU256(STRK, 'balance_of', [alice.address])).toBeLessThan(
      strkBefore - amount + 1n,
    );
    const deposit = events.find(
      (event) =>
        same(event.from_address, vault) &&
        same(event.keys[0] ?? 0n, hash.getSelectorFromName('Deposit')),
    );
    expect(deposit?.keys.slice(1).map(BigInt)).toStrictEqual([
      BigInt(alice.address),
      BigInt(alice.address),
    ]);
    expect(deposit?.data.map(BigInt)).toStrictEqual([amount, 0n, minted, 0n]);
  });

  it('mints an exact number of shares for about the assets preview_mint says', async () => {
    const shares = 10n * ONE;
    const assets = await readU256(vault, 'preview_mint', u256(shares));
    const before = await readU256(vault, 'balance_of', [bob.address]);
    // The rate may rise by a second's growth before the block: a dapp
    // approves a margin over the preview.
    const events = await send(bob, [
      {
        contractAddress: STRK,
        entrypoint: 'approve',
        calldata: [vault, ...u256(assets + assets / 1000n)],
      },
      {
        contractAddress: vault,
        entrypoint: 'mint',
        calldata: [...u256(shares), bob.address],
      },
    ]);
    expect(await readU256(vault, 'balance_of', [bob.address])).toBe(
      before + shares,
    );
    const deposit = events.find((event) =>
      same(event.keys[0] ?? 0n, hash.getSelectorFromName('Deposit')),
    );
    const paid = BigInt(deposit?.data[0] ?? 0);
    expect(paid).toBeGreaterThanOrEqual(assets);
    expect(closeTo(paid, assets)).toBe(true);
  });

  it('deposits with a referral (a ByteArray key) and to a whitelisted validator', async () => {
    const amount = 5n * ONE;
    const referral = CallData.compile([byteArray.byteArrayFromString('alice')]);
    const events = await send(alice, [
      {
        contractAddress: STRK,
        entrypoint: 'approve',
        calldata: [vault, ...u256(2n * amount)],
      },
      {
        contractAddress: vault,
        entrypoint: 'deposit_with_referral',
        calldata: [...u256(amount), alice.address, ...referral],
      },
      {
        contractAddress: vault,
        entrypoint: 'deposit_to_validator',
        calldata: [
          ...u256(amount),
          alice.address,
          String(GENESIS_VALIDATORS[0]?.staker ?? 0n),
        ],
      },
    ]);
    const referralEvent = events.find((event) =>
      same(event.keys[0] ?? 0n, hash.getSelectorFromName('Referral')),
    );
    expect(referralEvent?.keys.slice(1).map(BigInt)).toStrictEqual([
      ...referral.map(BigInt),
      BigInt(alice.address),
    ]);
    await expect(
      alice.execute({
        contractAddress: vault,
        entrypoint: 'deposit_to_validator',
        calldata: [...u256(amount), alice.address, '0x123'],
      }),
    ).rejects.toThrow(ENDUR_ERRORS.UNKNOWN_VALIDATOR);
  });

  it('refuses zero amounts and more than held', async () => {
    await expect(alice.execute(stakeCalls(0n, alice.address))).rejects.toThrow(
      ENDUR_ERRORS.ZERO_ASSETS,
    );
    await expect(
      alice.execute(redeemCall(0n, alice.address, alice.address)),
    ).rejects.toThrow(ENDUR_ERRORS.ZERO_SHARES);
    const held = await readU256(vault, 'balance_of', [alice.address]);
    await expect(
      alice.execute(redeemCall(held + 1n, alice.address, alice.address)),
    ).rejects.toThrow(ENDUR_ERRORS.INSUFFICIENT_SHARES);
  });

  let requestId = 0n;
  let owed = 0n;

  it('redeems through the queue: xSTRK burned, a request with its NFT to the account, WithdrawQueue keyed by it', async () => {
    const shares = 50n * ONE;
    owed = await readU256(vault, 'preview_redeem', u256(shares));
    const held = await readU256(vault, 'balance_of', [alice.address]);
    const events = await send(alice, [
      redeemCall(shares, alice.address, alice.address),
    ]);
    expect(await readU256(vault, 'balance_of', [alice.address])).toBe(
      held - shares,
    );
    const queued = events.find(
      (event) =>
        same(event.from_address, queue) &&
        same(event.keys[0] ?? 0n, WITHDRAW_QUEUE),
    );
    expect(queued?.keys.map(BigInt)).toStrictEqual([
      WITHDRAW_QUEUE,
      BigInt(alice.address),
      BigInt(vault),
    ]);
    expect(queued?.data).toHaveLength(11);
    requestId = BigInt(queued?.data[0] ?? 0);
    expect(requestId).toBe(1n);
    const state = await call(queue, 'get_queue_state');
    expect(state[0]).toBe(requestId);
    const info = await call(queue, 'get_request_info', [String(requestId)]);
    expect(info.slice(0, 5)).toStrictEqual([owed, 0n, shares, 0n, 0n]);
    const [requestedAt = 0n, claimableAt = 0n] = info.slice(5, 7);
    expect(claimableAt - requestedAt).toBe(
      BigInt(DEFAULT_LIQUID_WITHDRAWAL_WAIT),
    );
    expect(await call(queue, 'owner_of', u256(requestId))).toStrictEqual([
      BigInt(alice.address),
    ]);
    expect(await readU256(queue, 'balance_of', [alice.address])).toBe(1n);
    // How a wallet finds its requests: the queue's events keyed by it.
    const found = await provider.getEvents({
      address: queue,
      keys: [[`0x${TRANSFER.toString(16)}`], [], [alice.address]],
      from_block: { block_number: 0 },
      to_block: 'latest',
      chunk_size: 100,
    });
    expect(
      found.events.map((event) => BigInt(event.keys[3] ?? 0)),
    ).toStrictEqual([requestId]);
  });

  it('refuses a claim before the wait is over, then pays the owner after devnet_increaseTime', async () => {
    await expect(alice.execute(claimCall(requestId))).rejects.toThrow(
      ENDUR_ERRORS.NOT_READY,
    );
    await increaseTime(DEFAULT_LIQUID_WITHDRAWAL_WAIT);
    const before = await readU256(STRK, 'balance_of', [alice.address]);
    // Anyone may claim (Endur's relayer does): the STRK goes to the NFT's owner.
    await send(bob, [claimCall(requestId)]);
    expect(await readU256(STRK, 'balance_of', [alice.address])).toBe(
      before + owed,
    );
    const info = await call(queue, 'get_request_info', [String(requestId)]);
    expect(info[4]).toBe(1n);
    await expect(alice.execute(claimCall(requestId))).rejects.toThrow(
      ENDUR_ERRORS.ALREADY_CLAIMED,
    );
  });

  it("refuses claim_withdrawal_to from anyone but the request's owner", async () => {
    const events = await send(alice, [
      redeemCall(ONE, alice.address, alice.address),
    ]);
    const queued = events.find((event) =>
      same(event.keys[0] ?? 0n, WITHDRAW_QUEUE),
    );
    const id = BigInt(queued?.data[0] ?? 0);
    await increaseTime(DEFAULT_LIQUID_WITHDRAWAL_WAIT);
    await expect(
      bob.execute({
        contractAddress: queue,
        entrypoint: 'claim_withdrawal_to',
        calldata: [String(id), bob.address],
      }),
    ).rejects.toThrow(ENDUR_ERRORS.NOT_OWNER);
    await expect(alice.execute(claimCall(99n))).rejects.toThrow(
      ENDUR_ERRORS.INVALID_REQUEST,
    );
  });

  it("raises the rate as the chain's clock moves, previews matching what redeem pays", async () => {
    const before = await readU256(vault, 'convert_to_assets', u256(ONE));
    await increaseTime(30 * 24 * 60 * 60);
    const after = await readU256(vault, 'convert_to_assets', u256(ONE));
    expect(after).toBeGreaterThan(before);
    // About 8 % a year: a month adds about 0.66 %.
    const gained = ((after - before) * 10_000n) / before;
    expect(gained).toBeGreaterThanOrEqual(60n);
    expect(gained).toBeLessThanOrEqual(70n);
    const shares = 2n * ONE;
    const preview = await readU256(vault, 'preview_redeem', u256(shares));
    const events = await send(bob, [
      redeemCall(shares, bob.address, bob.address),
    ]);
    const withdraw = events.find(
      (event) =>
        same(event.from_address, vault) &&
        same(event.keys[0] ?? 0n, hash.getSelectorFromName('Withdraw')),
    );
    const paid = BigInt(withdraw?.data[0] ?? 0);
    expect(paid).toBeGreaterThanOrEqual(preview);
    expect(closeTo(paid, preview)).toBe(true);
  });
});

describe('the liquid withdrawal wait option', () => {
  it("sets the queue's wait, and is refused out of range", async () => {
    const other = await startLocalNode({
      accounts: 1,
      liquidWithdrawalWait: 60,
    });
    try {
      expect(other.liquid.withdrawalWait).toBe(60);
    } finally {
      await other.stop();
    }
    await expect(startLocalNode({ liquidWithdrawalWait: -1 })).rejects.toThrow(
      'liquidWithdrawalWait',
    );
  });

  it("puts Mainnet's vault and queue on an SN_MAIN chain", async () => {
    const mainnet = await startLocalNode({ accounts: 1, chainId: 'SN_MAIN' });
    try {
      expect(mainnet.liquid.vault).toBe(
        '0x028d709c875c0ceac3dce7065bec5328186dc89fe254527084d1689910954b0a',
      );
      expect(mainnet.liquid.queue).toBe(
        '0x00518a66e579f9eb1603f5ffaeff95d3f013788e9c37ee94995555026b9648b6',
      );
    } finally {
      await mainnet.stop();
    }
  });
});

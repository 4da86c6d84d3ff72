import type { PaymasterDetails, PaymasterRpc, RpcProvider } from 'starknet';
import { Account, hash, num as numUtils, typedData } from 'starknet';

import { ETH, STRK, rpc, rpcResult } from './helpers';
import { startPaymasterFixture } from './paymaster-fixture';
import type { PaymasterFixture } from './paymaster-fixture';
import { paymasterSpec } from './paymaster-spec';
import {
  feeLowered,
  forged,
  paidIn,
  RECIPIENT,
  signedInvoke,
  SPONSORED,
  transfer,
  WAIT,
  checkSponsoredTransfer,
  checkPaidInStrk,
} from './paymaster-users';
import type { LocalNode } from '../src';

const TRANSFER_KEY = numUtils.toHex(hash.starknetKeccak('Transfer'));

let node: LocalNode;
let provider: RpcProvider;
let paymaster: PaymasterRpc;
let funder: Account;
let relayer: string;
let user: Account;
let balanceOf: PaymasterFixture['balanceOf'];

/**
 * Balances of the user, the recipient and the relayer in a token.
 *
 * @param token - The token.
 * @returns The three balances.
 */
async function balances(token: string): Promise<bigint[]> {
  return Promise.all(
    [user.address, RECIPIENT, relayer].map(async (address) =>
      balanceOf(token, address),
    ),
  );
}

beforeAll(async () => {
  ({ node, provider, paymaster, funder, relayer, user, balanceOf } =
    await startPaymasterFixture(11));
});

afterAll(async () => {
  await node.stop();
});

describe("the local node's SNIP-29 paymaster, through starknet.js", () => {
  it('is available and takes fees in STRK and ETH', async () => {
    expect(await paymaster.isAvailable()).toBe(true);
    const tokens = await paymaster.getSupportedTokens();
    expect(tokens.map((token) => BigInt(token.token_address))).toStrictEqual([
      BigInt(STRK),
      BigInt(ETH),
    ]);
    expect(tokens[0]?.priceInStrk).toBe(10n ** 18n);
  });

  it('runs a transfer paid in STRK: the fee goes to the relayer, the user sends no transaction', async () => {
    const txHash = await checkPaidInStrk(provider, user, relayer);
    // The fee is a Transfer from the user to the relayer.
    const receipt = await provider.waitForTransaction(txHash, WAIT);
    const feeEvent = receipt.isSuccess()
      ? receipt.value.events.find(
          (event) =>
            event.keys[0] === TRANSFER_KEY &&
            BigInt(event.keys[2] ?? 0) === BigInt(relayer),
        )
      : undefined;
    expect(feeEvent?.keys[1]).toBe(numUtils.toHex(user.address));
  });

  it('runs a transfer paid in ETH', async () => {
    const calls = [transfer(STRK, RECIPIENT, 5n)];
    const fee = await user.estimatePaymasterTransactionFee(calls, paidIn(ETH));
    // ETH at 10,000 STRK: the fee in ETH is the STRK fee over 10,000, rounded up.
    expect(BigInt(fee.estimated_fee_in_gas_token)).toBe(
      (BigInt(fee.estimated_fee_in_strk) + 9_999n) / 10_000n,
    );
    const [userEth = 0n, , relayerEth = 0n] = await balances(ETH);
    const { transaction_hash: txHash } = await user.executePaymasterTransaction(
      calls,
      paidIn(ETH),
    );
    await provider.waitForTransaction(txHash, WAIT);
    const paid = BigInt(fee.suggested_max_fee_in_gas_token);
    expect(await balances(ETH)).toStrictEqual([
      userEth - paid,
      0n,
      relayerEth + paid,
    ]);
  });

  it('sponsors: the calls run as signed, with no fee call', async () => {
    const calls = [transfer(STRK, RECIPIENT, 77n)];
    const built = await user.buildPaymasterTransaction(calls, SPONSORED);
    expect(built.type).toBe('invoke');
    const message =
      built.type === 'invoke' ? built.typed_data.message : undefined;
    expect(message).toMatchObject({
      caller: numUtils.toHex(relayer),
      calls_len: '0x1',
    });
    await checkSponsoredTransfer(provider, user, node.url);
  });

  it("answers as AVNU's service: health, no sponsorship without the key (163)", async () => {
    expect(await rpcResult(node.url, 'paymaster_health', [])).toBe(true);
    const unkeyed = await rpc(node.url, 'paymaster_buildTransaction', {
      transaction: {
        type: 'invoke',
        invoke: {
          user_address: user.address,
          calls: [
            {
              to: STRK,
              selector: hash.getSelectorFromName('transfer'),
              calldata: [RECIPIENT, '0x1', '0x0'],
            },
          ],
        },
      },
      parameters: { version: '0x1', fee_mode: { mode: 'sponsored' } },
    });
    paymasterSpec.check('paymaster_buildTransaction', unkeyed);
    expect(unkeyed.error).toEqual({
      code: 163,
      message: 'An error occurred (UNKNOWN_ERROR)',
      data: 'x-paymaster-api-key is invalid',
    });
  });

  it('refuses a forged signature (153) and a replayed execution (156), changing nothing', async () => {
    const calls = [transfer(STRK, RECIPIENT, 1n)];
    const built = await user.buildPaymasterTransaction(calls, SPONSORED);
    const signed = await user.preparePaymasterTransaction(built);
    if (signed.type !== 'invoke') {
      throw new Error('expected an invoke');
    }
    const relayerNonce = await provider.getNonceForAddress(relayer);
    await expect(
      paymaster.executeTransaction(forged(signed), built.parameters),
    ).rejects.toMatchObject({ code: 153 });
    const first = await paymaster.executeTransaction(signed, built.parameters);
    await provider.waitForTransaction(first.transaction_hash, WAIT);
    const afterFirst = await provider.getNonceForAddress(relayer);
    expect(BigInt(afterFirst)).toBe(BigInt(relayerNonce) + 1n);
    await expect(
      paymaster.executeTransaction(signed, built.parameters),
    ).rejects.toMatchObject({
      code: 156,
      baseError: {
        data: {
          execution_error: expect.stringMatching(/duplicated-outside-nonce/u),
        },
      },
    });
    expect(await provider.getNonceForAddress(relayer)).toBe(afterFirst);
  });

  it("ends an execution with the account's TransactionExecuted keyed by the signed message hash, as Argent 0.3.1", async () => {
    const calls = [transfer(STRK, RECIPIENT, 2n)];
    const built = await user.buildPaymasterTransaction(calls, SPONSORED);
    const signed = await user.preparePaymasterTransaction(built);
    if (signed.type !== 'invoke' || built.type !== 'invoke') {
      throw new Error('expected an invoke');
    }
    const messageHash = typedData.getMessageHash(
      built.typed_data,
      user.address,
    );
    const { transaction_hash: txHash } = await paymaster.executeTransaction(
      signed,
      built.parameters,
    );
    const receipt = await provider.waitForTransaction(txHash, WAIT);
    const events = receipt.isSuccess() ? receipt.value.events : [];
    expect(
      events.filter(
        ({ from_address: from, keys }) =>
          BigInt(from) === BigInt(user.address) &&
          keys[0] ===
            numUtils.toHex(hash.starknetKeccak('TransactionExecuted')),
      ),
    ).toMatchObject([{ keys: [expect.any(String), messageHash] }]);
  });

  it('refuses a fee lowered after the build (154), even when the user signed it', async () => {
    const calls = [transfer(STRK, RECIPIENT, 1n)];
    const built = await user.buildPaymasterTransaction(calls, paidIn(STRK));
    if (built.type !== 'invoke') {
      throw new Error('expected an invoke');
    }
    const cheap = feeLowered(built.typed_data, relayer);
    await expect(
      paymaster.executeTransaction(
        await signedInvoke(user, cheap),
        built.parameters,
      ),
    ).rejects.toMatchObject({ code: 154 });
  });

  it('refuses unsupported tokens (151), non-Argent accounts (155), unknown addresses (150), bad time bounds (157)', async () => {
    const invoke = (
      userAddress: string,
    ): Parameters<PaymasterRpc['buildTransaction']>[0] => ({
      type: 'invoke',
      invoke: { userAddress, calls: [transfer(STRK, RECIPIENT, 1n)] },
    });
    const parameters = (
      details: PaymasterDetails,
    ): Parameters<PaymasterRpc['buildTransaction']>[1] => ({
      version: '0x1',
      ...details,
    });
    await expect(
      paymaster.buildTransaction(
        invoke(user.address),
        parameters(paidIn('0x123')),
      ),
    ).rejects.toMatchObject({ code: 151 });
    await expect(
      paymaster.buildTransaction(invoke(funder.address), parameters(SPONSORED)),
    ).rejects.toMatchObject({ code: 155 });
    await expect(
      paymaster.buildTransaction(invoke('0x9999'), parameters(SPONSORED)),
    ).rejects.toMatchObject({ code: 150 });
    await expect(
      paymaster.buildTransaction(
        invoke(user.address),
        parameters({ ...SPONSORED, timeBounds: { executeBefore: 1000 } }),
      ),
    ).rejects.toMatchObject({ code: 157 });
  });

  it('refuses an execution whose window has passed (156)', async () => {
    const { timestamp } = await provider.getBlock('pre_confirmed');
    const details: PaymasterDetails = {
      ...SPONSORED,
      timeBounds: { executeBefore: timestamp + 60 },
    };
    const calls = [transfer(STRK, RECIPIENT, 1n)];
    const built = await user.buildPaymasterTransaction(calls, details);
    const signed = await user.preparePaymasterTransaction(built);
    await rpcResult(node.url, 'devnet_increaseTime', { time: 120 });
    await expect(
      paymaster.executeTransaction(signed, built.parameters),
    ).rejects.toMatchObject({
      code: 156,
      baseError: {
        data: { execution_error: expect.stringMatching(/invalid-timestamp/u) },
      },
    });
  });

  it("keeps the relayer's transactions in devnet_dump: a reload gives the same balances", async () => {
    const before = await balances(STRK);
    const dump = await rpcResult(node.url, 'devnet_dump', {});
    await rpcResult(node.url, 'devnet_load', { dump });
    expect(await balances(STRK)).toStrictEqual(before);
  });

  it('checked every paymaster call against SNIP-29', () => {
    expect([...paymasterSpec.seen.keys()].sort()).toStrictEqual([
      'paymaster_buildTransaction',
      'paymaster_executeTransaction',
      'paymaster_getSupportedTokens',
      'paymaster_isAvailable',
    ]);
  });
});

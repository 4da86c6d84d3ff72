import type { PaymasterRpc, RpcProvider } from 'starknet';

import { STRK, rpc } from './helpers';
import { startPaymasterFixture } from './paymaster-fixture';
import type { PaymasterFixture } from './paymaster-fixture';
import {
  feeLowered,
  forged,
  paidIn,
  RECIPIENT,
  signedInvoke,
  SPONSORED,
  transfer,
  WAIT,
} from './paymaster-users';

let fixture: PaymasterFixture;
let provider: RpcProvider;
let paymaster: PaymasterRpc;

beforeAll(async () => {
  fixture = await startPaymasterFixture(13, 'json-rpc');
  ({ provider, paymaster } = fixture);
});

afterAll(async () => {
  await fixture.node.stop();
});

/**
 * The user's, the recipient's and the relayer's STRK.
 *
 * @returns The three balances.
 */
async function balances(): Promise<bigint[]> {
  return Promise.all(
    [fixture.user.address, RECIPIENT, fixture.relayer].map(async (address) =>
      fixture.balanceOf(STRK, address),
    ),
  );
}

describe('the paymaster service over JSON-RPC, in front of the local node', () => {
  it("answers JSON-RPC's envelope as the node's own paymaster does", async () => {
    const requests: [string, unknown][] = [
      ['paymaster_trackingIdToLatestHash', ['0x1']],
      ['paymaster_trackingIdToLatestHash', {}],
      [
        'paymaster_buildTransaction',
        { transaction: { type: 'transfer' }, parameters: {} },
      ],
      ['paymaster_isAvailable', ['extra']],
      // Sponsored without x-paymaster-api-key: AVNU's 163.
      [
        'paymaster_buildTransaction',
        {
          transaction: {
            type: 'invoke',
            invoke: { user_address: fixture.user.address, calls: [] },
          },
          parameters: { version: '0x1', fee_mode: { mode: 'sponsored' } },
        },
      ],
    ];
    for (const [method, params] of requests) {
      const [front, own] = await Promise.all(
        [fixture.paymasterUrl, fixture.node.url].map(async (url) =>
          rpc(url, method, params),
        ),
      );
      expect(front?.error).toBeDefined();
      expect(front?.error).toStrictEqual(own?.error);
    }
  });

  it('relays a transfer paid in STRK: the fee to the relayer, the user sends nothing', async () => {
    const { user, relayer } = fixture;
    const calls = [transfer(STRK, RECIPIENT, 1234n)];
    const fee = await user.estimatePaymasterTransactionFee(calls, paidIn(STRK));
    const [userBefore = 0n, recipientBefore = 0n, relayerBefore = 0n] =
      await balances();
    const { transaction_hash: txHash } = await user.executePaymasterTransaction(
      calls,
      paidIn(STRK),
    );
    const receipt = await provider.waitForTransaction(txHash, WAIT);
    const gas = receipt.isSuccess()
      ? BigInt(receipt.value.actual_fee.amount)
      : 0n;
    const paid = BigInt(fee.suggested_max_fee_in_gas_token);
    expect(await balances()).toStrictEqual([
      userBefore - 1234n - paid,
      recipientBefore + 1234n,
      relayerBefore + paid - gas,
    ]);
    const tx = await provider.getTransactionByHash(txHash);
    expect('sender_address' in tx && BigInt(tx.sender_address)).toBe(
      BigInt(relayer),
    );
    // AVNU's dialect: its health, and no tracking.
    expect(
      (await rpc(fixture.paymasterUrl, 'paymaster_health', [])).result,
    ).toBe(true);
  });

  it('refuses as the node does: a forged signature (153), a lowered fee (154), a replay (156), changing nothing', async () => {
    const { user, relayer } = fixture;
    const calls = [transfer(STRK, RECIPIENT, 1n)];
    const built = await user.buildPaymasterTransaction(calls, paidIn(STRK));
    const signed = await user.preparePaymasterTransaction(built);
    if (signed.type !== 'invoke' || built.type !== 'invoke') {
      throw new Error('expected an invoke');
    }
    const nonce = await provider.getNonceForAddress(relayer);
    const before = await balances();
    await expect(
      paymaster.executeTransaction(forged(signed), built.parameters),
    ).rejects.toMatchObject({ code: 153 });
    const cheap = feeLowered(built.typed_data, relayer);
    await expect(
      paymaster.executeTransaction(
        await signedInvoke(user, cheap),
        built.parameters,
      ),
    ).rejects.toMatchObject({ code: 154 });
    expect(await provider.getNonceForAddress(relayer)).toBe(nonce);
    expect(await balances()).toStrictEqual(before);
    const first = await paymaster.executeTransaction(signed, built.parameters);
    await provider.waitForTransaction(first.transaction_hash, WAIT);
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
  });

  it('deploys an account and runs its calls (deploy_and_invoke), or deploys it alone when sponsored', async () => {
    const { funder, argentFor, balanceOf } = fixture;
    const { account, deploymentData } = argentFor('0x3c2d1e0f9a8b5f1e3a2b9c8d');
    await provider.waitForTransaction(
      (await funder.execute(transfer(STRK, account.address, 10n ** 18n)))
        .transaction_hash,
      WAIT,
    );
    const details = { ...paidIn(STRK), deploymentData };
    const fee = await account.estimatePaymasterTransactionFee(
      [transfer(STRK, RECIPIENT, 9n)],
      details,
    );
    const { transaction_hash: txHash } =
      await account.executePaymasterTransaction(
        [transfer(STRK, RECIPIENT, 9n)],
        details,
      );
    await provider.waitForTransaction(txHash, WAIT);
    expect(await balanceOf(STRK, account.address)).toBe(
      10n ** 18n - 9n - BigInt(fee.suggested_max_fee_in_gas_token),
    );
    const alone = argentFor('0x7a11ce2');
    const deployed = await alone.account.executePaymasterTransaction([], {
      ...SPONSORED,
      deploymentData: alone.deploymentData,
    });
    await provider.waitForTransaction(deployed.transaction_hash, WAIT);
    expect(await provider.getClassHashAt(alone.account.address)).toMatch(
      /^0x/u,
    );
  });
});

import type { TypedData } from 'starknet';
import { hash, num as numUtils, stark } from 'starknet';

import { STRK, rpc } from './helpers';
import { startPaymasterFixture } from './paymaster-fixture';
import type { PaymasterFixture } from './paymaster-fixture';
import { specOf } from './paymaster-spec';
import { RECIPIENT, WAIT, paidIn, transfer } from './paymaster-users';
import type { PaymasterDialect } from '../src';
import { LOCAL_PAYMASTER_API_KEY } from '../src';

/**
 * The paymaster in both dialects (src/paymaster/dialect.ts): where AVNU's
 * service and SNIP-29's document differ, each answers its own way, and
 * what each builds runs.
 */

const KEYED = { 'x-paymaster-api-key': LOCAL_PAYMASTER_API_KEY };
const SEPOLIA_HEX = '0x534e5f5345504f4c4941';

/**
 * An ERC-20 transfer as SNIP-29's CALL.
 *
 * @param amount - How much.
 * @returns The call.
 */
const rawTransfer = (amount: bigint): Record<string, unknown> => ({
  to: numUtils.toHex(STRK),
  selector: hash.getSelectorFromName('transfer'),
  calldata: [RECIPIENT, numUtils.toHex(amount), '0x0'],
});

/**
 * `execute_from_outside`'s calldata of SNIP-9 v1 typed data, signed.
 *
 * @param typed - The typed data.
 * @param signature - The signature.
 * @returns The calldata (hex).
 */
function outsideCalldata(typed: TypedData, signature: string[]): string[] {
  const message = typed.message as {
    caller: string;
    nonce: string;
    execute_after: string;
    execute_before: string;
    calls: { to: string; selector: string; calldata: string[] }[];
  };
  return [
    message.caller,
    message.nonce,
    message.execute_after,
    message.execute_before,
    numUtils.toHex(message.calls.length),
    ...message.calls.flatMap((call) => [
      call.to,
      call.selector,
      numUtils.toHex(call.calldata.length),
      ...call.calldata,
    ]),
    numUtils.toHex(signature.length),
    ...signature,
  ];
}

describe.each<[PaymasterDialect, number]>([
  ['avnu', 14],
  ['snip29', 15],
])('the paymaster in the %s dialect', (dialect, seed) => {
  let fixture: PaymasterFixture;
  const avnu = dialect === 'avnu';

  /**
   * One paymaster call, its answer checked against the dialect's document.
   *
   * @param method - The method.
   * @param params - Its params.
   * @param headers - Extra headers (the sponsorship key by default).
   * @returns The reply.
   */
  async function ask(
    method: string,
    params: unknown,
    headers: Record<string, string> = KEYED,
  ): ReturnType<typeof rpc> {
    const reply = await rpc(fixture.paymasterUrl, method, params, headers);
    specOf(dialect).check(method, reply);
    return reply;
  }

  beforeAll(async () => {
    fixture = await startPaymasterFixture(seed, 'node', dialect);
  });

  afterAll(async () => {
    await fixture.node.stop();
  });

  it('echoes a deployment and writes the typed data its own way', async () => {
    const { deploymentData } = fixture.argentFor('0x1d1a1ec7');
    const reply = await ask('paymaster_buildTransaction', {
      transaction: {
        type: 'deploy_and_invoke',
        deployment: deploymentData,
        invoke: {
          user_address: deploymentData.address,
          calls: [rawTransfer(1n)],
        },
      },
      parameters: { version: '0x1', fee_mode: { mode: 'sponsored' } },
    });
    const built = reply.result as {
      type: string;
      deployment: Record<string, unknown>;
      typed_data: TypedData;
      parameters: Record<string, unknown>;
    };
    expect(built.type).toBe('deploy_and_invoke');
    expect(Object.hasOwn(built.deployment, 'sigdata')).toBe(avnu);
    expect(built.deployment.sigdata).toBe(avnu ? null : undefined);
    expect(built.typed_data.domain).toEqual({
      name: 'Account.execute_from_outside',
      version: '1',
      chainId: avnu ? 'SN_SEPOLIA' : SEPOLIA_HEX,
    });
    expect(built.parameters).toEqual(
      avnu
        ? {
            version: '0x1',
            fee_mode: { mode: 'sponsored', tip: 'normal' },
            time_bounds: null,
          }
        : {
            version: '0x1',
            fee_mode: { mode: 'sponsored' },
            time_bounds: expect.objectContaining({ execute_after: '0' }),
          },
    );
  });

  it('builds a paid deployment alone as deploy_and_invoke with the fee call only (avnu), or refuses it (snip29)', async () => {
    const { funder, provider, paymaster, relayer, balanceOf } = fixture;
    const { account, deploymentData } = fixture.argentFor('0xde91a1');
    await provider.waitForTransaction(
      (await funder.execute(transfer(STRK, account.address, 10n ** 18n)))
        .transaction_hash,
      WAIT,
    );
    const asked = {
      transaction: { type: 'deploy', deployment: deploymentData },
      parameters: {
        version: '0x1',
        fee_mode: { mode: 'default', gas_token: numUtils.toHex(STRK) },
      },
    };
    const reply = await ask('paymaster_buildTransaction', asked);
    if (!avnu) {
      expect(reply.error?.code).toBe(163);
      return;
    }
    const built = reply.result as {
      type: string;
      typed_data: TypedData;
      fee: { suggested_max_fee_in_gas_token: string };
    };
    expect(built.type).toBe('deploy_and_invoke');
    const message = built.typed_data.message as {
      calls: { to: string; calldata: string[] }[];
    };
    const suggested = BigInt(built.fee.suggested_max_fee_in_gas_token);
    expect(message.calls).toHaveLength(1);
    expect(message.calls[0]?.calldata.map(BigInt)).toStrictEqual([
      BigInt(relayer),
      suggested,
      0n,
    ]);
    const prepared = await paymaster.buildTransaction(
      { type: 'deploy', deployment: deploymentData },
      { version: '0x1', feeMode: paidIn(STRK).feeMode },
    );
    if (prepared.type !== 'deploy_and_invoke') {
      throw new Error('expected deploy_and_invoke');
    }
    const signature = stark.formatSignature(
      await account.signMessage(prepared.typed_data),
    );
    const executed = await paymaster.executeTransaction(
      {
        type: 'deploy_and_invoke',
        deployment: deploymentData,
        invoke: {
          userAddress: deploymentData.address,
          typedData: prepared.typed_data,
          signature,
        },
      },
      { version: '0x1', feeMode: paidIn(STRK).feeMode },
    );
    expect(executed.tracking_id).toBe('0x0');
    await provider.waitForTransaction(executed.transaction_hash, WAIT);
    expect(await provider.getClassHashAt(account.address)).toMatch(/^0x/u);
    expect(await balanceOf(STRK, account.address)).toBe(10n ** 18n - suggested);
  });

  it('tracks an execution by its hash (snip29), or answers tracking_id 0x0 and lacks the method (avnu)', async () => {
    const { user, provider } = fixture;
    const { transaction_hash: txHash } = await user.executePaymasterTransaction(
      [transfer(STRK, RECIPIENT, 3n)],
      paidIn(STRK),
    );
    await provider.waitForTransaction(txHash, WAIT);
    const tracking = await ask('paymaster_trackingIdToLatestHash', {
      tracking_id: txHash,
    });
    if (avnu) {
      expect(tracking.error?.code).toBe(-32601);
      return;
    }
    expect(tracking.result).toEqual({
      transaction_hash: txHash,
      status: 'accepted',
    });
    const unknown = await ask('paymaster_trackingIdToLatestHash', {
      tracking_id: '0x1',
    });
    expect(unknown.error?.code).toBe(160);
  });

  it('asks a sponsorship key (avnu: 163 without it) or none (snip29)', async () => {
    const reply = await ask(
      'paymaster_buildTransaction',
      {
        transaction: {
          type: 'invoke',
          invoke: {
            user_address: fixture.user.address,
            calls: [rawTransfer(1n)],
          },
        },
        parameters: { version: '0x1', fee_mode: { mode: 'sponsored' } },
      },
      {},
    );
    if (avnu) {
      expect(reply.error).toEqual({
        code: 163,
        message: 'An error occurred (UNKNOWN_ERROR)',
        data: 'x-paymaster-api-key is invalid',
      });
    } else {
      expect((reply.result as { type: string }).type).toBe('invoke');
    }
  });

  it("relays an execute_from_outside call the client built (AVNU's executeDirectTransaction)", async () => {
    const { user, provider, balanceOf } = fixture;
    const health = await ask('paymaster_health', []);
    const reply = await ask('paymaster_buildTransaction', {
      transaction: {
        type: 'invoke',
        invoke: { user_address: user.address, calls: [rawTransfer(11n)] },
      },
      parameters: { version: '0x1', fee_mode: { mode: 'sponsored' } },
    });
    const typed = (reply.result as { typed_data: TypedData }).typed_data;
    const signature = stark.formatSignature(await user.signMessage(typed));
    const before = await balanceOf(STRK, RECIPIENT);
    const direct = await ask('paymaster_executeDirectTransaction', {
      transaction: {
        type: 'invoke',
        invoke: {
          user_address: user.address,
          execute_from_outside_call: {
            to: user.address,
            selector: hash.getSelectorFromName('execute_from_outside'),
            calldata: outsideCalldata(typed, signature),
          },
        },
      },
      parameters: { version: '0x1', fee_mode: { mode: 'sponsored' } },
    });
    if (!avnu) {
      expect(health.error?.code).toBe(-32601);
      expect(direct.error?.code).toBe(-32601);
      return;
    }
    expect(health.result).toBe(true);
    const executed = direct.result as {
      transaction_hash: string;
      tracking_id: string;
    };
    expect(executed.tracking_id).toBe('0x0');
    await provider.waitForTransaction(executed.transaction_hash, WAIT);
    expect(await balanceOf(STRK, RECIPIENT)).toBe(before + 11n);
  });
});

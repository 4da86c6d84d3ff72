import { OutsideExecutionTypesV1, typedData } from 'starknet';
import type { PreparedTransaction, TypedData } from 'starknet';

import { checkBuilt } from './checkBuilt';
import type { FeeChoice, PaymasterAsk } from './checkBuilt';
import { ACCOUNT_0 } from '../../test/fixtures';
import { TESTNET_CHAIN_ID } from '../config';
import { PaymasterError } from '../errors';
import { deploymentData } from '../keys/address';
import { selectorOf } from '../protocol/selectors';
import type { TokenRecord } from '../state/schema';

/**
 * What a paymaster builds, checked against what was asked: every genuine
 * answer of AVNU's service (avnu-labs/paymaster at d9fef704) and of
 * SNIP-29's document is taken, and anything else is refused as before.
 */

const NOW = 1_800_000_000n;
const HOST = 'paymaster.test';
const FORWARDER = '0x123';
const ETH: TokenRecord = {
  address: '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7',
  chainId: TESTNET_CHAIN_ID,
  name: 'Ether',
  symbol: 'ETH',
  decimals: 18,
};
const PAID: FeeChoice = { mode: 'default', gasToken: ETH };
const FEE = 5000n;
const TRANSFER =
  '0x83afd3f4caedc6eebf44246fe54e38c95e3179a5ec9ea81740eca5b482d12e';

const ours = deploymentData(ACCOUNT_0.publicKey);

/**
 * What the wallet asks: a deployment alone of ACCOUNT_0 (not deployed).
 *
 * @param fee - The fee choice.
 * @returns The ask.
 */
const deployAsk = (fee: FeeChoice): PaymasterAsk => ({
  account: {
    ...ACCOUNT_0,
    addressIndex: 0,
    derivationPath: "m/44'/9004'/0'/0/0",
    kind: 'argent-cairo1',
  },
  network: { name: 'Testnet', chainId: TESTNET_CHAIN_ID },
  calls: [],
  fee,
  deployed: false,
  now: NOW,
});

/**
 * A deployment as AVNU echoes one sent without sigdata.
 *
 * @param sigdata - Its sigdata member.
 * @returns The deployment.
 */
const echoed = (sigdata: unknown): Record<string, unknown> => ({
  address: ACCOUNT_0.address,
  class_hash: ours.classHash,
  salt: ours.salt,
  calldata: ours.constructorCalldata,
  sigdata,
  version: 1,
});

/**
 * SNIP-9 v1 typed data as AVNU writes it: `revision` left out, the chain id
 * as a short string (or as given).
 *
 * @param calls - The calls (to, calldata), transfers.
 * @param chainId - The domain's chain id.
 * @returns The typed data.
 */
function outsideTypedData(
  calls: { to: string; calldata: string[] }[],
  chainId = 'SN_SEPOLIA',
): TypedData {
  return {
    types: OutsideExecutionTypesV1,
    primaryType: 'OutsideExecution',
    domain: { name: 'Account.execute_from_outside', version: '1', chainId },
    message: {
      caller: FORWARDER,
      nonce: '0x5',
      execute_after: '0x1',
      execute_before: `0x${(NOW + 600n).toString(16)}`,
      calls_len: `0x${calls.length.toString(16)}`,
      calls: calls.map((call) => ({
        to: call.to,
        selector: TRANSFER,
        calldata_len: `0x${call.calldata.length.toString(16)}`,
        calldata: call.calldata,
      })),
    },
  };
}

const feeCall = { to: ETH.address, calldata: [FORWARDER, '0x1388', '0x0'] };

/**
 * A build answer, as PaymasterRpc converts it.
 *
 * @param fields - Its type, deployment and typed data.
 * @returns The answer.
 */
const answer = (fields: Record<string, unknown>): PreparedTransaction =>
  ({
    parameters: { version: '0x1', feeMode: { mode: 'sponsored' } },
    fee: {
      gas_token_price_in_strk: 1n,
      estimated_fee_in_strk: FEE / 2n,
      estimated_fee_in_gas_token: FEE / 2n,
      suggested_max_fee_in_strk: FEE,
      suggested_max_fee_in_gas_token: FEE,
    },
    ...fields,
  }) as PreparedTransaction;

/**
 * The refusal of a check.
 *
 * @param run - The check.
 * @returns Its message.
 */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof PaymasterError) {
      return error.message;
    }
    throw error;
  }
  throw new Error('Expected a refusal');
}

describe('checkBuilt', () => {
  it("takes a sponsored deployment echoed with AVNU's sigdata null, as absent", () => {
    for (const sigdata of [null, undefined, []]) {
      const checked = checkBuilt(
        HOST,
        deployAsk({ mode: 'sponsored' }),
        answer({ type: 'deploy', deployment: echoed(sigdata) }),
      );
      expect(checked.type).toBe('deploy');
    }
    expect(
      refusal(() =>
        checkBuilt(
          HOST,
          deployAsk({ mode: 'sponsored' }),
          answer({ type: 'deploy', deployment: echoed(['0x1']) }),
        ),
      ),
    ).toContain("the deployment data are not the account's own");
  });

  it("takes AVNU's paid deployment: deploy_and_invoke, the fee transfer alone, chainId a short string", () => {
    const built = outsideTypedData([feeCall]);
    const checked = checkBuilt(
      HOST,
      deployAsk(PAID),
      answer({
        type: 'deploy_and_invoke',
        deployment: echoed(null),
        typed_data: built,
      }),
    );
    expect(checked.type).toBe('deploy_and_invoke');
    expect(checked.feeTransfer).toStrictEqual({
      token: ETH,
      amount: FEE,
      recipient: FORWARDER,
    });
    // What is signed is the hash of the typed data as given, bound to the
    // network: the short string and the hex chain id hash alike.
    expect(checked.signable?.analysis.chain).toStrictEqual({ kind: 'match' });
    const hash = typedData.getMessageHash(built, ACCOUNT_0.address);
    expect(checked.signable?.analysis.hash).toBe(hash);
    expect(
      typedData.getMessageHash(
        outsideTypedData([feeCall], TESTNET_CHAIN_ID),
        ACCOUNT_0.address,
      ),
    ).toBe(hash);
  });

  it('refuses a paid deployment built otherwise, and a chain other than the network', () => {
    const paidDeploy = (fields: Record<string, unknown>): string =>
      refusal(() => checkBuilt(HOST, deployAsk(PAID), answer(fields)));
    expect(paidDeploy({ type: 'deploy', deployment: echoed(null) })).toContain(
      'a deploy transaction where deploy_and_invoke',
    );
    expect(
      paidDeploy({
        type: 'deploy_and_invoke',
        deployment: echoed(null),
        typed_data: outsideTypedData([
          { to: ETH.address, calldata: ['0x0b0b', '0x1', '0x0'] },
          feeCall,
        ]),
      }),
    ).toContain('2 calls where 0 were asked and one fee transfer');
    expect(
      paidDeploy({
        type: 'deploy_and_invoke',
        deployment: echoed(null),
        typed_data: outsideTypedData([feeCall], 'SN_MAIN'),
      }),
    ).toContain('not bound to Testnet');
    // SNIP-29's document requires `To/Selector/Calldata` in OUTSIDE_CALL_V1;
    // SNIP-9 v1 (Argent 0.3.1 hashes it) names them `to/selector/calldata`:
    // typed data spelled the document's way would not verify on chain.
    const capitalised = outsideTypedData([feeCall]);
    capitalised.types = {
      ...capitalised.types,
      OutsideCall: [
        { name: 'To', type: 'felt' },
        { name: 'Selector', type: 'felt' },
        { name: 'calldata_len', type: 'felt' },
        { name: 'Calldata', type: 'felt*' },
      ],
    };
    const message = capitalised.message as { calls: object[] };
    message.calls = [
      {
        To: feeCall.to,
        Selector: TRANSFER,
        calldata_len: '0x3',
        Calldata: feeCall.calldata,
      },
    ];
    expect(
      paidDeploy({
        type: 'deploy_and_invoke',
        deployment: echoed(null),
        typed_data: capitalised,
      }),
    ).toContain('does not have its types');
    // Sponsored, a deployment alone signs nothing: no typed data is taken.
    expect(
      refusal(() =>
        checkBuilt(
          HOST,
          deployAsk({ mode: 'sponsored' }),
          answer({
            type: 'deploy_and_invoke',
            deployment: echoed(null),
            typed_data: outsideTypedData([]),
          }),
        ),
      ),
    ).toContain('a deploy_and_invoke transaction where deploy was asked');
  });

  it('refuses a paid deployment whose fee estimate, fee amount or validity window a paymaster garbled', () => {
    const paidDeploy = (fields: Record<string, unknown>): string =>
      refusal(() => checkBuilt(HOST, deployAsk(PAID), answer(fields)));
    const built = {
      type: 'deploy_and_invoke',
      deployment: echoed(null),
      typed_data: outsideTypedData([feeCall]),
    };
    expect(
      paidDeploy({ ...built, fee: { estimated_fee_in_gas_token: FEE } }),
    ).toContain('answered a malformed fee estimate');
    // 2^128 as the high word: the amount the calldata spells is no u256.
    expect(
      paidDeploy({
        ...built,
        typed_data: outsideTypedData([
          { ...feeCall, calldata: [FORWARDER, '0x0', `0x1${'0'.repeat(32)}`] },
        ]),
      }),
    ).toContain('the fee amount is not a u256');
    const expired = outsideTypedData([feeCall]);
    expired.message = {
      ...expired.message,
      execute_before: `0x${NOW.toString(16)}`,
    };
    expect(paidDeploy({ ...built, typed_data: expired })).toContain(
      'a validity window that is not open now',
    );
    const later = outsideTypedData([feeCall]);
    later.message = {
      ...later.message,
      execute_before: `0x${(NOW + 86_400n).toString(16)}`,
    };
    expect(paidDeploy({ ...built, typed_data: later })).toContain(
      'a validity window that is not open now or lasts longer than',
    );
    // The same build, well-formed, is taken.
    expect(checkBuilt(HOST, deployAsk(PAID), answer(built)).type).toBe(
      'deploy_and_invoke',
    );
  });

  it("holds what starknet.js 10.7.2 added to its own check: a sponsored build's calls, the fee call's selector, shape and whole u256, and typed data declaring both calls and Calls", () => {
    const asked = { to: ETH.address, calldata: ['0x0b0b', '0x7', '0x0'] };
    const invokeAsk = (fee: FeeChoice): PaymasterAsk => ({
      ...deployAsk(fee),
      calls: [
        {
          contractAddress: asked.to,
          entrypoint: 'transfer',
          calldata: asked.calldata,
        },
      ],
      deployed: true,
    });
    const built = (calls: { to: string; calldata: string[] }[]): string =>
      refusal(() =>
        checkBuilt(
          HOST,
          invokeAsk(PAID),
          answer({ type: 'invoke', typed_data: outsideTypedData(calls) }),
        ),
      );
    // Sponsored: the calls must be the ones asked, exactly.
    const sponsored = (calls: { to: string; calldata: string[] }[]): string =>
      refusal(() =>
        checkBuilt(
          HOST,
          invokeAsk({ mode: 'sponsored' }),
          answer({ type: 'invoke', typed_data: outsideTypedData(calls) }),
        ),
      );
    expect(
      sponsored([{ ...asked, calldata: ['0xbad', '0x7', '0x0'] }]),
    ).toContain('call 1 differs from the one asked');
    expect(sponsored([asked, feeCall])).toContain('2 calls where 1 were asked');
    // The fee call: a transfer of the gas token, of three felts.
    expect(
      built([asked, { ...feeCall, calldata: [...feeCall.calldata, '0x0'] }]),
    ).toContain('the last call is not a transfer of ETH');
    const approve = outsideTypedData([asked, feeCall]);
    const approveCalls = (approve.message as { calls: { selector: string }[] })
      .calls;
    const [, fee] = approveCalls;
    if (fee) {
      fee.selector = selectorOf('approve');
    }
    expect(
      refusal(() =>
        checkBuilt(
          HOST,
          invokeAsk(PAID),
          answer({ type: 'invoke', typed_data: approve }),
        ),
      ),
    ).toContain('the last call is not a transfer of ETH');
    // The whole u256: a high word of 1 is 2^128 more than the low word says.
    expect(
      built([asked, { ...feeCall, calldata: [FORWARDER, '0x1388', '0x1'] }]),
    ).toContain('the fee transfer is above its own suggested maximum');
    // Both spellings of the calls member: not SNIP-9's types, refused.
    const both = outsideTypedData([asked, feeCall]);
    both.types = {
      ...both.types,
      OutsideExecution: [
        ...(both.types.OutsideExecution ?? []),
        { name: 'Calls', type: 'OutsideCall*' },
      ],
    };
    both.message = { ...both.message, Calls: [] };
    expect(
      refusal(() =>
        checkBuilt(
          HOST,
          invokeAsk(PAID),
          answer({ type: 'invoke', typed_data: both }),
        ),
      ),
    ).toContain('does not have its types');
    // The same build, well-formed, is taken.
    expect(
      checkBuilt(
        HOST,
        invokeAsk(PAID),
        answer({
          type: 'invoke',
          typed_data: outsideTypedData([asked, feeCall]),
        }),
      ).feeTransfer?.amount,
    ).toBe(FEE);
  });
});

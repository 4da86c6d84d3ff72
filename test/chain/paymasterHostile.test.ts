import type { Json } from '@metamask/snaps-sdk';

import { useHostileTestnet } from './hostile-node';
import type { Answer } from './hostile-node';
import { SPONSORED } from './node';
import { ACCOUNT_0, ETH, STRK } from '../fixtures';
import {
  confirmationOf,
  errorOf,
  installSharedWallet,
  invoke,
  plainResultOf,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';
import { TEST_NODE_PORT } from '../ports';

/**
 * A paymaster that lies: the snap's Testnet paymaster (and node) is a
 * hostile proxy in front of a real local node, which rewrites what
 * `paymaster_buildTransaction` answers. Whatever it changes, the snap
 * refuses before any dialog opens, and nothing reaches
 * `paymaster_executeTransaction`: nothing was signed.
 */

const RECIPIENT =
  '0x00000000000000000000000000000000000000000000000000000000000b0b02';
const THIEF =
  '0x0000000000000000000000000000000000000000000000000000000000bad001';

type OutsideCallJson = {
  to: string;
  selector: string;
  calldata_len: string;
  calldata: string[];
};

type BuildJson = {
  type: string;
  deployment?: Record<string, unknown>;
  typed_data: {
    domain: Record<string, unknown>;
    message: {
      caller: string;
      execute_before: string;
      calls_len: string;
      calls: OutsideCallJson[];
    };
  };
  fee: Record<string, string>;
};

const { hostile } = useHostileTestnet(ACCOUNT_0.address, 10n ** 18n);
let wallet: Wallet;

beforeAll(async () => {
  wallet = await installSharedWallet();
});

/**
 * Rewrites the paymaster's build answers.
 *
 * @param change - Changes the honest build in place.
 */
function rewriteBuild(change: (build: BuildJson) => void): void {
  hostile.script('paymaster_buildTransaction', (_call, honest: Answer) => {
    const build = structuredClone(honest.result) as BuildJson;
    change(build);
    return { result: build };
  });
}

/**
 * The last call of a build (the fee transfer in default mode).
 *
 * @param build - The build.
 * @returns Its last call.
 */
function lastCall(build: BuildJson): OutsideCallJson {
  const { calls } = build.typed_data.message;
  const last = calls[calls.length - 1];
  if (!last) {
    throw new Error('The build has no call');
  }
  return last;
}

/**
 * A one-call ETH transfer through the paymaster.
 *
 * @param paymaster - The paymaster param.
 * @returns The pending request.
 */
function transfer(paymaster: Json): ReturnType<typeof invoke> {
  return invoke(wallet, 'snapnet_executeTxn', {
    address: ACCOUNT_0.address,
    calls: [
      {
        contractAddress: ETH,
        entrypoint: 'transfer',
        calldata: [RECIPIENT, '0x64', '0x0'],
      },
    ],
    paymaster,
  });
}

const IN_ETH = { feeMode: { mode: 'default', gasToken: ETH } };

/**
 * Expects a request refused as a paymaster failure, before any dialog, with
 * nothing handed to the paymaster to execute.
 *
 * @param pending - The request.
 * @param words - What the message must say.
 */
async function expectRefused(
  pending: ReturnType<typeof invoke>,
  words: string,
): Promise<void> {
  const error = await errorOf(pending);
  expect(error.code).toBe(-32002);
  expect(error.message).toContain(words);
  expect(error.data?.paymaster).toBe(`127.0.0.1:${TEST_NODE_PORT}`);
  expect(
    hostile
      .seen()
      .some(({ method }) => method === 'paymaster_executeTransaction'),
  ).toBe(false);
}

/**
 * Makes the fee transfer and the suggested maxima `times` the paymaster's
 * estimates (its figures otherwise consistent).
 *
 * @param build - The build (changed).
 * @param times - The factor.
 */
function inflateFee(build: BuildJson, times: bigint): void {
  const { fee } = build;
  const inGas = BigInt(fee.estimated_fee_in_gas_token ?? 0) * times;
  fee.suggested_max_fee_in_gas_token = `0x${inGas.toString(16)}`;
  fee.suggested_max_fee_in_strk = `0x${(
    BigInt(fee.estimated_fee_in_strk ?? 0) * times
  ).toString(16)}`;
  const last = lastCall(build);
  last.calldata = [last.calldata[0] ?? '', `0x${inGas.toString(16)}`, '0x0'];
}

const addCall = (build: BuildJson, call: OutsideCallJson): void => {
  const { message } = build.typed_data;
  message.calls.push(call);
  message.calls_len = `0x${message.calls.length.toString(16)}`;
};

describe('a hostile paymaster', () => {
  it.each([
    [
      'an extra call',
      IN_ETH,
      (build: BuildJson): void =>
        addCall(build, { ...lastCall(build), calldata: [THIEF, '0x1', '0x0'] }),
      '3 calls where 1 were asked',
    ],
    [
      'calldata changed',
      IN_ETH,
      (build: BuildJson): void => {
        const [first] = build.typed_data.message.calls;
        if (first) {
          first.calldata = [THIEF, ...first.calldata.slice(1)];
        }
      },
      'call 1 differs',
    ],
    [
      'the fee to another recipient',
      IN_ETH,
      (build: BuildJson): void => {
        const last = lastCall(build);
        last.calldata = [THIEF, ...last.calldata.slice(1)];
      },
      'the fee goes to another address',
    ],
    [
      'a fee above its own suggested maximum',
      IN_ETH,
      (build: BuildJson): void => {
        const last = lastCall(build);
        const suggested = BigInt(build.fee.suggested_max_fee_in_gas_token ?? 0);
        last.calldata = [
          last.calldata[0] ?? '',
          `0x${(suggested * 2n).toString(16)}`,
          '0x0',
        ];
      },
      'above its own suggested maximum',
    ],
    [
      'the fee in another token',
      IN_ETH,
      (build: BuildJson): void => {
        lastCall(build).to = STRK;
      },
      'is not a transfer of ETH',
    ],
    [
      'a long validity window',
      IN_ETH,
      (build: BuildJson): void => {
        const now = Math.floor(Date.now() / 1000);
        build.typed_data.message.execute_before = `0x${(now + 86_400).toString(16)}`;
      },
      'validity window',
    ],
    [
      "another chain's domain",
      IN_ETH,
      (build: BuildJson): void => {
        build.typed_data.domain.chainId = 'SN_MAIN';
      },
      'not bound to Testnet',
    ],
    [
      'other deployment data',
      IN_ETH,
      (build: BuildJson): void => {
        build.deployment = { ...build.deployment, salt: '0x1234' };
      },
      "not the account's own",
    ],
    [
      'a fee call in sponsored mode',
      SPONSORED,
      (build: BuildJson): void =>
        addCall(build, {
          to: ETH,
          selector:
            '0x83afd3f4caedc6eebf44246fe54e38c95e3179a5ec9ea81740eca5b482d12e',
          calldata_len: '0x3',
          calldata: [THIEF, '0x1', '0x0'],
        }),
      '2 calls where 1 were asked',
    ],
    [
      'anyone as the caller, paid',
      IN_ETH,
      (build: BuildJson): void => {
        build.typed_data.message.caller = '0x414e595f43414c4c4552';
      },
      'the fee goes to another address',
    ],
    [
      'an invoke where a deployment was needed',
      IN_ETH,
      (build: BuildJson): void => {
        build.type = 'invoke';
      },
      'a invoke transaction where deploy_and_invoke was asked',
    ],
    [
      'another SNIP-9 version',
      IN_ETH,
      (build: BuildJson): void => {
        build.typed_data.domain.version = '2';
        build.typed_data.domain.revision = '1';
      },
      'built something other than what was asked',
    ],
  ])('refuses %s, signing nothing', async (_name, mode, change, words) => {
    rewriteBuild(change);
    await expectRefused(transfer(mode), words);
  });

  it('refuses a fee 1000× its own estimate, however consistent its figures', async () => {
    rewriteBuild((build) => inflateFee(build, 1000n));
    await expectRefused(transfer(IN_ETH), '1000.0× its own estimate');
  });

  it('shows a fee 20× its own estimate under a danger banner, with the ratio', async () => {
    rewriteBuild((build) => inflateFee(build, 20n));
    const pending = transfer(IN_ETH);
    const dialog = await confirmationOf(pending);
    const shown = textOf(dialog.content);
    expect(shown).toContain('Check the fee');
    expect(shown).toContain('is 20.0× its own estimate');
    await dialog.cancel();
    expect((await errorOf(pending)).code).toBe(4001);
  });

  it('refuses an answer that is not a build at all', async () => {
    hostile.script('paymaster_buildTransaction', () => ({
      result: { type: 'invoke', fee: 'lots' },
    }));
    await expectRefused(transfer(IN_ETH), 'malformed');
  });

  it('names the paymaster and its SNIP-29 code when it refuses, without its words', async () => {
    hostile.script('paymaster_buildTransaction', () => ({
      error: { code: 151, message: `no, ${ACCOUNT_0.address}` },
    }));
    const error = await errorOf(transfer(IN_ETH));
    expect(error.code).toBe(-32002);
    expect(error.message).toContain('TOKEN_NOT_SUPPORTED');
    expect(error.data?.paymasterCode).toBe(151);
    expect(error.message).not.toContain('no,');
  });

  it('says so when the paymaster takes the signed execution but answers no hash; answers the transaction that ran when its answer is lost after relaying', async () => {
    hostile.withhold('paymaster_executeTransaction', { result: {} });
    const noHash = transfer(SPONSORED);
    await (await confirmationOf(noHash)).ok();
    const first = await errorOf(noHash);
    expect(first.code).toBe(-32002);
    expect(first.message).toContain('answered no transaction hash');
    expect(first.message).toContain('may still run until');
    hostile.withhold('paymaster_executeTransaction', undefined);
    let ranAs: string | undefined;
    hostile.script('paymaster_executeTransaction', (_call, honest) => {
      ranAs = (honest.result as { transaction_hash?: string } | undefined)
        ?.transaction_hash;
      throw new Error('the answer is lost');
    });
    const lost = transfer(SPONSORED);
    await (await confirmationOf(lost)).ok();
    const answered = (await plainResultOf(lost)) as {
      transaction_hash: string;
    };
    expect(ranAs).toBeDefined();
    expect(BigInt(answered.transaction_hash)).toBe(BigInt(ranAs ?? 0));
  });

  it('refuses a nonce the account already used (the node says so)', async () => {
    // An honest deployment first, so the account can answer for its nonces.
    const deploying = transfer(SPONSORED);
    await (await confirmationOf(deploying)).ok();
    await plainResultOf(deploying);
    hostile.forget();
    hostile.script('starknet_call', () => ({ result: ['0x0'] }));
    await expectRefused(transfer(IN_ETH), 'already used');
  });
});

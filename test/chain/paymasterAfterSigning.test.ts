import type { Json } from '@metamask/snaps-sdk';

import {
  IN_ETH,
  land as landOn,
  recordsOf,
  runCheckOf,
  short,
  signedWindowEnd as signedWindowEndOf,
  transferOf,
} from './handOverSteps';
import type { RecordJson } from './handOverSteps';
import { useHostileTestnet } from './hostile-node';
import type { Answer } from './hostile-node';
import { SPONSORED, nodeRequest } from './node';
import { dateText } from '../../src/prices/dates';
import { ACCOUNT_0 } from '../fixtures';
import {
  confirmationOf,
  errorOf,
  installSharedWallet,
  plainResultOf,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';

/**
 * What happens once the user signed and the execution was handed to the
 * paymaster: the signature stays valid for its window whatever the
 * paymaster answers. A paymaster that fails after the hand-over (-32603,
 * UNKNOWN_ERROR) without having sent it is not reported as a refusal: the
 * error says the transaction may still run until the window's end, the
 * wallet keeps it as pending, the background check finds whether it ran (or
 * that its window passed with its nonce unused) and tells it once, and a
 * retry of the same calls warns of it. A hash the paymaster answers is the
 * user's only once the chain shows it ran what was signed. (Refusals after
 * relaying, stalls and retries: paymasterHandOverChecked.test.ts.)
 */

const { hostile, real } = useHostileTestnet(ACCOUNT_0.address, 10n ** 18n);
let wallet: Wallet;
/** The account's deployment: a transaction that is not the tests' own. */
let deployment: string;

beforeAll(async () => {
  wallet = await installSharedWallet();
  // An honest deployment first, so the account can answer for its nonces.
  const deploying = transfer(SPONSORED);
  await (await confirmationOf(deploying)).ok();
  deployment = (
    (await plainResultOf(deploying)) as { transaction_hash: string }
  ).transaction_hash;
});

// A notification's view stays the simulator's current interface, where the
// next dialog would be looked for: each test starts from a fresh install
// (the account is deployed on chain already).
beforeEach(async () => {
  wallet = await installSharedWallet();
});

/**
 * A one-call ETH transfer through the paymaster.
 *
 * @param paymaster - The paymaster param.
 * @returns The pending request.
 */
function transfer(paymaster: Json): ReturnType<typeof transferOf> {
  return transferOf(wallet, paymaster);
}

const records = async (): Promise<RecordJson[]> => recordsOf(wallet);
const runCheck = async (): Promise<string[]> => runCheckOf(wallet);
const signedWindowEnd = (): string => signedWindowEndOf(hostile);
const land = async (): Promise<string> => landOn(hostile, real());

/**
 * Sends a transfer whose hand-over the paymaster answers with `answer`
 * without sending it, approving the dialog.
 *
 * @param answer - What the paymaster answers to execute.
 * @returns The error.
 */
async function failedHandOver(
  answer: Answer,
): Promise<{ error: Awaited<ReturnType<typeof errorOf>> }> {
  hostile.withhold('paymaster_executeTransaction', answer);
  const pending = transfer(IN_ETH);
  await (await confirmationOf(pending)).ok();
  return { error: await errorOf(pending) };
}

describe('after the hand-over', () => {
  it('reads -32603 as "may still run", keeps it pending, warns a retry, and tells once what ran when it lands', async () => {
    const { error } = await failedHandOver({
      error: { code: -32603, message: 'Internal error' },
    });
    expect(error.code).toBe(-32002);
    expect(error.message).not.toContain('refused');
    expect(error.message).toContain(
      `may still run until ${signedWindowEnd()} (UTC`,
    );
    const [open] = await records();
    expect(open?.status).toBe('RECEIVED');

    // A retry of the same transfer says so in its dialog.
    hostile.clearScripts();
    const next = transfer(IN_ETH);
    const dialog = await confirmationOf(next);
    // The dialog writes the same moment in the user's locale (English).
    expect(textOf(dialog.content)).toContain(
      `may still run until ${dateText(Date.parse(signedWindowEnd()) / 1000, 'en', true)}:`,
    );
    await dialog.cancel();
    expect((await errorOf(next)).code).toBe(4001);

    // The paymaster that kept it sends it after all.
    const ranAs = await land();
    const told = await runCheck();
    expect(told).toContain(`Transaction ${short(ranAs)} accepted`);
    const [settled] = await records();
    expect(BigInt(settled?.txnHash ?? 0)).toBe(BigInt(ranAs));
    expect(settled?.status).toBe('ACCEPTED_ON_L2');
    expect(await runCheck()).toStrictEqual([]);
  });

  it("does not take another transaction's hash as the user's: it answers the one that ran", async () => {
    const otherHash = deployment;
    let ranAs: string | undefined;
    hostile.script('paymaster_executeTransaction', (_call, honest) => {
      ranAs = (honest.result as { transaction_hash?: string } | undefined)
        ?.transaction_hash;
      return { result: { tracking_id: '0x0', transaction_hash: otherHash } };
    });
    const pending = transfer(IN_ETH);
    await (await confirmationOf(pending)).ok();
    const answered = (await plainResultOf(pending)) as {
      transaction_hash: string;
    };
    expect(ranAs).toBeDefined();
    expect(BigInt(answered.transaction_hash)).toBe(BigInt(ranAs ?? 0));
    hostile.forget();
    const told = await runCheck();
    expect(told).toStrictEqual([
      `Transaction ${short(ranAs ?? '0x0')} accepted`,
    ]);
    const hashes = (await records()).map(({ txnHash }) => BigInt(txnHash));
    expect(hashes).toStrictEqual([BigInt(ranAs ?? 0)]);
    expect(hashes).not.toContain(BigInt(otherHash));
  });

  it("keeps an unknown hash as the paymaster's claim, never recorded or told as the user's", async () => {
    const claimed = `0x${'7'.repeat(60)}`;
    hostile.withhold('paymaster_executeTransaction', {
      result: { tracking_id: '0x0', transaction_hash: claimed },
    });
    const pending = transfer(IN_ETH);
    await (await confirmationOf(pending)).ok();
    expect(await plainResultOf(pending)).toStrictEqual({
      transaction_hash: claimed,
    });
    const hashes = (await records()).map(({ txnHash }) => BigInt(txnHash));
    expect(hashes).not.toContain(BigInt(claimed));
    const ranAs = await land();
    const told = await runCheck();
    expect(told).toStrictEqual([`Transaction ${short(ranAs)} accepted`]);
    const after = (await records()).map(({ txnHash }) => BigInt(txnHash));
    expect(after).toStrictEqual([BigInt(ranAs)]);
    expect(after).not.toContain(BigInt(claimed));
  });

  it('reads UNKNOWN_ERROR (163) as "may still run"; once the window passed with the nonce unused, records it not executed, told once', async () => {
    // A window that closes a few seconds from now (the paymaster's to set).
    const closes = Math.floor(Date.now() / 1000) + 4;
    hostile.script('paymaster_buildTransaction', (_call, honest: Answer) => {
      const build = structuredClone(honest.result) as {
        typed_data: { message: { execute_before: string } };
      };
      build.typed_data.message.execute_before = `0x${closes.toString(16)}`;
      return { result: build };
    });
    const { error } = await failedHandOver({
      error: { code: 163, message: 'boom' },
    });
    expect(error.code).toBe(-32002);
    expect(error.message).toContain('UNKNOWN_ERROR');
    expect(error.message).toContain(`may still run until ${signedWindowEnd()}`);
    const [open] = await records();
    expect(open?.status).toBe('RECEIVED');
    // Still inside its window: nothing is decided.
    expect(await runCheck()).toStrictEqual([]);
    expect((await records())[0]?.status).toBe('RECEIVED');
    // The window closes; the chain's newest block is stamped after it.
    await new Promise((resolve) =>
      setTimeout(resolve, (closes + 1) * 1000 - Date.now()),
    );
    await nodeRequest(real(), 'devnet_createBlock', {});
    expect(await runCheck()).toStrictEqual([
      `Transaction ${short(open?.txnHash ?? '0x0')} not executed`,
    ]);
    const [expired] = await records();
    expect(expired?.status).toBe('REJECTED');
    expect(expired?.failureReason).toContain('Not executed');
    expect(await runCheck()).toStrictEqual([]);
  });
});

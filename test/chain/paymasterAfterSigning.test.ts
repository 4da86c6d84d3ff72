import type { Json } from '@metamask/snaps-sdk';

import { useHostileTestnet } from './hostile-node';
import type { Answer } from './hostile-node';
import { SPONSORED, nodeRequest } from './node';
import { ACCOUNT_0, ETH, TESTNET } from '../fixtures';
import {
  confirmationOf,
  errorOf,
  installSharedWallet,
  invoke,
  plainResultOf,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';

/**
 * What happens once the user signed and the execution was handed to the
 * paymaster: the signature stays valid for its window whatever the
 * paymaster answers. A paymaster that fails after the hand-over (-32603,
 * UNKNOWN_ERROR) is not reported as a refusal: the error says the
 * transaction may still run until the window's end, the wallet keeps it as
 * pending, the background check finds whether it ran (or that its window
 * passed with its nonce unused) and tells it once, and a new paymaster
 * transaction of the account warns of it. A hash the paymaster answers is
 * the user's only once the chain shows it ran what was signed.
 */

const RECIPIENT =
  '0x00000000000000000000000000000000000000000000000000000000000b0b03';

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

const IN_ETH = { feeMode: { mode: 'default', gasToken: ETH } };

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

/** A record of the wallet, as snapnet_getTransactions answers it. */
type RecordJson = { txnHash: string; status: string; failureReason: string };

/**
 * The wallet's own records of ACCOUNT_0 on Testnet.
 *
 * @returns The records, newest first.
 */
async function records(): Promise<RecordJson[]> {
  const answer = await plainResultOf(
    invoke(wallet, 'snapnet_getTransactions', {
      senderAddress: ACCOUNT_0.address,
      onlyFromState: true,
      chainId: TESTNET,
    }),
  );
  return answer as RecordJson[];
}

/**
 * One run of the background check, as MetaMask's scheduler makes it.
 *
 * @returns The messages of its notifications.
 */
async function runCheck(): Promise<string[]> {
  const response = await wallet.onCronjob({ method: 'refreshTransactions' });
  return response.notifications.map(({ message }) => message);
}

/**
 * The short hash a notification names.
 *
 * @param hash - The transaction hash.
 * @returns `0x1234…abcd` of its canonical form.
 */
function short(hash: string): string {
  const canonical = `0x${BigInt(hash).toString(16).padStart(64, '0')}`;
  return `${canonical.slice(0, 6)}…${canonical.slice(-4)}`;
}

/**
 * The window's end the signed typed data of the last execute carried.
 *
 * @returns The UTC time, as the error writes it.
 */
function signedWindowEnd(): string {
  const executes = hostile
    .seen()
    .filter(({ method }) => method === 'paymaster_executeTransaction');
  const [last] = executes.slice(-1);
  const text = JSON.stringify(last?.params);
  const [, before] = /"execute_before":"(0x[0-9a-f]+)"/u.exec(text) ?? [];
  return new Date(Number(BigInt(before ?? '0x0')) * 1000)
    .toISOString()
    .replace('.000Z', 'Z');
}

/**
 * Sends a transfer whose hand-over the paymaster answers with `answer`
 * (after really executing it when `executes`), approving the dialog.
 *
 * @param answer - What the paymaster answers to execute.
 * @param executes - Whether the real paymaster runs it first.
 * @returns The error, and the hash of the transaction the real paymaster
 * sent (when it ran it).
 */
async function failedHandOver(
  answer: Answer,
  executes: boolean,
): Promise<{
  error: Awaited<ReturnType<typeof errorOf>>;
  ranAs: string | undefined;
}> {
  let ranAs: string | undefined;
  if (executes) {
    hostile.script('paymaster_executeTransaction', (_call, honest) => {
      ranAs = (honest.result as { transaction_hash?: string } | undefined)
        ?.transaction_hash;
      return answer;
    });
  } else {
    hostile.withhold('paymaster_executeTransaction', answer);
  }
  const pending = transfer(IN_ETH);
  await (await confirmationOf(pending)).ok();
  return { error: await errorOf(pending), ranAs };
}

describe('after the hand-over', () => {
  it('reads -32603 as "may still run", keeps it pending, warns the next dialog, and tells once what ran', async () => {
    const { error, ranAs } = await failedHandOver(
      { error: { code: -32603, message: 'Internal error' } },
      true,
    );
    expect(error.code).toBe(-32002);
    expect(error.message).not.toContain('refused');
    expect(error.message).toContain(
      `may still run until ${signedWindowEnd()} (UTC`,
    );
    expect(ranAs).toBeDefined();
    const [open] = await records();
    expect(open?.status).toBe('RECEIVED');
    expect(BigInt(open?.txnHash ?? 0)).not.toBe(BigInt(ranAs ?? 0));

    // A new paymaster transaction of the account says so in its dialog.
    hostile.clearScripts();
    const next = transfer(IN_ETH);
    const dialog = await confirmationOf(next);
    expect(textOf(dialog.content)).toContain(
      `may still run until ${signedWindowEnd()} (UTC)`,
    );
    await dialog.cancel();
    expect((await errorOf(next)).code).toBe(4001);

    const told = await runCheck();
    expect(told).toContain(`Transaction ${short(ranAs ?? '0x0')} accepted`);
    const [settled] = await records();
    expect(BigInt(settled?.txnHash ?? 0)).toBe(BigInt(ranAs ?? 0));
    expect(settled?.status).toBe('ACCEPTED_ON_L2');
    expect(await runCheck()).toStrictEqual([]);
  });

  it('reads a SNIP-29 refusal before execution (INVALID_SIGNATURE) as refused, recording nothing', async () => {
    const before = (await records()).length;
    const { error } = await failedHandOver(
      { error: { code: 153, message: 'bad signature' } },
      false,
    );
    expect(error.code).toBe(-32002);
    expect(error.message).toContain('refused (153)');
    expect(error.message).not.toContain('may still run');
    expect(await records()).toHaveLength(before);
  });

  it("does not take another transaction's hash as the user's: it finds the one that ran", async () => {
    const otherHash = deployment;
    const { error, ranAs } = await failedHandOver(
      { result: { tracking_id: '0x0', transaction_hash: otherHash } },
      true,
    );
    expect(error.code).toBe(-32002);
    expect(error.message).toContain(
      'answered the hash of a transaction that did not run the signed execution',
    );
    expect(error.message).toContain('may still run until');
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
    hostile.script('paymaster_executeTransaction', () => ({
      result: { tracking_id: '0x0', transaction_hash: claimed },
    }));
    const pending = transfer(IN_ETH);
    await (await confirmationOf(pending)).ok();
    expect(await plainResultOf(pending)).toStrictEqual({
      transaction_hash: claimed,
    });
    const hashes = (await records()).map(({ txnHash }) => BigInt(txnHash));
    expect(hashes).not.toContain(BigInt(claimed));
    const told = await runCheck();
    expect(told).toHaveLength(1);
    expect(told[0]).not.toContain(short(claimed));
    const after = (await records()).map(({ txnHash }) => BigInt(txnHash));
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
    const { error } = await failedHandOver(
      { error: { code: 163, message: 'boom' } },
      false,
    );
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

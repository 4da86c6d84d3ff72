import { hash } from 'starknet';

import {
  IN_ETH,
  land,
  recordsOf,
  runCheckOf,
  short,
  signedWindowEnd,
  transferOf,
} from './handOverSteps';
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
 * A paymaster's word after the hand-over is checked on chain: a paymaster
 * that relays the signed execution and then answers a refusal (153) is
 * answered with the transaction that ran it; one that refuses without
 * relaying is "refused" only after the chain shows the execution unused,
 * and since it holds a valid signature until the window's end the
 * execution stays watched until then; one that stalls is given up on after
 * 15 s (the hand-over's bound, not the node's timeout) with "may still run
 * until …", and the background check finds it when it lands. A retry of
 * the same calls inside the window is warned in its dialog on either path
 * (paymaster or an ordinary transaction), and no longer once the window
 * closed.
 */

const { hostile, real } = useHostileTestnet(ACCOUNT_0.address, 10n ** 18n);
let wallet: Wallet;

const PAY_TWICE = 'may pay twice';

const NONCE_CHECK = BigInt(
  hash.getSelectorFromName('is_valid_outside_execution_nonce'),
);

beforeAll(async () => {
  wallet = await installSharedWallet();
  // An honest deployment first, so the account can answer for its nonces.
  const deploying = transferOf(wallet, SPONSORED);
  await (await confirmationOf(deploying)).ok();
  await plainResultOf(deploying);
});

// Each test starts from a fresh install (the account is deployed on chain).
beforeEach(async () => {
  wallet = await installSharedWallet();
});

/**
 * The text of the dialog of a transfer, which is then declined.
 *
 * @param paymaster - The paymaster param (undefined: an ordinary transaction).
 * @param amount - The amount (wei, hex).
 * @returns The dialog's text.
 */
async function dialogTextOf(
  paymaster: typeof IN_ETH | undefined,
  amount?: string,
): Promise<string> {
  const pending = transferOf(wallet, paymaster, amount);
  const dialog = await confirmationOf(pending);
  const text = textOf(dialog.content);
  await dialog.cancel();
  expect((await errorOf(pending)).code).toBe(4001);
  return text;
}

/**
 * Whether the wallet asked the account's outside-execution nonce after the
 * paymaster's answer to the hand-over.
 *
 * @returns Whether it did.
 */
function checkedNonceAfterHandOver(): boolean {
  const seen = hostile.seen();
  const handedOver = seen.findIndex(
    ({ method }) => method === 'paymaster_executeTransaction',
  );
  return seen.slice(handedOver + 1).some(({ method, params }) => {
    const request = (params as { request?: { entry_point_selector?: string } })
      ?.request;
    return (
      method === 'starknet_call' &&
      BigInt(request?.entry_point_selector ?? 0) === NONCE_CHECK
    );
  });
}

describe('a paymaster that answers a refusal after the hand-over', () => {
  it('relayed it first: the answer is the transaction that ran it, recorded as sent', async () => {
    let ranAs: string | undefined;
    hostile.script('paymaster_executeTransaction', (_call, honest) => {
      ranAs = (honest.result as { transaction_hash?: string } | undefined)
        ?.transaction_hash;
      return {
        error: { code: 153, message: 'An error occurred (INVALID_SIGNATURE)' },
      };
    });
    const pending = transferOf(wallet, IN_ETH);
    await (await confirmationOf(pending)).ok();
    const answered = (await plainResultOf(pending)) as {
      transaction_hash: string;
    };
    expect(ranAs).toBeDefined();
    expect(BigInt(answered.transaction_hash)).toBe(BigInt(ranAs ?? 0));
    const hashes = (await recordsOf(wallet)).map(({ txnHash }) =>
      BigInt(txnHash),
    );
    expect(hashes).toStrictEqual([BigInt(ranAs ?? 0)]);
    // Known to have run: a retry is not warned of it.
    hostile.clearScripts();
    expect(await dialogTextOf(IN_ETH)).not.toContain(PAY_TWICE);
  });

  it('did not relay it: "refused" once the chain shows it unused, watched until its window ends, a retry warned on either path until then', async () => {
    // A window that closes a few seconds from now (the paymaster's to set).
    const closes = Math.floor(Date.now() / 1000) + 25;
    hostile.script('paymaster_buildTransaction', (_call, honest: Answer) => {
      const build = structuredClone(honest.result) as {
        typed_data: { message: { execute_before: string } };
      };
      build.typed_data.message.execute_before = `0x${closes.toString(16)}`;
      return { result: build };
    });
    hostile.withhold('paymaster_executeTransaction', {
      error: { code: 153, message: 'An error occurred (INVALID_SIGNATURE)' },
    });
    const pending = transferOf(wallet, IN_ETH);
    await (await confirmationOf(pending)).ok();
    const error = await errorOf(pending);
    const end = signedWindowEnd(hostile);
    expect(error.code).toBe(-32002);
    expect(error.message).toContain('refused (153)');
    expect(error.data?.paymasterCode).toBe(153);
    expect(error.message).toContain('the chain shows it has not run');
    expect(error.message).toContain(`stays valid until ${end} (UTC`);
    expect(checkedNonceAfterHandOver()).toBe(true);
    const [watched] = await recordsOf(wallet);
    expect(watched?.status).toBe('RECEIVED');
    // Still inside its window: nothing is decided.
    expect(await runCheckOf(wallet)).toStrictEqual([]);

    // The same calls again, through the paymaster or not: warned.
    hostile.clearScripts();
    // The dialog writes the same moment in the user's locale (English).
    const warning = `may still run until ${dateText(Date.parse(end) / 1000, 'en', true)}:`;
    const again = await dialogTextOf(IN_ETH);
    expect(again).toContain(warning);
    expect(again).toContain(PAY_TWICE);
    const ordinary = await dialogTextOf(undefined);
    expect(ordinary).toContain(warning);
    expect(ordinary).toContain(PAY_TWICE);
    // Other calls of the account: not.
    expect(await dialogTextOf(undefined, '0x65')).not.toContain(PAY_TWICE);

    // The window closes: no warning on either path, even before the check
    // settles it (once settled, it is no longer open: the unit tests).
    await new Promise((resolve) =>
      setTimeout(resolve, (closes + 1) * 1000 - Date.now()),
    );
    expect(await dialogTextOf(undefined)).not.toContain(PAY_TWICE);
    expect(await dialogTextOf(IN_ETH)).not.toContain(PAY_TWICE);
    await nodeRequest(real(), 'devnet_createBlock', {});
    expect(await runCheckOf(wallet)).toStrictEqual([
      `Transaction ${short(watched?.txnHash ?? '0x0')} not executed`,
    ]);
    expect((await recordsOf(wallet))[0]?.status).toBe('REJECTED');
  });
});

describe('a paymaster that stalls after the hand-over', () => {
  it('is given up on after 15 s with "may still run until …"; the background check finds it when it lands', async () => {
    let answerAtLast = (_answer: Answer): void => undefined;
    hostile.withhold(
      'paymaster_executeTransaction',
      new Promise<Answer>((resolve) => {
        answerAtLast = resolve;
      }),
    );
    const pending = transferOf(wallet, IN_ETH);
    await (await confirmationOf(pending)).ok();
    const error = await errorOf(pending);
    const end = signedWindowEnd(hostile);
    expect(error.code).toBe(-32002);
    expect(error.message).toContain('no complete answer within 15 s');
    expect(error.message).toContain(`may still run until ${end} (UTC`);
    expect(checkedNonceAfterHandOver()).toBe(true);
    const [open] = await recordsOf(wallet);
    expect(open?.status).toBe('RECEIVED');
    expect(await runCheckOf(wallet)).toStrictEqual([]);

    // It lands after all.
    const ranAs = await land(hostile, real());
    expect(await runCheckOf(wallet)).toStrictEqual([
      `Transaction ${short(ranAs)} accepted`,
    ]);
    const [settled] = await recordsOf(wallet);
    expect(BigInt(settled?.txnHash ?? 0)).toBe(BigInt(ranAs));
    answerAtLast({ error: { code: -32603, message: 'too late' } });
  });
});

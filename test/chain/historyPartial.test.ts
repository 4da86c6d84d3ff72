import { hash } from 'starknet';

import { openHome } from './homePage';
import { useHostileMainnet } from './hostile-node';
import { ONE_STRK } from './node';
import { ACCOUNT_0, MAINNET } from '../fixtures';
import {
  installWallet,
  invoke,
  plainResultOf,
  stateSharing,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';

/**
 * A history read the node answers in part: Mainnet's node (the test build's
 * first) is a hostile node in front of a local Mainnet node where account 0
 * received 5 STRK, and it fails every page of the account's own invokes
 * (`TransactionExecuted`) with error 63. snapnet_getTransactions asked with
 * `reportPartial` says so beside what was read; the array form keeps its
 * shape; the page's Activity says it too.
 */

const { hostile } = useHostileMainnet(ACCOUNT_0.address, 5n * ONE_STRK);

/** Argent's `TransactionExecuted` key, as the history's filter asks it. */
const EXECUTED = BigInt(hash.getSelectorFromName('TransactionExecuted'));

const REASON = 'some events could not be read: the node refused it (error 63)';

/**
 * Fails every events page whose filter asks for `TransactionExecuted`.
 */
function failInvokePages(): void {
  hostile.script('starknet_getEvents', (call, honest) => {
    const { filter } = call.params as { filter: { keys?: string[][] } };
    const first = filter.keys?.[0] ?? [];
    return first.some((key) => BigInt(key) === EXECUTED)
      ? { error: { code: 63, message: 'An unexpected error occurred' } }
      : honest;
  });
}

/**
 * A wallet on Mainnet with account 0, shared with the test dapp.
 *
 * @returns The snap.
 */
async function mainnetWallet(): Promise<Wallet> {
  const wallet = await installWallet({
    state: { ...stateSharing([ACCOUNT_0.address]), currentChainId: MAINNET },
  });
  await plainResultOf(
    invoke(wallet, 'snapnet_createAccount', {
      addressIndex: 0,
      chainId: MAINNET,
    }),
  );
  return wallet;
}

/**
 * snapnet_getTransactions of account 0 on Mainnet, as a dapp asks it.
 *
 * @param wallet - The snap.
 * @param reportPartial - Whether the envelope is asked for.
 * @returns The result.
 */
async function transactionsOf(
  wallet: Wallet,
  reportPartial?: boolean,
): Promise<any> {
  return plainResultOf(
    invoke(wallet, 'snapnet_getTransactions', {
      senderAddress: ACCOUNT_0.address,
      chainId: MAINNET,
      ...(reportPartial === undefined ? {} : { reportPartial }),
    }),
  );
}

describe('a history the node answers in part', () => {
  afterEach(() => hostile.clearScripts());

  it('is reported by snapnet_getTransactions with reportPartial, beside what was read; the array form keeps its shape', async () => {
    const wallet = await mainnetWallet();
    const whole = await transactionsOf(wallet, true);
    expect(whole.partial).toBeNull();
    expect(whole.transactions).toHaveLength(1);

    failInvokePages();
    const partial = await transactionsOf(wallet, true);
    expect(partial.partial).toStrictEqual({ reason: REASON });
    // The transfer found by its own filter is still there.
    expect(partial.transactions).toStrictEqual(whole.transactions);

    const array = await transactionsOf(wallet);
    expect(Array.isArray(array)).toBe(true);
    expect(array).toStrictEqual(whole.transactions);
    expect(await transactionsOf(wallet, false)).toStrictEqual(array);
  });

  it('is a partial read, not an error, when the node fails every page', async () => {
    const wallet = await mainnetWallet();
    hostile.script('starknet_getEvents', () => ({
      error: { code: 63, message: 'An unexpected error occurred' },
    }));
    const answer = await transactionsOf(wallet, true);
    expect(answer).toStrictEqual({
      transactions: [],
      partial: {
        reason:
          "the node's history could not be read: the node refused it (error 63)",
      },
    });
  });

  it("is said by the page's Activity, what was read listed", async () => {
    const wallet = await mainnetWallet();
    failInvokePages();
    const home = await openHome(wallet, 'activity');
    const updated = home.waitForUpdate();
    await home.clickElement('home-activity-more:5');
    const text = textOf((await updated).content);
    expect(text).toContain(
      `Some history could not be read: ${REASON.replace('some events could not be read: ', '')}. What was read is listed.`,
    );
    expect(text).toContain('Account 0: Received 5 STRK');
    expect(text).not.toContain("The node's history could not be read");
  });
});

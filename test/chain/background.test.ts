import { installSnap } from '@metamask/snaps-jest';
import type { Json } from '@metamask/snaps-sdk';

import {
  AMPLE_BOUNDS,
  deployAccount0,
  executeFromAccount0,
  receiptOf,
} from './actions';
import { ensureArgentDeclared, predeployedAccount } from './classes';
import {
  SITE_NETWORK_NAME,
  startHostileNode,
  useHostileNode,
} from './hostile-node';
import type { HostileNode } from './hostile-node';
import { mintStrk, ONE_STRK, SN_DEVNET } from './node';
import { defaultState } from '../../src/state/schema';
import { ACCOUNT_0, DAPP_ORIGIN, STRK, TESTNET } from '../fixtures';
import {
  installSharedWallet,
  installWallet,
  stateSharing,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';
import { TEST_NODE_PORT } from '../ports';
import { startLocalNode } from '@snapnet/local-node';
import type { LocalNode } from '@snapnet/local-node';

/**
 * The background check (`onCronjob`): the wallet's pending transactions are
 * asked about in one round trip per network, and each outcome (accepted,
 * reverted) is notified once, in MetaMask's notifications. The snap's
 * Testnet node is a hostile node in front of a real local node, so a test
 * can stop it (the chain lives on) or rewrite what it says.
 */

const RECIPIENT =
  '0x0000000000000000000000000000000000000000000000000000000000abcdef';

let real: LocalNode;
let front: HostileNode;

/**
 * Starts the snap's Testnet node: a hostile node forwarding to the real one.
 */
async function startFront(): Promise<void> {
  front = await startHostileNode({ target: real.url, port: TEST_NODE_PORT });
}

beforeAll(async () => {
  real = await startLocalNode({ host: '127.0.0.1', seed: 42 });
  await ensureArgentDeclared(real);
  await mintStrk(real, ACCOUNT_0.address, 100n * ONE_STRK);
  await startFront();
});

afterAll(async () => {
  await front.close();
  await real.stop();
});

afterEach(() => {
  front.clearScripts();
});

/**
 * A STRK transfer from ACCOUNT_0.
 *
 * @param amount - How much (FRI).
 * @returns The call.
 */
function transfer(amount: bigint): {
  contractAddress: string;
  entrypoint: string;
  calldata: string[];
} {
  return {
    contractAddress: STRK,
    entrypoint: 'transfer',
    calldata: [RECIPIENT, amount.toString(), '0'],
  };
}

/**
 * One run of the background check, as MetaMask's scheduler makes it.
 *
 * @param wallet - The snap.
 * @returns Its response (notifications included).
 */
async function runCheck(
  wallet: Wallet,
): Promise<Awaited<ReturnType<Wallet['onCronjob']>>> {
  const response = await wallet.onCronjob({ method: 'refreshTransactions' });
  expect(JSON.parse(JSON.stringify(response.response))).toStrictEqual({
    result: null,
  });
  return response;
}

/**
 * The short hash the notification names.
 *
 * @param hash - The transaction hash.
 * @returns `0x1234…abcd` of its canonical form.
 */
function short(hash: string): string {
  const canonical = `0x${BigInt(hash).toString(16).padStart(64, '0')}`;
  return `${canonical.slice(0, 6)}…${canonical.slice(-4)}`;
}

describe('the background check', () => {
  let wallet: Wallet;

  beforeAll(async () => {
    wallet = await installSharedWallet();
    await deployAccount0(wallet);
  });

  it('notifies each accepted transaction once, across runs, in one batch (and the token search)', async () => {
    const sent = await executeFromAccount0(wallet, [transfer(ONE_STRK)]);
    real.resetRequestCount();
    const first = await runCheck(wallet);
    // The check's one batch, then the first search for received tokens:
    // the latest block, then the Transfer events of the window.
    expect(real.roundTripCount()).toBe(1 + 2);
    const messages = first.notifications.map(({ message }) => message);
    expect(messages).toContain(`Transaction ${short(sent)} accepted`);
    expect(first.notifications).toHaveLength(2);
    expect(
      first.notifications.every(
        ({ type, title }) =>
          type === 'inApp' && title === 'Transaction accepted',
      ),
    ).toBe(true);
    const second = await runCheck(wallet);
    expect(second.notifications).toStrictEqual([]);
  });

  it('on a quiet run, asks once and tells nothing', async () => {
    real.resetRequestCount();
    const quiet = await runCheck(wallet);
    expect(quiet.notifications).toStrictEqual([]);
    // The check's one batch: the tokens were searched a moment ago (the
    // background searches at most every ten minutes).
    expect(real.roundTripCount()).toBe(1);
  });

  it('notifies tokens that arrive at an account, once', async () => {
    const { transaction_hash: incoming } = await predeployedAccount(
      real,
      1,
    ).execute([
      {
        contractAddress: STRK,
        entrypoint: 'transfer',
        calldata: [ACCOUNT_0.address, (3n * ONE_STRK).toString(), '0'],
      },
    ]);
    await receiptOf(real, incoming);
    const arrived = await runCheck(wallet);
    expect(arrived).toSendNotification(
      `Tokens arrived at ${short(ACCOUNT_0.address)}`,
      'inApp',
      'Tokens received',
      expect.anything(),
    );
    expect(arrived.notifications).toHaveLength(1);
    if (!('getInterface' in arrived)) {
      throw new Error('The notification has no expanded view');
    }
    const text = textOf(arrived.getInterface().content);
    expect(text).toContain('Received 3 STRK');
    expect(text).toContain('Account 0');
    expect((await runCheck(wallet)).notifications).toStrictEqual([]);
  });

  // A notification stays the simulation's current interface, so a later
  // dialog of the same snap could not be told apart: each test below sends
  // from a fresh install (the account is deployed on chain already).

  it('notifies a revert with its reason, as visible text', async () => {
    const fresh = await installSharedWallet();
    front.script('starknet_getTransactionStatus', (_call, honest) => {
      const result = honest.result as { failure_reason?: string };
      return {
        result: {
          ...result,
          failure_reason: `${result.failure_reason ?? ''} \u202Eevil`,
        },
      };
    });
    const sent = await executeFromAccount0(
      fresh,
      [transfer(1000n * ONE_STRK)],
      { resourceBounds: AMPLE_BOUNDS },
    );
    const response = await runCheck(fresh);
    expect(response).toSendNotification(
      `Transaction ${short(sent)} reverted`,
      'inApp',
      'Transaction reverted',
      expect.anything(),
    );
    if (!('getInterface' in response)) {
      throw new Error('The notification has no expanded view');
    }
    const text = textOf(response.getInterface().content);
    expect(text).toContain('Sent 1,000 STRK to 0x0000…cdef');
    expect(text).toContain('reverted: ');
    expect(text).toContain('⟨U+202E⟩evil');
    expect(text).not.toContain('\u202E');
    expect((await runCheck(fresh)).notifications).toStrictEqual([]);
  });

  it('tells at most five pieces of news a run (MetaMask allows five a minute), the rest on the next', async () => {
    const fresh = await installSharedWallet();
    const sent: string[] = [];
    for (let index = 1n; index <= 6n; index++) {
      sent.push(await executeFromAccount0(fresh, [transfer(index)]));
    }
    const first = await runCheck(fresh);
    expect(first.notifications).toHaveLength(5);
    const second = await runCheck(fresh);
    expect(
      [...first.notifications, ...second.notifications]
        .map(({ message }) => message)
        .sort(),
    ).toStrictEqual(
      sent.map((hash) => `Transaction ${short(hash)} accepted`).sort(),
    );
    expect((await runCheck(fresh)).notifications).toStrictEqual([]);
  });

  it('asks about at most 20 pending transactions a run, the oldest of the last three days, in one round trip', async () => {
    const hashes = Array.from(
      { length: 22 },
      (_, index) => `0x${(0xf00 + index).toString(16).padStart(64, '0')}`,
    );
    const state = stateSharing([ACCOUNT_0.address]);
    const now = Math.floor(Date.now() / 1000);
    const pending = await installWallet({
      state: {
        ...state,
        transactions: hashes.map((txnHash, index) => ({
          txnHash,
          txnType: 'invoke',
          senderAddress: ACCOUNT_0.address,
          contractAddress: '',
          contractFuncName: '',
          contractCallData: [],
          status: 'RECEIVED',
          failureReason: null,
          eventIds: [],
          // The newest first, as the wallet keeps them; the last one was
          // sent four days ago, and the network never took it.
          timestamp: index === 21 ? now - 4 * 86_400 : now - index,
          chainId: TESTNET,
        })),
      },
    });
    front.forget();
    real.resetRequestCount();
    await runCheck(pending);
    expect(real.roundTripCount()).toBe(1);
    const asked = front
      .seen()
      .filter(({ method }) => method === 'starknet_getTransactionStatus');
    expect(asked).toHaveLength(20);
    expect(front.received(hashes[0]?.slice(2) ?? '')).toBe(false);
    expect(front.received(hashes[21]?.slice(2) ?? '')).toBe(false);
    expect(front.received(hashes[20]?.slice(2) ?? '')).toBe(true);
  });

  it('waits out a stopped node without failing, and notifies on a later run', async () => {
    const fresh = await installSharedWallet();
    const sent = await executeFromAccount0(fresh, [transfer(2n * ONE_STRK)]);
    await front.close();
    try {
      const down = await runCheck(fresh);
      expect(down.notifications).toStrictEqual([]);
    } finally {
      await startFront();
    }
    const later = await runCheck(fresh);
    expect(later.notifications.map(({ message }) => message)).toStrictEqual([
      `Transaction ${short(sent)} accepted`,
    ]);
  });

  it("writes its notifications' amounts in the user's locale, and masks them while balances are hidden", async () => {
    const shared = { state: stateSharing([ACCOUNT_0.address]) };
    const german = await installSnap({ options: { ...shared, locale: 'de' } });
    const sent = await executeFromAccount0(german, [
      transfer((3n * ONE_STRK) / 2n),
    ]);
    const told = await runCheck(german);
    expect(told).toSendNotification(
      `Transaction ${short(sent)} accepted`,
      'inApp',
      'Transaction accepted',
      expect.anything(),
    );
    if (!('getInterface' in told)) {
      throw new Error('The notification has no expanded view');
    }
    expect(textOf(told.getInterface().content)).toContain(
      'Sent 1,5 STRK to 0x0000…cdef',
    );

    const hiding = await installSnap({
      options: { ...shared, hideBalances: true },
    });
    const hidden = await executeFromAccount0(hiding, [transfer(ONE_STRK)]);
    const masked = await runCheck(hiding);
    expect(masked).toSendNotification(
      `Transaction ${short(hidden)} accepted`,
      'inApp',
      'Transaction accepted',
      expect.anything(),
    );
    if (!('getInterface' in masked)) {
      throw new Error('The notification has no expanded view');
    }
    const text = textOf(masked.getInterface().content);
    expect(text).toContain('Sent •••••• to 0x0000…cdef');
    expect(text).not.toMatch(/\d STRK/u);
  });
});

describe("the background check on a site's own network", () => {
  const { hostile } = useHostileNode(ACCOUNT_0.address, ONE_STRK);
  /** An account of the wallet the site was not given. */
  const UNSHARED =
    '0x00000000000000000000000000000000000000000000000000000000000a11ce';
  const SHARED_HASH =
    '0x0000000000000000000000000000000000000000000000000000000000051a7e';
  const UNSHARED_HASH =
    '0x00000000000000000000000000000000000000000000000000000000000b0b0b';

  /**
   * A wallet holding account 0 (shared with the site) and another account
   * (not shared) on the site's network, each with a pending transaction.
   *
   * @returns The state.
   */
  function siteNetworkState(): Record<string, Json> {
    const state = stateSharing([ACCOUNT_0.address]);
    const account = (address: string, index: number): Json => ({
      address,
      addressIndex: index,
      publicKey: '0x1',
      addressSalt: '0x1',
      deployTxnHash: '',
      derivationPath: `m/44'/9004'/0'/0/${index}`,
      chainId: SN_DEVNET,
      kind: 'argent-cairo1',
    });
    const pending = (txnHash: string, senderAddress: string): Json => ({
      txnHash,
      txnType: 'invoke',
      senderAddress,
      contractAddress: '',
      contractFuncName: '',
      contractCallData: [],
      status: 'RECEIVED',
      failureReason: null,
      eventIds: [],
      timestamp: Math.floor(Date.now() / 1000),
      chainId: SN_DEVNET,
    });
    return {
      ...state,
      networks: [
        ...defaultState().networks,
        {
          name: SITE_NETWORK_NAME,
          chainId: SN_DEVNET,
          rpcUrl: hostile().url,
          addedBy: DAPP_ORIGIN,
        },
      ],
      accounts: [account(ACCOUNT_0.address, 0), account(UNSHARED, 1)],
      tokens: [
        ...defaultState().tokens,
        {
          address: STRK,
          name: 'Starknet Token',
          symbol: 'STRK',
          decimals: 18,
          chainId: SN_DEVNET,
        },
      ],
      transactions: [
        pending(SHARED_HASH, ACCOUNT_0.address),
        pending(UNSHARED_HASH, UNSHARED),
      ],
    };
  }

  it('asks its node only about the accounts that site was given', async () => {
    const wallet = await installWallet({ state: siteNetworkState() });
    await runCheck(wallet);
    expect(hostile().received(SHARED_HASH)).toBe(true);
    expect(hostile().received(ACCOUNT_0.address.slice(2))).toBe(true);
    expect(hostile().received(UNSHARED_HASH)).toBe(false);
    expect(hostile().received('a11ce')).toBe(false);
  });
});

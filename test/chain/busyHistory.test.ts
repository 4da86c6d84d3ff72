import type { Json } from '@metamask/snaps-sdk';

import { receiptOf } from './actions';
import { makeBusy } from './busyChain';
import { predeployedAccount } from './classes';
import { openHome } from './homePage';
import { BACKEND, freshStateWithoutEth, ONE_STRK, useFundedNode } from './node';
import { ACCOUNT_0, ETH, STRK, TESTNET } from '../fixtures';
import {
  createAccount,
  installWallet,
  invoke,
  plainResultOf,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';

/**
 * History that holds on a busy chain: thousands of other people's
 * transfers before and after the user's (see busyChain.ts). The wallet's
 * reads are keyed to the account (its own events; Transfer from or to it),
 * so the transfer it received is found by snapnet_getTransactions, by the
 * page's "More", and a token that arrives after thousands of transfers to
 * the account is found by the token search. A stranger's transaction that
 * approves something and sends the account 1 wei reads as what it did to
 * the account.
 */

const testNode = useFundedNode(ACCOUNT_0.address, 10n * ONE_STRK);
const SPENDER = `0x${'5e'.repeat(31)}`;

type HomeInterface =
  Awaited<ReturnType<Wallet['onHomePage']>> extends {
    getInterface(): infer Ui;
  }
    ? Ui
    : never;

const canonical = (value: string): string =>
  `0x${BigInt(value).toString(16).padStart(64, '0')}`;
const short = (value: string): string =>
  `${canonical(value).slice(0, 6)}…${canonical(value).slice(-4)}`;

/**
 * Clicks a button of the page and reads the page it leads to.
 *
 * @param home - The page.
 * @param name - The button.
 * @returns The page's text then.
 */
async function click(home: HomeInterface, name: string): Promise<string> {
  const updated = home.waitForUpdate();
  await home.clickElement(name);
  return textOf((await updated).content);
}

/**
 * A call of a token.
 *
 * @param token - The token.
 * @param entrypoint - What is called.
 * @param to - Its address argument.
 * @param amount - Its u256 amount.
 * @returns The call.
 */
function tokenCall(
  token: string,
  entrypoint: string,
  to: string,
  amount: bigint,
): { contractAddress: string; entrypoint: string; calldata: string[] } {
  return {
    contractAddress: token,
    entrypoint,
    calldata: [to, String(amount), '0'],
  };
}

describe('the history on a busy chain', () => {
  let wallet: Wallet;
  let received: string;
  let approvedAndSent: string;
  let stranger: string;

  beforeAll(async () => {
    const node = testNode();
    wallet = await installWallet();
    // Shared with the test dapp through the dialog, and recorded.
    await createAccount(wallet, { addressIndex: 0 });
    stranger = node.accounts[1]?.address ?? '0x0';
    await makeBusy(node, { local: 1500, devnet: 110 });
    const sender = predeployedAccount(node, 1);
    ({ transaction_hash: received } = await sender.execute([
      tokenCall(STRK, 'transfer', ACCOUNT_0.address, 2n * ONE_STRK),
    ]));
    await receiptOf(node, received);
    // A stranger's transaction: its first call an approval of its own, its
    // second sends the account 1 wei.
    ({ transaction_hash: approvedAndSent } = await sender.execute([
      tokenCall(STRK, 'approve', SPENDER, 5n * ONE_STRK),
      tokenCall(STRK, 'transfer', ACCOUNT_0.address, 1n),
    ]));
    await receiptOf(node, approvedAndSent);
    await makeBusy(node, { local: 1500, devnet: 20 });
  }, 600_000);

  it('snapnet_getTransactions finds the transfers the account received, asking only for its own events in one round', async () => {
    const node = testNode();
    node.resetRequestCount();
    const records = (await plainResultOf(
      invoke(wallet, 'snapnet_getTransactions', {
        senderAddress: ACCOUNT_0.address,
        chainId: TESTNET,
      }),
    )) as { txnHash: string; senderAddress: string }[];
    const hashes = records.map(({ txnHash }) => canonical(txnHash));
    expect(hashes).toContain(canonical(received));
    expect(hashes).toContain(canonical(approvedAndSent));
    // Its invokes, and the tracked tokens' (STRK and ETH, listed in one
    // filter) transfers to it and from it: three filters, one round trip;
    // then the latest block before and the transactions found after.
    expect(node.requestCount('starknet_getEvents')).toBe(3);
    expect(node.roundTripCount()).toBe(3);
  });

  it('once a recent latest block is known, its first pages ride the first batch: two round trips, the same transfers', async () => {
    const node = testNode();
    node.resetRequestCount();
    const records = (await plainResultOf(
      invoke(wallet, 'snapnet_getTransactions', {
        senderAddress: ACCOUNT_0.address,
        chainId: TESTNET,
      }),
    )) as { txnHash: string }[];
    const hashes = records.map(({ txnHash }) => canonical(txnHash));
    expect(hashes).toContain(canonical(received));
    expect(hashes).toContain(canonical(approvedAndSent));
    // The latest block and the three filters' first pages; then the
    // transactions found.
    expect(node.requestCount('starknet_getEvents')).toBe(3);
    expect(node.roundTripCount()).toBe(2);
  });

  it('the page’s More lists them, a stranger’s approval never as the account’s own act, in three round trips (one for names)', async () => {
    const home = await openHome(wallet, 'activity');
    const node = testNode();
    node.resetRequestCount();
    const text = await click(home, 'home-activity-more:5');
    // The page's batch with the latest block and the history's first
    // pages; the transactions found; their parties' reverse names (none
    // claimed: no forward check).
    expect(node.roundTripCount()).toBe(3);
    expect(node.requestCount('starknet_blockNumber')).toBe(1);
    expect(text).toContain(
      `Account 0: Received 2 STRK from ${short(stranger)} · accepted on L2`,
    );
    expect(text).toContain(
      `Account 0: Received 0.000000000000000001 STRK from ${short(stranger)}`,
    );
    expect(text).not.toContain('Allowed');
    expect(text).not.toContain('Not all of the node');
  });

  // Thousands of transfers to the account in one block: more pages than
  // the history reads (on the local node only: starknet-devnet makes a
  // block per transaction).
  (BACKEND === 'local' ? it : it.skip)(
    'says when a busy account’s history was not read whole',
    async () => {
      await makeBusy(testNode(), {
        local: 2000,
        devnet: 0,
        to: ACCOUNT_0.address,
        blocks: 1,
      });
      const home = await openHome(wallet, 'activity');
      const text = await click(home, 'home-activity-more:5');
      expect(text).toMatch(
        /Not all of the node's history was read \(a busy account\): some of its transactions before block \d+ may not be listed\./u,
      );
    },
  );
});

describe('the token search on a busy chain', () => {
  it('finds a token that arrived after thousands of transfers to the account', async () => {
    const node = testNode();
    const wallet = await installWallet({
      state: JSON.parse(JSON.stringify(freshStateWithoutEth())) as Record<
        string,
        Json
      >,
    });
    await createAccount(wallet, { addressIndex: 0 });
    const home = await openHome(wallet, 'tokens');
    const before = await click(home, 'home-discover-tokens');
    expect(before).not.toContain('ETH · Ether · verified');
    // More transfers to the account than the search reads in its pages
    // (on starknet-devnet, the few hundred of the busy chain are others').
    await makeBusy(node, { local: 3500, devnet: 0, to: ACCOUNT_0.address });
    const { transaction_hash: arrival } = await predeployedAccount(
      node,
      1,
    ).execute([tokenCall(ETH, 'transfer', ACCOUNT_0.address, 3n)]);
    await receiptOf(node, arrival);
    const after = await click(home, 'home-discover-tokens');
    expect(after).toContain('ETH · Ether · verified');
    if (BACKEND === 'local') {
      // The oldest blocks of the spam were left unread, and that is said.
      expect(after).toMatch(
        /Not everything was read: blocks \d+ to \d+ were not read/u,
      );
    }
  }, 300_000);
});

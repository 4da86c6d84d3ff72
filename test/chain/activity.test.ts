import {
  AMPLE_BOUNDS,
  deployAccount0,
  executeFromAccount0,
  receiptOf,
} from './actions';
import { predeployedAccount } from './classes';
import { openHome, openView } from './homePage';
import type { HomeInterface } from './homePage';
import { ONE_STRK, useFundedNode } from './node';
import { sentRecord } from '../../src/state/records';
import { visible } from '../../src/text';
import { ACCOUNT_0, MAINNET, STRK, TESTNET } from '../fixtures';
import {
  installSharedWallet,
  installWallet,
  invoke,
  plainResultOf,
  stateSharing,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';

/**
 * The home page's activity: what the wallet sent (its records, statuses
 * read in the page's one batch) and, after "More", what the node shows of
 * the account, newest first, one decoded line each; a transaction's detail
 * view with its hash, fee, block and full addresses.
 */

const RECIPIENT =
  '0x0000000000000000000000000000000000000000000000000000000000abcdef';
const testNode = useFundedNode(ACCOUNT_0.address, 100n * ONE_STRK);

/**
 * A hash or address in canonical form.
 *
 * @param value - Any hex form.
 * @returns 0x and 64 hex digits.
 */
function canonical(value: string): string {
  return `0x${BigInt(value).toString(16).padStart(64, '0')}`;
}

/**
 * A STRK transfer from ACCOUNT_0.
 *
 * @param to - The recipient.
 * @param amount - How much (FRI).
 * @returns The call.
 */
function transfer(
  to: string,
  amount: bigint,
): { contractAddress: string; entrypoint: string; calldata: string[] } {
  return {
    contractAddress: STRK,
    entrypoint: 'transfer',
    calldata: [to, amount.toString(), '0'],
  };
}

/**
 * Clicks a button of the page and reads the page (or view) it leads to.
 *
 * @param home - The page.
 * @param name - The button.
 * @returns The text shown then, and the interface as it is then.
 */
async function clickFor(
  home: HomeInterface,
  name: string,
): Promise<{ text: string; shown: HomeInterface }> {
  const updated = home.waitForUpdate();
  await home.clickElement(name);
  const shown = await updated;
  return { text: textOf(shown.content), shown };
}

/**
 * Clicks a button of the page and reads the page (or view) it leads to.
 *
 * @param home - The page.
 * @param name - The button.
 * @returns The text shown then.
 */
async function click(home: HomeInterface, name: string): Promise<string> {
  return (await clickFor(home, name)).text;
}

describe('the activity on the home page', () => {
  let wallet: Wallet;
  let deployed: string;
  let sent: string;
  let reverted: string;
  let incoming: string;

  beforeAll(async () => {
    wallet = await installSharedWallet();
    deployed = await deployAccount0(wallet);
    sent = await executeFromAccount0(wallet, [
      transfer(RECIPIENT, 5n * ONE_STRK),
    ]);
    reverted = await executeFromAccount0(
      wallet,
      [transfer(RECIPIENT, 1000n * ONE_STRK)],
      { resourceBounds: AMPLE_BOUNDS },
    );
    const { transaction_hash: received } = await predeployedAccount(
      testNode(),
      1,
    ).execute([transfer(ACCOUNT_0.address, 2n * ONE_STRK)]);
    incoming = received;
    await receiptOf(testNode(), incoming);
  });

  it('lists what the wallet sent, newest first, decoded, with statuses, in the page’s one batch', async () => {
    const overview = await openHome(wallet);
    testNode().resetRequestCount();
    const text = textOf((await openView(overview, 'activity')).content);
    // The Activity view's one batch (the pending statuses), nothing else.
    expect(testNode().roundTripCount()).toBe(1);
    const lines = [
      'Account 0: Sent 1,000 STRK to 0x0000…cdef · reverted: ',
      'Account 0: Sent 5 STRK to 0x0000…cdef · accepted on L2',
      'Account 0: Deployed the account · accepted on L2',
    ].map((line) => text.indexOf(line));
    expect(lines.every((position) => position >= 0)).toBe(true);
    expect([...lines].sort((left, right) => left - right)).toStrictEqual(lines);
    // Each line's details button names its transaction, in the same order.
    const buttons = [reverted, sent, deployed].map((hash) =>
      text.indexOf(`home-activity-detail:${TESTNET}:${canonical(hash)}`),
    );
    expect(buttons.every((position) => position >= 0)).toBe(true);
    expect([...buttons].sort((left, right) => left - right)).toStrictEqual(
      buttons,
    );
    // The node's history is read only when the user asks for more.
    expect(text).not.toContain('Received');
  });

  it('shows more: the node’s history of the account joins the list', async () => {
    const home = await openHome(wallet, 'activity');
    const text = await click(home, 'home-activity-more:5');
    const sender = canonical(testNode().accounts[1]?.address ?? '0x0');
    expect(text).toContain(
      `Account 0: Received 2 STRK from ${sender.slice(0, 6)}…${sender.slice(-4)} · accepted on L2`,
    );
    expect(text).toContain('Account 0: Sent 5 STRK to 0x0000…cdef');
    expect(text).toContain('Account 0: Deployed the account');
  });

  it('opens a transaction’s details: hash, fee, block, full addresses, the revert reason, and back', async () => {
    const home = await openHome(wallet, 'activity');
    const hash = canonical(reverted);
    const { text: detail, shown } = await clickFor(
      home,
      `home-activity-detail:${TESTNET}:${hash}`,
    );
    const receipt = await receiptOf(testNode(), reverted);
    expect(detail).toContain(hash);
    expect(detail).toContain(ACCOUNT_0.address);
    expect(detail).toContain(STRK);
    expect(detail).toMatch(/Fee\s+Text \d+(\.\d+)? STRK/u);
    expect(detail).toContain('Block');
    // As shown: line breaks (starknet-devnet's reasons have them) are made
    // visible, like every control character.
    expect(detail).toContain(
      `reverted: ${visible(receipt.revert_reason?.slice(0, 40) ?? '')}`,
    );
    const back = await click(shown, 'home-refresh');
    expect(back).toContain('Activity');
    expect(back).toContain(
      'Account 0: Sent 5 STRK to 0x0000…cdef · accepted on L2',
    );
  });
});

describe('the activity when the node does not answer', () => {
  it('still lists what the wallet sent, and says what it could not read, in the list, More and the details', async () => {
    const hash = `0x00${'ab'.repeat(31)}`;
    const wallet = await installWallet({
      state: JSON.parse(
        JSON.stringify({
          ...stateSharing([ACCOUNT_0.address]),
          currentChainId: MAINNET,
          transactions: [
            sentRecord({
              txnHash: hash,
              txnType: 'invoke',
              senderAddress: ACCOUNT_0.address,
              chainId: MAINNET,
              contractAddress: STRK,
              contractFuncName: 'transfer',
              contractCallData: [RECIPIENT, '0x5', '0x0'],
            }),
          ],
        }),
      ),
    });
    // Mainnet's nodes of the test build are down.
    expect(
      await plainResultOf(
        invoke(wallet, 'snapnet_createAccount', {
          addressIndex: 0,
          chainId: MAINNET,
        }),
      ),
    ).toMatchObject({ address: ACCOUNT_0.address });
    const home = await openHome(wallet, 'activity');
    const text = textOf(home.content);
    expect(text).toContain('Activity');
    expect(text).toContain('Account 0: Sent 0.000000000000000005 STRK');
    const more = await click(home, 'home-activity-more:5');
    expect(more).toContain('Mainnet node error');
    const again = await openHome(wallet, 'activity');
    const { text: detail } = await clickFor(
      again,
      `home-activity-detail:${MAINNET}:${hash}`,
    );
    expect(detail).toContain(hash);
    expect(detail).toContain("The node's answer could not be read");
  });
});

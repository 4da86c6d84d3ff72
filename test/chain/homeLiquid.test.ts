import { balanceOn, deployAccount0 } from './actions';
import { BACKEND } from './backend';
import {
  act,
  approve,
  buttonsOf,
  decline,
  openHome,
  openView,
} from './homePage';
import { nodeRequest, ONE_STRK } from './node';
import { useSwapNode } from './swapApi';
import { ACCOUNT_0, STRK } from '../fixtures';
import { installSharedWallet, textOf } from '../installedWallet';
import type { Wallet } from '../installedWallet';

// starknet-devnet has no Endur vault: the local node's emulation alone is
// tested here (the conformance tier skips this file).
const describeLocal = BACKEND === 'local' ? describe : describe.skip;

/**
 * Liquid staking on the Stake view, through the built snap on a local node
 * that emulates Endur's xSTRK vault and its withdrawal queue (the queue's
 * wait 7 days, the rate rising 8 % a year on the chain's clock): stake,
 * unstake through the queue, claim once ready, each through the wallet's
 * confirmation; the view read in one batch once it has read on.
 */

const { node } = useSwapNode(ACCOUNT_0.address, 1_000n * ONE_STRK);
const member = ACCOUNT_0.address;
const DAY = 86_400;

describeLocal('liquid staking on the Stake view', () => {
  let wallet: Wallet;

  beforeAll(async () => {
    wallet = await installSharedWallet();
    await deployAccount0(wallet);
  });

  it("shows Endur's rate and the account's xSTRK beside delegation", async () => {
    const text = textOf((await openHome(wallet, 'stake')).content);
    expect(text).toContain('Liquid staking with Endur (xSTRK)');
    expect(text).toMatch(/Rate Text 1 xSTRK = 1\.033\d* STRK/u);
    expect(text).toContain('xSTRK Text 0 xSTRK ≈ 0 STRK');
    expect(text).toContain('Yearly yield');
  });

  it('declines a liquid stake: nothing moves', async () => {
    const page = await openHome(wallet, 'stake');
    const before = await balanceOn(node(), STRK, member);
    await page.selectInDropdown('stake-liquid:from', member);
    await page.typeInField('stake-liquid:amount', '50');
    const { text, dialog } = await act(
      wallet,
      page,
      async () => page.clickElement('stake-liquid:submit'),
      decline,
    );
    expect(dialog).toMatch(
      /Stake 50 STRK with Endur for about \d+\.\d+ xSTRK/u,
    );
    expect(text).toContain('Cancelled: nothing was done.');
    expect(await balanceOn(node(), STRK, member)).toBe(before);
  });

  it('stakes 50 STRK for xSTRK (approve and deposit in one confirmation)', async () => {
    const page = await openHome(wallet, 'stake');
    await page.selectInDropdown('stake-liquid:from', member);
    await page.typeInField('stake-liquid:amount', '50');
    const { text } = await act(
      wallet,
      page,
      async () => page.clickElement('stake-liquid:submit'),
      approve,
    );
    expect(text).toContain('Sent. Transaction 0x');
    expect(
      await balanceOn(node(), node().liquid.vault, member),
    ).toBeGreaterThan(48n * ONE_STRK);
    expect(text).toMatch(/xSTRK Text 48\.\d+ xSTRK ≈ 49\.99\d* STRK/u);
    // The overview counts it at its STRK value, beside the account's STRK.
    const overview = textOf((await openHome(wallet)).content);
    expect(overview).toMatch(/STRK in xSTRK Text 49\.99\d* STRK/u);
  });

  it('refuses to unstake more xSTRK than held, before any dialog', async () => {
    const page = await openHome(wallet, 'stake');
    const form = `stake-liquid-exit:${member}`;
    await page.typeInField(`${form}:amount`, '1000');
    const { text, dialog } = await act(wallet, page, async () =>
      page.clickElement(`${form}:submit`),
    );
    expect(dialog).toBe('');
    expect(text).toMatch(
      /unstakes 1,000 xSTRK but the account holds 48\.\d+ xSTRK/u,
    );
  });

  it('unstakes 10 xSTRK through the queue, and claims it once the wait is over', async () => {
    const page = await openHome(wallet, 'stake');
    const form = `stake-liquid-exit:${member}`;
    await page.typeInField(`${form}:amount`, '10');
    const {
      text,
      dialog,
      page: after,
    } = await act(
      wallet,
      page,
      async () => page.clickElement(`${form}:submit`),
      approve,
    );
    expect(dialog).toMatch(
      /Unstake 10 xSTRK: about 10\.\d+ STRK claimable after/u,
    );
    expect(text).toMatch(
      /Withdrawal #(\d+) Text 10\.\d+ STRK, claimable at .+ UTC/u,
    );
    const id = /Withdrawal #(\d+)/u.exec(text)?.[1] ?? '';
    const claim = `stake-liquid-claim:${member}:${id}`;
    expect(buttonsOf(after)).not.toContain(claim);
    expect(text).toContain('claimable after about 7 days');

    await nodeRequest(node(), 'devnet_increaseTime', { time: 7 * DAY + 60 });
    const later = await openHome(wallet, 'stake');
    expect(textOf(later.content)).toMatch(
      new RegExp(`Withdrawal #${id} Text 10\\.\\d+ STRK, ready to claim`, 'u'),
    );
    // The rate rose over the week: its yearly yield is estimated.
    expect(textOf(later.content)).toMatch(
      /about \d+\.\d\d % a year \(estimate from the rate's change on chain since/u,
    );
    const before = await balanceOn(node(), STRK, member);
    const claimed = await act(
      wallet,
      later,
      async () => later.clickElement(claim),
      approve,
    );
    expect(claimed.dialog).toMatch(
      new RegExp(`Claim withdrawal #${id}: 10\\.\\d+ STRK`, 'u'),
    );
    expect(claimed.text).not.toContain(`Withdrawal #${id} `);
    expect(await balanceOn(node(), STRK, member)).toBeGreaterThan(
      before + 9n * ONE_STRK,
    );
  });

  it('reads the view, liquid part included, in one batch once it has read on', async () => {
    const overview = await openHome(wallet);
    await openView(overview, 'stake');
    const again = await openHome(wallet);
    node().resetRequestCount();
    await openView(again, 'stake');
    expect(node().roundTripCount()).toBe(1);
  });

  // A notification stays the simulation's current interface: this story
  // comes last.
  it('tells once, in the background, that a request can be claimed', async () => {
    const page = await openHome(wallet, 'stake');
    const form = `stake-liquid-exit:${member}`;
    await page.typeInField(`${form}:amount`, '2');
    await act(
      wallet,
      page,
      async () => page.clickElement(`${form}:submit`),
      approve,
    );
    const claimNotices = async (snap: Wallet): Promise<string[]> => {
      const { notifications } = await snap.onCronjob({
        method: 'refreshTransactions',
      });
      return notifications
        .map(({ message }) => message)
        .filter((message) => message.includes("Endur's withdrawal queue"));
    };
    expect(await claimNotices(wallet)).toStrictEqual([]);
    await nodeRequest(node(), 'devnet_increaseTime', { time: 7 * DAY + 60 });
    expect(await claimNotices(wallet)).toStrictEqual([
      expect.stringMatching(
        /^2\.\d+ STRK can be claimed from Endur's withdrawal queue$/u,
      ),
    ]);
    expect(await claimNotices(wallet)).toStrictEqual([]);
  });
});

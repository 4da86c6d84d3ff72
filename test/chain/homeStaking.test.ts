import { balanceOn, deployAccount0 } from './actions';
import { BACKEND } from './backend';
import {
  act,
  approve,
  buttonsOf,
  decline,
  elementsOf,
  openHome,
  openView,
} from './homePage';
import type { HomeInterface } from './homePage';
import { nodeRequest, ONE_STRK, useFundedNode } from './node';
import { ACCOUNT_0, MAINNET, STRK, TESTNET } from '../fixtures';
import {
  createAccount,
  installSharedWallet,
  installWallet,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';

// starknet-devnet has no staking contracts: the local node's emulation alone is
// tested here (the conformance tier skips this file).
const describeLocal = BACKEND === 'local' ? describe : describe.skip;

/**
 * Staking from the page, as a user meets it, against the local node's
 * staking contract (its genesis validators announced by NewDelegationPool
 * events, rewards per epoch as the chain's clock moves, Sepolia's 5-minute
 * exit wait): the Stake view's reads counted, then stake, claim, start an
 * exit, the background check's notice once the wait is over, withdraw and
 * move, each through the wallet's confirmation.
 */

const testNode = useFundedNode(ACCOUNT_0.address, 1_000n * ONE_STRK);

/** The position's element names end with `<pool>:<member>`. */
const member = ACCOUNT_0.address;

/**
 * The value of the option of a dropdown whose text contains a label.
 *
 * @param page - The page.
 * @param dropdown - The dropdown's name.
 * @param label - Text of the option.
 * @returns The option's value.
 */
function optionOf(
  page: HomeInterface,
  dropdown: string,
  label: string,
): string {
  const [shown] = elementsOf(page.content, 'Dropdown').filter(
    ({ name }) => name === dropdown,
  );
  const option = elementsOf(shown?.children, 'Option').find(({ children }) =>
    textOf(children).includes(label),
  );
  if (typeof option?.value !== 'string') {
    throw new Error(`No option "${label}" in ${dropdown}`);
  }
  return option.value;
}

/**
 * Moves the chain's clock forward.
 *
 * @param seconds - How far.
 */
async function increaseTime(seconds: number): Promise<void> {
  await nodeRequest(testNode(), 'devnet_increaseTime', { time: seconds });
}

/**
 * One run of the background check.
 *
 * @param wallet - The snap.
 * @returns Its notices of exits (those of transactions left out).
 */
async function backgroundRun(wallet: Wallet): Promise<string[]> {
  const { notifications } = await wallet.onCronjob({
    method: 'refreshTransactions',
  });
  return notifications
    .map(({ message }) => message)
    .filter((message) => message.includes('can be withdrawn'));
}

describeLocal('staking from the page', () => {
  let wallet: Wallet;
  let firstPool = '';
  let secondPool = '';

  beforeAll(async () => {
    wallet = await installSharedWallet();
    await deployAccount0(wallet);
  });

  it('lists the validators the staking contract announced, with commission, delegated, names and an estimated rate; read on in one batch', async () => {
    const overview = await openHome(wallet);
    testNode().resetRequestCount();
    const page = await openView(overview, 'stake');
    const text = textOf(page.content);
    expect(text).toContain('Staking on Testnet');
    expect(text).toContain('No stake yet.');
    expect(text).toContain('5 %');
    expect(text).toContain('10 %');
    expect(text).toContain('2.5 %');
    expect(text).toContain('WBTC');
    expect(text).toMatch(/about \d+(\.\d+)? % a year \(estimate\)/u);
    firstPool = optionOf(page, 'stake-enter:pool', 'STRK · 5 %');
    secondPool = optionOf(page, 'stake-enter:pool', 'STRK · 2.5 %');
    // Found from block 0, the validators read after: two round trips the
    // first time (no name is claimed on this chain).
    expect(testNode().roundTripCount()).toBe(2);
    const again = await openHome(wallet);
    testNode().resetRequestCount();
    await openView(again, 'stake');
    // Read on from the block reached: one batch.
    expect(testNode().roundTripCount()).toBe(1);
    expect(testNode().requestCount('starknet_getEvents')).toBeGreaterThan(0);
  });

  it('declines a stake: nothing sent, no position', async () => {
    const page = await openHome(wallet, 'stake');
    await page.selectInDropdown('stake-enter:from', member);
    await page.selectInDropdown('stake-enter:pool', firstPool);
    await page.typeInField('stake-enter:amount', '100');
    const { text } = await act(
      wallet,
      page,
      async () => page.clickElement('stake-enter:submit'),
      decline,
    );
    expect(text).toContain('Cancelled: nothing was done.');
    expect(text).toContain('No stake yet.');
  });

  it('stakes 100 STRK (approve and enter in one multicall): the position appears and the overview counts it', async () => {
    const page = await openHome(wallet, 'stake');
    const before = await balanceOn(testNode(), STRK, member);
    await page.selectInDropdown('stake-enter:from', member);
    await page.selectInDropdown('stake-enter:pool', firstPool);
    await page.typeInField('stake-enter:amount', '100');
    const { dialog, text } = await act(
      wallet,
      page,
      async () => page.clickElement('stake-enter:submit'),
      approve,
    );
    expect(dialog).toContain(firstPool.slice(0, 6));
    expect(text).toContain('Sent. Transaction 0x');
    expect(text).toContain('100 STRK');
    expect(text).not.toContain('No stake yet.');
    expect(
      before - (await balanceOn(testNode(), STRK, member)),
    ).toBeGreaterThanOrEqual(100n * ONE_STRK);
    const overview = await openHome(wallet);
    expect(textOf(overview.content)).toContain('STRK staked Text 100 STRK');
  });

  it('claims the rewards an epoch brought', async () => {
    await increaseTime(2 * 60 * 60);
    const page = await openHome(wallet, 'stake');
    const claim = `stake-claim:${firstPool}:${member}`;
    expect(buttonsOf(page)).toContain(claim);
    const before = await balanceOn(testNode(), STRK, member);
    const { text, page: after } = await act(
      wallet,
      page,
      async () => page.clickElement(claim),
      approve,
    );
    expect(text).toContain('Sent. Transaction 0x');
    expect(buttonsOf(after)).not.toContain(claim);
    // The rewards arrived, more than the fee paid.
    expect(await balanceOn(testNode(), STRK, member)).toBeGreaterThan(before);
  });

  it('refuses a form drawn for another network, and draws it again for the current one', async () => {
    const page = await openHome(wallet, 'stake');
    // The network switched elsewhere (a second page, say).
    const other = await openHome(wallet);
    await act(wallet, other, async () =>
      other.selectInDropdown('home-network', MAINNET),
    );
    await page.selectInDropdown('stake-enter:from', member);
    await page.selectInDropdown('stake-enter:pool', firstPool);
    await page.typeInField('stake-enter:amount', '1');
    const { text, dialog } = await act(wallet, page, async () =>
      page.clickElement('stake-enter:submit'),
    );
    expect(dialog).toBe('');
    expect(text).toContain(
      'Nothing was sent: this page was drawn for Testnet, and the wallet is now on Mainnet',
    );
    await act(wallet, other, async () =>
      other.selectInDropdown('home-network', TESTNET),
    );
  });
  it('starts an exit of 40 STRK: the wait is shown, and the notice comes once, when it is over', async () => {
    const page = await openHome(wallet, 'stake');
    const form = `stake-exit:${firstPool}:${member}`;
    await page.typeInField(`${form}:amount`, '40');
    const { text, page: after } = await act(
      wallet,
      page,
      async () => page.clickElement(`${form}:submit`),
      approve,
    );
    expect(text).toContain(
      'restarts the wait for the whole pending amount (5 min)',
    );
    expect(text).toMatch(/40 STRK, 5 min left \(at .+ UTC\)/u);
    expect(buttonsOf(after)).not.toContain(
      `stake-withdraw:${firstPool}:${member}`,
    );
    expect(await backgroundRun(wallet)).toStrictEqual([]);
    await increaseTime(301);
    const told = await backgroundRun(wallet);
    expect(told).toStrictEqual([
      expect.stringMatching(
        /^40 STRK can be withdrawn from validator 0x.{4}….{4}$/u,
      ),
    ]);
    expect(await backgroundRun(wallet)).toStrictEqual([]);
  });

  // A notification stays the simulation's current interface, so a later
  // dialog could not be told apart: the tests below act from a fresh
  // install (which finds the positions on chain again).

  it('withdraws once the wait is over', async () => {
    const fresh = await installWallet();
    await createAccount(fresh, { addressIndex: 0 });
    const page = await openHome(fresh, 'stake');
    expect(textOf(page.content)).toContain('40 STRK, ready to withdraw');
    const before = await balanceOn(testNode(), STRK, member);
    const { text } = await act(
      fresh,
      page,
      async () => page.clickElement(`stake-withdraw:${firstPool}:${member}`),
      approve,
    );
    expect(text).toContain('Sent. Transaction 0x');
    expect(text).not.toContain('ready to withdraw');
    expect(await balanceOn(testNode(), STRK, member)).toBeGreaterThan(
      before + 39n * ONE_STRK,
    );
  });

  it('moves a pending exit to another validator', async () => {
    const fresh = await installWallet();
    await createAccount(fresh, { addressIndex: 0 });
    const page = await openHome(fresh, 'stake');
    const exit = `stake-exit:${firstPool}:${member}`;
    await page.typeInField(`${exit}:amount`, '10');
    const exiting = (
      await act(
        fresh,
        page,
        async () => page.clickElement(`${exit}:submit`),
        approve,
      )
    ).page;
    const move = `stake-move:${firstPool}:${member}`;
    await exiting.selectInDropdown(`${move}:to`, secondPool);
    await exiting.typeInField(`${move}:amount`, '10');
    const { text, page: after } = await act(
      fresh,
      exiting,
      async () => exiting.clickElement(`${move}:submit`),
      approve,
    );
    expect(text).toContain('Sent. Transaction 0x');
    expect(buttonsOf(after)).toContain(
      `stake-exit:${secondPool}:${member}:submit`,
    );
    expect(text).toContain('10 STRK');
  });
});

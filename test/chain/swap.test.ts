import { balanceOn, deployAccount0, receiptOf } from './actions';
import { BACKEND } from './backend';
import { act, approve, decline, openHome } from './homePage';
import type { HomeInterface } from './homePage';
import { mint, nodeRequest, ONE_STRK } from './node';
import {
  apiBuild,
  apiQuote,
  BUILD_PATH,
  QUOTES_PATH,
  SWAP_ARG,
  unitsOf,
  useSwapNode,
} from './swapApi';
import type { Behaviour, BuiltJson, QuoteJson, SwapPath } from './swapApi';
import { ACCOUNT_0, ETH, MAINNET, STRK, TESTNET } from '../fixtures';
import {
  confirmationOf,
  createAccount,
  installSharedWallet,
  installWallet,
  invoke,
  plainResultOf,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';
import { TEST_NODE_PORT, TEST_NODE_TIMEOUT_MS } from '../ports';

// starknet-devnet has no AVNU exchange nor swap API: the local node's
// emulation alone is tested here (the conformance tier skips this file).
const describeLocal = BACKEND === 'local' ? describe : describe.skip;

/**
 * Swapping through AVNU, as a user meets it, against the local node's
 * exchange and swap API: from the page (quote, decline, approve; the fee
 * through the paymaster from an account with no STRK), its refusals before
 * any dialog, a hostile API in front of the node (every rewrite refused,
 * nothing signed nor sent), and a dapp's swap through snapnet_executeTxn.
 */

const { node, api } = useSwapNode(ACCOUNT_0.address, 1_000n * ONE_STRK);
const ONE_ETH = 10n ** 18n;
const HOST = `127.0.0.1:${TEST_NODE_PORT}`;
const STRANGER =
  '0x00000000000000000000000000000000000000000000000000000000000bad01';

/** What the swap form asks. */
type SwapForm = {
  from?: string;
  sell: string;
  buy: string;
  amount: string;
  slippage?: string;
  fee?: string;
};

/**
 * Opens the Swap view, fills its form and presses Get quote.
 *
 * @param wallet - The snap.
 * @param form - The form's values.
 * @returns The page after it, and its text.
 */
async function getQuote(
  wallet: Wallet,
  form: SwapForm,
): Promise<{ page: HomeInterface; text: string; dialog: string }> {
  const page = await openHome(wallet, 'swap');
  await page.selectInDropdown('swap-from', form.from ?? ACCOUNT_0.address);
  await page.selectInDropdown('swap-sell', form.sell);
  await page.selectInDropdown('swap-buy', form.buy);
  await page.typeInField('swap-amount', form.amount);
  if (form.slippage !== undefined) {
    await page.typeInField('swap-slippage', form.slippage);
  }
  if (form.fee !== undefined) {
    await page.selectInDropdown('send-fee', form.fee);
  }
  return act(wallet, page, async () => page.clickElement('home-swap:submit'));
}

/**
 * Presses Swap on a page showing a quote, and answers the dialog, if any.
 *
 * @param wallet - The snap.
 * @param page - The page.
 * @param answer - What the user does with the confirmation.
 * @returns The dialog's text ('' without one) and the page's.
 */
async function swap(
  wallet: Wallet,
  page: HomeInterface,
  answer?: typeof approve,
): Promise<{ page: HomeInterface; text: string; dialog: string }> {
  return act(
    wallet,
    page,
    async () => page.clickElement('home-swap-go'),
    answer,
  );
}

/**
 * Both balances of a swap's tokens.
 *
 * @param owner - The holder.
 * @returns STRK and ETH.
 */
async function holdings(owner: string): Promise<[bigint, bigint]> {
  return Promise.all([
    balanceOn(node(), STRK, owner),
    balanceOn(node(), ETH, owner),
  ]);
}

/**
 * The hash of a "Swap sent" notice.
 *
 * @param text - The page's text.
 * @returns The hash.
 */
function sentHash(text: string): string {
  const hash = /Swap sent\. Transaction (0x[0-9a-f]+)/u.exec(text)?.[1];
  if (!hash) {
    throw new Error(`No "Swap sent" in: ${text}`);
  }
  return hash;
}

const u128 = (value: bigint): string => `0x${value.toString(16)}`;

describeLocal('swapping through AVNU', () => {
  let wallet: Wallet;

  beforeAll(async () => {
    wallet = await installSharedWallet();
    await deployAccount0(wallet);
  });

  beforeEach(() => {
    api().reset();
  });

  afterEach(() => {
    api().script(QUOTES_PATH, undefined);
    api().script(BUILD_PATH, undefined);
  });

  describe('from the page', () => {
    it("quotes 10 STRK for ETH: the quote box shows the API's quote, its minimum and fees", async () => {
      const { text, dialog } = await getQuote(wallet, {
        sell: STRK,
        buy: ETH,
        amount: '10',
      });
      const quoted = await apiQuote(node(), {
        sell: STRK,
        buy: ETH,
        amount: 10n * ONE_STRK,
        taker: ACCOUNT_0.address,
      });
      const got = BigInt(quoted.buyAmount);
      const least = got - (got * 50n) / 10_000n;
      expect(dialog).toBe('');
      expect(text).toContain(`Quote: 10 STRK for ${unitsOf(got, 18)} ETH`);
      expect(text).toContain(`You get (quoted) Text ${unitsOf(got, 18)} ETH`);
      expect(text).toContain(
        `Rate Text 1 STRK = ${unitsOf(got / 10n, 18)} ETH`,
      );
      expect(text).toMatch(/Price impact Text -?\d+\.\d\d %/u);
      expect(text).toContain(
        `At least (slippage 0.5 %) Text ${unitsOf(least, 18)} ETH`,
      );
      expect(text).toMatch(/AVNU fee Text [0-9.]+ ETH \(0\.15 %\)/u);
      expect(text).toContain('Other fees Text None');
      expect(text).toMatch(
        /Network fee \(AVNU's estimate\) Text [0-9.]+ STRK/u,
      );
      expect(text).toContain('Sources Text Local AMM');
      // One quote asked, nothing built, nothing sent.
      expect(api().count(QUOTES_PATH)).toBe(1);
      expect(api().count(BUILD_PATH)).toBe(0);
      expect(api().count('starknet_addInvokeTransaction')).toBe(0);
    });

    it('declines the swap: cancelled, nothing sent, balances unchanged', async () => {
      const { page } = await getQuote(wallet, {
        sell: STRK,
        buy: ETH,
        amount: '10',
      });
      const { buyAmount } = await apiQuote(node(), {
        sell: STRK,
        buy: ETH,
        amount: 10n * ONE_STRK,
        taker: ACCOUNT_0.address,
      });
      const least = BigInt(buyAmount) - (BigInt(buyAmount) * 50n) / 10_000n;
      const before = await holdings(ACCOUNT_0.address);
      api().reset();
      const { text, dialog } = await swap(wallet, page, decline);
      // The wallet's confirmation, as for a dapp's swap: the swap's words
      // in the headline, the approve paired with it.
      expect(dialog).toContain(
        `Heading Swap 10 STRK for at least ${unitsOf(least, 18)} ETH · AVNU fee 0.15 %`,
      );
      expect(dialog).toContain(
        'Requested by Text You, on the Starknet Wallet page',
      );
      expect(dialog).toContain(
        `Allow spending of 10 STRK by ${node().swap.exchange}`,
      );
      expect(dialog).toContain(
        'Call 1 allows the exchange exactly this amount',
      );
      expect(dialog).toContain('Call 2 of 2: multi_route_swap');
      expect(text).toContain('Cancelled: nothing was done.');
      expect(api().count(QUOTES_PATH)).toBe(1);
      expect(api().count(BUILD_PATH)).toBe(1);
      expect(api().count('starknet_addInvokeTransaction')).toBe(0);
      expect(await holdings(ACCOUNT_0.address)).toStrictEqual(before);
    });

    it('swaps 10 STRK for ETH: STRK down by 10 and the fee, ETH up by the quote, at least its minimum', async () => {
      const { page, text: shown } = await getQuote(wallet, {
        sell: STRK,
        buy: ETH,
        amount: '10',
      });
      const fresh = await apiQuote(node(), {
        sell: STRK,
        buy: ETH,
        amount: 10n * ONE_STRK,
        taker: ACCOUNT_0.address,
      });
      const got = BigInt(fresh.buyAmount);
      const least = got - (got * 50n) / 10_000n;
      expect(shown).toContain(
        `At least (slippage 0.5 %) Text ${unitsOf(least, 18)} ETH`,
      );
      const [strkBefore, ethBefore] = await holdings(ACCOUNT_0.address);
      api().reset();
      const { text, dialog } = await swap(wallet, page, approve);
      // From Swap to the dialog: a fresh quote and its build, one send.
      expect(api().count(QUOTES_PATH)).toBe(1);
      expect(api().count(BUILD_PATH)).toBe(1);
      expect(api().count('starknet_addInvokeTransaction')).toBe(1);
      expect(dialog).toContain('STRK');
      const hash = sentHash(text);
      const receipt = await receiptOf(node(), hash);
      expect(receipt.execution_status).toBe('SUCCEEDED');
      const [strkAfter, ethAfter] = await holdings(ACCOUNT_0.address);
      expect(strkBefore - strkAfter).toBe(
        10n * ONE_STRK + BigInt(receipt.actual_fee.amount),
      );
      expect(ethAfter - ethBefore).toBeGreaterThanOrEqual(least);
      // Nothing moved the pools between the quote and the swap.
      expect(ethAfter - ethBefore).toBe(got);
    });
  });

  describe('refusals on the page, before any dialog', () => {
    it.each([
      [
        'selling more than held',
        { sell: STRK, buy: ETH, amount: '1000000' },
        'Amount: this account holds',
      ],
      [
        'selling 0',
        { sell: STRK, buy: ETH, amount: '0' },
        'Amount: enter a positive number of STRK',
      ],
      [
        'the same token both ways',
        { sell: STRK, buy: STRK, amount: '1' },
        'Buy: pick another token than the one sold',
      ],
      [
        'a slippage of 0',
        { sell: STRK, buy: ETH, amount: '1', slippage: '0' },
        'Slippage: give a percentage from 0.01 to 5',
      ],
      [
        'a slippage of 6 %',
        { sell: STRK, buy: ETH, amount: '1', slippage: '6' },
        'Slippage: give a percentage from 0.01 to 5',
      ],
    ])('refuses %s', async (_case, form, words) => {
      const before = await holdings(ACCOUNT_0.address);
      const { text, dialog } = await getQuote(wallet, form);
      expect(dialog).toBe('');
      expect(text).toContain(words);
      expect(text).not.toContain('You get (quoted)');
      expect(api().count(BUILD_PATH)).toBe(0);
      expect(api().count('starknet_addInvokeTransaction')).toBe(0);
      expect(await holdings(ACCOUNT_0.address)).toStrictEqual(before);
    });

    it('refuses a form drawn for another network, at Get quote and at Swap', async () => {
      const page = await openHome(wallet, 'swap');
      const quotedPage = (
        await getQuote(wallet, { sell: STRK, buy: ETH, amount: '1' })
      ).page;
      // The network switched elsewhere (a second page, say).
      const other = await openHome(wallet);
      await act(wallet, other, async () =>
        other.selectInDropdown('home-network', MAINNET),
      );
      api().reset();
      try {
        await page.selectInDropdown('swap-from', ACCOUNT_0.address);
        await page.selectInDropdown('swap-sell', STRK);
        await page.selectInDropdown('swap-buy', ETH);
        await page.typeInField('swap-amount', '1');
        const asked = await act(wallet, page, async () =>
          page.clickElement('home-swap:submit'),
        );
        expect(asked.dialog).toBe('');
        expect(asked.text).toContain(
          'The network changed since this view was drawn',
        );
        const swapped = await swap(wallet, quotedPage);
        expect(swapped.dialog).toBe('');
        expect(swapped.text).toContain(
          'Nothing was sent: this page was drawn for Testnet, and the wallet is now on Mainnet',
        );
        expect(api().count(QUOTES_PATH)).toBe(0);
        expect(api().count(BUILD_PATH)).toBe(0);
        expect(api().count('starknet_addInvokeTransaction')).toBe(0);
      } finally {
        const back = await openHome(wallet);
        await act(wallet, back, async () =>
          back.selectInDropdown('home-network', TESTNET),
        );
      }
    });
  });

  describe('a hostile swap API', () => {
    /**
     * The honest build rewritten.
     *
     * @param change - What to change of the honest calls.
     * @returns The behaviour.
     */
    const built = (change: (honest: BuiltJson) => void): Behaviour => ({
      rewrite: (honest): unknown => {
        const calls = structuredClone(honest) as BuiltJson;
        change(calls);
        return calls;
      },
    });
    /**
     * The honest quotes rewritten, each.
     *
     * @param change - What to change of each quote.
     * @returns The behaviour.
     */
    const quotes = (change: (quote: QuoteJson) => void): Behaviour => ({
      rewrite: (honest): unknown => {
        const all = structuredClone(honest) as QuoteJson[];
        all.forEach(change);
        return all;
      },
    });
    const swapCall = (calls: BuiltJson): string[] =>
      calls.calls[calls.calls.length - 1]?.calldata ?? [];
    const approveCall = (calls: BuiltJson): string[] =>
      calls.calls[0]?.calldata ?? [];

    const cases: [string, SwapPath, Behaviour, string][] = [
      [
        'another beneficiary',
        BUILD_PATH,
        built((calls) => {
          swapCall(calls)[SWAP_ARG.beneficiary] = STRANGER;
        }),
        `built a swap that pays ${STRANGER}, not this account: refused, nothing was signed`,
      ],
      [
        'a larger approve',
        BUILD_PATH,
        built((calls) => {
          approveCall(calls)[1] = u128(2n ** 128n - 1n);
        }),
        'built a swap that opens with another call than an approve of the sold amount to the exchange',
      ],
      [
        'another spender',
        BUILD_PATH,
        built((calls) => {
          approveCall(calls)[0] = STRANGER;
        }),
        'built a swap that opens with another call than an approve of the sold amount to the exchange',
      ],
      [
        'a lower minimum',
        BUILD_PATH,
        built((calls) => {
          const data = swapCall(calls);
          data[SWAP_ARG.minLow] = u128(BigInt(data[SWAP_ARG.minLow] ?? 0) / 2n);
        }),
        'built a swap that accepts less than the quote at the chosen slippage',
      ],
      [
        'an extra call',
        BUILD_PATH,
        built((calls) => {
          calls.calls.push({
            contractAddress: STRK,
            entrypoint: 'transfer',
            calldata: [STRANGER, u128(ONE_STRK), '0x0'],
          });
        }),
        'built a swap that has 3 calls, not an approve and a swap',
      ],
      [
        'another chain id',
        BUILD_PATH,
        built((calls) => {
          calls.chainId = MAINNET;
        }),
        `built a swap that is for another chain (${MAINNET})`,
      ],
      [
        'an expired quote',
        QUOTES_PATH,
        quotes((quote) => {
          quote.expiry = Date.now() - 1_000;
        }),
        'quoted a swap whose quote has expired: refused, nothing was signed',
      ],
      [
        'a quote with an integrator fee',
        QUOTES_PATH,
        quotes((quote) => {
          quote.fee = {
            ...quote.fee,
            integratorFees: '0x1000',
            integratorFeesBps: '0x32',
          };
        }),
        'quoted an integrator fee the wallet did not ask for: refused, nothing was signed',
      ],
    ];

    it.each(cases)(
      'refuses %s at Swap: no dialog, nothing signed nor sent',
      async (_case, path, behaviour, words) => {
        const { page } = await getQuote(wallet, {
          sell: STRK,
          buy: ETH,
          amount: '1',
        });
        const before = await holdings(ACCOUNT_0.address);
        api().script(path, behaviour);
        api().reset();
        const { text, dialog } = await swap(wallet, page);
        expect(dialog).toBe('');
        expect(text).toContain(`The swap API ${HOST} ${words}`);
        expect(api().count(path)).toBe(1);
        // Neither simulated for a dialog, nor sent.
        expect(api().count('starknet_simulateTransactions')).toBe(0);
        expect(api().count('starknet_addInvokeTransaction')).toBe(0);
        expect(await holdings(ACCOUNT_0.address)).toStrictEqual(before);
      },
    );

    it('refuses a quote with an integrator fee at Get quote already', async () => {
      api().script(
        QUOTES_PATH,
        quotes((quote) => {
          quote.fee = { ...quote.fee, integratorFeesBps: '0x32' };
        }),
      );
      const { text, dialog } = await getQuote(wallet, {
        sell: STRK,
        buy: ETH,
        amount: '1',
      });
      expect(dialog).toBe('');
      expect(text).toContain(
        `The swap API ${HOST} quoted an integrator fee the wallet did not ask for`,
      );
      expect(text).not.toContain('You get (quoted)');
    });

    it('gives up on a build that never comes (the node timeout): nothing signed nor sent', async () => {
      const { page } = await getQuote(wallet, {
        sell: STRK,
        buy: ETH,
        amount: '1',
      });
      api().script(BUILD_PATH, { stall: true });
      api().reset();
      const { text, dialog } = await swap(wallet, page);
      expect(dialog).toBe('');
      expect(text).toContain(
        `The swap API ${HOST} could not give the swap: no complete answer within ${TEST_NODE_TIMEOUT_MS / 1000} s`,
      );
      expect(api().count(BUILD_PATH)).toBe(1);
      expect(api().count('starknet_simulateTransactions')).toBe(0);
      expect(api().count('starknet_addInvokeTransaction')).toBe(0);
    });

    it('stops reading a quote of 2 MB: nothing shown', async () => {
      api().script(QUOTES_PATH, { bytes: 2 * 1024 * 1024 });
      const { text, dialog } = await getQuote(wallet, {
        sell: STRK,
        buy: ETH,
        amount: '1',
      });
      expect(dialog).toBe('');
      expect(text).toContain(
        `The swap API ${HOST} could not give a quote: answer larger than 256 KiB`,
      );
      expect(text).not.toContain('You get (quoted)');
      expect(api().count(BUILD_PATH)).toBe(0);
    });
  });

  describe("a dapp's swap", () => {
    /**
     * Calls the node's own API builds for ACCOUNT_0.
     *
     * @param amount - STRK sold.
     * @returns The quote and the calls.
     */
    async function builtSwap(
      amount: bigint,
    ): Promise<{ quote: QuoteJson; calls: BuiltJson['calls'] }> {
      const quote = await apiQuote(node(), {
        sell: STRK,
        buy: ETH,
        amount,
        taker: ACCOUNT_0.address,
      });
      const { calls } = await apiBuild(
        node(),
        quote.quoteId,
        ACCOUNT_0.address,
        0.005,
      );
      return { quote, calls };
    }

    it('sends the calls AVNU built through snapnet_executeTxn: the dialog shows the approve and the exchange, and the balances move', async () => {
      const { quote, calls } = await builtSwap(5n * ONE_STRK);
      const { exchange } = node().swap;
      const [strkBefore, ethBefore] = await holdings(ACCOUNT_0.address);
      const sending = invoke(wallet, 'snapnet_executeTxn', {
        address: ACCOUNT_0.address,
        calls,
      });
      const dialog = await confirmationOf(sending);
      const shown = textOf(dialog.content);
      const got = BigInt(quote.buyAmount);
      const least = got - (got * 50n) / 10_000n;
      expect(shown).toContain(
        `Heading Swap 5 STRK for at least ${unitsOf(least, 18)} ETH · AVNU fee 0.15 %`,
      );
      expect(shown).toContain('Requested by Text https://dapp.example');
      expect(shown).toContain(`Allow spending of 5 STRK by ${exchange}`);
      expect(shown).toContain(`Beneficiary Text ${ACCOUNT_0.address}`);
      expect(shown).toContain(`Expected Text ${unitsOf(got, 18)} ETH`);
      expect(shown).toContain('Call 1 allows the exchange exactly this amount');
      expect(shown).not.toContain('This transaction fails');
      await dialog.ok();
      const { transaction_hash: hash } = await plainResultOf(sending);
      const receipt = await receiptOf(node(), hash);
      expect(receipt.execution_status).toBe('SUCCEEDED');
      const [strkAfter, ethAfter] = await holdings(ACCOUNT_0.address);
      expect(strkBefore - strkAfter).toBe(
        5n * ONE_STRK + BigInt(receipt.actual_fee.amount),
      );
      expect(ethAfter - ethBefore).toBe(BigInt(quote.buyAmount));
    });

    it("shows a dapp's swap paying a stranger as failing in simulation, and nothing moves when declined", async () => {
      const { calls } = await builtSwap(5n * ONE_STRK);
      const last = calls[calls.length - 1];
      if (!last) {
        throw new Error('No swap call built');
      }
      last.calldata[SWAP_ARG.beneficiary] = STRANGER;
      const before = await holdings(ACCOUNT_0.address);
      const sending = invoke(wallet, 'snapnet_executeTxn', {
        address: ACCOUNT_0.address,
        calls,
      });
      const dialog = await confirmationOf(sending);
      const shown = textOf(dialog.content);
      // The headline names the stranger, with a danger; the node's
      // simulation shows the exchange's own refusal.
      expect(shown).toContain(
        "Heading Sends the swap's proceeds to 0x0000…ad01",
      );
      expect(shown).toMatch(
        new RegExp(
          `Banner Danger danger Text The beneficiary ${STRANGER} is not this account`,
          'u',
        ),
      );
      expect(shown).toContain(
        'This transaction fails danger Text In simulation it reverts: Beneficiary is not the caller',
      );
      await dialog.cancel();
      expect(await sending).toRespondWithError(
        expect.objectContaining({ code: 4001 }),
      );
      expect(await holdings(ACCOUNT_0.address)).toStrictEqual(before);
    });
  });

  // Installing another snap stops the shared one: this story comes last.
  describe('through the paymaster', () => {
    it('swaps ETH for STRK from an account holding no STRK, the fee in ETH through the paymaster, deploying it in one confirmation', async () => {
      const fresh = await installWallet();
      const { address } = await createAccount(fresh, { addressIndex: 1 });
      await mint(node(), address, ONE_ETH / 10n, 'WEI');
      const page = await openHome(fresh, 'swap');
      await page.selectInDropdown('swap-from', address);
      await page.selectInDropdown('swap-sell', ETH);
      await page.selectInDropdown('swap-buy', STRK);
      await page.typeInField('swap-amount', '0.01');
      await page.selectInDropdown('send-fee', ETH);
      const quotedPage = await act(fresh, page, async () =>
        page.clickElement('home-swap:submit'),
      );
      expect(quotedPage.text).toContain('Quote: 0.01 ETH for');
      const expected = await apiQuote(node(), {
        sell: ETH,
        buy: STRK,
        amount: ONE_ETH / 100n,
        taker: address,
      });
      api().reset();
      const { text, dialog } = await swap(fresh, quotedPage.page, approve);
      expect(dialog).toContain('Fee, paid in ETH');
      expect(dialog).toContain('The paymaster deploys it');
      const hash = sentHash(text);
      expect(api().count('paymaster_executeTransaction')).toBe(1);
      expect(api().count('starknet_addInvokeTransaction')).toBe(0);
      expect((await receiptOf(node(), hash)).execution_status).toBe(
        'SUCCEEDED',
      );
      const classHash = await nodeRequest(node(), 'starknet_getClassHashAt', {
        block_id: 'latest',
        contract_address: address,
      });
      expect(BigInt(String(classHash))).not.toBe(0n);
      const [strk, eth] = await holdings(address);
      // Every STRK it holds is the swap's: no fee was taken in STRK.
      expect(strk).toBe(BigInt(expected.buyAmount));
      // 0.01 ETH sold, and the fee paid in ETH on top.
      expect(ONE_ETH / 10n - eth).toBeGreaterThan(ONE_ETH / 100n);
    });
  });
});

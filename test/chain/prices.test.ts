import { installSnap } from '@metamask/snaps-jest';
import { shortString } from 'starknet';

import { deployAccount0 } from './actions';
import { BACKEND } from './backend';
import { ensureArgentDeclared } from './classes';
import { act, elementsOf, openHome } from './homePage';
import { startHostileNode } from './hostile-node';
import type { Answer, HostileNode, SeenCall } from './hostile-node';
import { mintStrk, nodeRequest, ONE_STRK } from './node';
import { apiBuild, apiQuote, SWAP_ARG } from './swapApi';
import { ACCOUNT_0, ETH, MAINNET, STRK } from '../fixtures';
import {
  confirmationOf,
  createAccount,
  errorOf,
  installSharedWallet,
  invoke,
  plainResultOf,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';
import { TEST_NODE_PORT } from '../ports';
import { startLocalNode } from '@snapnet/local-node';
import type { LocalNode } from '@snapnet/local-node';

// starknet-devnet has no Pragma oracle: the local node's emulation alone is
// tested here (the conformance tier skips this file).
const describeLocal = BACKEND === 'local' ? describe : describe.skip;

/**
 * Values from prices read on chain, and MetaMask's preferences, through the
 * built snap: its Testnet node is a scripted node in front of a local node
 * whose Pragma oracle (at Pragma's Sepolia address) answers the default
 * prices (STRK $0.50, ETH $3,000, BTC $60,000 and €50,000), so a test can
 * also make the oracle answer garbage. Each preference is an install option of the
 * simulator, as MetaMask hands it to `snap_getPreferences`.
 */

const ORACLE =
  '36031daa264c24520b11d93af622c848b2499b66b41d611bac95e13cfca131a';
const MASK = '••••••';
const RECIPIENT = `0x${'abcdef'.padStart(64, '0')}`;

let real: LocalNode;
let front: HostileNode;

beforeAll(async () => {
  real = await startLocalNode({ host: '127.0.0.1', seed: 42 });
  await ensureArgentDeclared(real);
  await mintStrk(real, ACCOUNT_0.address, 100n * ONE_STRK);
  front = await startHostileNode({ target: real.url, port: TEST_NODE_PORT });
  await deployAccount0(await installSharedWallet());
}, 300_000);

afterAll(async () => {
  await front.close();
  await real.stop();
});

afterEach(() => {
  front.clearScripts();
  front.forget();
});

/**
 * Whether a call reads the oracle.
 *
 * @param call - A call the snap sent.
 * @returns Whether it is get_data_median on Pragma's Sepolia address.
 */
function isOracleRead(call: SeenCall): boolean {
  return (
    call.method === 'starknet_call' &&
    JSON.stringify(call.params).toLowerCase().includes(ORACLE)
  );
}

/**
 * A wallet installed with some MetaMask preferences, Account 0 created by
 * the test dapp (so shared with it).
 *
 * @param preferences - Install options (currency, locale, hideBalances…).
 * @returns The wallet.
 */
async function walletWith(
  preferences: Record<string, string | boolean> = {},
): Promise<Wallet> {
  const wallet = await installSnap({ options: preferences });
  await createAccount(wallet, { addressIndex: 0 });
  front.forget();
  return wallet;
}

/**
 * Sets a pair's price on the local node's oracle.
 *
 * @param params - The pair and its price (see local_setPrice).
 */
async function setPrice(params: Record<string, unknown>): Promise<void> {
  await nodeRequest(real, 'local_setPrice', params);
}

/**
 * Opens executeTxn's confirmation of a small STRK transfer.
 *
 * @param wallet - The wallet.
 * @returns The pending request, the dialog and its text.
 */
async function transferDialog(wallet: Wallet): Promise<{
  pending: ReturnType<typeof invoke>;
  dialog: Awaited<ReturnType<typeof confirmationOf>>;
  shown: string;
}> {
  const pending = invoke(wallet, 'snapnet_executeTxn', {
    address: ACCOUNT_0.address,
    calls: [
      {
        contractAddress: STRK,
        entrypoint: 'transfer',
        calldata: [RECIPIENT, '0x1bc16d674ec80000', '0x0'],
      },
    ],
  });
  const dialog = await confirmationOf(pending);
  return { pending, dialog, shown: textOf(dialog.content) };
}

describeLocal('values on the page', () => {
  it("shows each token line's value, each account's total and the network's, read in the balances' one node batch", async () => {
    const wallet = await walletWith();
    const text = textOf((await openHome(wallet)).content);
    expect(front.roundTrips()).toBe(1);
    const oracleReads = front.seen().filter(isOracleRead);
    // STRK/USD and ETH/USD: one read per pair, none for the currency (USD).
    expect(oracleReads).toHaveLength(2);
    expect(JSON.stringify(oracleReads)).toContain(
      shortString.encodeShortString('STRK/USD').slice(2),
    );
    expect(text).toMatch(/\d STRK · \$\d+\.\d\d/u);
    expect(text).toContain('ETH Text 0 ETH · $0.00');
    expect(text).toMatch(/Total Text \$\d+\.\d\d/u);
    expect(text).toMatch(/Total on Testnet Text \$\d+\.\d\d/u);
  });

  it("writes values in the user's currency and locale, converted through the oracle's pair", async () => {
    const wallet = await walletWith({ currency: 'eur', locale: 'de' });
    const text = textOf((await openHome(wallet)).content);
    // STRK/USD, ETH/USD, and BTC/USD and BTC/EUR for the euro (Pragma has
    // no EUR/USD pair), in the same batch.
    expect(front.seen().filter(isOracleRead)).toHaveLength(4);
    expect(front.roundTrips()).toBe(1);
    expect(text).toMatch(/\d STRK · \d+,\d\d €/u);
    expect(text).toContain('0 ETH · 0,00 €');
    expect(text).not.toContain('$');
  });

  it('writes values in USD, labelled so, for a currency the oracle has no pair for', async () => {
    const wallet = await walletWith({ currency: 'jpy' });
    const text = textOf((await openHome(wallet)).content);
    expect(text).toMatch(/\d STRK · USD \d+\.\d\d/u);
    expect(text).not.toContain('¥');
    expect(text).not.toContain('$');
  });

  it('masks every amount and value while the user hides balances, and reads no price', async () => {
    const wallet = await walletWith({ hideBalances: true });
    const text = textOf((await openHome(wallet)).content);
    expect(text).toContain(`STRK Text ${MASK}`);
    expect(text).toContain(`ETH Text ${MASK}`);
    expect(text).not.toMatch(/\d STRK/u);
    expect(text).not.toContain('$');
    expect(front.seen().filter(isOracleRead)).toHaveLength(0);
  });

  it('reads no price when the user turned external pricing data off: amounts only', async () => {
    const wallet = await walletWith({ useExternalPricingData: false });
    const text = textOf((await openHome(wallet)).content);
    expect(text).toMatch(/STRK Text \d+(\.\d+)? STRK/u);
    expect(text).not.toContain('$');
    expect(text).not.toContain('Total');
    expect(front.seen().filter(isOracleRead)).toHaveLength(0);
  });

  it("lists Testnet in the network switch only when it is current, while MetaMask's test networks are hidden", async () => {
    const wallet = await walletWith({ showTestnets: false });
    const options = (content: unknown): string[] =>
      elementsOf(content, 'Option').map(({ value }) => String(value));
    const home = await openHome(wallet);
    expect(options(home.content)).toContain('0x534e5f5345504f4c4941');
    await act(wallet, home, async () =>
      home.selectInDropdown('home-network', MAINNET),
    );
    const onMainnet = await openHome(wallet);
    expect(options(onMainnet.content)).toStrictEqual([MAINNET]);
    const shown = await walletWith();
    expect(options((await openHome(shown)).content)).toStrictEqual([
      MAINNET,
      '0x534e5f5345504f4c4941',
    ]);
  });

  it('says "no recent price" for a price older than an hour, or from too few sources', async () => {
    const wallet = await walletWith();
    try {
      await setPrice({
        pair: 'STRK/USD',
        price: 50_000_000,
        timestamp: Math.floor(Date.now() / 1000) - 2 * 3600,
      });
      await setPrice({ pair: 'ETH/USD', price: 300_000_000_000, sources: 1 });
      const text = textOf((await openHome(wallet)).content);
      expect(text).toMatch(/\d STRK · no recent price/u);
      expect(text).toContain('0 ETH · no recent price');
      expect(text).not.toContain('$');
    } finally {
      await setPrice({ pair: 'STRK/USD', price: 50_000_000 });
      await setPrice({ pair: 'ETH/USD', price: 300_000_000_000 });
    }
  });

  it.each<[string, Answer]>([
    ['a revert', { error: { code: 40, message: 'Contract error' } }],
    ['too few felts', { result: ['0x1', '0x8', '0x1'] }],
    ['a zero price', { result: ['0x0', '0x8', '0x1', '0x5', '0x1'] }],
    [
      'an absurd price',
      { result: [`0x${'f'.repeat(32)}`, '0x0', '0x1', '0x5', '0x1'] },
    ],
    ['not felts', { result: [{ price: 1 }] }],
  ])(
    'shows balances with no value when the oracle answers %s',
    async (_, answer) => {
      const wallet = await walletWith();
      front.script('starknet_call', (call, honest) =>
        isOracleRead(call) ? answer : honest,
      );
      const text = textOf((await openHome(wallet)).content);
      expect(text).toMatch(/\d STRK · no recent price/u);
      expect(text).toContain('Account 0 · deployed');
      expect(text).not.toContain('$');
      expect(text).not.toContain('Node unavailable');
    },
  );
});

describeLocal('values in a confirmation', () => {
  it("shows what is sent and the maximum fee in the user's currency beside the exact amounts, in the same round trips", async () => {
    const counted = async (wallet: Wallet): Promise<number> => {
      front.forget();
      const { pending, dialog } = await transferDialog(wallet);
      const trips = front.roundTrips();
      await dialog.cancel();
      await errorOf(pending);
      return trips;
    };
    // One simulated snap at a time: each wallet's dialogs counted in turn.
    // The first dialog of a wallet also checks the node's chain: count the
    // second.
    const withoutPrices = await walletWith({ useExternalPricingData: false });
    const without = await transferDialog(withoutPrices);
    expect(without.shown).not.toContain('Value in your currency');
    await without.dialog.cancel();
    await errorOf(without.pending);
    const tripsWithout = await counted(withoutPrices);
    const wallet = await walletWith({ currency: 'eur' });
    await counted(wallet);
    expect(await counted(wallet)).toBe(tripsWithout);
    const { pending, dialog, shown } = await transferDialog(wallet);
    expect(shown).toContain('Value in your currency');
    expect(shown).toMatch(/-2(\.\d+)? STRK ≈ -€\d+\.\d\d/u);
    expect(shown).toMatch(/Maximum fee Text \d+(\.\d+)? STRK ≈ €\d+\.\d\d/u);
    await dialog.ok();
    expect((await plainResultOf(pending)).transaction_hash).toMatch(
      /^0x[0-9a-f]+$/u,
    );
  });

  it('opens, says "no recent price" and signs the same when the oracle reverts', async () => {
    const wallet = await walletWith();
    front.script('starknet_call', (call, honest) =>
      isOracleRead(call)
        ? { error: { code: 40, message: 'Contract error' } }
        : honest,
    );
    const { pending, dialog, shown } = await transferDialog(wallet);
    expect(shown).toMatch(/-2(\.\d+)? STRK ≈ no recent price/u);
    expect(shown).not.toContain('$');
    await dialog.ok();
    expect((await plainResultOf(pending)).transaction_hash).toMatch(
      /^0x[0-9a-f]+$/u,
    );
  });

  it("compares a dapp's swap with the market only when the user lets prices be read, hidden balances or not", async () => {
    const quote = await apiQuote(real, {
      sell: STRK,
      buy: ETH,
      amount: ONE_STRK,
      taker: ACCOUNT_0.address,
    });
    const { calls } = await apiBuild(
      real,
      quote.quoteId,
      ACCOUNT_0.address,
      0.005,
    );
    const swapCall = calls[calls.length - 1];
    if (!swapCall) {
      throw new Error('No swap call built');
    }
    // A minimum of 1 wei: every market comparison calls it a danger.
    swapCall.calldata[SWAP_ARG.minLow] = '0x1';
    const swapDialog = async (wallet: Wallet): Promise<string> => {
      const pending = invoke(wallet, 'snapnet_executeTxn', {
        address: ACCOUNT_0.address,
        calls,
      });
      const dialog = await confirmationOf(pending);
      const shown = textOf(dialog.content);
      await dialog.cancel();
      await errorOf(pending);
      return shown;
    };
    const off = await swapDialog(
      await walletWith({ useExternalPricingData: false }),
    );
    expect(off).toContain('Heading Swap 1 STRK for at least');
    expect(off).toContain(
      'not compared (no recent oracle price of both tokens)',
    );
    expect(front.seen().filter(isOracleRead)).toHaveLength(0);
    const hidden = await walletWith({ hideBalances: true });
    front.forget();
    const shown = await swapDialog(hidden);
    expect(shown).toContain(
      'The least this swap accepts is 99.99 % below the market value of what you sell',
    );
    // STRK/USD and ETH/USD for the comparison; no value is shown.
    expect(front.seen().filter(isOracleRead)).toHaveLength(2);
  });
});

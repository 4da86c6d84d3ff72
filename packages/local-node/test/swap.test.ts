import type { Call, RpcProvider } from 'starknet';
import { Account, hash } from 'starknet';

import { checkedProvider } from './helpers';
import {
  asHex,
  balanceOf,
  bestQuote,
  builtCalls,
  TOKENS,
} from './swap-helpers';
import type { QuoteJson } from './swap-helpers';
import type { LocalNode } from '../src';
import { startLocalNode } from '../src';
import {
  AVNU_ERRORS,
  AVNU_FEE_RECIPIENT,
  AVNU_FEES_BPS,
  MAX_ROUTE_PERCENT,
  multiRouteSwapCalldata,
} from '../src/contracts/avnu-exchange-protocol';
import type {
  MultiRouteSwap,
  Route,
} from '../src/contracts/avnu-exchange-protocol';
import { LOCAL_AMM_ADDRESS } from '../src/contracts/local-amm';

/**
 * Swapping on the local node as a wallet does on Sepolia through AVNU:
 * quote, build, execute the built calls from a funded account; and every
 * assert of the exchange, provoked with calls of its own.
 */

const WAIT = { retryInterval: 20 };
const ONE_STRK = 10n ** 18n;
const FEE_RECIPIENT = asHex(AVNU_FEE_RECIPIENT);
const SWAP_KEY = hash.getSelectorFromName('Swap');

let node: LocalNode;
let provider: RpcProvider;
let alice: Account;
let bob: Account;
let exchange: string;

beforeAll(async () => {
  node = await startLocalNode({ accounts: 2 });
  provider = checkedProvider(node.url);
  const [first, second] = node.accounts;
  if (!first || !second) {
    throw new Error('no predeployed accounts');
  }
  alice = new Account({
    provider,
    address: first.address,
    signer: first.privateKey,
  });
  bob = new Account({
    provider,
    address: second.address,
    signer: second.privateKey,
  });
  exchange = node.swap.exchange;
});

afterAll(async () => {
  await node.stop();
});

type Receipt = {
  fee: bigint;
  events: { from_address: string; keys: string[]; data: string[] }[];
};

/**
 * Sends calls and waits for them to succeed.
 *
 * @param account - The sender.
 * @param calls - The calls.
 * @returns The fee paid and the events.
 */
async function send(account: Account, calls: Call[]): Promise<Receipt> {
  const { transaction_hash: txHash } = await account.execute(calls);
  const receipt = await provider.waitForTransaction(txHash, WAIT);
  if (!receipt.isSuccess()) {
    throw new Error(`${txHash} did not succeed`);
  }
  const { value } = receipt;
  return { fee: BigInt(value.actual_fee.amount), events: value.events };
}

/**
 * Quotes, builds and executes a swap from an account.
 *
 * @param account - The taker.
 * @param params - The quote's query (the taker is added).
 * @returns The quote and the receipt.
 */
async function swap(
  account: Account,
  params: Record<string, string>,
): Promise<{ quote: QuoteJson; receipt: Receipt }> {
  const quote = await bestQuote(node, {
    ...params,
    takerAddress: account.address,
  });
  const calls = await builtCalls(node, {
    quoteId: quote.quoteId,
    takerAddress: account.address,
    slippage: 0.01,
    includeApprove: true,
  });
  return { quote, receipt: await send(account, calls) };
}

/**
 * What an address holds of STRK and USDC.
 *
 * @param owner - The address.
 * @returns Its balances.
 */
async function holdings(
  owner: string,
): Promise<{ strk: bigint; usdc: bigint }> {
  return {
    strk: await balanceOf(provider, TOKENS.STRK, owner),
    usdc: await balanceOf(provider, TOKENS.USDC, owner),
  };
}

describe('a swap through the emulated AVNU exchange', () => {
  it('moves the quoted amounts: STRK sold, USDC bought, the fee in USDC to the recipient, a Swap event', async () => {
    const before = await holdings(alice.address);
    const feeBefore = await balanceOf(provider, TOKENS.USDC, FEE_RECIPIENT);
    const sold = 100n * ONE_STRK;
    const { quote, receipt } = await swap(alice, {
      sellTokenAddress: TOKENS.STRK,
      buyTokenAddress: TOKENS.USDC,
      sellAmount: asHex(sold),
    });
    const bought = BigInt(quote.buyAmount);
    // 100 STRK at 0.50 USD, less 0.3 % to the pool and 0.15 % to AVNU.
    expect(bought).toBeGreaterThan(49_700_000n);
    expect(bought).toBeLessThan(49_800_000n);
    expect(quote.priceImpact).toBeLessThan(0);
    expect(quote.priceImpact).toBeGreaterThan(-31);
    expect(BigInt(quote.gasFees)).toBe(receipt.fee);
    const after = await holdings(alice.address);
    expect(before.strk - after.strk).toBe(sold + receipt.fee);
    expect(after.usdc - before.usdc).toBe(bought);
    expect(BigInt(quote.fee.feeToken)).toBe(BigInt(TOKENS.USDC));
    const avnuFees = BigInt(quote.fee.avnuFees);
    expect(avnuFees).toBe(((bought + avnuFees) * AVNU_FEES_BPS) / 10_000n);
    expect(
      (await balanceOf(provider, TOKENS.USDC, FEE_RECIPIENT)) - feeBefore,
    ).toBe(avnuFees);
    const swapEvents = receipt.events.filter(
      (event) =>
        BigInt(event.from_address) === BigInt(exchange) &&
        BigInt(event.keys[0] ?? 0) === BigInt(SWAP_KEY),
    );
    expect(swapEvents).toHaveLength(1);
    expect(swapEvents[0]?.keys).toHaveLength(1);
    expect(swapEvents[0]?.data.map(BigInt)).toStrictEqual([
      BigInt(alice.address),
      BigInt(TOKENS.STRK),
      sold,
      0n,
      BigInt(TOKENS.USDC),
      bought,
      0n,
      BigInt(alice.address),
    ]);
    expect(await holdings(exchange)).toStrictEqual({ strk: 0n, usdc: 0n });
  });

  it('takes the fee in the token sold when it weighs more (USDC → STRK), and an integrator fee beside it', async () => {
    const integrator = asHex(hash.starknetKeccak('integrator'));
    const sold = 10_000_000n;
    const before = await holdings(alice.address);
    const { quote, receipt } = await swap(alice, {
      sellTokenAddress: TOKENS.USDC,
      buyTokenAddress: TOKENS.STRK,
      sellAmount: asHex(sold),
      integratorFees: '0x32',
      integratorFeeRecipient: integrator,
    });
    expect(BigInt(quote.fee.feeToken)).toBe(BigInt(TOKENS.USDC));
    expect(BigInt(quote.fee.avnuFees)).toBe((sold * 15n) / 10_000n);
    expect(BigInt(quote.fee.integratorFees)).toBe((sold * 50n) / 10_000n);
    expect(await balanceOf(provider, TOKENS.USDC, integrator)).toBe(
      BigInt(quote.fee.integratorFees),
    );
    const after = await holdings(alice.address);
    expect(before.usdc - after.usdc).toBe(sold);
    expect(after.strk - before.strk).toBe(
      BigInt(quote.buyAmount) - receipt.fee,
    );
  });

  it('routes a pair without a pool of its own through USDC (STRK → WBTC), two routes in the calldata', async () => {
    const quote = await bestQuote(node, {
      sellTokenAddress: TOKENS.STRK,
      buyTokenAddress: TOKENS.WBTC,
      sellAmount: asHex(500n * ONE_STRK),
      takerAddress: bob.address,
    });
    const [route] = quote.routes as {
      buyTokenAddress: string;
      routes: unknown[];
    }[];
    expect(BigInt(route?.buyTokenAddress ?? 0)).toBe(BigInt(TOKENS.USDC));
    expect(route?.routes).toHaveLength(1);
    const calls = await builtCalls(node, {
      quoteId: quote.quoteId,
      slippage: 0.005,
    });
    const wbtcBefore = await balanceOf(provider, TOKENS.WBTC, bob.address);
    await send(bob, calls);
    expect(
      (await balanceOf(provider, TOKENS.WBTC, bob.address)) - wbtcBefore,
    ).toBe(BigInt(quote.buyAmount));
  });

  it('answers the fee views a wallet reads', async () => {
    const view = async (
      entrypoint: string,
      calldata: string[] = [],
    ): Promise<bigint[]> =>
      (
        await provider.callContract({
          contractAddress: exchange,
          entrypoint,
          calldata,
        })
      ).map(BigInt);
    expect(await view('get_fees_recipient')).toStrictEqual([
      AVNU_FEE_RECIPIENT,
    ]);
    expect(await view('get_fees_bps_0')).toStrictEqual([15n]);
    expect(await view('get_fees_bps_1')).toStrictEqual([15n]);
    expect(await view('get_token_fee_config', [TOKENS.USDC])).toStrictEqual([
      2n,
    ]);
    expect(await view('is_integrator_whitelisted', ['0x1'])).toStrictEqual([
      0n,
    ]);
    expect(
      await view('get_adapter_class_hash', [asHex(LOCAL_AMM_ADDRESS)]),
    ).not.toStrictEqual([0n]);
  });
});

describe("the exchange's asserts, in its order, with its texts", () => {
  const direct = (
    sell: string,
    buy: string,
    percent = MAX_ROUTE_PERCENT,
  ): Route => ({
    sellToken: BigInt(sell),
    buyToken: BigInt(buy),
    swap: {
      kind: 'direct',
      swap: { exchange: LOCAL_AMM_ADDRESS, percent, params: [] },
    },
  });

  const base = (): MultiRouteSwap => ({
    sellToken: BigInt(TOKENS.STRK),
    sellAmount: ONE_STRK,
    buyToken: BigInt(TOKENS.USDC),
    buyAmount: 0n,
    buyMinAmount: 0n,
    beneficiary: BigInt(alice.address),
    integratorFeeBps: 0n,
    integratorFeeRecipient: 0n,
    routes: [direct(TOKENS.STRK, TOKENS.USDC)],
  });

  const swapCalls = (
    changes: Partial<MultiRouteSwap>,
    approve = ONE_STRK,
  ): Call[] => {
    const inputs = { ...base(), ...changes };
    return [
      {
        contractAddress: asHex(inputs.sellToken),
        entrypoint: 'approve',
        calldata: [exchange, asHex(approve), '0x0'],
      },
      {
        contractAddress: exchange,
        entrypoint: 'multi_route_swap',
        calldata: multiRouteSwapCalldata(inputs).map(asHex),
      },
    ];
  };

  it.each([
    [
      'a beneficiary other than the caller',
      { beneficiary: 0x1234n },
      AVNU_ERRORS.BENEFICIARY_NOT_CALLER,
    ],
    ['nothing sold', { sellAmount: 0n }, AVNU_ERRORS.AMOUNT_IS_ZERO],
    [
      'more than the balance',
      { sellAmount: 10n ** 30n },
      AVNU_ERRORS.BALANCE_TOO_LOW,
    ],
    ['no route', { routes: [] }, AVNU_ERRORS.ROUTES_EMPTY],
    [
      'a first route selling another token',
      { routes: [direct(TOKENS.ETH, TOKENS.USDC)] },
      AVNU_ERRORS.INVALID_TOKEN_FROM,
    ],
    [
      'a last route buying another token',
      { routes: [direct(TOKENS.STRK, TOKENS.ETH)] },
      AVNU_ERRORS.INVALID_TOKEN_TO,
    ],
    [
      'a route of no share',
      { routes: [direct(TOKENS.STRK, TOKENS.USDC, 0n)] },
      AVNU_ERRORS.INVALID_ROUTE_PERCENT,
    ],
    [
      'a route through a contract without adapter',
      {
        routes: [
          {
            ...direct(TOKENS.STRK, TOKENS.USDC),
            swap: {
              kind: 'direct' as const,
              swap: {
                exchange: 0x999n,
                percent: MAX_ROUTE_PERCENT,
                params: [],
              },
            },
          },
        ],
      },
      AVNU_ERRORS.UNKNOWN_EXCHANGE,
    ],
    [
      'a route leaving half the STRK behind',
      { routes: [direct(TOKENS.STRK, TOKENS.USDC, MAX_ROUTE_PERCENT / 2n)] },
      AVNU_ERRORS.RESIDUAL_TOKENS,
    ],
    [
      'an integrator fee over 500 bps',
      { integratorFeeBps: 501n, integratorFeeRecipient: 0x77n },
      AVNU_ERRORS.INTEGRATOR_FEES_TOO_HIGH,
    ],
    [
      'a minimum above what the pools give',
      { buyMinAmount: 10n ** 12n },
      AVNU_ERRORS.INSUFFICIENT_TOKENS_RECEIVED,
    ],
  ] as [string, Partial<MultiRouteSwap>, string][])(
    'refuses %s',
    async (_, changes, text) => {
      await expect(alice.execute(swapCalls(changes))).rejects.toThrow(text);
    },
  );

  it('pulls the sold token with transferFrom: no approval, no swap', async () => {
    await expect(alice.execute(swapCalls({}, 0n))).rejects.toThrow(
      'ERC20: insufficient allowance',
    );
  });

  it('says what it does not emulate: branch routes, swap_exact_token_to', async () => {
    await expect(
      alice.execute(
        swapCalls({
          routes: [
            {
              ...direct(TOKENS.STRK, TOKENS.USDC),
              swap: {
                kind: 'branch',
                principal: {
                  exchange: LOCAL_AMM_ADDRESS,
                  percent: MAX_ROUTE_PERCENT,
                  params: [],
                },
                alternatives: [],
              },
            },
          ],
        }),
      ),
    ).rejects.toThrow('not emulated');
    await expect(
      alice.execute({
        contractAddress: exchange,
        entrypoint: 'swap_exact_token_to',
        calldata: [],
      }),
    ).rejects.toThrow('not emulated');
  });
});

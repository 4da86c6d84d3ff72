import type { FUNCTION_CALL } from '@starknet-io/starknet-types-0104';
import { CallData, cairo, shortString } from 'starknet';

import { protocolReads } from './protocolReads';
import { swapReads } from './swapReads';
import { STRK } from '../../test/fixtures';
import { MAINNET_CHAIN_ID, TESTNET_CHAIN_ID } from '../config';
import type { Network } from '../config';
import { normaliseAddress } from '../keys/address';
import type { NodeCall } from '../node/nodeCall';
import { GET_DATA_MEDIAN, pairId, PRAGMA_ORACLES } from '../prices/pragma';
import type { CallToShow } from '../protocol/calls';
import { selectorOf } from '../protocol/selectors';
import {
  EXACT_TOKEN_TO_FEES_BPS,
  exchangeOf,
  feeGetterOf,
  FEES_BPS_GETTERS,
  FULL_ROUTE,
  MULTI_ROUTE_SWAP,
  readSwapCall,
  SWAP_EXACT_TOKEN_TO,
} from '../swap/exchange';

const TESTNET: Network = { name: 'Testnet', chainId: TESTNET_CHAIN_ID };
const MAINNET: Network = { name: 'Mainnet', chainId: MAINNET_CHAIN_ID };
const EXCHANGE = exchangeOf(TESTNET) ?? '';
const ORACLE = PRAGMA_ORACLES[TESTNET_CHAIN_ID] ?? '';
const ACCOUNT = normaliseAddress('0xacc');
const STRK_ADDRESS = normaliseAddress(STRK);
/** Sepolia's verified USDC (6 decimals). */
const USDC = normaliseAddress(
  '0x053b40a647cedfca6ca84f542a0fe36736031905a9639a7f19a3c1e66bfd5080',
);
const UNVERIFIED = normaliseAddress('0x70c3');
const AMM = normaliseAddress('0xa11');
const OTHER_AMM = normaliseAddress('0xa12');
const ONE = 10n ** 18n;
const NOW = 1_800_000_000;
const WORDS = { tokens: [], field: 'calls', pricing: true };

/**
 * The swap reads of calls, for a user who lets prices be read.
 *
 * @param network - The network.
 * @param calls - The calls.
 * @returns The reads.
 */
function readsOf(
  network: Network,
  calls: CallToShow[],
): ReturnType<typeof swapReads> {
  return swapReads(network, calls, ACCOUNT, WORDS);
}

/**
 * A felt in hex, as a dialog gets calldata.
 *
 * @param value - The felt (starknet.js compiles to decimal text).
 * @returns The hex text.
 */
const toFelt = (value: bigint | string): string =>
  `0x${BigInt(value).toString(16)}`;

/** A route as the tests write it. */
type RouteSpec = {
  sell: string;
  buy: string;
  pool: string;
  percent?: bigint;
  params?: bigint[];
  /** A branch route's alternative pools, when it is one. */
  alternatives?: { pool: string; percent: bigint }[];
};

/**
 * A route as Cairo's Serde lays it out (models.cairo): sell_token,
 * buy_token, then the swap — a direct swap bare (exchange_address, percent
 * as u128 of FULL_ROUTE, additional_swap_params as count then felts), a
 * branch after the felt 'branch' (its principal direct swap, then its
 * alternatives: count, each a direct swap).
 *
 * @param route - The route.
 * @returns Its fields, in order, for CallData.compile.
 */
function routeOf(route: RouteSpec): object {
  const direct = (pool: string, percent: bigint, params: bigint[]): object => ({
    exchange_address: pool,
    percent,
    additional_swap_params: params,
  });
  const principal = direct(
    route.pool,
    route.percent ?? FULL_ROUTE,
    route.params ?? [],
  );
  return {
    sell_token: route.sell,
    buy_token: route.buy,
    swap: route.alternatives
      ? {
          marker: shortString.encodeShortString('branch'),
          principal,
          alternatives: route.alternatives.map(({ pool, percent }) =>
            direct(pool, percent, []),
          ),
        }
      : principal,
  };
}

/** A multi_route_swap's inputs as the tests write them. */
type SellSpec = {
  sell?: string;
  amount?: bigint;
  buy?: string;
  expected?: bigint;
  min?: bigint;
  beneficiary?: string;
  feeBps?: bigint;
  feeRecipient?: string;
  routes?: RouteSpec[];
};

/**
 * multi_route_swap's calldata (exchange.cairo): sell_token, sell amount
 * (u256: low, high), buy_token, buy amount (u256), buy min amount (u256),
 * beneficiary, integrator fee bps (u128), integrator fee recipient, routes
 * (count, then each route: see routeOf), as starknet.js compiles it, in hex.
 *
 * @param spec - The inputs to change from a STRK → USDC swap of 100 STRK.
 * @returns The calldata.
 */
function sellCalldata(spec: SellSpec = {}): string[] {
  const sell = spec.sell ?? STRK_ADDRESS;
  const buy = spec.buy ?? USDC;
  return CallData.compile({
    sell_token_address: sell,
    sell_token_amount: cairo.uint256(spec.amount ?? 100n * ONE),
    buy_token_address: buy,
    buy_token_amount: cairo.uint256(spec.expected ?? 20_000_000n),
    buy_token_min_amount: cairo.uint256(spec.min ?? 19_900_000n),
    beneficiary: spec.beneficiary ?? ACCOUNT,
    integrator_fee_amount_bps: spec.feeBps ?? 0n,
    integrator_fee_recipient: spec.feeRecipient ?? '0x0',
    routes: (spec.routes ?? [{ sell, buy, pool: AMM }]).map(routeOf),
  }).map(toFelt);
}

/**
 * A swap call to an address.
 *
 * @param calldata - Its calldata.
 * @param contractAddress - The contract (the exchange by default).
 * @param selector - The entry point.
 * @returns The call.
 */
function swapCall(
  calldata: string[],
  contractAddress = EXCHANGE,
  selector = MULTI_ROUTE_SWAP,
): CallToShow {
  return { contractAddress, selector, calldata };
}

/**
 * swap_exact_token_to's calldata: sell_token, sell amount (u256), sell max
 * amount (u256), buy_token, buy amount (u256), beneficiary, integrator fee
 * bps, integrator fee recipient, routes.
 *
 * @param routes - Its routes.
 * @returns The calldata.
 */
function buyCalldata(routes: RouteSpec[]): string[] {
  return CallData.compile({
    sell_token_address: STRK_ADDRESS,
    sell_token_amount: cairo.uint256(100n * ONE),
    sell_token_max_amount: cairo.uint256(101n * ONE),
    buy_token_address: USDC,
    buy_token_amount: cairo.uint256(20_000_000n),
    beneficiary: ACCOUNT,
    integrator_fee_amount_bps: 0n,
    integrator_fee_recipient: '0x0',
    routes: routes.map(routeOf),
  }).map(toFelt);
}

/**
 * What a starknet_call asks.
 *
 * @param call - The call.
 * @returns Its request, for a starknet_call.
 */
function requestOf(call: NodeCall<unknown>): FUNCTION_CALL | undefined {
  return call.method === 'starknet_call' ? call.params.request : undefined;
}

const ok = (value: unknown): PromiseSettledResult<unknown> => ({
  status: 'fulfilled',
  value,
});
const failed: PromiseSettledResult<unknown> = {
  status: 'rejected',
  reason: new Error('Contract error'),
};

/**
 * An oracle answer (PragmaPricesResponse with `Some(0)` expiration).
 *
 * @param price - The price, 8 decimals.
 * @param changes - Fields to change.
 * @param changes.updated - Its timestamp.
 * @param changes.sources - How many sources.
 * @returns The answer.
 */
function oracleAnswer(
  price: bigint,
  { updated = NOW - 60, sources = 5 } = {},
): PromiseSettledResult<unknown> {
  return ok(
    [price, 8n, BigInt(updated), BigInt(sources), 0n, 0n].map((value) =>
      toFelt(value),
    ),
  );
}

beforeEach(() => {
  jest.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe("the exchange's calldata, read", () => {
  it('reads a direct route, u256 halves included', () => {
    const big = 2n ** 130n + 7n;
    const reading = readSwapCall(
      MULTI_ROUTE_SWAP,
      sellCalldata({ amount: big, feeBps: 30n, feeRecipient: '0xfee' }),
    );
    expect(reading).toStrictEqual({
      value: {
        kind: 'sell',
        sellToken: BigInt(STRK_ADDRESS),
        sellAmount: big,
        buyToken: BigInt(USDC),
        buyAmount: 20_000_000n,
        minReceived: 19_900_000n,
        beneficiary: BigInt(ACCOUNT),
        integratorFeeBps: 30n,
        integratorFeeRecipient: 0xfeen,
        routes: [
          {
            sellToken: BigInt(STRK_ADDRESS),
            buyToken: BigInt(USDC),
            exchange: BigInt(AMM),
            percent: FULL_ROUTE,
            alternatives: 0,
          },
        ],
      },
    });
  });

  it('reads a branch route with its parameters and alternatives, and a second route after it', () => {
    const calldata = sellCalldata({
      routes: [
        {
          sell: STRK_ADDRESS,
          buy: STRK_ADDRESS,
          pool: AMM,
          percent: FULL_ROUTE / 2n,
          params: [1n, 2n, 3n],
          alternatives: [
            { pool: OTHER_AMM, percent: FULL_ROUTE / 4n },
            { pool: AMM, percent: FULL_ROUTE / 4n },
          ],
        },
        { sell: STRK_ADDRESS, buy: USDC, pool: OTHER_AMM },
      ],
    });
    // The marker sits where a direct swap's pool would.
    expect(calldata[14]).toBe('0x6272616e6368');
    const reading = readSwapCall(MULTI_ROUTE_SWAP, calldata);
    expect(reading).toMatchObject({
      value: {
        routes: [
          {
            exchange: BigInt(AMM),
            percent: FULL_ROUTE / 2n,
            alternatives: 2,
          },
          { exchange: BigInt(OTHER_AMM), percent: FULL_ROUTE, alternatives: 0 },
        ],
      },
    });
  });

  it('reads swap_exact_token_to with its most to sell', () => {
    const reading = readSwapCall(
      SWAP_EXACT_TOKEN_TO,
      buyCalldata([{ sell: STRK_ADDRESS, buy: USDC, pool: AMM }]),
    );
    expect(reading).toMatchObject({
      value: {
        kind: 'buy',
        sellAmount: 100n * ONE,
        sellMax: 101n * ONE,
        buyAmount: 20_000_000n,
      },
    });
  });

  it('refuses a missing felt, a trailing felt, a u128 out of range and too many routes, and reads no other entry point', () => {
    const calldata = sellCalldata();
    expect(readSwapCall(MULTI_ROUTE_SWAP, calldata.slice(0, -1))).toStrictEqual(
      {
        problem: expect.stringContaining('it ends before'),
      },
    );
    expect(readSwapCall(MULTI_ROUTE_SWAP, [...calldata, '0x1'])).toStrictEqual({
      problem: 'multi_route_swap: 1 felts follow it',
    });
    expect(
      readSwapCall(MULTI_ROUTE_SWAP, sellCalldata({ feeBps: 2n ** 128n })),
    ).toStrictEqual({
      problem: 'multi_route_swap: integrator_fee_amount_bps is not a u128',
    });
    const many = Array.from({ length: 65 }, () => ({
      sell: STRK_ADDRESS,
      buy: USDC,
      pool: AMM,
    }));
    expect(
      readSwapCall(MULTI_ROUTE_SWAP, sellCalldata({ routes: many })),
    ).toStrictEqual({ problem: 'multi_route_swap: routes lists more than 64' });
    expect(readSwapCall(selectorOf('transfer'), calldata)).toBeUndefined();
  });
});

describe('the swap reads ride the first batch', () => {
  it("reads the fee getter of the route count and both tokens' prices, and nothing in round two", () => {
    const one = readsOf(TESTNET, [swapCall(sellCalldata())]);
    expect(one?.calls.map(requestOf)).toStrictEqual([
      {
        contract_address: EXCHANGE,
        entry_point_selector: FEES_BPS_GETTERS[0],
        calldata: [],
      },
      {
        contract_address: ORACLE,
        entry_point_selector: GET_DATA_MEDIAN,
        calldata: ['0x0', pairId('STRK/USD')],
      },
      {
        contract_address: ORACLE,
        entry_point_selector: GET_DATA_MEDIAN,
        calldata: ['0x0', pairId('USDC/USD')],
      },
    ]);
    const two = one?.read([
      ok(['0xf']),
      oracleAnswer(20_000_000n),
      oracleAnswer(100_000_000n),
    ]);
    expect(two?.calls).toStrictEqual([]);
    expect(two?.stakers).toStrictEqual([]);
    expect(two?.read([])).toStrictEqual({
      exchange: EXCHANGE,
      feesBps: new Map([[FEES_BPS_GETTERS[0], 15n]]),
      prices: new Map([
        [
          STRK_ADDRESS,
          { usd: { price: 20_000_000n, decimals: 8 }, decimals: 18 },
        ],
        [USDC, { usd: { price: 100_000_000n, decimals: 8 }, decimals: 6 }],
      ]),
    });
  });

  it('reads each getter once: more routes, and a purchase its own', () => {
    const two = {
      sell: STRK_ADDRESS,
      buy: USDC,
      pool: AMM,
      percent: FULL_ROUTE,
    };
    const swaps = [
      swapCall(sellCalldata({ routes: [two, two] })),
      swapCall(sellCalldata()),
      swapCall(sellCalldata()),
      swapCall(buyCalldata([two]), EXCHANGE, SWAP_EXACT_TOKEN_TO),
    ];
    const one = readsOf(TESTNET, swaps);
    const getters = one?.calls
      .map(requestOf)
      .filter((request) => request?.contract_address === EXCHANGE)
      .map((request) => request?.entry_point_selector);
    expect(getters).toStrictEqual([
      FEES_BPS_GETTERS[1],
      FEES_BPS_GETTERS[0],
      EXACT_TOKEN_TO_FEES_BPS,
    ]);
    expect(EXACT_TOKEN_TO_FEES_BPS).toBe(
      selectorOf('get_swap_exact_token_to_fees_bps'),
    );
  });

  it('asks no price of a token that is not verified, nor on a network with no oracle, and nothing on a network a site added', () => {
    const unverified = readsOf(TESTNET, [
      swapCall(sellCalldata({ buy: UNVERIFIED })),
    ]);
    expect(unverified?.calls).toHaveLength(2);
    expect(
      readsOf({ ...TESTNET, addedBy: 'https://dapp.example' }, [
        swapCall(sellCalldata()),
      ]),
    ).toBeUndefined();
    // Mainnet's exchange is another address: the Sepolia one is no swap there.
    expect(readsOf(MAINNET, [swapCall(sellCalldata())])).toBeUndefined();
  });

  it('asks no price when the user turned external pricing data off: the fee getter alone', () => {
    const calls = [swapCall(sellCalldata())];
    for (const pricing of [false, undefined]) {
      const one = swapReads(TESTNET, calls, ACCOUNT, { ...WORDS, pricing });
      expect(one?.calls.map(requestOf)).toStrictEqual([
        {
          contract_address: EXCHANGE,
          entry_point_selector: FEES_BPS_GETTERS[0],
          calldata: [],
        },
      ]);
      expect(one?.read([ok(['0xf'])]).read([]).prices).toStrictEqual(new Map());
    }
  });

  it('reads nothing for calls to another contract or entry point, and asks nothing of a swap that does not read', () => {
    expect(
      readsOf(TESTNET, [swapCall(sellCalldata(), normaliseAddress('0xdead'))]),
    ).toBeUndefined();
    expect(
      readsOf(TESTNET, [
        swapCall([ACCOUNT, '0x1', '0x0'], EXCHANGE, selectorOf('transfer')),
      ]),
    ).toBeUndefined();
    const one = readsOf(TESTNET, [swapCall(sellCalldata().slice(1))]);
    expect(one?.calls).toStrictEqual([]);
    expect(one?.read([]).read([])).toStrictEqual({
      exchange: EXCHANGE,
      feesBps: new Map(),
      prices: new Map(),
    });
  });

  it.each([
    ['a failed read', failed],
    ['no list', ok('0xf')],
    ['no felt', ok([15])],
    ['a trailing felt', ok(['0xf', '0x0'])],
    ['nothing', ok([])],
    ['a fee past the cap', ok(['0x65'])],
    ['an object', ok({ toString: '0xf' })],
  ])('reads no fee from %s', (_name, answer) => {
    const facts = readsOf(TESTNET, [swapCall(sellCalldata())])
      ?.read([answer, failed, failed])
      .read([]);
    expect(facts?.feesBps).toStrictEqual(new Map());
  });

  it.each([
    ['a failed read', failed],
    ['no list', ok(null)],
    ['too few felts', ok(['0x1', '0x8'])],
    ['a stale price', oracleAnswer(20_000_000n, { updated: NOW - 7200 })],
    ['one source', oracleAnswer(20_000_000n, { sources: 1 })],
    ['no price', oracleAnswer(0n)],
  ])('prices no token from %s', (_name, answer) => {
    const facts = readsOf(TESTNET, [swapCall(sellCalldata())])
      ?.read([ok(['0xf']), answer, oracleAnswer(100_000_000n)])
      .read([]);
    expect([...(facts?.prices.keys() ?? [])]).toStrictEqual([USDC]);
    expect(facts?.feesBps.get(FEES_BPS_GETTERS[0])).toBe(15n);
  });

  it('picks the getter by the route count, or the purchase', () => {
    const reading = readSwapCall(MULTI_ROUTE_SWAP, sellCalldata());
    const swap = reading && 'value' in reading ? reading.value : undefined;
    expect(swap && feeGetterOf(swap)).toBe(FEES_BPS_GETTERS[0]);
    expect(
      swap &&
        feeGetterOf({ ...swap, routes: [...swap.routes, ...swap.routes] }),
    ).toBe(FEES_BPS_GETTERS[1]);
    expect(swap && feeGetterOf({ ...swap, kind: 'buy' })).toBe(
      EXACT_TOKEN_TO_FEES_BPS,
    );
  });
});

describe('a swap the exchange would revert', () => {
  it.each([
    ['it sells nothing', { amount: 0n }],
    ['it sells and buys the same token', { buy: STRK_ADDRESS }],
    ['it names no route', { routes: [] }],
    [
      'its last route does not buy the token bought',
      { routes: [{ sell: STRK_ADDRESS, buy: STRK_ADDRESS, pool: AMM }] },
    ],
    [
      "a route's share is 0 or above 100 %",
      { routes: [{ sell: STRK_ADDRESS, buy: USDC, pool: AMM, percent: 0n }] },
    ],
    [
      'its integrator fee is above the 5 % the exchange allows',
      { feeBps: 501n, feeRecipient: AMM },
    ],
  ])('is refused before anything is signed when %s', (reason, spec) => {
    const calls = [
      swapCall([ACCOUNT, '0x1', '0x0'], STRK_ADDRESS, selectorOf('approve')),
      swapCall(sellCalldata(spec)),
    ];
    expect(() => swapReads(TESTNET, calls, ACCOUNT, WORDS)).toThrow(
      `Invalid params: calls[1]: AVNU's exchange would revert this swap: ${reason}. Nothing was signed.`,
    );
  });

  it('is not refused for its beneficiary: the dialog names it', () => {
    expect(
      readsOf(TESTNET, [swapCall(sellCalldata({ beneficiary: AMM }))]),
    ).toBeDefined();
  });
});

describe('the protocol table asks the swap row', () => {
  it('hands it its answers after the staking rows, its facts under its name', () => {
    const stake = {
      contractAddress: normaliseAddress('0x9001'),
      selector: selectorOf('enter_delegation_pool'),
      calldata: [ACCOUNT, toFelt(10n * ONE)],
    };
    const one = protocolReads(
      TESTNET,
      [stake, swapCall(sellCalldata())],
      ACCOUNT,
      WORDS,
    );
    // Staking: the clock, its parameters, the pool's, the member's.
    expect(one?.calls).toHaveLength(4 + 3);
    const two = one?.read([
      failed,
      failed,
      failed,
      failed,
      ok(['0xf']),
      oracleAnswer(20_000_000n),
      ok('junk'),
    ]);
    const facts = two?.read(two.calls.map(() => failed));
    expect(facts?.swap?.feesBps.get(FEES_BPS_GETTERS[0])).toBe(15n);
    expect([...(facts?.swap?.prices.keys() ?? [])]).toStrictEqual([
      STRK_ADDRESS,
    ]);
    expect(facts?.staking).toBeDefined();
  });
});

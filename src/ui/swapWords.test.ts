import { describeCalls } from './decodeCalls';
import type { DecodeContext } from './decodeCalls';
import type { CallView } from './dialogInputs';
import { MARKET_GAP_BPS } from './swapMarket';
import { callsTitle } from './transactionText';
import { STRK } from '../../test/fixtures';
import { shownCall } from '../../test/shownCall';
import { TESTNET_CHAIN_ID } from '../config';
import { normaliseAddress } from '../keys/address';
import type { CallToShow } from '../protocol/calls';
import type { SwapFacts } from '../sender/swapReads';
import { defaultState } from '../state/schema';
import {
  EXACT_TOKEN_TO_FEES_BPS,
  exchangeOf,
  FEES_BPS_GETTERS,
  FULL_ROUTE,
} from '../swap/exchange';

const EXCHANGE =
  exchangeOf({ name: 'Testnet', chainId: TESTNET_CHAIN_ID }) ?? '';
const ACCOUNT = normaliseAddress('0xacc');
const OWN = normaliseAddress('0xacc2');
const STRANGER = normaliseAddress('0xbad5eed');
const STRK_ADDRESS = normaliseAddress(STRK);
const USDC = normaliseAddress(
  '0x53b40a647cedfca6ca84f542a0fe36736031905a9639a7f19a3c1e66bfd5080',
);
const UNTRACKED = normaliseAddress('0x70c3');
const AMM = normaliseAddress('0xa11');
const OTHER_AMM = normaliseAddress('0xa12');
const ONE = 10n ** 18n;
/** USDC's smallest units per whole. */
const DOLLAR = 10n ** 6n;

const tokens = [
  ...defaultState().tokens.filter(
    ({ chainId }) => chainId === TESTNET_CHAIN_ID,
  ),
  {
    address: USDC,
    name: 'USDC',
    symbol: 'USDC',
    decimals: 6,
    chainId: TESTNET_CHAIN_ID,
  },
];

/** A route: its pool, share, and a branch's alternatives. */
type Route = {
  sell?: string;
  buy?: string;
  pool: string;
  percent?: bigint;
  alternatives?: string[];
};

/** A swap's inputs as the tests write them (STRK → USDC by default). */
type Spec = {
  sell?: string;
  amount?: bigint;
  /** swap_exact_token_to's most to sell. */
  max?: bigint;
  buy?: string;
  expected?: bigint;
  min?: bigint;
  beneficiary?: string;
  feeBps?: bigint;
  feeRecipient?: string;
  routes?: Route[];
};

/**
 * A route's felts (models.cairo's Serde, as in swapReads.test.ts): tokens,
 * then a direct swap (pool, percent, no parameters), or 'branch', the
 * principal and the alternatives (count, each a direct swap).
 *
 * @param route - The route.
 * @param spec - The swap's tokens.
 * @returns The felts.
 */
function routeFelts(route: Route, spec: Spec): (bigint | string)[] {
  const direct = (pool: string, percent: bigint): (bigint | string)[] => [
    pool,
    percent,
    0n,
  ];
  return [
    route.sell ?? spec.sell ?? STRK_ADDRESS,
    route.buy ?? spec.buy ?? USDC,
    ...(route.alternatives
      ? [
          0x6272616e6368n,
          ...direct(route.pool, route.percent ?? FULL_ROUTE),
          BigInt(route.alternatives.length),
          ...route.alternatives.flatMap((pool) => direct(pool, FULL_ROUTE)),
        ]
      : direct(route.pool, route.percent ?? FULL_ROUTE)),
  ];
}

/**
 * A swap call to the exchange: multi_route_swap (sell token, amount as
 * u256 low/high, buy token, expected u256, minimum u256, beneficiary,
 * integrator bps, integrator, routes), or swap_exact_token_to when `max`
 * is given (sell token, amount u256, max u256, buy token, amount u256,
 * beneficiary, integrator bps, integrator, routes).
 *
 * @param spec - The inputs to change from selling 100 STRK for 20 USDC.
 * @param contract - The contract called.
 * @returns The call.
 */
function swap(spec: Spec = {}, contract = EXCHANGE): CallToShow {
  const routes = spec.routes ?? [{ pool: AMM }];
  const tail = [
    spec.beneficiary ?? ACCOUNT,
    spec.feeBps ?? 0n,
    spec.feeRecipient ?? '0x0',
    BigInt(routes.length),
    ...routes.flatMap((route) => routeFelts(route, spec)),
  ];
  const sell = spec.sell ?? STRK_ADDRESS;
  const buy = spec.buy ?? USDC;
  const amount = spec.amount ?? 100n * ONE;
  const expected = spec.expected ?? 20n * DOLLAR;
  return spec.max === undefined
    ? shownCall(contract, 'multi_route_swap', [
        sell,
        amount,
        0n,
        buy,
        expected,
        0n,
        spec.min ?? (199n * DOLLAR) / 10n,
        0n,
        ...tail,
      ])
    : shownCall(contract, 'swap_exact_token_to', [
        sell,
        amount,
        0n,
        spec.max,
        0n,
        buy,
        expected,
        0n,
        ...tail,
      ]);
}

const approve = (
  amount: bigint,
  spender = EXCHANGE,
  token = STRK_ADDRESS,
): CallToShow => shownCall(token, 'approve', [spender, amount, 0n]);

/**
 * Swap facts: AVNU takes 0.15 % on one route, 0.05 % on more, aims at
 * 0.1 % on a purchase; STRK at $0.20, USDC at $1 (8 decimals).
 *
 * @param changes - Facts to change.
 * @returns The facts.
 */
function factsWith(changes: Partial<SwapFacts> = {}): SwapFacts {
  return {
    exchange: EXCHANGE,
    feesBps: new Map([
      [FEES_BPS_GETTERS[0], 15n],
      [FEES_BPS_GETTERS[1], 5n],
      [EXACT_TOKEN_TO_FEES_BPS, 10n],
    ]),
    prices: new Map([
      [
        STRK_ADDRESS,
        { usd: { price: 20_000_000n, decimals: 8 }, decimals: 18 },
      ],
      [USDC, { usd: { price: 100_000_000n, decimals: 8 }, decimals: 6 }],
    ]),
    ...changes,
  };
}

const context: DecodeContext = {
  tokens,
  account: ACCOUNT,
  chainAbis: new Map(),
  swap: factsWith(),
  ownAccounts: [
    { address: ACCOUNT, name: 'Account 0' },
    { address: OWN, name: 'Account 2' },
  ],
};

/**
 * The calls as one dialog shows them.
 *
 * @param calls - The calls.
 * @param changes - Context to change.
 * @returns The views.
 */
function shown(
  calls: CallToShow[],
  changes: Partial<DecodeContext> = {},
): CallView[] {
  return describeCalls(calls, { ...context, ...changes }).calls;
}

/**
 * One swap as shown.
 *
 * @param spec - The swap.
 * @param changes - Context to change.
 * @returns Its view.
 */
function one(
  spec: Spec = {},
  changes: Partial<DecodeContext> = {},
): CallView | undefined {
  return shown([swap(spec)], changes)[0];
}

/**
 * A field's value.
 *
 * @param view - The call as shown.
 * @param label - The field.
 * @returns Its value.
 */
function field(view: CallView | undefined, label: string): string | undefined {
  return view?.decoded?.fields.find((each) => each.label === label)?.value;
}

describe('a swap on AVNU in words', () => {
  it('reads a sale of tracked tokens, with its bounds, route and fee', () => {
    const view = one();
    expect(view?.decoded?.summary).toBe(
      'Swap 100 STRK for at least 19.9 USDC · AVNU fee 0.15 %',
    );
    expect(view?.headline).toBe(view?.decoded?.summary);
    expect(view?.decoded?.fields).toStrictEqual([
      { label: 'You sell', value: '100 STRK' },
      { label: 'You get at least', value: '19.9 USDC' },
      { label: 'Expected', value: '20 USDC' },
      { label: 'Beneficiary', value: ACCOUNT },
      { label: 'Routes', value: `1: ${AMM} (100 %)` },
      { label: 'AVNU fee', value: '0.15 %' },
      {
        label: 'Market',
        value:
          "the least you get is 0.5 % below the market value, the quote at it (Pragma's prices)",
      },
    ]);
    expect(view?.danger).toBeUndefined();
    expect(view?.decoded?.warning).toBeUndefined();
    expect(callsTitle(shown([swap()]))).toBe(
      'Swap 100 STRK for at least 19.9 USDC · AVNU fee 0.15 %',
    );
  });

  it('writes amounts in the locale, and an untracked token raw with its address', () => {
    expect(one({}, { locale: 'de' })?.decoded?.summary).toBe(
      'Swap 100 STRK for at least 19,9 USDC · AVNU fee 0,15 %',
    );
    const untracked = one({ buy: UNTRACKED, expected: 5000n, min: 4900n });
    expect(untracked?.decoded?.summary).toBe(
      `Swap 100 STRK for at least 4900 smallest units of the token ${UNTRACKED} · AVNU fee 0.15 %`,
    );
    expect(field(untracked, 'Market')).toBe(
      'not compared (no recent oracle price of both tokens)',
    );
  });

  it('reads a purchase: at most this for exactly that, AVNU keeping the surplus', () => {
    const view = one({ max: 101n * ONE });
    expect(view?.decoded?.summary).toBe(
      'Swap at most 101 STRK for exactly 20 USDC · AVNU fee about 0.1 %',
    );
    expect(field(view, 'You sell at most')).toBe(
      '101 STRK (the quote expects 100 STRK)',
    );
    expect(field(view, 'You get exactly')).toBe('20 USDC');
    expect(field(view, 'AVNU fee')).toBe(
      'what the routes yield beyond 20 USDC (it aims at 0.1 % of it)',
    );
    expect(field(view, 'Market')).toBe(
      "the most you pay is 1 % above the market value, the quote at it (Pragma's prices)",
    );
  });

  it('takes the fee of more routes, lists the pools and a branch, and says a fee it could not read', () => {
    const view = one({
      routes: [
        {
          pool: AMM,
          buy: STRK_ADDRESS,
          percent: FULL_ROUTE / 2n,
          alternatives: [OTHER_AMM, AMM],
        },
        { pool: OTHER_AMM, sell: STRK_ADDRESS },
      ],
    });
    expect(view?.decoded?.summary).toContain('· AVNU fee 0.05 %');
    expect(field(view, 'Routes')).toBe(
      `2: ${AMM} (50 %, 2 alternatives), ${OTHER_AMM} (100 %)`,
    );
    const unread = one({}, { swap: factsWith({ feesBps: new Map() }) });
    expect(unread?.decoded?.summary).toBe(
      'Swap 100 STRK for at least 19.9 USDC · AVNU fee not read',
    );
    expect(field(unread, 'AVNU fee')).toBe('not read');
  });

  it('shows a swap whose calldata does not read raw, saying why, and reads nothing without swap facts or at another contract', () => {
    const call = swap();
    const [malformed] = shown([
      { ...call, calldata: call.calldata.slice(0, -1) },
    ]);
    expect(malformed?.decoded).toBeUndefined();
    expect(malformed?.rawReason).toBe(
      "The calldata does not read as this exchange entry point's inputs (multi_route_swap: it ends before routes[0].swap.additional_swap_params length): it is shown raw. Whatever the site says it means, this is what you sign.",
    );
    const { swap: _facts, ...noFacts } = context;
    expect(describeCalls([call], noFacts).calls[0]?.decoded).toBeUndefined();
    expect(shown([swap({}, AMM)])[0]?.decoded).toBeUndefined();
  });
});

describe('who gains from a swap', () => {
  it('leads with a stranger beneficiary, and says the exchange reverts it', () => {
    const view = one({ beneficiary: STRANGER });
    expect(view?.headline).toBe(
      `Sends the swap's proceeds to ${STRANGER}. Swap 100 STRK for at least 19.9 USDC · AVNU fee 0.15 %`,
    );
    expect(view?.danger).toContain(
      `The beneficiary ${STRANGER} is not this account, and AVNU's exchange reverts`,
    );
    expect(view?.danger).toContain(
      "the site asked for something that cannot succeed, or the contract at this address is not AVNU's exchange",
    );
    expect(view?.danger).toContain(
      `Sends the swap's proceeds to ${STRANGER}. Whatever the site says`,
    );
  });

  it("names another of the user's accounts, with a warning, not a danger", () => {
    const view = one({ beneficiary: OWN });
    expect(view?.headline).toBe(
      `Swap 100 STRK for at least 19.9 USDC · AVNU fee 0.15 % · proceeds to your Account 2 (${OWN})`,
    );
    expect(view?.danger).toBeUndefined();
    expect(view?.decoded?.warning).toContain(
      "reverts a swap whose beneficiary is not its caller ('Beneficiary is not the caller')",
    );
  });

  it('names the integrator paid, with its fee', () => {
    const view = one({ feeBps: 30n, feeRecipient: STRANGER });
    expect(view?.headline).toBe(
      `Swap 100 STRK for at least 19.9 USDC · AVNU fee 0.15 % (none if AVNU whitelists the integrator) · 0.3 % integrator fee to ${STRANGER}`,
    );
    expect(field(view, 'Integrator fee')).toBe(`0.3 % to ${STRANGER}`);
    expect(view?.danger).toBeUndefined();
    expect(field(one({ feeBps: 30n }), 'Integrator fee')).toBe(
      '0.3 % asked, but with no recipient none is taken',
    );
  });

  it('flags an integrator fee past the cap of a purchase, which pays it (a sale reverts: the sender refuses it)', () => {
    expect(
      one({ max: 101n * ONE, feeBps: 600n, feeRecipient: STRANGER })?.danger,
    ).toBe(
      `The integrator fee is 6 %: AVNU's exchange caps it at 5 % in multi_route_swap, not in swap_exact_token_to, so ${STRANGER} takes it out of what you sell.`,
    );
    expect(
      one({ feeBps: 500n, feeRecipient: STRANGER })?.danger,
    ).toBeUndefined();
  });
});

describe("a swap's bounds against Pragma's prices", () => {
  it('keeps its thresholds: a warning from 5 %, a danger from 20 %', () => {
    expect(MARKET_GAP_BPS).toStrictEqual({ warning: 500n, danger: 2000n });
  });

  it.each([
    // The least got, in USDC cents, against 100 STRK at $0.20 ($20).
    [1951n, undefined, undefined],
    [
      1900n,
      'The least this swap accepts is 5 % below the market value of what you sell',
      undefined,
    ],
    [1601n, 'The least this swap accepts is 19.95 % below', undefined],
    [
      1600n,
      undefined,
      'The least this swap accepts is 20 % below the market value of what you sell',
    ],
    [
      1300n,
      undefined,
      "The least this swap accepts is 35 % below the market value of what you sell (Pragma's prices): if the price moves",
    ],
  ])(
    'a sale whose least is %s cents: warning %s, danger %s',
    (cents, warning, danger) => {
      const view = one({ min: cents * 10_000n });
      if (warning === undefined) {
        expect(view?.decoded?.warning).toBeUndefined();
      } else {
        expect(view?.decoded?.warning).toContain(warning);
      }
      if (danger === undefined) {
        expect(view?.danger).toBeUndefined();
      } else {
        expect(view?.danger).toContain(danger);
      }
    },
  );

  it('flags a purchase that may pay far above the market', () => {
    expect(one({ max: 106n * ONE })?.decoded?.warning).toBe(
      "The most this swap may take is 6 % above the market value of what you get (Pragma's prices).",
    );
    expect(one({ max: 125n * ONE })?.danger).toContain(
      'The most this swap may take is 25 % above the market value of what you get',
    );
  });

  it('says a quote far from the market, either way', () => {
    const worse = one({ expected: 18n * DOLLAR, min: 179n * (DOLLAR / 10n) });
    expect(worse?.decoded?.warning).toBe(
      "The least this swap accepts is 10.5 % below the market value of what you sell (Pragma's prices). The site's quote is 10 % worse than the market price: the quote, or the oracle, is off.",
    );
    const better = one({ expected: 25n * DOLLAR });
    expect(field(better, 'Market')).toBe(
      "the least you get is 0.5 % below the market value, the quote 25 % above it (Pragma's prices)",
    );
    expect(better?.decoded?.warning).toBe(
      "The site's quote is 25 % better than the market price: the quote, or the oracle, is off.",
    );
  });

  it('compares nothing without both prices', () => {
    const view = one(
      { min: DOLLAR },
      { swap: factsWith({ prices: new Map() }) },
    );
    expect(field(view, 'Market')).toBe(
      'not compared (no recent oracle price of both tokens)',
    );
    expect(view?.danger).toBeUndefined();
  });
});

describe('the approve before a swap', () => {
  it('shows an approve of exactly the amount sold with the swap', () => {
    const [approval, sale] = shown([approve(100n * ONE), swap()]);
    expect(field(sale, 'Approval')).toBe(
      'Call 1 allows the exchange exactly this amount',
    );
    expect(sale?.decoded?.warning).toBeUndefined();
    expect(approval?.decoded?.warning).toBeUndefined();
    expect(approval?.enables).toBe(true);
  });

  it('pairs a purchase with its most to sell', () => {
    const [, purchase] = shown([
      approve(101n * ONE),
      swap({ max: 101n * ONE }),
    ]);
    expect(field(purchase, 'Approval')).toBe(
      'Call 1 allows the exchange exactly this amount',
    );
  });

  it('flags an approve of more than the swap sells, on both calls', () => {
    const [approval, other, sale] = shown([
      approve(500n * ONE),
      approve(ONE, STRANGER),
      swap(),
    ]);
    expect(field(sale, 'Approval')).toBe(
      'Call 1 allows the exchange more than this swap sells',
    );
    expect(sale?.decoded?.warning).toContain(
      'Call 1 lets the exchange spend more than this swap sells',
    );
    expect(approval?.decoded?.warning).toBe(
      'The swap in call 3 sells 100 STRK: this lets the exchange spend more, and what is left of the allowance stays open to it.',
    );
    expect(other?.decoded?.warning).toBeUndefined();
  });

  it('says an approve of less, and leaves approves of other tokens or spenders alone', () => {
    const [, sale] = shown([approve(ONE), swap()]);
    expect(field(sale, 'Approval')).toContain(
      'Call 1 allows the exchange less than this swap sells',
    );
    const [, unpaired] = shown([approve(500n * ONE, EXCHANGE, USDC), swap()]);
    expect(field(unpaired, 'Approval')).toBeUndefined();
  });
});

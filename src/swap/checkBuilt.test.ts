import { checkBuilt, checkQuote, minimumReceived } from './checkBuilt';
import type { SwapAsk } from './checkBuilt';
import type { BuiltCall, BuiltSwap, SwapQuote } from './client';
import { AVNU_EXCHANGES, FULL_ROUTE, readSwapCall } from './exchange';
import { SwapApiError } from '../errors';
import { normaliseAddress } from '../keys/address';
import { selectorOf } from '../protocol/selectors';

const CHAIN = '0x534e5f5345504f4c4941';
const EXCHANGE = normaliseAddress(AVNU_EXCHANGES[CHAIN] ?? '');
const TAKER = normaliseAddress('0x123abc');
const STRANGER = normaliseAddress('0xbad');
const USDC = normaliseAddress(
  '0x53c91253bc9682c04929ca02ed00b3e423f6710d2ee7e0d5ebb06f3ecf368a8',
);
const STRK = normaliseAddress(
  '0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d',
);
const POOL = normaliseAddress('0x777');
const SOLD = 100_000_000n;
const QUOTED = 196_400_000_000_000_000_000n;
const NOW = 1_800_000_000_000;

const hexOf = (value: bigint): string => `0x${value.toString(16)}`;
const u256 = (value: bigint): string[] => [
  hexOf(value % 2n ** 128n),
  hexOf(value / 2n ** 128n),
];

const ASK: SwapAsk = {
  chainId: CHAIN,
  exchange: EXCHANGE,
  taker: TAKER,
  sellToken: USDC,
  buyToken: STRK,
  sellAmount: SOLD,
  slippageBps: 50,
  now: NOW,
};

const QUOTE: SwapQuote = {
  id: 'quote-1',
  chainId: CHAIN,
  sellToken: USDC,
  sellAmount: SOLD,
  buyToken: STRK,
  buyAmount: QUOTED,
  expiresAt: NOW + 60_000,
  gasFees: 10n ** 15n,
  priceImpactBps: -12,
  feeToken: STRK,
  avnuFees: 294_600_000_000_000_000n,
  avnuFeesBps: 15n,
  integratorFees: 0n,
  integratorFeesBps: 0n,
  sources: [{ name: 'Local AMM', percent: 1 }],
};

type SwapFields = {
  sell: string;
  amount: bigint;
  buy: string;
  min: bigint;
  beneficiary: string;
  feeBps: bigint;
  feeRecipient: string;
  percent: bigint;
  routeBuy: string;
};

const FIELDS: SwapFields = {
  sell: USDC,
  amount: SOLD,
  buy: STRK,
  min: minimumReceived(QUOTED, 50),
  beneficiary: TAKER,
  feeBps: 0n,
  feeRecipient: '0x0',
  percent: FULL_ROUTE,
  routeBuy: STRK,
};

/**
 * A multi_route_swap's calldata, one direct route (exchange.cairo's inputs).
 *
 * @param changes - Fields that differ from the honest swap.
 * @returns The calldata.
 */
function swapCalldata(changes: Partial<SwapFields> = {}): string[] {
  const fields = { ...FIELDS, ...changes };
  return [
    fields.sell,
    ...u256(fields.amount),
    fields.buy,
    ...u256(QUOTED),
    ...u256(fields.min),
    fields.beneficiary,
    hexOf(fields.feeBps),
    fields.feeRecipient,
    '0x1',
    fields.sell,
    fields.routeBuy,
    POOL,
    hexOf(fields.percent),
    '0x0',
  ];
}

const approve = (
  spender = EXCHANGE,
  amount = SOLD,
  token = USDC,
): BuiltCall => ({
  contractAddress: token,
  entrypoint: 'approve',
  calldata: [spender, ...u256(amount)],
});

const swap = (changes: Partial<SwapFields> = {}, to = EXCHANGE): BuiltCall => ({
  contractAddress: to,
  entrypoint: 'multi_route_swap',
  calldata: swapCalldata(changes),
});

const built = (calls: BuiltSwap['calls'], chainId = CHAIN): BuiltSwap => ({
  chainId,
  calls,
});

describe('checkQuote', () => {
  it('takes the quote asked for', () => {
    expect(() => checkQuote('api', QUOTE, ASK)).not.toThrow();
  });

  it.each([
    ['another chain', { chainId: '0x534e5f4d41494e' }, 'for another chain'],
    ['another token', { buyToken: USDC }, 'another swap than the one asked'],
    ['another amount', { sellAmount: SOLD + 1n }, 'another swap'],
    ['an expired quote', { expiresAt: NOW }, 'quote has expired'],
    ['an integrator fee', { integratorFeesBps: 10n }, 'integrator fee'],
    ['nothing in return', { buyAmount: 0n }, 'nothing in return'],
  ])('refuses %s', (_case, change, words) => {
    expect(() => checkQuote('api', { ...QUOTE, ...change }, ASK)).toThrow(
      words,
    );
  });
});

describe('checkBuilt', () => {
  it('takes an approve of the sold amount to the exchange, then the swap', () => {
    const calls = [approve(), swap()];
    expect(checkBuilt('api', built(calls), QUOTE, ASK)).toStrictEqual(calls);
  });

  it('takes the swap alone (an allowance already given)', () => {
    expect(checkBuilt('api', built([swap()]), QUOTE, ASK)).toHaveLength(1);
  });

  it.each([
    [
      'another chain id',
      built([approve(), swap()], '0x534e5f4d41494e'),
      'another chain',
    ],
    [
      'another spender',
      built([approve(STRANGER), swap()]),
      'approve of the sold amount',
    ],
    [
      'a larger approve',
      built([approve(EXCHANGE, SOLD * 2n), swap()]),
      'approve of the sold amount',
    ],
    [
      'an approve of another token',
      built([approve(EXCHANGE, SOLD, STRK), swap()]),
      'approve of the sold amount',
    ],
    [
      'another beneficiary',
      built([approve(), swap({ beneficiary: STRANGER })]),
      `pays ${STRANGER}`,
    ],
    [
      'a lower minimum',
      built([approve(), swap({ min: FIELDS.min - 1n })]),
      'accepts less than the quote',
    ],
    [
      'an integrator fee',
      built([approve(), swap({ feeBps: 30n, feeRecipient: STRANGER })]),
      'adds an integrator fee',
    ],
    ['an extra call', built([approve(), approve(), swap()]), 'has 3 calls'],
    [
      'another contract',
      built([approve(), swap({}, STRANGER)]),
      "not the network's exchange",
    ],
    [
      'another amount sold',
      built([approve(), swap({ amount: SOLD - 1n })]),
      'sells another token or amount',
    ],
    [
      'another token bought',
      built([approve(), swap({ buy: USDC })]),
      'buys another token',
    ],
    [
      'a route to another token',
      built([approve(), swap({ routeBuy: USDC })]),
      'routes other tokens',
    ],
    [
      'a route share of 0',
      built([approve(), swap({ percent: 0n })]),
      'route share out of bounds',
    ],
    [
      'unreadable calldata',
      built([approve(), { ...swap(), calldata: ['0x1'] }]),
      'cannot be read',
    ],
  ])('refuses %s before anything is shown', (_case, answer, words) => {
    expect(() => checkBuilt('api', answer, QUOTE, ASK)).toThrow(SwapApiError);
    expect(() => checkBuilt('api', answer, QUOTE, ASK)).toThrow(words);
  });
});

describe('readSwapCall', () => {
  it('reads a direct route and a branch route', () => {
    const branch = [
      ...swapCalldata().slice(0, 11),
      '0x2',
      ...swapCalldata().slice(12),
      STRK,
      USDC,
      '0x6272616e6368',
      POOL,
      hexOf(FULL_ROUTE),
      '0x0',
      '0x1',
      POOL,
      hexOf(FULL_ROUTE / 2n),
      '0x1',
      '0x5',
    ];
    const read = readSwapCall(selectorOf('multi_route_swap'), branch);
    expect(read && 'value' in read ? read.value.routes : read).toStrictEqual([
      {
        sellToken: BigInt(USDC),
        buyToken: BigInt(STRK),
        exchange: BigInt(POOL),
        percent: FULL_ROUTE,
        alternatives: 0,
      },
      {
        sellToken: BigInt(STRK),
        buyToken: BigInt(USDC),
        exchange: BigInt(POOL),
        percent: FULL_ROUTE,
        alternatives: 1,
      },
    ]);
  });

  it.each([
    ['a missing felt', swapCalldata().slice(0, -1)],
    ['a trailing felt', [...swapCalldata(), '0x0']],
    ['a u128 out of range', swapCalldata({ feeBps: 2n ** 128n })],
  ])('says why it cannot read %s', (_case, calldata) => {
    expect(
      readSwapCall(selectorOf('multi_route_swap'), calldata),
    ).toHaveProperty('problem');
  });

  it('reads nothing of another entry point', () => {
    expect(readSwapCall(selectorOf('transfer'), [])).toBeUndefined();
  });
});

import {
  boundsFromEstimate,
  feeWarnings,
  maxFeeOf,
  pricesOf,
  toFeeEstimate,
} from './fees';
import { completeDetails } from '../signing/details';

const estimate = {
  l1_gas_consumed: '0x0',
  l1_gas_price: '0x3b9aca00',
  l2_gas_consumed: '0x100',
  l2_gas_price: '0x3b9aca00',
  l1_data_gas_consumed: '0x80',
  l1_data_gas_price: '0x3b9aca00',
  overall_fee: '0x59682f0000',
  unit: 'FRI',
};

const bounds = {
  l1_gas: { max_amount: '0x10', max_price_per_unit: '0x100' },
  l2_gas: { max_amount: '0x1000', max_price_per_unit: '0x10' },
  l1_data_gas: { max_amount: '0x20', max_price_per_unit: '0x8' },
};

describe('fees', () => {
  it('adds 50 % headroom to amounts and prices', () => {
    expect(boundsFromEstimate(estimate).l2_gas).toStrictEqual({
      max_amount: '0x180',
      max_price_per_unit: '0x59682f00',
    });
  });

  it('charges the tip on every unit of L2 gas, as Starknet 0.14 does', () => {
    const base = 0x10n * 0x100n + 0x20n * 0x8n + 0x1000n * 0x10n;
    expect(maxFeeOf({ resourceBounds: bounds, tip: '0x0' })).toBe(base);
    expect(maxFeeOf({ resourceBounds: bounds, tip: '0x5' })).toBe(
      base + 0x1000n * 5n,
    );
  });

  it('sums a deploy + invoke sequence into the API fee object, tip included', () => {
    const fee = toFeeEstimate([estimate, estimate]);
    expect(fee).toStrictEqual({
      overallFee: (2n * 0x59682f0000n).toString(),
      suggestedMaxFee: (2n * (0x180n + 0xc0n) * 1500000000n).toString(),
      gasConsumed: (2n * 0x180n).toString(),
      gasPrice: '1000000000',
      unit: 'wei',
    });
    const tipped = toFeeEstimate([estimate], '0x7');
    expect(BigInt(tipped.suggestedMaxFee)).toBe(
      (0x180n + 0xc0n) * 1500000000n + 0x180n * 7n,
    );
  });

  describe('feeWarnings', () => {
    const prices = pricesOf(estimate);
    const withBounds = (
      resourceBounds: typeof bounds,
      tip = '0x0',
    ): ReturnType<typeof completeDetails> =>
      completeDetails({ resourceBounds, tip, nonce: '0x0' }, 'details');

    it('is silent for the bounds the wallet derives from an estimate', () => {
      expect(
        feeWarnings(withBounds(boundsFromEstimate(estimate)), prices, estimate),
      ).toStrictEqual([]);
    });

    it('flags a price cap far above the current price and a large tip', () => {
      const greedy = boundsFromEstimate(estimate);
      greedy.l2_gas.max_price_per_unit = `0x${(1_000_000_000n * 11n).toString(16)}`;
      const warnings = feeWarnings(
        withBounds(greedy, `0x${2_000_000_000n.toString(16)}`),
        prices,
        estimate,
      );
      expect(warnings).toHaveLength(2);
      expect(warnings[0]).toContain('L2 gas price cap');
      expect(warnings[1]).toContain('tip');
    });

    it('flags amounts far above or below the estimate, and prices below the current one', () => {
      const odd = boundsFromEstimate(estimate);
      odd.l2_gas.max_amount = '0x1001';
      odd.l1_data_gas.max_amount = '0x7f';
      odd.l1_gas.max_price_per_unit = '0x1';
      const warnings = feeWarnings(withBounds(odd), prices, estimate).join(' ');
      expect(warnings).toContain('L2 gas amount cap (4097) is more than 10×');
      expect(warnings).toContain('L1 data gas amount cap (127) is below');
      expect(warnings).toContain('L1 gas price cap (1 FRI) is below');
    });
  });
});

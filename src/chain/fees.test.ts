import { toFeeEstimate } from './fees';
import { boundsFromEstimate } from './starknet';

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

describe('fees', () => {
  it('adds 50 % headroom to amounts and prices', () => {
    expect(boundsFromEstimate(estimate).l2_gas).toStrictEqual({
      max_amount: '0x180',
      max_price_per_unit: '0x59682f00',
    });
  });

  it('sums a deploy + invoke sequence into the API fee object', () => {
    const fee = toFeeEstimate([estimate, estimate]);
    expect(fee).toStrictEqual({
      overallFee: (2n * 0x59682f0000n).toString(),
      suggestedMaxFee: (2n * (0x180n + 0xc0n) * 1500000000n).toString(),
      gasConsumed: (2n * 0x180n).toString(),
      gasPrice: '1000000000',
      unit: 'wei',
    });
  });
});

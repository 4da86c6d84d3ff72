import { formatUnits } from './format';

describe('formatUnits', () => {
  it.each([
    [0n, 18, '0'],
    [1n, 18, '0.000000000000000001'],
    [1500000000000000000n, 18, '1.5'],
    [
      2n ** 256n - 1n,
      18,
      '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
    ],
    [123n, 0, '123'],
    [-25n, 1, '-2.5'],
  ])('formats %s with %s decimals as %s', (amount, decimals, text) => {
    expect(formatUnits(amount, decimals)).toBe(text);
  });
});

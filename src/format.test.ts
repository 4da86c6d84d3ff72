import { formatUnits, parseUnits } from './format';

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

describe('parseUnits', () => {
  it.each([
    ['1.5', 18, 1500000000000000000n],
    ['0', 18, 0n],
    ['0.000000000000000001', 18, 1n],
    [' 42 ', 0, 42n],
    ['007.10', 2, 710n],
  ])('reads %s with %s decimals as %s', (text, decimals, amount) => {
    expect(parseUnits(text, decimals)).toBe(amount);
    expect(formatUnits(amount, decimals)).toBe(
      formatUnits(parseUnits(text, decimals) ?? -1n, decimals),
    );
  });

  it.each([
    ['1.5', 0],
    ['0.0000000000000000001', 18],
    ['-1', 18],
    ['1e18', 18],
    ['0x10', 18],
    ['', 18],
    ['1.', 18],
    ['.5', 18],
  ])('refuses %s with %s decimals', (text, decimals) => {
    expect(parseUnits(text, decimals)).toBeUndefined();
  });
});

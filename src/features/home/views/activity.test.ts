import { timeText } from './activity';

describe('timeText', () => {
  it('shows a block time as a UTC date', () => {
    expect(timeText(0)).toBe('1970-01-01 00:00 UTC');
    expect(timeText(1_764_201_600)).toBe('2025-11-27 00:00 UTC');
  });

  it('is total: any u64 a node answers shows, as the number it is past year 9999', () => {
    expect(timeText(253_402_300_800)).toBe('block time 253402300800');
    expect(timeText(2 ** 64 - 1)).toBe(`block time ${String(2 ** 64 - 1)}`);
    expect(timeText(Number.NaN)).toBe('block time NaN');
  });
});

import { dateText } from './dates';

describe('dateText', () => {
  const when = 1_796_048_700; // 2026-11-30 14:25 UTC

  it("writes a time in the user's locale, in UTC, said so", () => {
    expect(dateText(when, 'en')).toBe('Nov 30, 2026, 2:25 PM UTC');
    expect(dateText(when, 'en_GB')).toBe('30 Nov 2026, 14:25 UTC');
    expect(dateText(when, 'de')).toBe('30.11.2026, 14:25 UTC');
    expect(dateText(when, 'fr')).toBe('30 nov. 2026, 14:25 UTC');
    expect(dateText(when, 'ja')).toBe('2026/11/30 14:25 UTC');
    expect(dateText(BigInt(when + 9), 'en_GB', true)).toBe(
      '30 Nov 2026, 14:25:09 UTC',
    );
  });

  it('writes plain text: no direction marks or no-break spaces (see text.ts)', () => {
    expect(dateText(when, 'ar')).not.toMatch(/[\p{Cf}\u00a0\u202f]/u);
    expect(dateText(when, 'en')).not.toMatch(/[\u00a0\u202f]/u);
  });

  it('falls back to English for a locale Intl does not know', () => {
    expect(dateText(when, 'not a locale')).toBe('Nov 30, 2026, 2:25 PM UTC');
  });

  it('is total: a timestamp that is no date between 1970 and 9999 is written as its number', () => {
    expect(dateText(0, 'en')).toBe('Jan 1, 1970, 12:00 AM UTC');
    expect(dateText(253_402_300_800, 'en')).toBe('time 253402300800');
    expect(dateText(2n ** 64n - 1n, 'en')).toBe(
      `time ${String(2n ** 64n - 1n)}`,
    );
    expect(dateText(-1, 'en')).toBe('time -1');
    expect(dateText(Number.NaN, 'en')).toBe('time NaN');
  });
});

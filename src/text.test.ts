import { assert, property, string } from 'fast-check';

import {
  fromVisible,
  hiddenCharacters,
  nameKey,
  nameProblem,
  symbolKey,
  visible,
} from './text';

describe('text that reads as it is', () => {
  it('shows every character that does not read as itself', () => {
    expect(visible('invoice\u202Etxt.exe')).toBe('invoice⟨U+202E⟩txt.exe');
    expect(visible('a\u200Bb\u00A0c\nd\u3164')).toBe(
      'a⟨U+200B⟩b⟨U+00A0⟩c⟨U+000A⟩d⟨U+3164⟩',
    );
    expect(visible('plain text, café ₿ 日本')).toBe('plain text, café ₿ 日本');
    expect(visible('\uFE0F\u{E0041}')).toBe('⟨U+FE0F⟩⟨U+E0041⟩');
    expect(hiddenCharacters('Mainnet\u200D')).toStrictEqual(['U+200D']);
  });

  it('cannot be imitated: an escape written as text is escaped too, and every shown text reads back exactly', () => {
    expect(visible('⟨U+202E⟩')).toBe('⟨U+27E8⟩U+202E⟩');
    for (const text of [
      'a\u202Eb',
      '⟨U+0041⟩',
      'x\u{E0041}\u0000y ⟨',
      'plain',
    ]) {
      expect(fromVisible(visible(text))).toBe(text);
    }
    assert(
      property(string({ unit: 'binary' }), (text) => {
        const shown = visible(text);
        expect(hiddenCharacters(shown)).toStrictEqual([]);
        expect(fromVisible(shown)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses names with hidden characters or mixed alphabets', () => {
    expect(nameProblem('Local devnet')).toBeUndefined();
    expect(nameProblem('Réseau de test')).toBeUndefined();
    expect(nameProblem('Тестовая сеть')).toBeUndefined();
    expect(nameProblem('Mainnet\u200B')).toMatch(/U\+200B/u);
    // A Cyrillic "а" in a Latin word.
    expect(nameProblem('M\u0430innet')).toMatch(/Latin and Cyrillic/u);
  });

  it('compares names and symbols as a person reads them', () => {
    expect(nameKey('MAINNET')).toBe(nameKey('Mainnet'));
    expect(nameKey('Ｍａｉｎｎｅｔ')).toBe(nameKey('Mainnet'));
    expect(nameKey('Main\u200Bnet')).toBe(nameKey('Mainnet'));
    expect(nameKey('Local   devnet ')).toBe(nameKey('local devnet'));
    expect(symbolKey('S.T.R.K')).toBe(symbolKey('strk'));
    expect(symbolKey('STRK')).not.toBe(symbolKey('STRKX'));
  });
});

import { Linter } from 'eslint';

import { hasNestedRepetition, rules } from './eslint-nested-repetition';

describe('no-nested-repetition', () => {
  it.each([
    // The SVG logo check that froze the snap on 211 bytes.
    String.raw`^\s*(<\?xml[^>]*\?>\s*)?(<!-{2}[\s\S]*?-{2}>\s*)*<svg[\s>]`,
    '^(a+)+b',
    '(?:x*y){2,}',
    '((a+)?b)*',
    '(?:(?:a|b)+c){1,5}',
    String.raw`(?:\p{L}+,)*`,
  ])('refuses %s', (pattern) => {
    expect(hasNestedRepetition(pattern)).toBe(true);
  });

  it.each([
    String.raw`^\s*(<\?xml[^>]*\?>\s*)?<svg[\s>]`,
    '(a+)?b',
    '(?:ab)*c+',
    '(?:a{2}b)*',
    String.raw`[(a+)]*`,
    String.raw`\(a+\)*`,
    String.raw`(?:\p{L}{2})+`,
    '(?:a+)',
  ])('lets %s through', (pattern) => {
    expect(hasNestedRepetition(pattern)).toBe(false);
  });

  it('reports a regular expression literal through ESLint', () => {
    const linter = new Linter({ configType: 'flat' });
    const messages = linter.verify(
      'export const a = /(b+c)*/u;\nexport const d = /e+/u;\n',
      {
        plugins: { snapnet: { rules } },
        rules: { 'snapnet/no-nested-repetition': 'error' },
      },
    );
    expect(
      messages.map(({ line, ruleId }) => ({ line, ruleId })),
    ).toStrictEqual([{ line: 1, ruleId: 'snapnet/no-nested-repetition' }]);
  });
});

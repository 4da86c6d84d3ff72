import type { LineHits } from './lineHits';
import { uncoveredListing } from './lineHits';

describe('uncoveredListing', () => {
  it('lists the lines not run as ranges over the counted lines, most missed first', () => {
    const hits: LineHits = new Map([
      [
        'src/a.ts',
        new Map([
          [1, 1],
          [2, 0],
          [3, 1],
        ]),
      ],
      // Lines 11 and 12 do not count: 10 and 13 are one range.
      [
        'src/b.ts',
        new Map([
          [13, 0],
          [10, 0],
          [14, 2],
          [20, 0],
        ]),
      ],
      ['src/c.ts', new Map([[1, 3]])],
    ]);
    expect(uncoveredListing(hits)).toStrictEqual([
      'src/b.ts (3): 10-13, 20',
      'src/a.ts (1): 2',
    ]);
  });
});

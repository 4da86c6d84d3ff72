import { keptRanges, MAX_SKIPPED } from './tokenDiscovery';

describe('the block ranges token discovery keeps to read again', () => {
  it('keeps every range, in the order they are read again, up to MAX_SKIPPED', () => {
    const ranges = Array.from({ length: MAX_SKIPPED }, (_unused, index) => ({
      from: index * 10,
      to: index * 10 + 5,
    }));
    expect(keptRanges(ranges)).toStrictEqual(ranges);
  });

  it('past MAX_SKIPPED, joins the oldest ranges into one: no block is dropped', () => {
    const ranges = Array.from(
      { length: MAX_SKIPPED + 2 },
      (_unused, index) => ({ from: 1000 - index * 10, to: 1005 - index * 10 }),
    );
    const kept = keptRanges(ranges);
    expect(kept).toHaveLength(MAX_SKIPPED);
    const covered = (block: number): boolean =>
      kept.some(({ from, to }) => from <= block && block <= to);
    for (const { from, to } of ranges) {
      expect(covered(from) && covered(to)).toBe(true);
    }
    // The three oldest are one range now, where the oldest of them was.
    expect(kept).toContainEqual({ from: 830, to: 855 });
  });
});

/**
 * A plain-text table: columns padded to their widest cell, numbers aligned
 * right.
 *
 * @param headers - Column titles.
 * @param rows - Cells, row by row.
 * @returns The table, one line per row, with a rule under the headers.
 */
export function formatTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]): string =>
    cells
      .map((cell, column) => {
        const width = widths[column] ?? 0;
        return /^[\d.,–-]+( %)?$/u.test(cell)
          ? cell.padStart(width)
          : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  return [
    line(headers),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...rows.map(line),
  ].join('\n');
}

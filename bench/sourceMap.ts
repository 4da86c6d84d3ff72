/**
 * Attributes every byte of a generated file to the source it came from,
 * using the file's source map (version 3). Bytes are UTF-8 bytes of the
 * generated text; a byte no mapping covers (or a mapping without a source)
 * counts as `unmapped`.
 */

const BASE64 =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One decoded mapping: generated column and, if mapped, source index. */
type Segment = { column: number; source: number | undefined };

/**
 * Decodes the Base64 VLQ numbers of one segment.
 *
 * @param text - The segment text, e.g. `AAAA`.
 * @returns Its numbers.
 */
function decodeVlq(text: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) {
      throw new Error(`Invalid source map character ${char}`);
    }
    value += (digit % 32) * 2 ** shift;
    if (digit >= 32) {
      shift += 5;
      continue;
    }
    values.push(value % 2 === 1 ? -Math.floor(value / 2) : value / 2);
    value = 0;
    shift = 0;
  }
  return values;
}

/**
 * Decodes a `mappings` string into segments per generated line.
 *
 * @param mappings - The source map's `mappings`.
 * @returns For each generated line, its segments in column order.
 */
function decodeMappings(mappings: string): Segment[][] {
  let source = 0;
  return mappings.split(';').map((line) => {
    let column = 0;
    const segments: Segment[] = [];
    for (const text of line.split(',')) {
      if (text === '') {
        continue;
      }
      const [columnDelta = 0, sourceDelta] = decodeVlq(text);
      column += columnDelta;
      if (sourceDelta === undefined) {
        segments.push({ column, source: undefined });
      } else {
        source += sourceDelta;
        segments.push({ column, source });
      }
    }
    return segments.sort((a, b) => a.column - b.column);
  });
}

/**
 * Bytes of the generated code per source file.
 *
 * @param code - The generated code.
 * @param map - Its source map.
 * @param map.sources - Source names, by index.
 * @param map.mappings - The encoded mappings.
 * @returns Bytes per source name (`unmapped` for the rest); the values add
 * up to the UTF-8 size of `code`.
 */
export function bytesPerSource(
  code: string,
  map: { sources: string[]; mappings: string },
): Map<string, number> {
  const totals = new Map<string, number>();
  const add = (name: string, text: string): void => {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > 0) {
      totals.set(name, (totals.get(name) ?? 0) + bytes);
    }
  };
  const lines = code.split('\n');
  const segmentsPerLine = decodeMappings(map.mappings);
  lines.forEach((line, index) => {
    const segments = segmentsPerLine[index] ?? [];
    add('unmapped', line.slice(0, segments[0]?.column ?? line.length));
    segments.forEach((segment, position) => {
      const end = segments[position + 1]?.column ?? line.length;
      const name =
        segment.source === undefined
          ? 'unmapped'
          : (map.sources[segment.source] ?? 'unmapped');
      add(name, line.slice(segment.column, end));
    });
    if (index < lines.length - 1) {
      add('unmapped', '\n');
    }
  });
  return totals;
}

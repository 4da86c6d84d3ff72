import { decodedMappings, TraceMap } from '@jridgewell/trace-mapping';

/**
 * Attributes every byte of a generated file to the source it came from,
 * using the file's source map (decoded by @jridgewell/trace-mapping). Bytes
 * are UTF-8 bytes of the generated text; a byte no mapping covers (or a
 * mapping without a source) counts as `unmapped`.
 */

/**
 * Bytes of the generated code per source file.
 *
 * @param code - The generated code.
 * @param map - Its source map (JSON text).
 * @returns Bytes per source name (`unmapped` for the rest); the values add
 * up to the UTF-8 size of `code`.
 */
export function bytesPerSource(code: string, map: string): Map<string, number> {
  const traced = new TraceMap(map);
  const totals = new Map<string, number>();
  const add = (name: string, text: string): void => {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > 0) {
      totals.set(name, (totals.get(name) ?? 0) + bytes);
    }
  };
  const lines = code.split('\n');
  const segmentsPerLine = decodedMappings(traced);
  lines.forEach((line, index) => {
    // Each segment: [column] or [column, source index, …], in column order.
    const segments = segmentsPerLine[index] ?? [];
    add('unmapped', line.slice(0, segments[0]?.[0] ?? line.length));
    segments.forEach(([column, source], position) => {
      const end = segments[position + 1]?.[0] ?? line.length;
      const name =
        source === undefined
          ? 'unmapped'
          : (traced.sources[source] ?? 'unmapped');
      add(name, line.slice(column, end));
    });
    if (index < lines.length - 1) {
      add('unmapped', '\n');
    }
  });
  return totals;
}

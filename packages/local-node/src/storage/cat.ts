import type { UnixFSEntry } from 'ipfs-unixfs-exporter';

import { parseContentPath } from './content-path';
import { badRequest, cannotFulfil } from './errors';
import type { Flags } from './flags';
import type { IpfsLibraries } from './ipfs-libraries';
import type { ContentStore } from '../base/content-store';

/** Most paths one `cat` may concatenate. */
const MAX_ARGS = 64;

/** The bytes `cat` will stream, and how many. */
export type CatStream = { size: number; chunks: AsyncIterable<Uint8Array> };

type Readable = Extract<UnixFSEntry, { type: 'file' | 'raw' | 'identity' }>;

/**
 * Prepares `cat`: every path is resolved before the first byte, so a bad or
 * unknown path is an error status (400 or 500), not a trailer. `offset` and
 * `length` apply to the concatenation of all paths, as in the reference
 * implementation.
 *
 * @param flags - The query.
 * @param store - The content.
 * @param libraries - The IPFS libraries.
 * @returns The stream.
 */
export async function prepareCat(
  flags: Flags,
  store: ContentStore,
  libraries: IpfsLibraries,
): Promise<CatStream> {
  const args = flags.args();
  if (args.length === 0) {
    throw badRequest('argument "ipfs-path" is required');
  }
  if (args.length > MAX_ARGS) {
    throw badRequest(`at most ${MAX_ARGS} paths per request`);
  }
  const offset = flags.count('offset') ?? 0;
  const length = flags.count('length');
  flags.boolean('progress', true);
  const paths = args.map((arg) => parseContentPath(arg, libraries.cidClass));
  const files: Readable[] = [];
  for (const path of paths) {
    files.push(await resolveFile(path.text, store, libraries));
  }
  const total = files.reduce((sum, file) => sum + Number(file.size), 0);
  const start = Math.min(offset, total);
  const end = length === undefined ? total : Math.min(total, start + length);
  return { size: end - start, chunks: readRange(files, start, end) };
}

/**
 * Resolves a path to a file entry.
 *
 * @param path - The path (`/ipfs/<cid>/...`).
 * @param store - The content.
 * @param libraries - The IPFS libraries.
 * @returns The entry.
 */
async function resolveFile(
  path: string,
  store: ContentStore,
  libraries: IpfsLibraries,
): Promise<Readable> {
  let entry: UnixFSEntry;
  try {
    entry = await libraries.exporter(path, store.reader());
  } catch (error) {
    throw cannotFulfil(error instanceof Error ? error.message : String(error));
  }
  if (entry.type === 'directory') {
    throw cannotFulfil('this dag node is a directory');
  }
  if (entry.type === 'object') {
    throw cannotFulfil('this dag node is not a UnixFS file');
  }
  return entry;
}

/**
 * The bytes from `start` to `end` of the files laid end to end.
 *
 * @param files - The files.
 * @param start - First byte.
 * @param end - One past the last byte.
 * @yields The bytes.
 */
async function* readRange(
  files: Readable[],
  start: number,
  end: number,
): AsyncGenerator<Uint8Array> {
  let position = 0;
  for (const file of files) {
    const size = Number(file.size);
    const from = Math.max(start - position, 0);
    const to = Math.min(end - position, size);
    if (to > from) {
      yield* file.content({ offset: from, length: to - from });
    }
    position += size;
  }
}

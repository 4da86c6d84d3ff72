import type { ImportCandidate, WritableStorage } from 'ipfs-unixfs-importer';

import { badRequest } from './errors';
import type { Flags } from './flags';
import type { IpfsLibraries } from './ipfs-libraries';
import type { StoredBlock } from '../base/content-store';

/** Largest `add` request body (HTTP 413 beyond). */
export const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;

/** Most files and directories one `add` may carry. */
const MAX_PARTS = 1024;

/** The reference implementation's chunk size limit. */
const MAX_CHUNK_SIZE = 1024 * 1024;

/** What `add` does with the uploads, from its flags. */
export type AddSettings = {
  cidVersion: 0 | 1;
  rawLeaves: boolean;
  chunkSize: number;
  onlyHash: boolean;
  wrapWithDirectory: boolean;
  progress: boolean;
};

/** One part of the upload: a file (with content) or a directory. */
export type Upload =
  | { path: string | undefined; content: Uint8Array }
  | { path: string };

/**
 * Reads `add`'s flags. Defaults are the reference implementation's (CIDv0,
 * dag-pb leaves, 256 KiB fixed chunks); values it offers but this node does
 * not (trickle DAGs, other chunkers and hashes, inlining, the filestore,
 * MFS) are refused instead of silently giving other content ids.
 *
 * @param flags - The query.
 * @returns The settings.
 */
export function addSettings(flags: Flags): AddSettings {
  const cidVersion = flags.count('cid-version') ?? 0;
  if (cidVersion !== 0 && cidVersion !== 1) {
    throw badRequest(`cid-version: expected 0 or 1, got ${cidVersion}`);
  }
  flags.only('hash', ['sha2-256']);
  for (const unsupported of ['trickle', 'inline', 'nocopy', 'fscache']) {
    if (flags.boolean(unsupported, false)) {
      throw badRequest(`${unsupported} is not supported by this node`);
    }
  }
  if (flags.string('to-files') !== undefined) {
    throw badRequest('to-files is not supported by this node');
  }
  const chunker = flags.string('chunker') ?? 'size-262144';
  const chunkSize = Number(/^size-([0-9]{1,7})$/u.exec(chunker)?.[1] ?? NaN);
  if (!(chunkSize >= 1 && chunkSize <= MAX_CHUNK_SIZE)) {
    throw badRequest(
      `chunker: expected size-<bytes> with at most ${MAX_CHUNK_SIZE} bytes, got "${chunker}"`,
    );
  }
  // Content is always kept; the flag is read so a malformed value is a 400.
  flags.boolean('pin', true);
  return {
    cidVersion,
    rawLeaves: flags.boolean('raw-leaves', cidVersion === 1),
    chunkSize,
    onlyHash: flags.boolean('only-hash', false),
    wrapWithDirectory: flags.boolean('wrap-with-directory', false),
    progress: flags.boolean('progress', false),
  };
}

/**
 * The files and directories of a multipart upload, as the reference client
 * sends them: file names URL-encoded (with their directories), directories
 * as empty parts of type `application/x-directory`.
 *
 * @param body - The request body.
 * @param contentType - Its Content-Type header.
 * @returns The uploads, in order.
 */
export async function parseUploads(
  body: Uint8Array<ArrayBuffer>,
  contentType: string | undefined,
): Promise<Upload[]> {
  if (!contentType?.toLowerCase().startsWith('multipart/form-data')) {
    throw badRequest("file argument 'path' is required");
  }
  // The platform's multipart parser (undici's, in Node since 18; the rule
  // calls it experimental before Node 21).
  /* eslint-disable n/no-unsupported-features/node-builtins, no-restricted-globals */
  let form: FormData;
  try {
    form = await new Response(body, {
      headers: { 'content-type': contentType },
    }).formData();
  } catch (error) {
    throw badRequest(`malformed multipart body: ${String(error)}`);
  }
  /* eslint-enable n/no-unsupported-features/node-builtins, no-restricted-globals */
  const parts: FormDataEntryValue[] = [];
  form.forEach((value) => parts.push(value));
  if (parts.length === 0) {
    throw badRequest("file argument 'path' is required");
  }
  if (parts.length > MAX_PARTS) {
    throw badRequest(`at most ${MAX_PARTS} files and directories per request`);
  }
  return Promise.all(parts.map(toUpload));
}

/**
 * One multipart part as an upload.
 *
 * @param part - The part.
 * @returns The upload.
 */
async function toUpload(part: FormDataEntryValue): Promise<Upload> {
  if (typeof part === 'string') {
    return { path: undefined, content: new TextEncoder().encode(part) };
  }
  if (part.name.includes('?')) {
    throw badRequest(
      'file metadata (mode, mtime) is not supported by this node',
    );
  }
  let path: string;
  try {
    path = decodeURIComponent(part.name);
  } catch {
    throw badRequest(`malformed file name "${part.name}"`);
  }
  if (part.type === 'application/x-directory') {
    return { path };
  }
  return {
    path: path === '' ? undefined : path,
    content: new Uint8Array(await part.arrayBuffer()),
  };
}

/**
 * Adds the uploads and yields what the reference implementation streams:
 * `{Name, Hash, Size}` per file and directory (Size a string, the DAG's
 * total size), preceded by `{Name, Bytes}` when progress was asked for.
 * Blocks are handed to `keep` before the entry that needs them is yielded,
 * so whatever was reported as added is held even if a later file fails.
 *
 * @param uploads - The files and directories.
 * @param settings - From the flags.
 * @param libraries - The IPFS libraries.
 * @param keep - Stores blocks (throws when the store is full).
 * @yields The NDJSON objects of the answer.
 */
export async function* addUploads(
  uploads: Upload[],
  settings: AddSettings,
  libraries: IpfsLibraries,
  keep: (blocks: StoredBlock[]) => void,
): AsyncGenerator<Record<string, string | number>> {
  const staged: StoredBlock[] = [];
  const sink: WritableStorage = {
    put: async (cid, bytes) => {
      if (!settings.onlyHash) {
        staged.push({ cid: cid.toString(), bytes: await collectBytes(bytes) });
      }
      return cid;
    },
  };
  const candidates: ImportCandidate[] = uploads;
  const entries = libraries.importer(candidates, sink, {
    profile: 'unixfs-v0-2015',
    cidVersion: settings.cidVersion,
    rawLeaves: settings.rawLeaves,
    wrapWithDirectory: settings.wrapWithDirectory,
    chunker: libraries.fixedSize({ chunkSize: settings.chunkSize }),
  });
  for await (const entry of entries) {
    if (staged.length > 0) {
      keep(staged.splice(0));
    }
    const hash = entry.cid.toString();
    const name = entry.path ?? hash;
    if (settings.progress && entry.unixfs?.type === 'file') {
      yield { Name: name, Bytes: Number(entry.unixfs.fileSize()) };
    }
    yield { Name: name, Hash: hash, Size: entry.size.toString() };
  }
}

/**
 * A block's bytes, whichever shape the importer hands them in.
 *
 * @param bytes - One array or a stream of them.
 * @returns The bytes.
 */
async function collectBytes(
  bytes: Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
): Promise<Uint8Array> {
  if (bytes instanceof Uint8Array) {
    return bytes;
  }
  const pieces: Uint8Array[] = [];
  for await (const piece of bytes) {
    pieces.push(piece);
  }
  return Buffer.concat(pieces);
}

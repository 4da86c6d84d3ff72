import { bytesToBase64, stringToBytes } from '@metamask/utils';
import { sha256 } from '@noble/hashes/sha2';
import { varint } from 'multiformats';
import { equals } from 'multiformats/bytes';
import { CID } from 'multiformats/cid';

import { contentStorage } from '../config';

/**
 * The snap's content-storage client: reads a file by content id through the
 * provider's `/api/v0/cat` and checks every byte against the id before
 * anything uses it. Only single-block files are read — CIDv0 or CIDv1
 * dag-pb UnixFS files and CIDv1 raw blocks, sha2-256 — which is every file
 * under one 256 KiB chunk added with the reference implementation's
 * defaults; so no UnixFS importer is needed, only the block's encoding
 * (`fileBlock`).
 */

/** Most bytes the snap reads from content storage, per file. */
export const MAX_CONTENT_BYTES = 64 * 1024;

/** How long one read may take, headers and body together. */
export const CONTENT_TIMEOUT_MS = 5000;

const SHA2_256 = 0x12;
const RAW = 0x55;
const DAG_PB = 0x70;

/** Why content could not be used; the message is shown to the user. */
export class ContentError extends Error {}

/**
 * Parses an `ipfs://<cid>` URI.
 *
 * @param uri - The URI.
 * @returns The content id, or undefined when the text is not such a URI.
 */
export function parseIpfsUri(uri: string): CID | undefined {
  const match = /^ipfs:\/\/([A-Za-z0-9]{1,128})\/?$/u.exec(uri);
  if (!match?.[1]) {
    return undefined;
  }
  try {
    return CID.parse(match[1]);
  } catch {
    return undefined;
  }
}

/**
 * Reads a file and verifies it against its content id.
 *
 * @param cid - The content id.
 * @returns The file's bytes, verified.
 * @throws ContentError saying why the content cannot be used.
 */
export async function readVerified(cid: CID): Promise<Uint8Array> {
  if (cid.multihash.code !== SHA2_256 || ![RAW, DAG_PB].includes(cid.code)) {
    throw new ContentError(
      'its content id is not a sha2-256 file id the wallet can verify',
    );
  }
  const bytes = await fetchBounded(cid);
  if (!equals(sha256(blockOf(cid, bytes)), cid.multihash.digest)) {
    throw new ContentError('its content does not match its content id');
  }
  return bytes;
}

/**
 * The block a single-block file is stored as, which its id hashes.
 *
 * @param cid - The content id (raw or dag-pb).
 * @param bytes - The file.
 * @returns The block.
 */
function blockOf(cid: CID, bytes: Uint8Array): Uint8Array {
  return cid.code === RAW ? bytes : fileBlock(bytes);
}

/**
 * The dag-pb block of a one-block UnixFS file, as the reference
 * implementation and the IPFS JS libraries write it: a PBNode with no links
 * whose `Data` (field 1) is the UnixFS message `Type` (1) = File (2),
 * `Data` (2) = the bytes (left out when empty), `filesize` (3).
 *
 * Written out here instead of calling `@ipld/dag-pb` and `ipfs-unixfs`:
 * with protons-runtime they cost 32 KB of bundle, over the snap's budget,
 * and `@ipld/dag-pb` loads only as an ES module, which breaks tsx scripts
 * that import the method table (bench/run.ts). The unit tests hold this
 * encoding to both libraries and to the importer's CIDs.
 *
 * @param bytes - The file.
 * @returns The block.
 */
export function fileBlock(bytes: Uint8Array): Uint8Array {
  const unixfs = protobuf([
    [1, 2],
    [2, bytes.length === 0 ? undefined : bytes],
    [3, bytes.length],
  ]);
  return protobuf([[1, unixfs]]);
}

/**
 * Encodes protobuf fields in the order given: numbers as varints (wire type
 * 0), bytes length-delimited (wire type 2); undefined fields are left out.
 *
 * @param fields - Field numbers and values.
 * @returns The message.
 */
function protobuf(
  fields: [number, number | Uint8Array | undefined][],
): Uint8Array {
  const parts: Uint8Array[] = [];
  const pushVarint = (value: number): void => {
    parts.push(
      varint.encodeTo(value, new Uint8Array(varint.encodingLength(value))),
    );
  };
  for (const [field, value] of fields) {
    if (typeof value === 'number') {
      pushVarint(field * 8);
      pushVarint(value);
    } else if (value !== undefined) {
      pushVarint(field * 8 + 2);
      pushVarint(value.length);
      parts.push(value);
    }
  }
  const message = new Uint8Array(
    parts.reduce((sum, part) => sum + part.length, 0),
  );
  parts.reduce((offset, part) => {
    message.set(part, offset);
    return offset + part.length;
  }, 0);
  return message;
}

/**
 * Fetches `cat` of a content id, at most MAX_CONTENT_BYTES, within
 * CONTENT_TIMEOUT_MS.
 *
 * @param cid - The content id.
 * @returns The bytes served (not yet verified).
 */
async function fetchBounded(cid: CID): Promise<Uint8Array> {
  const { url, auth } = contentStorage();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CONTENT_TIMEOUT_MS);
  try {
    const response = await fetch(
      `${url}/api/v0/cat?arg=${cid.toString()}&length=${MAX_CONTENT_BYTES + 1}`,
      {
        method: 'POST',
        signal: controller.signal,
        ...(auth
          ? {
              headers: {
                Authorization: `Basic ${bytesToBase64(stringToBytes(auth))}`,
              },
            }
          : {}),
      },
    );
    if (!response.ok) {
      throw new ContentError(
        `content storage could not serve it (HTTP ${response.status})`,
      );
    }
    return await readAtMost(response, MAX_CONTENT_BYTES);
  } catch (error) {
    if (error instanceof ContentError) {
      throw error;
    }
    throw new ContentError(
      controller.signal.aborted
        ? `content storage did not answer within ${CONTENT_TIMEOUT_MS / 1000} s`
        : 'content storage could not be reached',
    );
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads a body, refusing more than `limit` bytes without reading them all.
 *
 * @param response - The response.
 * @param limit - Most bytes accepted.
 * @returns The body.
 */
async function readAtMost(
  response: Response,
  limit: number,
): Promise<Uint8Array> {
  const tooLarge = new ContentError(
    `it is larger than ${limit / 1024} KiB, the most the wallet reads`,
  );
  if (Number(response.headers.get('content-length') ?? 0) > limit) {
    throw tooLarge;
  }
  const reader = response.body?.getReader();
  if (!reader) {
    throw new ContentError('content storage sent no content');
  }
  const bytes = new Uint8Array(limit);
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      return bytes.slice(0, size);
    }
    if (size + value.length > limit) {
      await reader.cancel();
      throw tooLarge;
    }
    bytes.set(value, size);
    size += value.length;
  }
}

import type { ReadableStorage } from 'ipfs-unixfs-exporter';
import type { CID } from 'multiformats/cid';
import { createHash } from 'node:crypto';

/** Everything the node holds, all uploads together (HTTP 500 beyond). */
export const MAX_STORED_BYTES = 256 * 1024 * 1024;

/** The multihash code of sha2-256, the only hash the node computes. */
const SHA2_256 = 0x12;

/** The multicodec of dag-pb, the codec with a CIDv0 form. */
const DAG_PB = 0x70;

/** One block, by the text of its content id. */
export type StoredBlock = { cid: string; bytes: Uint8Array };

/** A block the node was asked for but does not hold. */
export class BlockNotFoundError extends Error {}

/**
 * The blocks of the content-storage API, by content id. A dag-pb block is
 * found by its CIDv0 and its CIDv1 alike, as in the reference
 * implementation. Every block is checked against its id when read, so a
 * hand-edited dump cannot make the node serve bytes under the wrong id.
 * Content lives as long as the chain it belongs to: devnet_load replaces
 * both.
 *
 * This module only uses CID objects it is handed (no import of the
 * ESM-only `multiformats`), so the node loads without them.
 */
export class ContentStore {
  readonly #blocks = new Map<string, Uint8Array>();

  readonly #limit: number;

  #size = 0;

  /**
   * @param limit - Most bytes the store may hold.
   */
  constructor(limit = MAX_STORED_BYTES) {
    this.#limit = limit;
  }

  /**
   * The bytes of a block, checked against its id.
   *
   * @param cid - The block's content id.
   * @returns Its bytes.
   * @throws BlockNotFoundError when the node does not hold it; Error when the
   * bytes held do not match the id.
   */
  get(cid: CID): Uint8Array {
    const bytes = namesOf(cid)
      .map((name) => this.#blocks.get(name))
      .find((found) => found !== undefined);
    if (!bytes) {
      throw new BlockNotFoundError(`block not found: ${cid.toString()}`);
    }
    if (!matches(cid, bytes)) {
      throw new Error(`block does not match its content id ${cid.toString()}`);
    }
    return bytes;
  }

  /**
   * Keeps blocks, all or none.
   *
   * @param blocks - The blocks, by the text of their ids.
   * @throws Error when the store would grow over its limit.
   */
  putAll(blocks: StoredBlock[]): void {
    const fresh = new Map(
      blocks
        .filter(({ cid }) => !this.#blocks.has(cid))
        .map(({ cid, bytes }) => [cid, bytes]),
    );
    const added = [...fresh.values()].reduce(
      (sum, bytes) => sum + bytes.length,
      0,
    );
    if (this.#size + added > this.#limit) {
      throw new Error(
        `content store is full: ${this.#limit / 1024 / 1024} MiB at most`,
      );
    }
    for (const [cid, bytes] of fresh) {
      this.#blocks.set(cid, bytes);
    }
    this.#size += added;
  }

  /**
   * The read side the UnixFS exporter walks.
   *
   * @returns A blockstore reader over this store.
   */
  reader(): ReadableStorage {
    // eslint-disable-next-line consistent-this, @typescript-eslint/no-this-alias -- the generator needs the store
    const store = this;
    return {
      *get(cid: CID): Generator<Uint8Array> {
        yield store.get(cid);
      },
    };
  }
}

/**
 * The texts a block may be stored under: its id, and the other version of a
 * sha2-256 dag-pb id.
 *
 * @param cid - The content id.
 * @returns The names to look up.
 */
function namesOf(cid: CID): string[] {
  if (cid.code !== DAG_PB || cid.multihash.code !== SHA2_256) {
    return [cid.toString()];
  }
  return [
    cid.toString(),
    (cid.version === 0 ? cid.toV1() : cid.toV0()).toString(),
  ];
}

/**
 * Whether bytes hash to a content id (sha2-256 ids only).
 *
 * @param cid - The content id.
 * @param bytes - The block.
 * @returns True when they match.
 */
function matches(cid: CID, bytes: Uint8Array): boolean {
  if (cid.multihash.code !== SHA2_256) {
    return false;
  }
  const digest = createHash('sha256').update(bytes).digest();
  return digest.equals(cid.multihash.digest);
}

import type { ReadableStorage } from 'ipfs-unixfs-exporter';
import type { CID } from 'multiformats/cid';
import { createHash } from 'node:crypto';

/** Everything the node holds, all uploads together (HTTP 500 beyond). */
export const MAX_STORED_BYTES = 256 * 1024 * 1024;

/** The multihash code of sha2-256, the only hash the node computes. */
const SHA2_256 = 0x12;

/** One content-addressed block. */
export type Block = { cid: CID; bytes: Uint8Array };

const keyOf = (cid: CID): string =>
  Buffer.from(cid.multihash.bytes).toString('hex');

/** A block the node was asked for but does not hold. */
export class BlockNotFoundError extends Error {}

/**
 * The blocks of the content-storage API. Blocks are keyed by multihash, as in
 * the reference implementation, so a CIDv0 and its CIDv1 form name the same
 * block. Content lives as long as the chain it belongs to: devnet_load
 * replaces both.
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
   * The bytes of a block.
   *
   * @param cid - The block's content id.
   * @returns Its bytes.
   * @throws BlockNotFoundError when the node does not hold it.
   */
  get(cid: CID): Uint8Array {
    const bytes = this.#blocks.get(keyOf(cid));
    if (!bytes) {
      throw new BlockNotFoundError(`block not found: ${cid.toString()}`);
    }
    return bytes;
  }

  /**
   * Keeps blocks, all or none. Each is checked against its content id first.
   *
   * @param blocks - The blocks.
   * @throws Error when a block does not match its id or the store is full.
   */
  putAll(blocks: Block[]): void {
    const fresh = new Map<string, Uint8Array>();
    for (const { cid, bytes } of blocks) {
      if (!matches(cid, bytes)) {
        throw new Error(
          `block does not match its content id ${cid.toString()}`,
        );
      }
      const key = keyOf(cid);
      if (!this.#blocks.has(key)) {
        fresh.set(key, bytes);
      }
    }
    const added = [...fresh.values()].reduce((sum, b) => sum + b.length, 0);
    if (this.#size + added > this.#limit) {
      throw new Error(
        `content store is full: ${this.#limit / 1024 / 1024} MiB at most`,
      );
    }
    for (const [key, bytes] of fresh) {
      this.#blocks.set(key, bytes);
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

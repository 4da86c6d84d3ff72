/**
 * State storage. The committed state is a versioned store: each key keeps the
 * list of (block number, value) writes, so any historical block reads its own
 * state without copying. Transactions run on overlays (copy-on-write maps)
 * that are merged into their parent or discarded on revert.
 */

export type StateKey =
  | { kind: 'storage'; address: bigint; key: bigint }
  | { kind: 'nonce'; address: bigint }
  | { kind: 'class'; address: bigint }
  | { kind: 'declared'; classHash: bigint };

/**
 * Builds the string form of a storage key.
 *
 * @param address - Contract address.
 * @param key - Storage slot.
 * @returns The string key.
 */
export function storageKey(address: bigint, key: bigint): string {
  return `s${address.toString(16)}:${key.toString(16)}`;
}

/**
 * Builds the string form of a nonce key.
 *
 * @param address - Contract address.
 * @returns The string key.
 */
export function nonceKey(address: bigint): string {
  return `n${address.toString(16)}`;
}

/**
 * Builds the string form of a class-hash key.
 *
 * @param address - Contract address.
 * @returns The string key.
 */
export function classKey(address: bigint): string {
  return `c${address.toString(16)}`;
}

/**
 * Builds the string form of a declared-class key (value: compiled class hash).
 *
 * @param classHash - The class hash.
 * @returns The string key.
 */
export function declaredKey(classHash: bigint): string {
  return `d${classHash.toString(16)}`;
}

/**
 * Parses a string key back into its parts.
 *
 * @param key - The string key.
 * @returns The parts.
 */
export function parseKey(key: string): StateKey {
  const body = key.slice(1);
  if (key.startsWith('s')) {
    const [address = '0', slot = '0'] = body.split(':');
    return {
      kind: 'storage',
      address: BigInt(`0x${address}`),
      key: BigInt(`0x${slot}`),
    };
  }
  if (key.startsWith('d')) {
    return { kind: 'declared', classHash: BigInt(`0x${body}`) };
  }
  return {
    kind: key.startsWith('n') ? 'nonce' : 'class',
    address: BigInt(`0x${body}`),
  };
}

/** Reads state values by string key. */
export type StateReader = {
  read(key: string): bigint;
};

type Versions = { blocks: number[]; values: bigint[] };

/** All committed writes, indexed by key and block number. */
export class VersionedStore {
  readonly #entries = new Map<string, Versions>();

  /**
   * Reads a key as of a block (inclusive).
   *
   * @param key - The string key.
   * @param block - The block number.
   * @returns The value (0 when never written).
   */
  get(key: string, block: number): bigint {
    const versions = this.#entries.get(key);
    if (!versions) {
      return 0n;
    }
    const { blocks, values } = versions;
    for (let i = blocks.length - 1; i >= 0; i--) {
      if ((blocks[i] ?? 0) <= block) {
        return values[i] ?? 0n;
      }
    }
    return 0n;
  }

  /**
   * The last block (inclusive bound) that wrote a key.
   *
   * @param key - The string key.
   * @param block - The bound.
   * @returns The block number, or 0 when never written.
   */
  lastUpdate(key: string, block: number): number {
    const blocks = this.#entries.get(key)?.blocks ?? [];
    for (let i = blocks.length - 1; i >= 0; i--) {
      if ((blocks[i] ?? 0) <= block) {
        return blocks[i] ?? 0;
      }
    }
    return 0;
  }

  /**
   * Writes a key at a block.
   *
   * @param key - The string key.
   * @param block - The block number.
   * @param value - The value.
   */
  set(key: string, block: number, value: bigint): void {
    let versions = this.#entries.get(key);
    if (!versions) {
      versions = { blocks: [], values: [] };
      this.#entries.set(key, versions);
    }
    const last = versions.blocks.length - 1;
    if (last >= 0 && versions.blocks[last] === block) {
      versions.values[last] = value;
    } else {
      versions.blocks.push(block);
      versions.values.push(value);
    }
  }

  /**
   * Forgets every write made at or after a block (devnet_abortBlocks).
   *
   * @param block - The first block whose writes go.
   */
  truncate(block: number): void {
    for (const [key, versions] of this.#entries) {
      while ((versions.blocks[versions.blocks.length - 1] ?? -1) >= block) {
        versions.blocks.pop();
        versions.values.pop();
      }
      if (versions.blocks.length === 0) {
        this.#entries.delete(key);
      }
    }
  }

  /**
   * A reader fixed at a block.
   *
   * @param block - The block number.
   * @returns The reader.
   */
  at(block: number): StateReader {
    return { read: (key) => this.get(key, block) };
  }
}

/** A copy-on-write layer of writes over a reader. */
export class Overlay implements StateReader {
  readonly writes = new Map<string, bigint>();

  readonly #parent: StateReader;

  /**
   *
   * @param parent - The parent.
   */
  constructor(parent: StateReader) {
    this.#parent = parent;
  }

  /**
   *
   * @param key - The key.
   * @returns The result.
   */
  read(key: string): bigint {
    return this.writes.get(key) ?? this.#parent.read(key);
  }

  /**
   *
   * @param key - The key.
   * @param value - The value.
   */
  write(key: string, value: bigint): void {
    this.writes.set(key, value);
  }

  /**
   * Merges this layer's writes into another overlay.
   *
   * @param target - The overlay to merge into.
   */
  mergeInto(target: Overlay): void {
    for (const [key, value] of this.writes) {
      target.writes.set(key, value);
    }
  }
}

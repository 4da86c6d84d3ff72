import { writeDumpFile } from './dump-files';
import type { DevSettings } from './types';
import { RpcError } from '../base/errors';
import type { LocalChain } from '../chain/local-chain';

/**
 * Writes the dump file by itself, as `--dump-on` asks: after every new
 * block (`block`) or when the node stops (`exit`). `request` (and no mode)
 * writes only when devnet_dump asks.
 */
export class AutoDump {
  readonly #settings: DevSettings;

  /** The chain and latest block last written (a new chain counts as new). */
  #written: { node: LocalChain; latest: bigint } | undefined;

  /**
   * @param settings - The dump mode and file.
   */
  constructor(settings: DevSettings) {
    this.#settings = settings;
  }

  /**
   * Takes note of the chain as it is without writing it (at start).
   *
   * @param node - The chain.
   */
  mark(node: LocalChain): void {
    this.#written = { node, latest: node.chain.latest?.hash ?? 0n };
  }

  /**
   * After a request: writes the dump when a block was made (or the chain
   * replaced, by devnet_load or devnet_restart) and the mode is `block`.
   *
   * @param node - The current chain.
   */
  afterRequest(node: LocalChain): void {
    if (this.#settings.dumpOn !== 'block') {
      return;
    }
    const latest = node.chain.latest?.hash ?? 0n;
    if (this.#written?.node === node && this.#written.latest === latest) {
      return;
    }
    try {
      this.#write(node);
    } catch (error) {
      // The request itself succeeded; the developer learns of the failed dump.
      process.stderr.write(
        `--dump-on block: ${String(error instanceof RpcError ? error.data : error)}\n`,
      );
    }
  }

  /**
   * When the node stops: writes the dump when the mode is `exit`.
   *
   * @param node - The current chain.
   */
  onExit(node: LocalChain): void {
    if (this.#settings.dumpOn === 'exit') {
      this.#write(node);
    }
  }

  /**
   * Writes the journal to the dump file.
   *
   * @param node - The chain.
   */
  #write(node: LocalChain): void {
    const file = this.#settings.dumpPath;
    if (file !== undefined) {
      writeDumpFile(file, JSON.stringify(node.journal));
    }
    this.mark(node);
  }
}

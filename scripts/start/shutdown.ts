/**
 * Everything `npm start` started, stopped in reverse order on the way out —
 * whether the user stops it, its parent goes away, or a part fails — so
 * that it never leaves a process or a port behind.
 */
export class Shutdown {
  readonly #stops: (() => Promise<void>)[] = [];

  #stopping: Promise<void> | undefined;

  /**
   * Whether stopping has begun: the start sequence checks it between steps
   * so that nothing new starts once the user asked to stop.
   *
   * @returns Whether it has.
   */
  get requested(): boolean {
    return this.#stopping !== undefined;
  }

  /**
   * Registers how to stop a part that just started. A part registered while
   * stopping is stopped along with the rest.
   *
   * @param stop - Stops the part.
   */
  add(stop: () => Promise<void>): void {
    this.#stops.push(stop);
  }

  /**
   * Stops every registered part, last started first; a part that fails to
   * stop is reported and the others are still stopped. Calling it again
   * returns the same promise.
   *
   * @returns Settles when everything has stopped.
   */
  async stop(): Promise<void> {
    this.#stopping ??= this.#stopAll();
    return this.#stopping;
  }

  /**
   * Stops the parts one after another, including any registered meanwhile.
   */
  async #stopAll(): Promise<void> {
    for (let stop = this.#stops.pop(); stop; stop = this.#stops.pop()) {
      await stop().catch((error: unknown) =>
        console.error(`npm start: while stopping: ${String(error)}`),
      );
    }
  }
}

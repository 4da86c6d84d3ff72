import { whenIdle } from './requestScope';

/**
 * Tasks that must not overlap, run one after the other per key, in the
 * order they were queued; a failing task does not stop the ones after it.
 * One instance per kind of resource (the snap state; each account's sends).
 * When the snap goes idle, the queues are emptied: a task still running
 * then was cut off by MetaMask (src/requestScope.ts) and would never
 * settle, and no request is left to wait for it.
 */
export class TaskQueues {
  readonly #tails = new Map<string, Promise<unknown>>();

  /** Empties the queues when the snap goes idle (see the class's note). */
  constructor() {
    whenIdle(() => this.#tails.clear());
  }

  /**
   * Runs `task` after every earlier task of the same key.
   *
   * @param key - What the task needs to itself.
   * @param task - The work.
   * @returns What the task returned.
   */
  async run<Result>(key: string, task: () => Promise<Result>): Promise<Result> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    const settled = run.catch(() => undefined);
    this.#tails.set(key, settled);
    return run.finally(() => {
      if (this.#tails.get(key) === settled) {
        this.#tails.delete(key);
      }
    });
  }
}

/**
 * The life of one request, from the entry point that received it to its
 * answer, and the rule that keeps the snap's bookkeeping true under
 * MetaMask's executor.
 *
 * The executor (snaps-execution-environments, BaseSnapExecutor
 * `executeInSnapContext`) runs the endowments' idle teardown as soon as
 * none of the snap's requests is running: open fetches are cancelled and
 * their promises dropped (they never settle), timers are cleared, and a
 * `snap.request` still on its way never answers. So what a request started
 * and did not await is cut off, silently, once the snap is idle.
 *
 * The rule: what a request starts either ends before the request answers,
 * or leaves nothing behind that depends on it settling. Each entry point
 * runs in `inRequest`, which ends the request's scope before its answer
 * leaves: whatever the scope still holds (an exchange's turn, a place in a
 * line) is given back at that moment, synchronously, by a callback of the
 * scope's end, never in a `finally` that a dropped promise would never
 * reach.
 * When the last running request ends, the idle hooks run: process caches
 * forget entries still on their way (a promise shared by requests running
 * together, never kept past them).
 */

/** Who asks, for sharing turns: a site's origin, the page, the background. */
export type Requester = string;

/** The page (onHomePage, onUserInput) as a requester. */
export const PAGE_REQUESTER: Requester = 'the page';

/** The background check (onCronjob) as a requester. */
export const BACKGROUND_REQUESTER: Requester = 'the background check';

/** The install and update hooks as a requester. */
export const LIFECYCLE_REQUESTER: Requester = 'the install';

/**
 * What a request's work can hear of its end: whether it has ended, and a
 * callback when it does.
 */
export type RequestEnd = {
  readonly ended: boolean;
  /**
   * Calls `callback` once, synchronously, when the request ends (at once if
   * it has).
   *
   * @param callback - What to do then.
   * @returns Forgets the callback.
   */
  onEnd: (callback: () => void) => () => void;
};

/** One request's life: who asks, and what it left to end with it. */
export class RequestScope implements RequestEnd {
  readonly requester: Requester;

  #ended = false;

  readonly #callbacks = new Set<() => void>();

  /**
   * @param requester - Who asks.
   */
  constructor(requester: Requester) {
    this.requester = requester;
  }

  /**
   * Whether the request has ended.
   *
   * @returns Whether it has.
   */
  get ended(): boolean {
    return this.#ended;
  }

  /**
   * Calls `callback` once when the request ends (see RequestEnd).
   *
   * @param callback - What to do then.
   * @returns Forgets the callback.
   */
  onEnd(callback: () => void): () => void {
    if (this.#ended) {
      callback();
      return () => undefined;
    }
    this.#callbacks.add(callback);
    return () => {
      this.#callbacks.delete(callback);
    };
  }

  /** Ends the request: every callback runs, once, now. */
  end(): void {
    this.#ended = true;
    const callbacks = [...this.#callbacks];
    this.#callbacks.clear();
    for (const callback of callbacks) {
      callback();
    }
  }
}

let running = 0;

const idleHooks = new Set<() => void>();

/**
 * Registers what a process cache does when the snap goes idle (the last
 * running request ended; MetaMask tears down what is left): forget what
 * is still on its way.
 *
 * @param hook - Runs synchronously, before the last answer leaves.
 */
export function whenIdle(hook: () => void): void {
  idleHooks.add(hook);
}

/**
 * How many requests are running (entered `inRequest`, not yet answered).
 *
 * @returns The count.
 */
export function runningRequests(): number {
  return running;
}

/**
 * Runs one request in a scope of its own, ended before its answer leaves
 * (see the rule above); when it was the last running request, the idle
 * hooks run too.
 *
 * @param requester - Who asks.
 * @param work - The request's work, given its scope.
 * @returns What the work answered.
 */
export async function inRequest<Result>(
  requester: Requester,
  work: (scope: RequestScope) => Promise<Result>,
): Promise<Result> {
  const scope = new RequestScope(requester);
  running += 1;
  try {
    return await work(scope);
  } finally {
    scope.end();
    running -= 1;
    if (running === 0) {
      for (const hook of idleHooks) {
        hook();
      }
    }
  }
}

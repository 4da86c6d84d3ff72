/** The signals that stop `npm start`: Ctrl-C, `kill`, a closed terminal. */
const STOP_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** How often the parent process is looked at. */
const PARENT_CHECK_MS = 500;

/**
 * Calls `stop` once when the user or the system asks `npm start` to stop: one
 * of the stop signals, or the end of the process that started it. npm passes
 * SIGINT and SIGTERM on to its script but dies of SIGHUP or SIGKILL without
 * a word, leaving the script to a new parent: that change is the only sign.
 *
 * @param stop - Called with the reason, once.
 */
export function onStopRequest(stop: (reason: string) => void): void {
  const parent = process.ppid;
  let called = false;
  const once = (reason: string): void => {
    if (!called) {
      called = true;
      stop(reason);
    }
  };
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => once(signal));
  }
  setInterval(() => {
    if (process.ppid !== parent) {
      once(`its parent process (${parent}) ended`);
    }
  }, PARENT_CHECK_MS).unref();
  // A closed terminal or pipe must not crash the way out with EIO or EPIPE.
  process.stdout.on('error', () => undefined);
  process.stderr.on('error', () => undefined);
}

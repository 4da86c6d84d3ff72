import { spawn } from 'child_process';
import type { ChildProcess, StdioOptions } from 'child_process';

/** How long a child has to end after SIGTERM before SIGKILL. */
const STOP_LIMIT_MS = 5_000;

export type ChildGroup = {
  child: ChildProcess;
  /** Settles when the child has exited: its code, or the signal that ended it. */
  exited: Promise<string>;
  /** Whether it has started and not yet exited. */
  running: () => boolean;
  /** Ends the child and everything it started; settles once they are gone. */
  stop: () => Promise<void>;
};

/**
 * Sends a signal to a process group; a group already gone is no error.
 *
 * @param groupId - The group (its leader's pid).
 * @param signal - The signal.
 */
function signalGroup(groupId: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-groupId, signal);
  } catch {
    // ESRCH: every process of the group has ended.
  }
}

/**
 * Starts a program in a process group of its own, so that stopping it also
 * stops whatever it started (webpack's workers, a shell's children) — a
 * signal to the child alone would orphan them.
 *
 * @param command - The program.
 * @param args - Its arguments.
 * @param options - Its folder, environment and standard streams.
 * @param options.cwd - The folder it runs in.
 * @param options.env - The environment.
 * @param options.stdio - The standard streams.
 * @returns The child and a way to stop its group.
 */
export function spawnGroup(
  command: string,
  args: string[],
  options: { cwd?: string; env: NodeJS.ProcessEnv; stdio: StdioOptions },
): ChildGroup {
  const child = spawn(command, args, { ...options, detached: true });
  let ended = false;
  const exited = new Promise<string>((resolve) => {
    child.once('error', (error) => resolve(error.message));
    child.once('exit', (code, signal) => {
      // Whatever of the group outlived its leader goes too, at once: the
      // group's id stays reserved while it has members.
      if (child.pid !== undefined) {
        signalGroup(child.pid, 'SIGKILL');
      }
      resolve(signal ? `ended by ${signal}` : `exit code ${String(code)}`);
    });
  }).finally(() => {
    ended = true;
  });
  const stop = async (): Promise<void> => {
    const groupId = child.pid;
    // Never started, or already ended (its pid may belong to another
    // process by now): nothing to signal.
    if (groupId === undefined || ended) {
      return;
    }
    signalGroup(groupId, 'SIGTERM');
    const timer = setTimeout(
      () => signalGroup(groupId, 'SIGKILL'),
      STOP_LIMIT_MS,
    );
    await exited;
    clearTimeout(timer);
  };
  return { child, exited, running: () => !ended, stop };
}

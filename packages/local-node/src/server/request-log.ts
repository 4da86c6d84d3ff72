/** How much the node prints about the requests it serves. */
export type LogLevel = 'silent' | 'error' | 'info';

export const LOG_LEVELS: readonly LogLevel[] = ['silent', 'error', 'info'];

/** One served call, as the log sees it. */
export type ServedCall = {
  method: string;
  /** How long the handler took, in milliseconds. */
  ms: number;
  error: { code: number; message: string } | undefined;
  origin: string | undefined;
};

/**
 * A log of one line per JSON-RPC call (each call of a batch is a line):
 * every call at `info`, failed ones at `error`, none at `silent`.
 *
 * @param level - The level.
 * @param write - Where lines go.
 * @returns The function the dispatcher calls after each call.
 */
export function requestLog(
  level: LogLevel,
  write: (line: string) => void,
): (call: ServedCall) => void {
  return (call) => {
    if (level === 'silent' || (level === 'error' && !call.error)) {
      return;
    }
    const outcome = call.error
      ? `error ${call.error.code} ${call.error.message}`
      : 'ok';
    const from = call.origin === undefined ? '' : ` (origin ${call.origin})`;
    write(
      `${new Date().toISOString()} ${call.method} ${outcome} ${call.ms.toFixed(1)} ms${from}\n`,
    );
  };
}

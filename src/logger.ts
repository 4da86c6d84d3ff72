/**
 * The snap's log, gated by the build-time `SNAP_LOG_LEVEL` (snap.config.ts:
 * `error`, `warn`, `info` or `debug`; default `warn`). Nothing secret is
 * ever logged: messages name what failed, and errors carry their own
 * (scrubbed at the answer, see toSnapError) messages and stacks.
 */
const LEVELS = ['error', 'warn', 'info', 'debug'] as const;

type Level = (typeof LEVELS)[number];

/**
 * The configured level.
 *
 * @returns The most verbose level logged.
 */
function configuredLevel(): Level {
  // `process.env` is replaced at build time by the bundler (snap.config.ts).
  // eslint-disable-next-line no-restricted-globals
  const level = process.env.SNAP_LOG_LEVEL;
  return LEVELS.find((candidate) => candidate === level) ?? 'warn';
}

/**
 * Whether a level is logged.
 *
 * @param level - The message's level.
 * @returns Whether it reaches the console.
 */
function enabled(level: Level): boolean {
  return LEVELS.indexOf(level) <= LEVELS.indexOf(configuredLevel());
}

export const logger = {
  error: (message: string, ...details: unknown[]): void => {
    if (enabled('error')) {
      console.error(`[starknet-snap] ${message}`, ...details);
    }
  },
  warn: (message: string, ...details: unknown[]): void => {
    if (enabled('warn')) {
      console.warn(`[starknet-snap] ${message}`, ...details);
    }
  },
  info: (message: string, ...details: unknown[]): void => {
    if (enabled('info')) {
      console.info(`[starknet-snap] ${message}`, ...details);
    }
  },
  debug: (message: string, ...details: unknown[]): void => {
    if (enabled('debug')) {
      console.debug(`[starknet-snap] ${message}`, ...details);
    }
  },
};

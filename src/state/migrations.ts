import { defaultState, STATE_VERSION } from './schema';
import type { WalletState } from './schema';

/**
 * One step per schema version: `migrations[n]` turns a version-n state into a
 * version-(n+1) state. Add a step (and bump STATE_VERSION) whenever the
 * schema changes; never edit a released step.
 */
const migrations: Record<
  number,
  (state: Record<string, unknown>) => Record<string, unknown>
> = {};

/**
 * Brings whatever is stored up to the current schema. Nothing stored (a new
 * install) or a state without a version gives the default state.
 *
 * @param stored - What snap state held.
 * @returns The state in the current schema, and whether it changed.
 */
export function migrate(stored: Record<string, unknown> | null): {
  state: WalletState;
  changed: boolean;
} {
  if (!stored || typeof stored.version !== 'number') {
    return { state: defaultState(), changed: true };
  }
  let current = stored;
  let { version } = stored;
  if (version > STATE_VERSION) {
    throw new Error(
      `State version ${version} is newer than this snap (${STATE_VERSION})`,
    );
  }
  while (version < STATE_VERSION) {
    const step = migrations[version];
    if (!step) {
      throw new Error(`No migration from state version ${version}`);
    }
    current = step(current);
    version += 1;
    current.version = version;
  }
  if (!isWalletState(current)) {
    throw new Error('Stored state does not match the schema');
  }
  return { state: current, changed: version !== stored.version };
}

/**
 * Checks the top-level shape of a migrated state.
 *
 * @param value - The migrated state.
 * @returns Whether it has every collection of the current schema.
 */
function isWalletState(value: Record<string, unknown>): value is WalletState {
  return (
    value.version === STATE_VERSION &&
    typeof value.currentChainId === 'string' &&
    Array.isArray(value.networks) &&
    Array.isArray(value.accounts) &&
    Array.isArray(value.tokens) &&
    Array.isArray(value.transactions)
  );
}

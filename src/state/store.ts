import type { Json } from '@metamask/snaps-sdk';

import { migrate } from './migrations';
import type { WalletState } from './schema';
import { TaskQueues } from '../queue';

/**
 * The only module that touches snap state.
 *
 * Every write goes through `update`, which runs its mutator on a fresh copy
 * under a lock: parallel requests are serialised, and a mutator that throws
 * writes nothing.
 */

/** State writes, one at a time. */
const writes = new TaskQueues();

/**
 * Runs `task` after every state task queued before it.
 *
 * @param task - The work to serialise.
 * @returns What the task returned.
 */
async function withLock<Result>(task: () => Promise<Result>): Promise<Result> {
  return writes.run('state', task);
}

/**
 * Reads snap state and brings it to the current schema.
 *
 * @returns The migrated state and whether migration changed it.
 */
async function load(): Promise<{ state: WalletState; changed: boolean }> {
  const stored = await snap.request({
    method: 'snap_manageState',
    params: { operation: 'get' },
  });
  return migrate(stored);
}

/**
 * Writes the whole state.
 *
 * @param state - The state to store.
 */
async function save(state: WalletState): Promise<void> {
  const newState: Record<string, Json> = { ...state };
  await snap.request({
    method: 'snap_manageState',
    params: { operation: 'update', newState },
  });
}

/**
 * A read-only snapshot of the state.
 *
 * @returns The current state (migrated in memory if the store is older).
 */
export async function readState(): Promise<WalletState> {
  return (await load()).state;
}

/**
 * Changes state atomically with respect to other requests of this snap.
 *
 * @param mutate - Changes the draft it is given and returns a result.
 * @returns What `mutate` returned.
 */
export async function updateState<Result>(
  mutate: (draft: WalletState) => Result | Promise<Result>,
): Promise<Result> {
  return withLock(async () => {
    const { state } = await load();
    const result = await mutate(state);
    await save(state);
    return result;
  });
}

/**
 * Creates the state on install and migrates it on update.
 */
export async function initialiseState(): Promise<void> {
  await withLock(async () => {
    const { state, changed } = await load();
    if (changed) {
      await save(state);
    }
  });
}

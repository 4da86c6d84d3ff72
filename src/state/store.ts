import type { Json } from '@metamask/snaps-sdk';

import { migrate } from './migrations';
import type { WalletState } from './schema';
import { TaskQueues } from '../queue';
import { whenIdle } from '../requestScope';

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
 * The state as this process last read or wrote it, migrated and checked.
 * Only this module writes the state, so after the first read the mirror is
 * the state: reads cost no snap call and no schema check (MetaMask's state
 * round trip and the check took 3–4 ms of every request). Each write
 * replaces it once MetaMask has stored the new state; a write that fails
 * forgets it, so the next read asks MetaMask again. Readers get a copy.
 */
let mirror: WalletState | undefined;

/**
 * Counts the writes begun: a read that a write overlapped (begun before
 * it ended) may hold the state from before it, so it sets no mirror.
 */
let writesBegun = 0;

/** Counts the writes ended (stored or failed). */
let writesEnded = 0;

// A write cut off when the snap went idle (src/requestScope.ts) never ends:
// it is counted as ended, its outcome unknown, so the mirror is read anew.
whenIdle(() => {
  if (writesEnded !== writesBegun) {
    writesEnded = writesBegun;
    mirror = undefined;
  }
});

/**
 * A copy of a state: what readers and writers are handed, so that none
 * changes the mirror.
 *
 * @param state - A state (JSON, as MetaMask stores it).
 * @returns A deep copy.
 */
function copyOf(state: WalletState): WalletState {
  const copy: WalletState = JSON.parse(JSON.stringify(state));
  return copy;
}

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
  if (mirror) {
    return { state: copyOf(mirror), changed: false };
  }
  const begunBefore = writesBegun;
  const stored = await snap.request({
    method: 'snap_manageState',
    params: { operation: 'get' },
  });
  const loaded = migrate(stored);
  const overlapped = writesBegun !== begunBefore || writesEnded !== writesBegun;
  if (!loaded.changed && !overlapped) {
    // eslint-disable-next-line require-atomic-updates -- no write overlapped this read (checked above)
    mirror = copyOf(loaded.state);
  }
  return loaded;
}

/**
 * Writes the whole state.
 *
 * @param state - The state to store.
 */
async function save(state: WalletState): Promise<void> {
  const newState: Record<string, Json> = { ...state };
  const stored = copyOf(state);
  writesBegun += 1;
  mirror = undefined;
  try {
    await snap.request({
      method: 'snap_manageState',
      params: { operation: 'update', newState },
    });
    mirror = stored;
  } finally {
    writesEnded += 1;
  }
}

/**
 * Forgets the mirror: the next read asks MetaMask. For a state MetaMask
 * was given other than through this module (a test that sets it).
 */
export function forgetStateMirror(): void {
  mirror = undefined;
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

import type { TestEnvironment } from '@metamask/snaps-jest';
import type { Json } from '@metamask/snaps-sdk';

/**
 * The snap as snaps-jest's environment installs it, simulation store
 * included. snaps-jest's `installSnap` helper hands out the request
 * functions only; the environment it wraps (the `snapsEnvironment` global
 * its jest preset sets) returns the whole simulation, whose Redux store
 * holds the snap's state exactly as `snap_manageState` stored it.
 */
export type SimulatedSnap = Awaited<ReturnType<TestEnvironment['installSnap']>>;

/**
 * Whether a value is snaps-jest's environment (structurally: its class
 * lives in jest's outer realm, so `instanceof` cannot tell).
 *
 * @param value - The `snapsEnvironment` global.
 * @returns Whether it can install snaps.
 */
function isSnapsEnvironment(
  value: unknown,
): value is Pick<TestEnvironment, 'installSnap'> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'installSnap' in value &&
    typeof value.installSnap === 'function'
  );
}

/**
 * Installs the built snap, as `installSnap` does, keeping the simulation.
 *
 * @param state - Snap state to start from.
 * @returns The simulated snap.
 */
export async function installSimulatedSnap(
  state?: Record<string, Json>,
): Promise<SimulatedSnap> {
  const environment: unknown = Reflect.get(globalThis, 'snapsEnvironment');
  if (!isSnapsEnvironment(environment)) {
    throw new Error('Run this file with the @metamask/snaps-jest preset');
  }
  return environment.installSnap(undefined, {
    options: state ? { state } : {},
  });
}

/**
 * The snap's stored state, both kinds, exactly as stored (serialised JSON):
 * equal strings mean byte-for-byte equal state.
 *
 * @param snap - The simulated snap.
 * @returns The encrypted and unencrypted state.
 */
export function storedState(snap: SimulatedSnap): {
  encrypted: string | null;
  unencrypted: string | null;
} {
  const { encrypted, unencrypted } = snap.store.getState().state;
  return { encrypted, unencrypted };
}

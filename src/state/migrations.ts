import { StructError, validate } from 'superstruct';

import {
  ChainIdText,
  defaultState,
  STATE_VERSION,
  WalletStateStruct,
} from './schema';
import type { WalletState } from './schema';
import { DEFAULT_CHAIN_ID } from '../config';
import { StateUnreadableError } from '../errors';

type StoredState = Record<string, unknown>;

/**
 * One step per schema version: `migrations[n]` turns a version-n state into a
 * version-(n+1) state. Add a step (and bump STATE_VERSION) whenever the
 * schema changes; never edit a released step.
 */
const migrations: Record<number, (state: StoredState) => StoredState> = {
  // Version 2 keeps, per site, the accounts the user shared with it. No
  // site had access before: each asks again.
  1: (state) => ({ ...state, permissions: [] }),
  // Version 3 refuses chain ids that are not short strings (a hex value past
  // the prime hashes like another chain's id): such networks and their
  // tokens are dropped; the accounts and records stay. Networks stored
  // before version 3 did not say who added them and stay everyone's.
  2: dropNetworksWithInvalidChainIds,
  // Version 4 keeps the tokens the user hid from the home page: none yet.
  3: (state) => ({ ...state, hiddenTokens: [] }),
  // Version 5 keeps what the wallet found of staking per network: nothing
  // yet (the Stake view reads it on first showing).
  4: (state) => ({ ...state, staking: [] }),
};

/**
 * The migration to version 3: networks whose chain id is not a Starknet
 * chain id are removed, with their tokens; a current network among them
 * gives way to the default one.
 *
 * @param state - A version-2 state.
 * @returns The state without those networks.
 */
function dropNetworksWithInvalidChainIds(state: StoredState): StoredState {
  const valid = (chainId: unknown): boolean =>
    typeof chainId === 'string' &&
    validate(chainId, ChainIdText)[0] === undefined;
  const records = (key: string): unknown[] => {
    const value = state[key];
    return Array.isArray(value) ? value : [];
  };
  const chainOf = (record: unknown): unknown =>
    typeof record === 'object' && record !== null
      ? new Map(Object.entries(record)).get('chainId')
      : undefined;
  const networks = records('networks').filter((network) =>
    valid(chainOf(network)),
  );
  const kept = new Set(networks.map(chainOf));
  return {
    ...state,
    networks,
    tokens: records('tokens').filter((token) => kept.has(chainOf(token))),
    currentChainId: kept.has(state.currentChainId)
      ? state.currentChainId
      : DEFAULT_CHAIN_ID,
  };
}

/** The collections every stored state has had since version 1. */
const VERSION_1_KEYS = [
  'currentChainId',
  'networks',
  'accounts',
  'tokens',
  'transactions',
];

/**
 * The version of a stored state. A state without one is the first schema
 * written without its version (it has version 1's collections); anything
 * else is not this wallet's state.
 *
 * @param stored - What snap state held.
 * @returns Its version.
 */
function versionOf(stored: StoredState): number {
  if (typeof stored.version === 'number') {
    return stored.version;
  }
  if (
    stored.version === undefined &&
    VERSION_1_KEYS.every((key) => key in stored)
  ) {
    return 1;
  }
  throw new StateUnreadableError(
    'it has no version and is not a state this wallet wrote',
  );
}

/**
 * Brings whatever is stored up to the current schema and validates every
 * record. Nothing stored (a new install) gives the default state. A state
 * that cannot be read — written by a newer snap, of an unknown shape, or
 * with an invalid record — is refused with a StateUnreadableError and never
 * replaced: the caller must not write.
 *
 * @param stored - What snap state held.
 * @returns The state in the current schema, and whether it changed.
 */
export function migrate(stored: StoredState | null): {
  state: WalletState;
  changed: boolean;
} {
  if (!stored || Object.keys(stored).length === 0) {
    return { state: defaultState(), changed: true };
  }
  const storedVersion = versionOf(stored);
  if (storedVersion > STATE_VERSION) {
    throw new StateUnreadableError(
      `it was written by a newer version of this wallet (state version ${storedVersion}, this snap reads up to ${STATE_VERSION})`,
    );
  }
  let current: StoredState = { ...stored, version: storedVersion };
  for (let version = storedVersion; version < STATE_VERSION; version++) {
    const step = migrations[version];
    if (!step) {
      throw new StateUnreadableError(
        `no migration from state version ${version}`,
      );
    }
    current = { ...step(current), version: version + 1 };
  }
  const [error, state] = validate(current, WalletStateStruct);
  if (error instanceof StructError || !state) {
    throw new StateUnreadableError(
      `a record does not match the schema (${error?.message ?? 'unknown'})`,
    );
  }
  return {
    state,
    changed: storedVersion !== STATE_VERSION || stored.version === undefined,
  };
}

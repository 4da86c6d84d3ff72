/**
 * What the simulated MetaMask uses of a snap installed by `installSnap`
 * from `@metamask/snaps-jest` (or `@metamask/snaps-simulation`): described
 * here by shape, so that this package depends on neither at run time.
 */
import type { Json, JsonRpcParams } from '@metamask/snaps-sdk';

/** A dialog the snap shows, as the simulator hands it to the test. */
export type SnapDialog = {
  type?: string | undefined;
  content: unknown;
  ok?: (() => Promise<void>) | undefined;
  cancel?: (() => Promise<void>) | undefined;
};

/** A confirmation dialog: the user approves (`ok`) or declines (`cancel`). */
export type ConfirmationDialog = SnapDialog & {
  type: 'confirmation';
  ok: () => Promise<void>;
  cancel: () => Promise<void>;
};

/** The snap's answer to one request. */
export type SnapResponse = {
  response: { result: Json } | { error: Json };
};

/** A request the snap is serving: its answer, and the dialog it shows. */
export type PendingSnapRequest = Promise<SnapResponse> & {
  getInterface(): Promise<SnapDialog>;
};

/** A snap installed in the simulator (`await installSnap()`). */
export type SimulatedSnap = {
  request(request: {
    origin?: string;
    method: string;
    params?: JsonRpcParams;
  }): PendingSnapRequest;
};

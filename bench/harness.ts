import type { Json } from '@metamask/snaps-sdk';

import { callsByMethod } from './node';
import type { Wallet } from './scenarios';
import type { LocalNode } from '@snapnet/local-node';

/** The site the benchmark calls the snap as. */
export const ORIGIN = 'https://bench.example';

export type CallTiming = {
  /** Snap time: request → first dialog, approval → next dialog / response. */
  snapMs: number;
  /** Request → first dialog shown, if any. */
  toDialogMs: number | undefined;
  /** HTTP requests to the node (a batch of calls is one). */
  roundTrips: number;
  /**
   * Of those, the ones the node had received when the first dialog was
   * shown: what the user waits for (names read while a dialog is open are
   * not on its path). Undefined when no dialog opens.
   */
  roundTripsBeforeDialog: number | undefined;
  /** The node calls by method (`getNonce`, …); a batch holds several. */
  byMethod: Record<string, number>;
  result: Json;
};

type Pending = ReturnType<Wallet['request']>;
type Dialog = Awaited<ReturnType<Pending['getInterface']>>;

/**
 * Approves a dialog: OK on an alert or a confirmation.
 *
 * @param dialog - The dialog shown.
 */
async function approve(dialog: Dialog): Promise<void> {
  if (!('ok' in dialog)) {
    throw new Error(`Cannot approve a ${String(dialog.type)} dialog`);
  }
  await dialog.ok();
}

/**
 * Calls the snap once, approving `dialogs` dialogs in turn, and times the
 * snap's own work: the time a dialog stays open (the harness approves at
 * once, but the simulator's approval bookkeeping is in it) is left out.
 * The node's request counter is reset first, so `roundTrips` is this call's.
 *
 * @param options - The call.
 * @param options.wallet - The installed snap.
 * @param options.node - The local node the snap talks to.
 * @param options.method - The RPC method.
 * @param options.params - Its params.
 * @param options.dialogs - How many dialogs it opens.
 * @returns Its timing, node round trips and result.
 */
export async function timeCall(options: {
  wallet: Wallet;
  node: LocalNode;
  method: string;
  params: Record<string, Json>;
  dialogs: number;
}): Promise<CallTiming> {
  const { wallet, node, method, params, dialogs } = options;
  node.resetRequestCount();
  const start = performance.now();
  const pending = wallet.request({ origin: ORIGIN, method, params });
  let snapMs = 0;
  let toDialogMs: number | undefined;
  let roundTripsBeforeDialog: number | undefined;
  let resumed = start;
  for (let index = 0; index < dialogs; index++) {
    const dialog = await pending.getInterface({ timeout: 60000 });
    const shown = performance.now();
    snapMs += shown - resumed;
    toDialogMs ??= shown - start;
    roundTripsBeforeDialog ??= node.roundTripCount();
    await approve(dialog);
    resumed = performance.now();
  }
  const { response } = await pending;
  snapMs += performance.now() - resumed;
  const roundTrips = node.roundTripCount();
  const byMethod = callsByMethod(node);
  if ('error' in response) {
    throw new Error(`${method} failed: ${JSON.stringify(response.error)}`);
  }
  return {
    snapMs,
    toDialogMs,
    roundTrips,
    roundTripsBeforeDialog,
    byMethod,
    result: response.result,
  };
}

import { timeCall } from './harness';
import { scenarios, VARIANTS } from './scenarios';
import type { BenchContext, Wallet } from './scenarios';
import { summarize } from './stats';
import type { MethodMeasurement } from './types';
import type { LocalNode } from '@snapnet/local-node';

/**
 * The bench's row of issue #48's story: quick signatures, then the node
 * still answers (see measureQuickSignatures).
 */

/** Signatures approved at once before the story's timed part. */
const QUICK_SIGNATURES = 8;

/**
 * The user who knows the site, on one install: QUICK_SIGNATURES
 * signatures of a message whose address's name is read while its dialog is
 * open, approved at once (MetaMask then cuts off the reads still running),
 * then, timed, an executeTxn and the page's opening. A turn lost to the
 * cut-off reads would show here as a failure or a wait of the node's limit.
 *
 * @param options - What to measure with.
 * @param options.node - The bench's node.
 * @param options.calls - How many measured runs (after a warm-up).
 * @param options.context - The prepared context.
 * @param options.install - Installs the snap, account 0 shared.
 * @returns Its measurement.
 */
export async function measureQuickSignatures(options: {
  node: LocalNode;
  calls: number;
  context: BenchContext;
  install: () => Promise<Wallet>;
}): Promise<MethodMeasurement> {
  const { node, calls, context, install } = options;
  const named = VARIANTS['snapnet_signMessage (named address)'];
  const send = scenarios({ sierra: undefined }).snapnet_executeTxn;
  if (!named || !send || 'skip' in send) {
    throw new Error('The story needs the signMessage and executeTxn rows');
  }
  const times: number[] = [];
  const roundTrips: number[] = [];
  let firstCallMs = 0;
  for (let call = 0; call <= calls; call++) {
    const wallet = await install();
    for (let signature = 0; signature < QUICK_SIGNATURES; signature++) {
      await timeCall({
        wallet,
        node,
        method: named.method,
        params: named.params(context, signature),
        dialogs: 1,
      });
    }
    const start = performance.now();
    const sent = await timeCall({
      wallet,
      node,
      method: 'snapnet_executeTxn',
      params: send.params(context, call),
      dialogs: send.dialogs,
    });
    await wallet.onHomePage();
    const ms = performance.now() - start;
    if (call === 0) {
      firstCallMs = Math.round(ms * 10) / 10;
      continue;
    }
    times.push(ms);
    roundTrips.push(sent.roundTrips);
  }
  return {
    measured: true,
    calls,
    dialogs: send.dialogs,
    latencyMs: summarize(times),
    firstCallMs,
    roundTrips: { min: Math.min(...roundTrips), max: Math.max(...roundTrips) },
    roundTripsByMethod: {},
    note: `on one install: ${QUICK_SIGNATURES} signMessage (named address) approved at once, then timed: executeTxn (its round trips counted) and onHomePage`,
  };
}

import type { Json } from '@metamask/snaps-sdk';

import { callsByMethod } from './node';
import { pageBenchState } from './pageBench';
import { ACCOUNT_0 } from './scenarios';
import type { Wallet } from './scenarios';
import { summarize } from './stats';
import type { MethodMeasurement } from './types';
import { ETH_ADDRESS, STRK_ADDRESS } from '../src/config';
import type { LocalNode } from '@snapnet/local-node';

/**
 * The Swap view's row: 1 STRK for ETH from account 0, quoted on the page
 * (untimed), then Swap up to its confirmation — a fresh quote and the
 * build from the swap API (the local node's, at its root), the checks, and
 * the sender's node round trips — then declined. The node's JSON-RPC round
 * trips are counted; the API's two exchanges are not JSON-RPC and are
 * counted apart, by the test that proxies them (test/chain/swap.test.ts).
 */

/** The page's interface, as the simulator hands it. */
type Page = ReturnType<
  Awaited<ReturnType<Wallet['onHomePage']>>['getInterface']
>;

/**
 * Opens the Swap view and gets a quote for 1 STRK → ETH from account 0.
 *
 * @param wallet - The snap.
 * @returns The view with its quote.
 */
async function quoted(wallet: Wallet): Promise<Page> {
  const home = (await wallet.onHomePage()).getInterface();
  const opened = home.waitForUpdate();
  await home.clickElement('home-view:swap');
  const view = await opened;
  await view.selectInDropdown('swap-from', ACCOUNT_0);
  await view.selectInDropdown('swap-sell', STRK_ADDRESS);
  await view.selectInDropdown('swap-buy', ETH_ADDRESS);
  await view.typeInField('swap-amount', '1');
  const drawn = view.waitForUpdate();
  await view.clickElement('home-swap:submit');
  return drawn;
}

/**
 * Measures Swap to its dialog, `calls` times after a warm-up, each on a
 * fresh install of the page bench's state (its accounts deployed and funded
 * by the Stake row before it).
 *
 * @param options - What to measure with.
 * @param options.node - The bench's node.
 * @param options.calls - How many measured runs.
 * @param options.install - Installs the snap from a state.
 * @returns The measurement.
 */
export async function measureSwapToDialog(options: {
  node: LocalNode;
  calls: number;
  install: (state: Record<string, Json>) => Promise<Wallet>;
}): Promise<MethodMeasurement> {
  const { node, calls, install } = options;
  const state = await pageBenchState();
  const times: number[] = [];
  const roundTrips: number[] = [];
  let firstCallMs = 0;
  let byMethod: Record<string, number> = {};
  for (let call = 0; call <= calls; call++) {
    const wallet = await install(state);
    const view = await quoted(wallet);
    if (!JSON.stringify(view.content).includes('home-swap-go')) {
      throw new Error('The Swap view shows no quote to swap');
    }
    node.resetRequestCount();
    const start = performance.now();
    const redrawn = view.waitForUpdate();
    const pressed = view.clickElement('home-swap-go');
    // One interface is current for the simulated snap: a harmless
    // request's getInterface() answers the dialog the press opened.
    const dialog = await wallet
      .request({ method: 'snapnet_getCurrentNetwork' })
      .getInterface();
    const ms = performance.now() - start;
    const trips = node.roundTripCount();
    if (dialog.type !== 'confirmation') {
      throw new Error(
        `Swap opened a ${String(dialog.type)}, not its confirmation`,
      );
    }
    byMethod = callsByMethod(node);
    await dialog.cancel();
    await pressed;
    await redrawn;
    if (call === 0) {
      firstCallMs = Math.round(ms * 10) / 10;
      continue;
    }
    times.push(ms);
    roundTrips.push(trips);
  }
  return {
    measured: true,
    calls,
    dialogs: 1,
    latencyMs: summarize(times),
    toDialogMs: summarize(times),
    firstCallMs,
    roundTrips: { min: Math.min(...roundTrips), max: Math.max(...roundTrips) },
    roundTripsBeforeDialog: {
      min: Math.min(...roundTrips),
      max: Math.max(...roundTrips),
    },
    roundTripsByMethod: byMethod,
    note: "Swap on the page's quote (1 STRK → ETH, quoted untimed) up to its confirmation: the swap API's fresh quote and build (2 HTTP exchanges, not counted here), the checks, the sender's node round trips; declined",
  };
}

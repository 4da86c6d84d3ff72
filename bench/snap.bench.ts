import { installSnap } from '@metamask/snaps-jest';
import type { Json } from '@metamask/snaps-sdk';
import { mkdir, readFile, writeFile } from 'fs/promises';
import { dirname, resolve } from 'path';

import { timeCall } from './harness';
import { startBenchNode } from './node';
import { addBusyTraffic, benchAccounts, measurePageAction } from './pageBench';
import { ROOT, SNAP_MEASUREMENTS } from './paths';
import { measureQuickSignatures } from './quickSignaturesBench';
import {
  ACCOUNT_0,
  isJsonObject,
  NAMED_RECIPIENT,
  RECIPIENT_NAME,
  scenarios,
  TYPED_DATA,
  VARIANTS,
} from './scenarios';
import type { BenchContext, Scenario, Wallet } from './scenarios';
import { stakeFromBenchAccounts } from './stakingBench';
import { summarize } from './stats';
import { measureSwapToDialog } from './swapBench';
import type { MethodMeasurement, SnapMeasurements } from './types';
import { methods } from '../src/methods/router';
import { nodeRequest } from '../test/chain/node';
import type { LocalNode } from '@snapnet/local-node';

/**
 * The snap's figures in the snaps-jest simulation: install time, and per
 * method of the router table its latency and node round trips. Started by
 * bench/run.ts; writes results/snap.tmp. Counts are bounded (≤ 50).
 */

const bounded = (value: string | undefined, fallback: number): number =>
  Math.min(Math.max(Number(value ?? fallback) || fallback, 1), 50);
const CALLS = bounded(process.env.BENCH_CALLS, 10);
const INSTALLS = bounded(process.env.BENCH_INSTALLS, 10);
/**
 * Only these rows of the method table and its variants, when set (a comma
 * list, e.g. `snapnet_signMessage`): to measure one row on a shared machine
 * (with jest's `-t` for the other parts).
 */
const ONLY = process.env.BENCH_ONLY?.split(',');
const wanted = (row: string): boolean => ONLY?.includes(row) ?? true;
const ONE_HUNDRED_STRK = 100n * 10n ** 18n;

const measurements: SnapMeasurements = {
  install: { firstMs: 0, ms: { median: 0, min: 0, max: 0, samples: 0 } },
  methods: {},
};
let node: LocalNode;

/**
 * The declare fixture: an ERC-20 Sierra class vendored in the repository.
 *
 * @returns The class.
 */
async function loadSierra(): Promise<Record<string, Json> | undefined> {
  const parsed: unknown = JSON.parse(
    await readFile(
      resolve(ROOT, 'vendor/contracts/ERC20-StarkGate.sierra.json'),
      'utf8',
    ),
  );
  return isJsonObject(parsed) ? parsed : undefined;
}

/**
 * The hash of a STRK transfer from account 0 (the executeTxn row's own
 * transfer), sent through the snap and approved.
 *
 * @param wallet - The installed snap, account 0 shared.
 * @returns The transaction hash.
 */
async function sentTransfer(wallet: Wallet): Promise<string> {
  const scenario = scenarios({ sierra: undefined }).snapnet_executeTxn;
  if (scenario === undefined || 'skip' in scenario) {
    throw new Error('The executeTxn row has no transfer to send');
  }
  const sent = await timeCall({
    wallet,
    node,
    method: 'snapnet_executeTxn',
    params: scenario.params(
      { deployTxHash: '0x0', signature: '', sierra: undefined },
      0,
    ),
    dialogs: scenario.dialogs,
  });
  const hash = isJsonObject(sent.result)
    ? sent.result.transaction_hash
    : undefined;
  if (typeof hash !== 'string' || hash === '') {
    throw new Error('The transfer returned no transaction hash');
  }
  return hash;
}

/**
 * Installs the snap (fresh state, or the given one).
 *
 * @param state - Snap state to start from.
 * @returns The snap.
 */
async function install(state?: Record<string, Json>): Promise<Wallet> {
  return installSnap(state ? { options: { state } } : {});
}

/**
 * Installs the snap and shares account 0 with the bench origin, as a dapp's
 * connect does: `snapnet_createAccount {addressIndex: 0}`, its share dialog
 * approved (untimed; the node is not asked).
 *
 * @param state - Snap state to start from.
 * @returns The snap.
 */
async function installSharingAccount0(
  state?: Record<string, Json>,
): Promise<Wallet> {
  const wallet = await install(state);
  await timeCall({
    wallet,
    node,
    method: 'snapnet_createAccount',
    params: { addressIndex: 0 },
    dialogs: 1,
  });
  return wallet;
}

/**
 * Runs a method's scenario: a warm-up call, then CALLS measured calls.
 *
 * @param context - The prepared context.
 * @param method - The RPC method.
 * @param scenario - How to call it.
 * @returns Its measurement.
 */
async function measureMethod(
  context: BenchContext,
  method: string,
  scenario: Scenario,
): Promise<MethodMeasurement> {
  let wallet = await installSharingAccount0();
  const snapMs: number[] = [];
  const toDialogMs: number[] = [];
  const roundTrips: number[] = [];
  const beforeDialog: number[] = [];
  let firstCallMs = 0;
  let byMethod: Record<string, number> = {};
  for (let call = 0; call <= CALLS; call++) {
    const state = scenario.stateBeforeEachCall?.();
    if (state) {
      wallet = await installSharingAccount0(state);
    }
    const timing = await timeCall({
      wallet,
      node,
      method,
      params: scenario.params(context, call),
      dialogs: scenario.dialogs,
    });
    if (call === 0) {
      firstCallMs = Math.round(timing.snapMs * 10) / 10;
      continue;
    }
    snapMs.push(timing.snapMs);
    roundTrips.push(timing.roundTrips);
    if (timing.roundTripsBeforeDialog !== undefined) {
      beforeDialog.push(timing.roundTripsBeforeDialog);
    }
    byMethod = timing.byMethod;
    if (timing.toDialogMs !== undefined) {
      toDialogMs.push(timing.toDialogMs);
    }
  }
  return {
    measured: true,
    calls: CALLS,
    dialogs: scenario.dialogs,
    latencyMs: summarize(snapMs),
    ...(toDialogMs.length > 0 ? { toDialogMs: summarize(toDialogMs) } : {}),
    firstCallMs,
    roundTrips: { min: Math.min(...roundTrips), max: Math.max(...roundTrips) },
    ...(beforeDialog.length > 0
      ? {
          roundTripsBeforeDialog: {
            min: Math.min(...beforeDialog),
            max: Math.max(...beforeDialog),
          },
        }
      : {}),
    roundTripsByMethod: byMethod,
    ...(scenario.note ? { note: scenario.note } : {}),
  };
}

/**
 * Measures a row of the page's table, unless BENCH_ONLY leaves it out.
 *
 * @param row - The row's name.
 * @param options - Its scenario (see measurePageAction).
 */
async function measureRow(
  row: string,
  options: Omit<Parameters<typeof measurePageAction>[0], 'node' | 'install'>,
): Promise<void> {
  if (wanted(row)) {
    measurements.methods[row] = await measurePageAction({
      node,
      install,
      ...options,
    });
  }
}

beforeAll(async () => {
  node = await startBenchNode();
  await nodeRequest(node, 'devnet_mint', {
    address: ACCOUNT_0,
    amount: ONE_HUNDRED_STRK.toString(),
    unit: 'FRI',
  });
  await nodeRequest(node, 'local_setStarkName', {
    name: RECIPIENT_NAME,
    address: NAMED_RECIPIENT,
  });
});

afterAll(async () => {
  await node.stop();
  await mkdir(dirname(SNAP_MEASUREMENTS), { recursive: true });
  await writeFile(
    SNAP_MEASUREMENTS,
    `${JSON.stringify(measurements, null, 2)}\n`,
  );
});

describe('snap benchmark', () => {
  it("opens the wallet's page and runs its background check", async () => {
    await measureRow('home page (5 accounts × 10 tokens)', {
      calls: CALLS,
      note: 'onHomePage of a fresh install: 5 Testnet accounts, 10 tracked tokens, 20 pending transactions, with values (the oracle reads of the priced tokens in the same batch; node round trips; the paymaster asked apart)',
      action: async (wallet) => wallet.onHomePage(),
    });
    // Each view that reads the node, opened from the overview (its click
    // alone measured).
    for (const [view, reads] of [
      ['send', 'balances, and the paymaster apart'],
      ['activity', '20 pending statuses'],
      ['tokens', 'received tokens’ balances (none found here), logos'],
      ['accounts', 'deployments and names'],
    ] as const) {
      let page: Awaited<ReturnType<Wallet['onHomePage']>> | undefined;
      await measureRow(`home page ${view} view (5 accounts × 10 tokens)`, {
        calls: CALLS,
        note: `the ${view} button of the page's overview (opened untimed): one batch, ${reads}`,
        before: async (wallet) => {
          page = await wallet.onHomePage();
        },
        action: async () => {
          const home = page?.getInterface();
          const updated = home?.waitForUpdate();
          await home?.clickElement(`home-view:${view}`);
          await updated;
        },
      });
    }
    // The same page once every account has a name that resolves back.
    for (const [index, address] of (await benchAccounts()).entries()) {
      await nodeRequest(node, 'local_setStarkName', {
        name: `bench-account-${index}.stark`,
        address,
      });
    }
    await measureRow('home page (5 named accounts × 10 tokens)', {
      calls: CALLS,
      note: "onHomePage as above, each account with a Starknet ID name that resolves back (the forward lookups' batch runs beside the page's other reads)",
      action: async (wallet) => wallet.onHomePage(),
    });
    await measureRow('background check (20 pending)', {
      calls: CALLS,
      note: 'onCronjob refreshTransactions: 20 pending transactions of 5 accounts, 10 tracked tokens',
      action: async (wallet) =>
        wallet.onCronjob({ method: 'refreshTransactions' }),
    });
    await measureRow('background check with token search (20 pending)', {
      calls: CALLS,
      searchDue: true,
      note: 'onCronjob as above, its token search due (every ten minutes): the statuses and balances batch, then the latest block and the Transfer search of every account (and the Cairo 0 tokens, by address) in one batch',
      action: async (wallet) =>
        wallet.onCronjob({ method: 'refreshTransactions' }),
    });
    // The Stake view once each account stakes in 3 pools: opened once
    // (untimed: it finds the positions and stores them), then read anew.
    await stakeFromBenchAccounts(node, 5, 3);
    let staking: Awaited<ReturnType<Wallet['onHomePage']>> | undefined;
    await measureRow('home page stake view (5 accounts × 3 pools, liquid)', {
      calls: CALLS,
      note: "the Stake view's Refresh (opened untimed, which found the positions from block 0 in two round trips): the latest block, the new events, 15 positions, the validators' pools, the rate's inputs, and the liquid part (Endur's rate now and at a past block, 5 xSTRK holdings, the queue's new events, 5 requests and their owners, the queue's state), in one batch",
      before: async (wallet) => {
        staking = await wallet.onHomePage();
        const home = staking.getInterface();
        const updated = home.waitForUpdate();
        await home.clickElement('home-view:stake');
        await updated;
      },
      // The click resolves once the snap's handler returned (the view drawn
      // anew); a Refresh that finds nothing new draws the same content, for
      // which waitForUpdate would wait for ever.
      action: async () => staking?.getInterface().clickElement('home-refresh'),
    });
    // A swap from the page, the accounts deployed and funded by the stakes.
    const swapRow = 'home page swap: Swap to its dialog (1 STRK → ETH)';
    if (wanted(swapRow)) {
      measurements.methods[swapRow] = await measureSwapToDialog({
        node,
        calls: CALLS,
        install,
      }).catch((error: unknown) => ({
        measured: false,
        reason: `failed: ${String(error)}`,
      }));
    }
  });

  it('installs the snap', async () => {
    const times: number[] = [];
    for (let index = 0; index <= INSTALLS; index++) {
      const start = performance.now();
      await install();
      times.push(performance.now() - start);
    }
    const [first = 0, ...rest] = times;
    measurements.install = {
      firstMs: Math.round(first * 10) / 10,
      ms: summarize(rest),
    };
  });

  it('calls every method of the router table', async () => {
    const wallet = await install();
    const deploy = await timeCall({
      wallet,
      node,
      method: 'snapnet_createAccount',
      params: { deploy: true },
      dialogs: 1,
    });
    const signed = await timeCall({
      wallet,
      node,
      method: 'snapnet_signMessage',
      params: { typedDataMessage: TYPED_DATA, signerAddress: ACCOUNT_0 },
      dialogs: 1,
    });
    if (!isJsonObject(deploy.result) || typeof signed.result !== 'string') {
      throw new Error('Unexpected setup results');
    }
    const { transaction_hash: deployed } = deploy.result;
    if (typeof deployed !== 'string') {
      throw new Error('The deployment returned no transaction hash');
    }
    // The page's rows run first and deploy account 0 for its staking: the
    // deployment then sends nothing (an empty hash), and a transfer of
    // account 0 gives getTransactionStatus a transaction to ask about.
    const deployTxHash =
      deployed === '' ? await sentTransfer(wallet) : deployed;
    const sierra = await loadSierra();
    const context: BenchContext = {
      deployTxHash,
      signature: signed.result,
      sierra,
    };
    const table = scenarios({ sierra });
    for (const method of Object.keys(methods).filter(wanted)) {
      const scenario = table[method];
      if (scenario === undefined) {
        measurements.methods[method] = {
          measured: false,
          reason: 'no bench scenario',
        };
      } else if ('skip' in scenario) {
        measurements.methods[method] = {
          measured: false,
          reason: scenario.skip,
        };
      } else {
        try {
          measurements.methods[method] = await measureMethod(
            context,
            method,
            scenario,
          );
        } catch (error) {
          measurements.methods[method] = {
            measured: false,
            reason: `failed: ${String(error)}`,
          };
        }
      }
    }
    for (const [name, { method, ...scenario }] of Object.entries(
      VARIANTS,
    ).filter(([row]) => wanted(row))) {
      measurements.methods[name] = await measureMethod(
        context,
        method,
        scenario,
      ).catch((error: unknown) => ({
        measured: false,
        reason: `failed: ${String(error)}`,
      }));
    }
    const story = 'signMessage ×8 then executeTxn and the page (one install)';
    if (wanted(story)) {
      measurements.methods[story] = await measureQuickSignatures({
        node,
        calls: CALLS,
        context,
        install: installSharingAccount0,
      }).catch((error: unknown) => ({
        measured: false,
        reason: `failed: ${String(error)}`,
      }));
    }
  });
  it('reads history and the page’s More on a busy chain', async () => {
    // Thousands of strangers' transfers around one to account 0 (last,
    // after every other row, so that they run on the quiet chain).
    await addBusyTraffic(node, ACCOUNT_0);
    const scenario: Scenario = {
      dialogs: 0,
      note: 'account 0 on a busy chain: 3,000 strangers’ STRK transfers around one it received (history from the node, none in state)',
      params: () => ({ senderAddress: ACCOUNT_0 }),
    };
    measurements.methods['getTransactions (busy chain)'] = await measureMethod(
      { deployTxHash: '0x0', signature: '', sierra: undefined },
      'snapnet_getTransactions',
      scenario,
    );
    let activity:
      | ReturnType<Awaited<ReturnType<Wallet['onHomePage']>>['getInterface']>
      | undefined;
    measurements.methods['home page More (busy chain)'] =
      await measurePageAction({
        node,
        install,
        calls: CALLS,
        note: 'More alone (the page and its Activity view opened untimed), on the busy chain: 5 accounts × 10 tokens, 20 pending (the page’s batch, the history’s events — three filters: every account and token listed —, and what it found)',
        before: async (wallet) => {
          const home = (await wallet.onHomePage()).getInterface();
          const opened = home.waitForUpdate();
          await home.clickElement('home-view:activity');
          activity = await opened;
        },
        action: async () => {
          const updated = activity?.waitForUpdate();
          await activity?.clickElement('home-activity-more:5');
          await updated;
        },
      });
  });
});

import { boundsFromEstimate, feeWarnings, maxFeeOf, pricesOf } from './fees';
import type { PreparedTransaction } from './prepare';
import { InvalidInputError } from '../errors';
import type { GasPrices } from '../node/calls';
import type { NodeFeeEstimate } from '../node/calls';
import type { BalanceChange, SimulatedTransaction } from '../node/simulation';
import { balanceChangesOf, revertReasonOf } from '../node/simulation';
import type { TipEstimate } from '../node/tips';
import { toHex } from '../protocol/values';
import type { PartialDetails, V3Details } from '../signing/details';
import { completeDetails } from '../signing/details';

export type TransactionKind = 'INVOKE' | 'DECLARE' | 'DEPLOY_ACCOUNT';

/** One transaction of a sequence, built (and signed) from its details. */
export type Step = {
  kind: TransactionKind;
  /** The transaction hash with these details: what a signature signs. */
  hash: (details: V3Details) => string;
  /** The transaction for the node, signed or not (for simulations). */
  build: (details: V3Details, sign: boolean) => PreparedTransaction;
};

/** Details as a dapp gives them, with its fee cap and validation choice. */
export type DappDetails = PartialDetails & {
  skipValidate?: boolean | undefined;
  maxFee?: string | undefined;
};

/** One transaction of a plan, with everything its hash is made of. */
export type PlannedTransaction = {
  kind: TransactionKind;
  details: V3Details;
  /** The most it can cost (FRI), tip included. */
  maxFee: bigint;
  /** Whether the nonce is the dapp's rather than the wallet's. */
  dappNonce: boolean;
  /**
   * Where its tip comes from: the dapp ('site'), recent blocks (their
   * estimate), or nowhere (undefined: no tip was estimated).
   */
  tipFrom?: 'site' | TipEstimate | undefined;
};

/** A sequence of transactions ready to show, sign and send. */
export type Plan = {
  transactions: PlannedTransaction[];
  /** The most the whole sequence can cost (FRI). */
  maxFee: bigint;
  /** The node's estimate of each transaction, when simulated. */
  estimates: NodeFeeEstimate[];
  /** The network's current prices, when the node was asked. */
  prices: GasPrices | undefined;
  /** The account's token balance changes in the simulation. */
  balanceChanges: BalanceChange[];
  /** Why the simulated execution reverted, if it did. */
  revertReason: string | undefined;
  /**
   * The simulated execution of the intent (its trace's execute invocation,
   * as the node sent it), for checking the balance changes against the
   * calls (balanceCheck.ts).
   */
  intentExecution: unknown;
  /** Fees far above the network's prices, or below what it needs. */
  feeWarnings: string[];
};

export const QUERY_VERSION = '0x100000000000000000000000000000003';

const ZERO_BOUNDS = {
  l1_gas: { max_amount: '0x0', max_price_per_unit: '0x0' },
  l2_gas: { max_amount: '0x0', max_price_per_unit: '0x0' },
  l1_data_gas: { max_amount: '0x0', max_price_per_unit: '0x0' },
};

/**
 * The query transactions that simulate a sequence: query version, no
 * bounds, the dapp's details on the last step, nonces from `firstNonce` on.
 *
 * @param steps - The transactions, in order.
 * @param given - The dapp's details for the last step.
 * @param field - The param name of the details, to blame.
 * @param firstNonce - The account's nonce on the node.
 * @returns The transactions to simulate.
 */
export function simulationQueries(
  steps: Step[],
  given: DappDetails,
  field: string,
  firstNonce: bigint,
): PreparedTransaction['transaction'][] {
  const lastIndex = steps.length - 1;
  const signQueries = given.skipValidate === false;
  return steps.map((step, index) => {
    const known = index === lastIndex ? given : {};
    return step.build(
      {
        ...completeDetails(
          { ...known, nonce: undefined, resourceBounds: undefined },
          field,
          {
            nonce: `0x${(firstNonce + BigInt(index)).toString(16)}`,
            resourceBounds: ZERO_BOUNDS,
          },
        ),
        version: QUERY_VERSION,
      },
      signQueries,
    ).transaction;
  });
}

/**
 * Fixes the details of a sequence of transactions from one account (e.g.
 * deploy, then invoke), from the node's simulation (or its current prices
 * when nothing could be simulated). The dapp's details apply to the last
 * step; bounds it does not give come from the simulation's estimate, with
 * headroom. A `maxFee` cap counts the tip, as the protocol charges it.
 *
 * @param args - What to plan.
 * @param args.steps - The transactions, in order.
 * @param args.given - The dapp's details for the last step.
 * @param args.field - The param name of the details, to blame.
 * @param args.firstNonce - The nonce of the first step.
 * @param args.account - The sender (for balance changes).
 * @param args.simulated - The node's simulation of the steps, if made.
 * @param args.prices - The node's prices, when not simulated.
 * @param args.tip - The tip recent blocks suggest, for each step whose tip
 * the dapp does not name.
 * @returns The plan.
 */
export function planFrom(args: {
  steps: Step[];
  given: DappDetails;
  field: string;
  firstNonce: bigint;
  account: string;
  simulated?: SimulatedTransaction[];
  prices?: GasPrices;
  tip?: TipEstimate | undefined;
}): Plan {
  const { steps, given, field, simulated } = args;
  const lastIndex = steps.length - 1;
  const estimates = (simulated ?? []).map(
    ({ fee_estimation: estimate }) => estimate,
  );
  const prices =
    args.prices ?? (estimates[0] ? pricesOf(estimates[0]) : undefined);
  const warnings: string[] = [];
  const transactions = steps.map((step, index) => {
    const known = index === lastIndex ? given : {};
    const estimate = estimates[index];
    const tipFrom: PlannedTransaction['tipFrom'] =
      known.tip === undefined ? args.tip : 'site';
    const tip =
      tipFrom === undefined || tipFrom === 'site'
        ? known.tip
        : toHex(tipFrom.tip);
    const details = completeDetails({ ...known, tip }, field, {
      nonce: `0x${(args.firstNonce + BigInt(index)).toString(16)}`,
      ...(estimate ? { resourceBounds: boundsFromEstimate(estimate) } : {}),
    });
    if (prices) {
      warnings.push(...feeWarnings(details, prices, estimate));
    }
    return {
      kind: step.kind,
      details,
      maxFee: maxFeeOf(details),
      dappNonce: known.nonce !== undefined,
      ...(tipFrom ? { tipFrom } : {}),
    };
  });
  const maxFee = transactions.reduce((total, each) => total + each.maxFee, 0n);
  if (given.maxFee !== undefined && maxFee > BigInt(given.maxFee)) {
    throw new InvalidInputError(
      `${field}.maxFee`,
      `${BigInt(given.maxFee)} is below the most this transaction may cost (${maxFee}, tip included); raise it or omit it`,
    );
  }
  const last = simulated?.[lastIndex];
  return {
    transactions,
    maxFee,
    estimates,
    prices,
    balanceChanges: simulated ? balanceChangesOf(simulated, args.account) : [],
    revertReason: last ? revertReasonOf(last) : undefined,
    intentExecution: last?.transaction_trace.execute_invocation,
    feeWarnings: [...new Set(warnings)],
  };
}

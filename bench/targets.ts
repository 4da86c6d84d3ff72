import type { BundleFigures } from './bundle';
import type { MethodMeasurement, SnapMeasurements } from './types';

export type TargetCheck = {
  name: string;
  target: string;
  actual: string;
  met: boolean;
};

/**
 * The older ConsenSys Starknet snap's figures on this machine: the bar
 * this wallet is held to.
 */
const BUNDLE_BYTES = 466_000;
const INSTALL_MEDIAN_MS = 310;
const SIGN_MESSAGE_MEDIAN_MS = 29;
const EXECUTE_ROUND_TRIPS = 3;

/**
 * The page opens with one batched node read per network (issue #28), and
 * each of its views with one at most (issue #33).
 */
const PAGE_ROUND_TRIPS = 1;

/** One background run: one batch per network with pending transactions. */
const BACKGROUND_ROUND_TRIPS = 1;

/**
 * Node 3 (account and classes; simulation, ABIs and nonce; the answered
 * hash's receipt: did it run what was signed?), paymaster 2.
 */
const PAYMASTER_EXECUTE_ROUND_TRIPS = 5;

/**
 * A round-trip target: the most trips any measured call made.
 *
 * @param name - The target's name.
 * @param measurement - The method's measurement.
 * @param most - The most round trips allowed.
 * @returns The check.
 */
function roundTripCheck(
  name: string,
  measurement: MethodMeasurement | undefined,
  most: number,
): TargetCheck {
  const target = most === 0 ? '0 round trips' : `≤ ${most} round trips`;
  if (!measurement?.measured) {
    return { name, target, actual: 'not measured', met: false };
  }
  const { max } = measurement.roundTrips;
  return { name, target, actual: `${max}`, met: max <= most };
}

/**
 * A round-trip target of what the user waits for: the most trips any
 * measured call made before its first dialog was shown (names read while
 * the dialog is open come after).
 *
 * @param name - The target's name.
 * @param measurement - The method's measurement.
 * @param most - The most round trips allowed before the dialog.
 * @returns The check.
 */
function beforeDialogCheck(
  name: string,
  measurement: MethodMeasurement | undefined,
  most: number,
): TargetCheck {
  const target = `${most === 0 ? '0 round trips' : `≤ ${most} round trips`} before the dialog`;
  if (!measurement?.measured || !measurement.roundTripsBeforeDialog) {
    return { name, target, actual: 'not measured', met: false };
  }
  const { max } = measurement.roundTripsBeforeDialog;
  return { name, target, actual: `${max}`, met: max <= most };
}

/**
 * Every target with the measured figure beside it.
 *
 * @param bundle - The bundle figures.
 * @param snap - The snaps-jest figures.
 * @returns The checks.
 */
export function checkTargets(
  bundle: BundleFigures | undefined,
  snap: SnapMeasurements | undefined,
): TargetCheck[] {
  const { methods = {} } = snap ?? {};
  const signMessage = methods.snapnet_signMessage;
  return [
    {
      name: 'bundle size',
      target: `≤ ${BUNDLE_BYTES.toLocaleString('en-US')} bytes`,
      actual: bundle
        ? `${bundle.bytes.toLocaleString('en-US')} bytes`
        : 'not measured',
      met: bundle !== undefined && bundle.bytes <= BUNDLE_BYTES,
    },
    {
      name: 'install, median',
      target: `≤ ${INSTALL_MEDIAN_MS / 1000} s`,
      actual: snap
        ? `${(snap.install.ms.median / 1000).toFixed(3)} s`
        : 'not measured',
      met: snap !== undefined && snap.install.ms.median <= INSTALL_MEDIAN_MS,
    },
    roundTripCheck('extractPublicKey', methods.snapnet_extractPublicKey, 0),
    roundTripCheck('displayPrivateKey', methods.snapnet_displayPrivateKey, 0),
    beforeDialogCheck('signMessage', signMessage, 0),
    beforeDialogCheck(
      'signMessage (named address)',
      methods['snapnet_signMessage (named address)'],
      0,
    ),
    {
      name: 'signMessage, median latency',
      target: `≤ ${SIGN_MESSAGE_MEDIAN_MS} ms`,
      actual: signMessage?.measured
        ? `${signMessage.latencyMs.median} ms`
        : 'not measured',
      met:
        signMessage?.measured === true &&
        signMessage.latencyMs.median <= SIGN_MESSAGE_MEDIAN_MS,
    },
    roundTripCheck(
      'executeTxn (deployed account)',
      methods.snapnet_executeTxn,
      EXECUTE_ROUND_TRIPS,
    ),
    roundTripCheck(
      'executeTxn through the paymaster',
      methods['snapnet_executeTxn (paymaster)'],
      PAYMASTER_EXECUTE_ROUND_TRIPS,
    ),
    roundTripCheck(
      'home page, 5 accounts × 10 tokens',
      methods['home page (5 accounts × 10 tokens)'],
      PAGE_ROUND_TRIPS,
    ),
    ...(['send', 'activity', 'tokens', 'accounts'] as const).map((view) =>
      roundTripCheck(
        `home page ${view} view`,
        methods[`home page ${view} view (5 accounts × 10 tokens)`],
        PAGE_ROUND_TRIPS,
      ),
    ),
    roundTripCheck(
      'background check, 20 pending',
      methods['background check (20 pending)'],
      BACKGROUND_ROUND_TRIPS,
    ),
  ];
}

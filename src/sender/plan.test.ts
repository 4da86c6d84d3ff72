import type { Step } from './plan';
import { planFrom, QUERY_VERSION, simulationQueries } from './plan';
import type { SimulatedTransaction } from '../node/simulation';

const ESTIMATE = {
  l1_gas_consumed: '0x0',
  l1_gas_price: '0x10',
  l2_gas_consumed: '0x100',
  l2_gas_price: '0x10',
  l1_data_gas_consumed: '0x8',
  l1_data_gas_price: '0x2',
  overall_fee: '0x1010',
  unit: 'FRI',
};

/**
 * A step that records the details it is built with.
 *
 * @param kind - Its kind.
 * @param seen - Where to record.
 * @returns The step.
 */
function recordingStep(
  kind: Step['kind'],
  seen: Parameters<Step['build']>[0][],
): Step {
  return {
    kind,
    hash: () => '0x1',
    build: (details): ReturnType<Step['build']> => {
      seen.push(details);
      return {
        hash: '0x1',
        transaction: {
          type: 'INVOKE',
          sender_address: '0x1',
          calldata: [],
          version: details.version,
          signature: [],
          nonce: details.nonce,
          resource_bounds: details.resourceBounds,
          tip: details.tip,
          paymaster_data: details.paymasterData,
          account_deployment_data: details.accountDeploymentData,
          nonce_data_availability_mode: details.nonceDataAvailabilityMode,
          fee_data_availability_mode: details.feeDataAvailabilityMode,
        },
      };
    },
  };
}

/**
 * A simulation of one transaction.
 *
 * @returns It.
 */
function simulated(): SimulatedTransaction {
  return {
    transaction_trace: {
      type: 'INVOKE',
      execute_invocation: { contract_address: '0x1', calls: [], events: [] },
      constructor_invocation: undefined,
    },
    fee_estimation: ESTIMATE,
  };
}

describe('planning', () => {
  it('simulates a sequence at query version with the node nonce, the dapp’s tip on the last step', () => {
    const seen: Parameters<Step['build']>[0][] = [];
    simulationQueries(
      [recordingStep('DEPLOY_ACCOUNT', seen), recordingStep('INVOKE', seen)],
      { tip: '0x7', nonce: '0x99' },
      'details',
      0n,
    );
    expect(seen.map(({ nonce }) => nonce)).toStrictEqual(['0x0', '0x1']);
    expect(seen.map(({ version }) => version)).toStrictEqual([
      QUERY_VERSION,
      QUERY_VERSION,
    ]);
    expect(seen.map(({ tip }) => tip)).toStrictEqual(['0x0', '0x7']);
  });

  it('bounds each step from its estimate with headroom, and caps the sum tip included', () => {
    const steps = [
      recordingStep('DEPLOY_ACCOUNT', []),
      recordingStep('INVOKE', []),
    ];
    const plan = planFrom({
      steps,
      given: { tip: '0x2' },
      field: 'details',
      firstNonce: 4n,
      account: '0x1',
      simulated: [simulated(), simulated()],
    });
    const [deploy, invoke] = plan.transactions;
    // Bounds: 1.5× amounts and prices; the tip paid on every unit of L2 gas.
    const base = 0x180n * 0x18n + 0xcn * 0x3n;
    expect(deploy?.maxFee).toBe(base);
    expect(invoke?.maxFee).toBe(base + 0x180n * 2n);
    expect(plan.maxFee).toBe(2n * base + 0x180n * 2n);
    expect(invoke?.details.nonce).toBe('0x5');
    expect(invoke?.dappNonce).toBe(false);
    expect(plan.feeWarnings).toStrictEqual([]);
    expect(() =>
      planFrom({
        steps,
        given: { tip: '0x2', maxFee: (2n * base).toString() },
        field: 'details',
        firstNonce: 4n,
        account: '0x1',
        simulated: [simulated(), simulated()],
      }),
    ).toThrow('details.maxFee');
  });

  it('signs the dapp’s nonce and bounds as given, and flags bounds far from the estimate', () => {
    const plan = planFrom({
      steps: [recordingStep('INVOKE', [])],
      given: {
        nonce: '0x9',
        resourceBounds: {
          l1_gas: { max_amount: '0x0', max_price_per_unit: '0x10' },
          l2_gas: { max_amount: '0x10000', max_price_per_unit: '0x10' },
          l1_data_gas: { max_amount: '0x8', max_price_per_unit: '0x2' },
        },
      },
      field: 'transactionsDetail',
      firstNonce: 3n,
      account: '0x1',
      simulated: [simulated()],
    });
    const [only] = plan.transactions;
    expect(only?.details.nonce).toBe('0x9');
    expect(only?.dappNonce).toBe(true);
    expect(plan.feeWarnings.join(' ')).toContain('L2 gas amount cap (65536)');
  });
});

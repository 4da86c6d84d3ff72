import { balanceChangesOf, revertReasonOf, transferOf } from './simulation';
import type { SimulatedTransaction } from './simulation';

const TRANSFER =
  '0x99cd8bde557814842a3121e8ddfd433a539b8c9f14bf31ebf108d12e6196e9';
const TOKEN = `0x${'0'.repeat(63)}7`;
const ACCOUNT = `0x${'0'.repeat(61)}acc`;
const FEE = {
  l1_gas_consumed: '0x0',
  l1_gas_price: '0x1',
  l2_gas_consumed: '0x1',
  l2_gas_price: '0x1',
  l1_data_gas_consumed: '0x0',
  l1_data_gas_price: '0x1',
  overall_fee: '0x1',
  unit: 'FRI',
};

/**
 * A simulated INVOKE whose execution is `invocation`.
 *
 * @param invocation - The execute invocation.
 * @returns The simulation.
 */
function simulated(invocation: unknown): SimulatedTransaction {
  return {
    transaction_trace: {
      type: 'INVOKE',
      execute_invocation: invocation,
      constructor_invocation: undefined,
    },
    fee_estimation: FEE,
  };
}

describe('simulation', () => {
  it('reads both Cairo layouts of the ERC-20 Transfer event', () => {
    expect(
      transferOf({ keys: [TRANSFER], data: ['0x1', '0x2', '0x5', '0x1'] }),
    ).toStrictEqual({ from: 1n, to: 2n, amount: 5n + 2n ** 128n });
    expect(
      transferOf({ keys: [TRANSFER, '0x1', '0x2'], data: ['0x5', '0x0'] }),
    ).toStrictEqual({ from: 1n, to: 2n, amount: 5n });
    expect(
      transferOf({ keys: [TRANSFER, '0x1'], data: ['0x5', '0x0'] }),
    ).toBeUndefined();
    expect(
      transferOf({ keys: ['0x1234'], data: ['0x1', '0x2', '0x5', '0x0'] }),
    ).toBeUndefined();
  });

  it('nets the account’s transfers per token across nested calls', () => {
    const changes = balanceChangesOf(
      [
        simulated({
          contract_address: ACCOUNT,
          events: [],
          calls: [
            {
              contract_address: TOKEN,
              events: [
                { keys: [TRANSFER], data: [ACCOUNT, '0x9', '0x64', '0x0'] },
              ],
              calls: [
                {
                  contract_address: TOKEN,
                  events: [
                    {
                      keys: [TRANSFER, '0x9', ACCOUNT],
                      data: ['0x14', '0x0'],
                    },
                  ],
                },
              ],
            },
          ],
        }),
      ],
      ACCOUNT,
    );
    expect(changes).toStrictEqual([{ token: TOKEN, amount: -80n }]);
  });

  it('reports a revert reason and no balance change for a reverted run', () => {
    const reverted = simulated({ revert_reason: 'u256_sub Overflow' });
    expect(revertReasonOf(reverted)).toBe('u256_sub Overflow');
    expect(balanceChangesOf([reverted], ACCOUNT)).toStrictEqual([]);
    expect(
      revertReasonOf(simulated({ contract_address: ACCOUNT, calls: [] })),
    ).toBeUndefined();
  });
});

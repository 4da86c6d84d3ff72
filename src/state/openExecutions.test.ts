import { callsKeyOf, openExecutionsOfCalls } from './openExecutions';
import { defaultState } from './schema';
import type { TransactionRecord, WalletState } from './schema';

/**
 * A retry of the same calls is found by their key, however they are spelled,
 * on the same account and network and only until the window's end.
 */

const CHAIN = '0x534e5f5345504f4c4941';
const ACCOUNT = `0x${'a'.repeat(64)}`;
const TOKEN = `0x${'4'.repeat(63)}`;

const TRANSFER = {
  contractAddress: TOKEN,
  entrypoint: 'transfer',
  calldata: ['0xb0b', '0x64', '0x0'],
};

/**
 * A state with one open execution of TRANSFER.
 *
 * @param outsideExecution - Its flag, changed.
 * @returns The state.
 */
function stateWith(
  outsideExecution: Partial<
    NonNullable<TransactionRecord['outsideExecution']>
  > = {},
): WalletState {
  return {
    ...defaultState(),
    transactions: [
      {
        txnHash: '0x123',
        txnType: 'invoke',
        senderAddress: ACCOUNT,
        contractAddress: TOKEN,
        contractFuncName: 'transfer',
        contractCallData: TRANSFER.calldata,
        status: 'RECEIVED',
        failureReason: null,
        eventIds: [],
        timestamp: 1,
        chainId: CHAIN,
        outsideExecution: {
          nonce: '0x1',
          executeBefore: 1_000,
          paymaster: 'paymaster.example',
          callsKey: callsKeyOf([TRANSFER]),
          ...outsideExecution,
        },
      },
    ],
  };
}

describe('callsKeyOf', () => {
  it('is the same for the same calls however spelled, and differs for others', () => {
    const key = callsKeyOf([TRANSFER]);
    expect(
      callsKeyOf([
        {
          contractAddress: `0x000${TOKEN.slice(2)}`,
          entrypoint: 'transfer',
          calldata: ['2827', '100', '0'],
        },
      ]),
    ).toBe(key);
    expect(
      callsKeyOf([{ ...TRANSFER, calldata: ['0xb0b', '0x65', '0x0'] }]),
    ).not.toBe(key);
    expect(callsKeyOf([{ ...TRANSFER, entrypoint: 'approve' }])).not.toBe(key);
    expect(callsKeyOf([TRANSFER, TRANSFER])).not.toBe(key);
  });
});

describe('openExecutionsOfCalls', () => {
  const key = callsKeyOf([TRANSFER]);

  it('finds an open execution of the same calls, account and network inside its window', () => {
    expect(
      openExecutionsOfCalls(stateWith(), CHAIN, ACCOUNT, key, 999),
    ).toHaveLength(1);
  });

  it('finds none once the window closed, on another network or account, or for other calls', () => {
    const state = stateWith();
    expect(
      openExecutionsOfCalls(state, CHAIN, ACCOUNT, key, 1_000),
    ).toHaveLength(0);
    expect(openExecutionsOfCalls(state, '0x1', ACCOUNT, key, 999)).toHaveLength(
      0,
    );
    expect(
      openExecutionsOfCalls(state, CHAIN, `0x${'b'.repeat(64)}`, key, 999),
    ).toHaveLength(0);
    expect(
      openExecutionsOfCalls(state, CHAIN, ACCOUNT, '0x1', 999),
    ).toHaveLength(0);
  });

  it('takes a record from before calls were keyed as any calls', () => {
    const state = stateWith({ callsKey: undefined });
    expect(
      openExecutionsOfCalls(state, CHAIN, ACCOUNT, '0x1', 999),
    ).toHaveLength(1);
  });

  it('finds none once the chain settled it', () => {
    const state = stateWith();
    const [record] = state.transactions;
    if (record) {
      record.status = 'REJECTED';
    }
    expect(openExecutionsOfCalls(state, CHAIN, ACCOUNT, key, 999)).toHaveLength(
      0,
    );
  });
});

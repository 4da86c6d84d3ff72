import { checkBalanceChanges } from './balanceCheck';
import type { SignedCall } from './balanceCheck';
import { balanceChangesOf } from './simulation';
import type { SimulatedTransaction } from './simulation';
import { accountEffect, readTokenCall } from './tokenCalls';
import { normaliseAddress } from '../keys/address';
import { selectorOf } from '../protocol/selectors';

const TRANSFER_EVENT =
  '0x99cd8bde557814842a3121e8ddfd433a539b8c9f14bf31ebf108d12e6196e9';
const ACCOUNT = normaliseAddress('0xacc');
const STRK = normaliseAddress('0x5753');
const ETH = normaliseAddress('0xe74');
const DEX = normaliseAddress('0xde8');
const FRIEND = normaliseAddress('0xf1');
const TOKENS = [STRK, ETH];
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
 * A call as signed.
 *
 * @param contractAddress - The contract.
 * @param entrypoint - The entrypoint's name.
 * @param calldata - Its calldata.
 * @returns The call.
 */
function signed(
  contractAddress: string,
  entrypoint: string,
  calldata: string[],
): SignedCall {
  return { contractAddress, selector: selectorOf(entrypoint), calldata };
}

/**
 * A Transfer event (Cairo 0 layout).
 *
 * @param from - Sender.
 * @param to - Receiver.
 * @param amount - Amount (below 2^128).
 * @returns The event.
 */
function transferEvent(
  from: string,
  to: string,
  amount: bigint,
): { keys: string[]; data: string[] } {
  return {
    keys: [TRANSFER_EVENT],
    data: [from, to, `0x${amount.toString(16)}`, '0x0'],
  };
}

/**
 * The invocation of a call by the account, emitting some events.
 *
 * @param call - The call.
 * @param events - Its events.
 * @param calls - Invocations it makes.
 * @returns The invocation.
 */
function invocationOf(
  call: SignedCall,
  events: { keys: string[]; data: string[] }[],
  calls: unknown[] = [],
): unknown {
  return {
    contract_address: call.contractAddress,
    entry_point_selector: call.selector,
    calldata: call.calldata,
    caller_address: ACCOUNT,
    calls,
    events,
  };
}

/**
 * The account's __execute__ making some invocations.
 *
 * @param calls - The invocations.
 * @returns The execute invocation.
 */
function execute(calls: unknown[]): unknown {
  return {
    contract_address: ACCOUNT,
    entry_point_selector: selectorOf('__execute__'),
    calldata: [],
    caller_address: '0x0',
    calls,
    events: [],
  };
}

/**
 * Checks calls against a simulated execution, reading the reported changes
 * from it as the plan does.
 *
 * @param calls - The calls.
 * @param trace - The execute invocation.
 * @returns The check.
 */
function check(
  calls: SignedCall[],
  trace: unknown,
): ReturnType<typeof checkBalanceChanges> {
  const simulated: SimulatedTransaction = {
    transaction_trace: {
      type: 'INVOKE',
      execute_invocation: trace,
      constructor_invocation: undefined,
    },
    fee_estimation: FEE,
  };
  return checkBalanceChanges({
    calls,
    tokens: TOKENS,
    account: ACCOUNT,
    reported: balanceChangesOf([simulated], ACCOUNT),
    trace,
  });
}

const send = signed(STRK, 'transfer', [FRIEND, '0x3e8', '0x0']);

describe('token calls', () => {
  it('know what each call does to the account', () => {
    const account = BigInt(ACCOUNT);
    const effect = (call: SignedCall): bigint | undefined => {
      const read = readTokenCall(call.selector, call.calldata);
      return read ? accountEffect(read, account) : undefined;
    };
    expect(effect(send)).toBe(-1000n);
    expect(effect(signed(STRK, 'transfer', [ACCOUNT, '0x5', '0x0']))).toBe(0n);
    expect(
      effect(signed(STRK, 'transfer_from', [FRIEND, ACCOUNT, '0x7', '0x0'])),
    ).toBe(7n);
    expect(
      effect(signed(STRK, 'transferFrom', [ACCOUNT, FRIEND, '0x7', '0x1'])),
    ).toBe(-(7n + 2n ** 128n));
    expect(
      effect(signed(STRK, 'transfer_from', [FRIEND, DEX, '0x7', '0x0'])),
    ).toBe(0n);
    expect(effect(signed(STRK, 'approve', [DEX, '0x7', '0x0']))).toBe(0n);
    expect(effect(signed(STRK, 'transfer', [FRIEND, '0x7']))).toBeUndefined();
    expect(
      effect(signed(STRK, 'transfer', [FRIEND, `0x1${'0'.repeat(32)}`, '0x0'])),
    ).toBeUndefined();
    expect(
      effect(signed(STRK, 'mint', [FRIEND, '0x7', '0x0'])),
    ).toBeUndefined();
  });
});

describe('checkBalanceChanges', () => {
  it('proves the figures when every call is a tracked-token call and the simulation agrees', () => {
    const approve = signed(ETH, 'approve', [DEX, '0x9', '0x0']);
    const result = check(
      [send, approve],
      execute([
        invocationOf(send, [transferEvent(ACCOUNT, FRIEND, 1000n)]),
        invocationOf(approve, []),
      ]),
    );
    expect(result).toStrictEqual({
      proven: true,
      expected: [{ token: STRK, amount: -1000n }],
      contradictions: [],
    });
  });

  it('finds a gain reported next to a send: the totals and the call contradict the simulation', () => {
    const result = check(
      [send],
      execute([invocationOf(send, [transferEvent(FRIEND, ACCOUNT, 1000n)])]),
    );
    expect(result.proven).toBe(true);
    expect(result.contradictions).toStrictEqual([
      {
        kind: 'totals',
        expected: [{ token: STRK, amount: -1000n }],
        reported: [{ token: STRK, amount: 1000n }],
      },
      {
        kind: 'call',
        index: 0,
        token: STRK,
        expected: -1000n,
        reported: 1000n,
      },
    ]);
  });

  it('finds another token moving when every call is a tracked-token call', () => {
    const result = check(
      [send],
      execute([
        invocationOf(send, [transferEvent(ACCOUNT, FRIEND, 1000n)]),
        {
          contract_address: ETH,
          entry_point_selector: selectorOf('transfer'),
          calldata: [],
          caller_address: DEX,
          events: [transferEvent(DEX, ACCOUNT, 5n)],
        },
      ]),
    );
    expect(result.contradictions).toStrictEqual([
      {
        kind: 'totals',
        expected: [{ token: STRK, amount: -1000n }],
        reported: [
          { token: STRK, amount: -1000n },
          { token: ETH, amount: 5n },
        ],
      },
    ]);
  });

  it('leaves the totals unproven when other contracts are called, as long as each token call shows what it does', () => {
    const swap = signed(DEX, 'swap', ['0x1']);
    const result = check(
      [send, swap],
      execute([
        invocationOf(send, [transferEvent(ACCOUNT, FRIEND, 1000n)]),
        invocationOf(
          swap,
          [],
          [
            {
              contract_address: STRK,
              entry_point_selector: selectorOf('transfer'),
              calldata: [ACCOUNT, '0x7d0', '0x0'],
              caller_address: DEX,
              events: [transferEvent(DEX, ACCOUNT, 2000n)],
            },
          ],
        ),
      ]),
    );
    expect(result).toStrictEqual({
      proven: false,
      expected: [{ token: STRK, amount: -1000n }],
      contradictions: [],
    });
  });

  it('finds a token call the simulation shows doing something else, or not at all, among other calls', () => {
    const swap = signed(DEX, 'swap', ['0x1']);
    const approve = signed(STRK, 'approve', [DEX, '0x9', '0x0']);
    const result = check(
      [send, swap, approve],
      execute([
        invocationOf(swap, []),
        invocationOf(approve, [transferEvent(ACCOUNT, DEX, 9n)]),
      ]),
    );
    expect(result.proven).toBe(false);
    expect(result.contradictions).toStrictEqual([
      {
        kind: 'call',
        index: 0,
        token: STRK,
        expected: -1000n,
        reported: undefined,
      },
      { kind: 'call', index: 2, token: STRK, expected: 0n, reported: -9n },
    ]);
  });

  it('matches repeated identical calls one invocation each', () => {
    const result = check(
      [send, send],
      execute([invocationOf(send, [transferEvent(ACCOUNT, FRIEND, 1000n)])]),
    );
    expect(result.contradictions).toStrictEqual([
      {
        kind: 'totals',
        expected: [{ token: STRK, amount: -2000n }],
        reported: [{ token: STRK, amount: -1000n }],
      },
      {
        kind: 'call',
        index: 1,
        token: STRK,
        expected: -1000n,
        reported: undefined,
      },
    ]);
  });

  it('does not hold a call missing from a trace too deep to read against the node', () => {
    let deep: unknown = invocationOf(send, [
      transferEvent(ACCOUNT, FRIEND, 1000n),
    ]);
    for (let level = 0; level < 70; level++) {
      deep = execute([deep]);
    }
    const swap = signed(DEX, 'swap', []);
    expect(check([send, swap], deep).contradictions).toStrictEqual([]);
  });
});

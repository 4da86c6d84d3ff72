import { activityLineOf, activityStatus, shortAddress } from './activityText';
import { ETH, STRK } from '../../test/fixtures';
import { normaliseAddress } from '../keys/address';
import { recordedCall, sentRecord } from '../state/records';
import { defaultState } from '../state/schema';
import type { TransactionRecord } from '../state/schema';

/**
 * A record's line as the Activity and the notifications write it, in
 * English, shown.
 *
 * @param args - activityLineOf's.
 * @returns The line's text.
 */
const activityLine = (...args: Parameters<typeof activityLineOf>): string =>
  activityLineOf(...args).text;

const TESTNET = '0x534e5f5345504f4c4941';
const tokens = defaultState().tokens.filter(
  ({ chainId }) => chainId === TESTNET,
);
const ACCOUNT = normaliseAddress('0xacc');
const OTHER = normaliseAddress('0x1234567890abcdef');

/**
 * An invoke record of the account's first call.
 *
 * @param call - The call.
 * @param call.contractAddress - Its contract.
 * @param call.contractFuncName - Its entrypoint (name or selector).
 * @param call.contractCallData - Its calldata.
 * @param senderAddress - Who sent it.
 * @returns The record.
 */
function invoke(
  call: {
    contractAddress: string;
    contractFuncName: string;
    contractCallData: string[];
  },
  senderAddress = ACCOUNT,
): TransactionRecord {
  return sentRecord({
    txnHash: '0x1',
    txnType: 'invoke',
    senderAddress,
    chainId: TESTNET,
    ...call,
  });
}

describe('activityLine', () => {
  it('names the other parties of a line, for their Starknet ID names', () => {
    const BEEF = normaliseAddress('0xbeef');
    const sent = invoke({
      contractAddress: STRK,
      contractFuncName: 'transfer',
      contractCallData: [BEEF, '5', '0'],
    });
    expect(activityLineOf(sent, ACCOUNT, tokens).parties).toStrictEqual([BEEF]);
    const received = invoke(
      {
        contractAddress: STRK,
        contractFuncName: 'transfer',
        contractCallData: [ACCOUNT, '5', '0'],
      },
      OTHER,
    );
    expect(activityLineOf(received, ACCOUNT, tokens)).toStrictEqual({
      text: 'Received 0.000000000000000005 STRK from 0x0000…cdef',
      parties: [OTHER],
    });
    const stranger = invoke(
      {
        contractAddress: OTHER,
        contractFuncName: 'swap',
        contractCallData: [],
      },
      OTHER,
    );
    expect(activityLineOf(stranger, ACCOUNT, tokens).parties).toStrictEqual([
      OTHER,
    ]);
    const called = invoke({
      contractAddress: OTHER,
      contractFuncName: 'swap',
      contractCallData: [],
    });
    expect(activityLineOf(called, ACCOUNT, tokens).parties).toStrictEqual([]);
  });

  it('never describes a transaction another address sent as the account’s own act', () => {
    const approval = invoke(
      {
        contractAddress: STRK,
        contractFuncName: 'approve',
        contractCallData: [OTHER, '5', '0'],
      },
      OTHER,
    );
    expect(activityLine(approval, ACCOUNT, tokens)).toBe(
      'A transaction sent by 0x0000…cdef',
    );
    const spent = invoke(
      {
        contractAddress: STRK,
        contractFuncName: 'transfer_from',
        contractCallData: [ACCOUNT, normaliseAddress('0xbeef'), '7', '0'],
      },
      OTHER,
    );
    expect(activityLine(spent, ACCOUNT, tokens)).toBe(
      '0x0000…cdef moved 0.000000000000000007 STRK of the account to 0x0000…beef',
    );
    const called = invoke(
      {
        contractAddress: OTHER,
        contractFuncName: 'swap',
        contractCallData: [],
      },
      OTHER,
    );
    expect(activityLine(called, ACCOUNT, tokens)).toBe(
      'A transaction sent by 0x0000…cdef',
    );
  });

  it('reads a tracked token transfer in its units, to a short address', () => {
    const record = invoke({
      contractAddress: STRK,
      contractFuncName: 'transfer',
      contractCallData: [OTHER, (5n * 10n ** 18n).toString(), '0'],
    });
    expect(activityLine(record, ACCOUNT, tokens)).toBe(
      'Sent 5 STRK to 0x0000…cdef',
    );
  });

  it('reads a transfer to the account by someone else as received', () => {
    const record = invoke(
      {
        contractAddress: STRK,
        contractFuncName: 'transfer',
        contractCallData: [ACCOUNT, '1500000000000000000', '0'],
      },
      OTHER,
    );
    expect(activityLine(record, ACCOUNT, tokens)).toBe(
      'Received 1.5 STRK from 0x0000…cdef',
    );
  });

  it('reads an approval, and a call the node history keeps by selector', () => {
    expect(
      activityLine(
        invoke({
          contractAddress: STRK,
          contractFuncName: 'approve',
          contractCallData: [OTHER, '10', '0'],
        }),
        ACCOUNT,
        tokens,
      ),
    ).toBe('Allowed 0x0000…cdef to spend 0.00000000000000001 STRK');
    expect(
      activityLine(
        invoke({
          contractAddress: OTHER,
          contractFuncName: '0x1234',
          contractCallData: [],
        }),
        ACCOUNT,
        tokens,
      ),
    ).toBe('Called 0x1234 on 0x0000…cdef');
  });

  it('names deployments and declarations, and never throws on odd calldata', () => {
    const base = invoke({
      contractAddress: STRK,
      contractFuncName: 'transfer',
      contractCallData: ['not a number'],
    });
    expect(activityLine(base, ACCOUNT, tokens)).toBe('Called transfer');
    expect(
      activityLine({ ...base, txnType: 'deploy_account' }, ACCOUNT, tokens),
    ).toBe('Deployed the account');
    expect(
      activityLine(
        { ...base, txnType: 'declare', contractAddress: OTHER },
        ACCOUNT,
        tokens,
      ),
    ).toBe('Declared 0x0000…cdef');
  });
});

describe('activityStatus', () => {
  it('says pending, accepted, or reverted with the reason cut to the line', () => {
    expect(activityStatus({ status: 'RECEIVED', failureReason: null })).toBe(
      'pending',
    );
    expect(
      activityStatus({ status: 'ACCEPTED_ON_L1', failureReason: null }),
    ).toBe('accepted on L1');
    expect(
      activityStatus({ status: 'REVERTED', failureReason: 'x'.repeat(500) }),
    ).toBe(`reverted: ${'x'.repeat(120)}…`);
  });

  it('shortens an address to its first and last hex digits', () => {
    expect(shortAddress('0xabc')).toBe('0x0000…0abc');
  });
});

describe('a swap in one line', () => {
  const swapCalldata = [
    STRK,
    '0x8ac7230489e80000',
    '0x0',
    ETH,
    '0x2386f26fc10000',
    '0x0',
    '0x2375e48a7e9f000',
    '0x0',
    ACCOUNT,
    '0x0',
    '0x0',
    '0x1',
    STRK,
    ETH,
    '0x777',
    '0xe8d4a51000',
    '0x0',
  ];

  it('says what was sold and what the quote expected back', () => {
    const swapped = invoke({
      contractAddress: normaliseAddress(
        '0x2c56e8b00dbe2a71e57472685378fc8988bba947e9a99b26a00fade2b4fe7c2',
      ),
      contractFuncName: 'multi_route_swap',
      contractCallData: swapCalldata,
    });
    expect(activityLine(swapped, ACCOUNT, tokens)).toBe(
      'Swapped 10 STRK for 0.01 ETH (quoted)',
    );
  });

  it('keeps the swap of a multicall, not the approve before it', () => {
    expect(
      recordedCall([
        { entrypoint: 'approve' },
        { entrypoint: 'multi_route_swap' },
      ]),
    ).toStrictEqual({ entrypoint: 'multi_route_swap' });
    expect(recordedCall([{ entrypoint: 'approve' }])).toStrictEqual({
      entrypoint: 'approve',
    });
  });
});

import { SnapError } from '@metamask/snaps-sdk';

import {
  ChainRejectedError,
  NodeError,
  PartialSendError,
  toSnapError,
  WalletError,
} from './errors';

describe('toSnapError', () => {
  it('logs an unexpected error whole, and answers its message without anything key-shaped', () => {
    const logged = jest
      .spyOn(console, 'error')
      .mockImplementation(() => undefined);
    const secret = `0x${'ab'.repeat(32)}`;
    const bug = new Error(`could not read ${secret}`);
    const answer = toSnapError(bug);
    expect(answer.message).toBe('Unexpected error: could not read 0x…');
    expect(logged).toHaveBeenCalledWith(
      '[starknet-snap] Unexpected error',
      bug,
    );
    logged.mockRestore();
  });

  it('keeps the cause of a wallet error for the log, not in the answer', () => {
    const cause = new Error('socket hang up');
    const error = new NodeError('Testnet', 'unreachable', { cause });
    expect(error.cause).toBe(cause);
    expect(toSnapError(error).message).toBe('Testnet node error: unreachable');
    expect(new WalletError('x').cause).toBeUndefined();
  });

  it('answers a sequence stopped part-way with its cause, and what went out in data.sent', () => {
    const sent = [
      { type: 'DEPLOY_ACCOUNT' as const, transaction_hash: '0xabc' },
    ];
    const answer = toSnapError(
      new PartialSendError(
        sent,
        new ChainRejectedError('Testnet', 55, 'Account validation failed'),
      ),
    );
    expect(answer).toBeInstanceOf(SnapError);
    const { code, data, message } =
      answer instanceof SnapError ? answer : new SnapError('');
    expect(code).toBe(-32603);
    expect(message).toContain('Account validation failed');
    expect(message).toContain('data.sent');
    expect(data).toStrictEqual({ nodeCode: 55, sent });
  });
});

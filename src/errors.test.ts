import { SnapError } from '@metamask/snaps-sdk';

import {
  ChainRejectedError,
  NodeError,
  PartialSendError,
  SubmissionUnknownError,
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

  it('answers a send whose outcome is unknown as -32002 naming the network and the hash to look up', () => {
    const hash = '0x7a5';
    const answer = toSnapError(
      new PartialSendError(
        [{ type: 'DEPLOY_ACCOUNT', transaction_hash: '0xabc' }],
        new SubmissionUnknownError('Mainnet', 'HTTP 502 Bad Gateway', hash),
      ),
    );
    const { code, data, message } =
      answer instanceof SnapError ? answer : new SnapError('');
    expect(code).toBe(-32002);
    expect(message).toContain(
      `Mainnet node error: HTTP 502 Bad Gateway while sending a transaction: it may have reached the network, or not. Look up transaction ${hash}`,
    );
    expect(data).toStrictEqual({
      network: 'Mainnet',
      transactionHash: hash,
      sent: [{ type: 'DEPLOY_ACCOUNT', transaction_hash: '0xabc' }],
    });
  });
});

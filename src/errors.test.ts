import { NodeError, toSnapError, WalletError } from './errors';

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
});

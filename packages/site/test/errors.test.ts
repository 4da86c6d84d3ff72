import { decodeError } from '@snapnet/client';

import { AccountNotSharedError as SnapAccountNotSharedError } from '../../../src/errors';
import { ACCOUNT_0 } from '../../../test/fixtures';
import { describeError } from '../src/page/errors';

/**
 * An error as MetaMask's provider throws it.
 *
 * @param code - The code.
 * @param message - The message.
 * @returns The error.
 */
function providerError(code: number, message: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('describeError', () => {
  it("says what to do about an account the page was not given (the snap's 4100)", () => {
    const { message } = new SnapAccountNotSharedError(
      ACCOUNT_0.address,
      'http://127.0.0.1:8000',
    );
    const shown = describeError(decodeError(providerError(4100, message)));
    expect(shown.message).toContain('This page was not given that account');
    expect(shown.message).toContain('Create account or Recover accounts');
    expect(shown.message).toContain(ACCOUNT_0.address);
  });

  it('keeps MetaMask’s 4100 before the snap is granted as "not connected"', () => {
    const shown = describeError(
      decodeError(providerError(4100, 'Unauthorized to perform action.')),
    );
    expect(shown.message).toMatch(/^The snap is not connected to this page/u);
  });
});

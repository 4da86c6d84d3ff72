import {
  AccountNotSharedError,
  decodeError,
  InvalidParamsError,
  MethodNotFoundError,
  SnapClientError,
  SnapNotInstalledError,
  UserRejectedError,
} from './errors';
// The snap's own error, for the message it answers an unshared account with.
import { AccountNotSharedError as SnapAccountNotSharedError } from '../../../src/errors';
import { ACCOUNT_0, DAPP_ORIGIN } from '../../../test/fixtures';

/**
 * An error shaped like the ones MetaMask's provider throws.
 *
 * @param code - The code.
 * @param message - The message.
 * @param data - The data.
 * @returns The error.
 */
function rpcError(code: number, message: string, data?: unknown): Error {
  return Object.assign(new Error(message), { code, data });
}

describe('decodeError', () => {
  it('decodes 4001 as UserRejectedError', () => {
    const error = decodeError(rpcError(4001, 'User rejected the request.'));
    expect(error).toBeInstanceOf(UserRejectedError);
    expect(error).toBeInstanceOf(SnapClientError);
    expect(error.code).toBe(4001);
    expect(error.name).toBe('UserRejectedError');
  });

  it('decodes -32602 as InvalidParamsError naming the field', () => {
    const error = decodeError(
      rpcError(-32602, 'Invalid params: userAddress: bad', {
        field: 'userAddress',
      }),
    );
    expect(error).toBeInstanceOf(InvalidParamsError);
    expect(error).toMatchObject({
      code: -32602,
      message: 'Invalid params: userAddress: bad',
      field: 'userAddress',
      data: { field: 'userAddress' },
    });
  });

  it('leaves field undefined when the data names none', () => {
    const error = decodeError(rpcError(-32602, 'Invalid params'));
    expect(error).toBeInstanceOf(InvalidParamsError);
    expect(error).toHaveProperty('field', undefined);
  });

  it('decodes -32601 as MethodNotFoundError', () => {
    expect(
      decodeError(rpcError(-32601, 'Method not found: snapnet_x')),
    ).toBeInstanceOf(MethodNotFoundError);
  });

  it.each([
    [
      'MetaMask refuses an origin without the snap permission',
      4100,
      'Unauthorized to perform action. Try requesting the required permission(s) first.',
    ],
    [
      'the snap is not installed',
      -32603,
      'The Snap "npm:x" is not installed. Please install it before invoking it.',
    ],
  ])('decodes SnapNotInstalledError when %s', (_case, code, message) => {
    const error = decodeError(rpcError(code, message));
    expect(error).toBeInstanceOf(SnapNotInstalledError);
    expect(error.code).toBe(code);
  });

  it("keeps a snap's own 4100 (another caller refused) generic", () => {
    const error = decodeError(
      rpcError(4100, 'local:other may not call snapnet_signMessage'),
    );
    expect(error.constructor).toBe(SnapClientError);
    expect(error.code).toBe(4100);
  });

  it("decodes the snap's 4100 for an account not shared with the site as AccountNotSharedError", () => {
    const { message } = new SnapAccountNotSharedError(
      ACCOUNT_0.address,
      DAPP_ORIGIN,
    );
    const error = decodeError(rpcError(4100, message));
    expect(error).toBeInstanceOf(AccountNotSharedError);
    expect(error).not.toBeInstanceOf(SnapNotInstalledError);
    expect(error).toMatchObject({ code: 4100, message });
    // MetaMask's 4100 before the snap is granted stays "not installed".
    expect(
      decodeError(rpcError(4100, `Unauthorized to perform action. ${message}`)),
    ).toBeInstanceOf(SnapNotInstalledError);
  });

  it('keeps other codes as SnapClientError with code, message and data', () => {
    const error = decodeError(
      rpcError(-32002, 'Testnet node error: down', { network: 'Testnet' }),
    );
    expect(error.constructor).toBe(SnapClientError);
    expect(error).toMatchObject({
      code: -32002,
      message: 'Testnet node error: down',
      data: { network: 'Testnet' },
    });
  });

  it('unwraps the -31002 "Snap Error" wrapper of older MetaMask versions', () => {
    const error = decodeError(
      rpcError(-31002, 'Snap Error', {
        cause: {
          code: -32602,
          message: 'Invalid params',
          data: { field: 'x' },
        },
      }),
    );
    expect(error).toBeInstanceOf(InvalidParamsError);
    expect(error).toHaveProperty('field', 'x');
  });

  it('turns a thrown value without a code into an internal SnapClientError', () => {
    const error = decodeError(new TypeError('Failed to fetch'));
    expect(error.constructor).toBe(SnapClientError);
    expect(error).toMatchObject({ code: -32603, message: 'Failed to fetch' });
    expect(decodeError('boom').message).toBe('boom');
  });

  it('returns an already decoded error as is', () => {
    const decoded = new MethodNotFoundError(-32601, 'gone');
    expect(decodeError(decoded)).toBe(decoded);
  });
});

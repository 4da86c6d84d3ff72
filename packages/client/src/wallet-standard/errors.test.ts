import {
  inputErrorCode,
  shown,
  toWalletApiError,
  WalletApiError,
} from './errors';
import {
  AccountNotSharedError,
  InvalidParamsError,
  MethodNotFoundError,
  SnapClientError,
  SnapNotInstalledError,
  UserRejectedError,
} from '../errors';

describe('toWalletApiError', () => {
  it.each([
    [new UserRejectedError(4001, 'User rejected the request.'), 113],
    [new InvalidParamsError(-32602, 'Invalid params: calls: bad'), 114],
    [new MethodNotFoundError(-32601, 'Method not found'), 163],
    [new SnapNotInstalledError(4100, 'Unauthorized to perform action.'), 163],
    [new SnapClientError(-32603, 'Testnet node error: down'), 163],
    [new Error('anything else'), 163],
  ])('maps %p to %i with the spec message', (error, code) => {
    const mapped = toWalletApiError(error, 'snapnet_executeTxn');
    expect(mapped).toBeInstanceOf(WalletApiError);
    expect(mapped.code).toBe(code);
    expect(mapped.message).toMatch(/^An error occurred \([A-Z_0-9]+\)$/u);
  });

  it('names the snap method an older snap lacks', () => {
    const mapped = toWalletApiError(
      new MethodNotFoundError(-32601, 'Method not found'),
      'snapnet_declareContract',
    );
    expect(mapped.message).toBe('An error occurred (UNKNOWN_ERROR)');
    expect(mapped.data).toContain('snapnet_declareContract');
  });

  it('answers 163 for an account not shared with the site, saying to connect again', () => {
    const mapped = toWalletApiError(
      new AccountNotSharedError(
        4100,
        'Account 0x3a4 has not been shared with https://dapp.example: ask the user',
      ),
      'snapnet_signMessage',
    );
    expect(mapped.code).toBe(163);
    expect(mapped.message).toBe('An error occurred (UNKNOWN_ERROR)');
    expect(mapped.data).toBe(
      'Account 0x3a4 has not been shared with https://dapp.example: ask the user. Connect again (wallet_requestAccounts) to share it.',
    );
  });

  it('keeps the reason of invalid params in data', () => {
    const mapped = toWalletApiError(
      new InvalidParamsError(-32602, 'Invalid params: calls: bad', {
        field: 'calls',
      }),
      'snapnet_executeTxn',
    );
    expect(mapped.data).toBe('Invalid params: calls: bad');
  });

  it('passes a wallet API error through', () => {
    const error = new WalletApiError(112, 'no such chain');
    expect(toWalletApiError(error, 'snapnet_switchNetwork')).toBe(error);
  });
});

describe('inputErrorCode', () => {
  it.each([
    ['wallet_watchAsset', 114],
    ['wallet_addInvokeTransaction', 114],
    ['wallet_addDeclareTransaction', 114],
    ['wallet_signTypedData', 114],
    ['wallet_addStarknetChain', 114],
    ['wallet_switchStarknetChain', 112],
    ['wallet_requestAccounts', 163],
    ['wallet_requestChainId', 163],
    ['wallet_getPermissions', 163],
  ])(
    'answers malformed params of %s with %i, as its spec lists',
    (type, code) => {
      expect(inputErrorCode(type)).toBe(code);
    },
  );
});

describe('shown', () => {
  it('shows any value without throwing', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(shown('SN_MAIN')).toBe('"SN_MAIN"');
    expect(shown(10n)).toBe('a value of type bigint');
    expect(shown(cycle)).toBe('a value of type object');
    expect(shown(undefined)).toBe('undefined');
    expect(shown(Symbol('x'))).toBe('Symbol(x)');
    expect(shown(() => 1)).toBe('a function');
  });
});

import type { WALLET_API } from '@starknet-io/starknet-types-0104';

import {
  AccountNotSharedError,
  InvalidParamsError,
  MethodNotFoundError,
  SnapNotInstalledError,
  UserRejectedError,
} from '../errors';

/** The wallet API's errors (starknet-specs wallet_rpc, types-js 0.10.4). */
type WalletApiErrorSpec =
  | WALLET_API.NOT_ERC20
  | WALLET_API.UNLISTED_NETWORK
  | WALLET_API.USER_REFUSED_OP
  | WALLET_API.INVALID_REQUEST_PAYLOAD
  | WALLET_API.ACCOUNT_ALREADY_DEPLOYED
  | WALLET_API.API_VERSION_NOT_SUPPORTED
  | WALLET_API.UNKNOWN_ERROR;

/** The spec's message of each code, exactly (dapps match on it). */
const MESSAGES: {
  [Spec in WalletApiErrorSpec as Spec['code']]: Spec['message'];
} = {
  111: 'An error occurred (NOT_ERC20)',
  112: 'An error occurred (UNLISTED_NETWORK)',
  113: 'An error occurred (USER_REFUSED_OP)',
  114: 'An error occurred (INVALID_REQUEST_PAYLOAD)',
  115: 'An error occurred (ACCOUNT_ALREADY_DEPLOYED)',
  162: 'An error occurred (API_VERSION_NOT_SUPPORTED)',
  163: 'An error occurred (UNKNOWN_ERROR)',
};

export type WalletApiErrorCode = keyof typeof MESSAGES;

export const WalletApiErrorCodes = {
  NotErc20: 111,
  UnlistedNetwork: 112,
  UserRefused: 113,
  InvalidRequestPayload: 114,
  AccountAlreadyDeployed: 115,
  ApiVersionNotSupported: 162,
  Unknown: 163,
} as const satisfies Record<string, WalletApiErrorCode>;

/**
 * Wallet API methods whose spec answers malformed params with
 * INVALID_REQUEST_PAYLOAD (114).
 */
const PAYLOAD_CHECKED = new Set([
  'wallet_watchAsset',
  'wallet_addStarknetChain',
  'wallet_addInvokeTransaction',
  'wallet_addDeclareTransaction',
  'wallet_signTypedData',
]);

/**
 * The code a wallet API method answers malformed params with, as its spec
 * lists its errors: 114 where the spec has it; 112 for
 * `wallet_switchStarknetChain` ("inconsistent input data" in the spec's
 * words); 163 for the methods whose spec lists no input error (their only
 * param is `silent_mode`).
 *
 * @param type - The wallet API method.
 * @returns The code.
 */
export function inputErrorCode(type: string): WalletApiErrorCode {
  if (PAYLOAD_CHECKED.has(type)) {
    return WalletApiErrorCodes.InvalidRequestPayload;
  }
  if (type === 'wallet_switchStarknetChain') {
    return WalletApiErrorCodes.UnlistedNetwork;
  }
  return WalletApiErrorCodes.Unknown;
}

/**
 * An error of the Starknet wallet API: `code` and `message` exactly as the
 * spec has them, the reason in `data`.
 */
export class WalletApiError extends Error {
  readonly code: WalletApiErrorCode;

  readonly data: string;

  /**
   * @param code - The wallet API code.
   * @param reason - What went wrong, for the developer.
   */
  constructor(code: WalletApiErrorCode, reason: string) {
    super(MESSAGES[code]);
    this.name = 'WalletApiError';
    this.code = code;
    this.data = reason;
  }
}

/**
 * A value as an error message shows it; never throws (a BigInt or a cycle
 * has no JSON).
 *
 * @param value - Whatever the dapp passed.
 * @returns Its JSON, or its type when it has none.
 */
export function shown(value: unknown): string {
  try {
    return typeof value === 'function'
      ? 'a function'
      : (JSON.stringify(value) ?? String(value));
  } catch {
    return `a value of type ${typeof value}`;
  }
}

/**
 * Maps a failure of the snap behind a wallet API call to the wallet API's
 * error: declined → 113, bad params → 114, the snap lacking the method this
 * call needs → 163 naming it, an account the user has not shared with the
 * site (the snap's 4100; the wallet API has no code of its own for it) →
 * 163 saying to connect again, anything else → 163.
 *
 * @param error - What the snap client threw.
 * @param snapMethod - The snap method the call used.
 * @returns The wallet API error.
 */
export function toWalletApiError(
  error: unknown,
  snapMethod: string,
): WalletApiError {
  if (error instanceof WalletApiError) {
    return error;
  }
  if (error instanceof UserRejectedError) {
    return new WalletApiError(
      WalletApiErrorCodes.UserRefused,
      'The user declined in MetaMask',
    );
  }
  if (error instanceof InvalidParamsError) {
    return new WalletApiError(
      WalletApiErrorCodes.InvalidRequestPayload,
      error.message,
    );
  }
  if (error instanceof MethodNotFoundError) {
    return new WalletApiError(
      WalletApiErrorCodes.Unknown,
      `The installed Starknet snap does not support this request yet (it has no ${snapMethod}); update the snap`,
    );
  }
  if (error instanceof AccountNotSharedError) {
    return new WalletApiError(
      WalletApiErrorCodes.Unknown,
      `${error.message}. Connect again (wallet_requestAccounts) to share it.`,
    );
  }
  if (error instanceof SnapNotInstalledError) {
    return new WalletApiError(
      WalletApiErrorCodes.Unknown,
      `The Starknet snap is not connected: ${error.message}`,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new WalletApiError(WalletApiErrorCodes.Unknown, message);
}

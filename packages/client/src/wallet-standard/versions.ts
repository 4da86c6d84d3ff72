import type { WALLET_API } from '@starknet-io/starknet-types-0104';

import { WalletApiError, WalletApiErrorCodes } from './errors';
import { requestedApiVersion } from './params';

/** Starknet JSON-RPC versions the snap talks to its nodes with. */
export const SUPPORTED_SPECS: WALLET_API.SpecVersion[] = ['0.10'];

/**
 * Wallet API versions this adapter serves: the methods it answers have had
 * these shapes since 0.7.
 */
export const SUPPORTED_WALLET_API: WALLET_API.API_VERSION[] = [
  '0.7',
  '0.8',
  '0.9',
  '0.10',
];

/**
 * Whether an api_version the dapp asked for is served (major.minor match).
 *
 * @param version - The requested version.
 * @returns Whether it is supported.
 */
function apiVersionSupported(version: string): boolean {
  const [major, minor] = version.split('.');
  return SUPPORTED_WALLET_API.includes(`${Number(major)}.${Number(minor)}`);
}

/**
 * Refuses a request for a wallet API version this adapter does not serve
 * (API_VERSION_NOT_SUPPORTED); a request that names none is served.
 *
 * @param params - The request's params.
 */
export function checkApiVersion(params: unknown): void {
  const requested = requestedApiVersion(params);
  if (requested !== undefined && !apiVersionSupported(requested)) {
    throw new WalletApiError(
      WalletApiErrorCodes.ApiVersionNotSupported,
      `Wallet API ${requested} is not supported; supported: ${SUPPORTED_WALLET_API.join(', ')}`,
    );
  }
}

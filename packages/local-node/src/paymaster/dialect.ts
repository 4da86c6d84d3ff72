import { shortString } from 'starknet';

import { paymasterError } from './errors';
import { JSON_RPC_ERRORS, RpcError } from '../base/errors';
import type { PaymasterDialect, PaymasterSettings } from '../methods/types';

/**
 * How the paymaster answers where SNIP-29's document and the service most
 * wallets meet differ. `avnu` (the default) answers as AVNU's paymaster
 * (avnu-labs/paymaster, Rust, read at commit d9fef704), the default of
 * starknet.js on Mainnet and Sepolia; `snip29` as we read SNIP-29's own
 * document. Each difference is pinned where it is made:
 *
 * | point | avnu | snip29 |
 * |---|---|---|
 * | deployment echoed | `sigdata: null` when none was sent | as sent |
 * | `deploy` in default mode | `deploy_and_invoke`, only the fee call | refused |
 * | domain `chainId` | short string (`SN_SEPOLIA`) | hex |
 * | `parameters` echoed | `fee_mode.tip`, `time_bounds` numbers or null | decimal strings |
 * | executeTransaction | `{transaction_hash, tracking_id: "0x0"}` | the hash twice |
 * | methods | `paymaster_health`, `paymaster_executeDirectTransaction` | `paymaster_trackingIdToLatestHash` |
 * | sponsored without `x-paymaster-api-key` | refused, 163 | served |
 */
export type { PaymasterDialect, PaymasterSettings } from '../methods/types';

/** The key the local paymaster takes for sponsored requests, unless told another. */
export const LOCAL_PAYMASTER_API_KEY = 'paymaster-local-key';

/** The paymaster's settings when none are given. */
export const DEFAULT_PAYMASTER_SETTINGS: PaymasterSettings = {
  dialect: 'avnu',
  apiKey: LOCAL_PAYMASTER_API_KEY,
};

/** One call to the paymaster: its settings and what the request carried. */
export type PaymasterCall = {
  settings: PaymasterSettings;
  /** The request's `x-paymaster-api-key` header, if any. */
  apiKey: string | undefined;
};

/**
 * Reads a dialect option (the CLI's or a caller's).
 *
 * @param value - The option.
 * @returns The dialect.
 */
export function parseDialect(value: unknown): PaymasterDialect {
  if (value === 'avnu' || value === 'snip29') {
    return value;
  }
  throw new Error(
    `paymaster dialect must be "avnu" or "snip29", not ${String(value)}`,
  );
}

/**
 * Refuses a sponsored request without the accepted key, as AVNU does: its
 * `check_is_allowed_fee_mode` (crates/paymaster-rpc/src/endpoint/validation/mod.rs)
 * calls `validate_api_key` for every sponsored build and execution
 * (endpoint/build.rs, execute.rs, execute_raw.rs), and `InvalidAPIKey` is
 * answered 163 UNKNOWN_ERROR with data "x-paymaster-api-key is invalid"
 * (crates/paymaster-rpc/src/lib.rs). The snip29 dialect asks for no key.
 *
 * @param call - The call.
 * @param sponsored - Whether the request is sponsored.
 */
export function checkSponsorKey(call: PaymasterCall, sponsored: boolean): void {
  if (
    sponsored &&
    call.settings.dialect === 'avnu' &&
    call.apiKey !== call.settings.apiKey
  ) {
    throw paymasterError('UNKNOWN_ERROR', 'x-paymaster-api-key is invalid');
  }
}

/**
 * Refuses a method the dialect's service does not have, as jsonrpsee
 * answers an unknown method.
 *
 * @param call - The call.
 * @param dialect - The dialect that has the method.
 * @param method - The method.
 */
export function onlyIn(
  call: PaymasterCall,
  dialect: PaymasterDialect,
  method: string,
): void {
  if (call.settings.dialect !== dialect) {
    const [code, message] = JSON_RPC_ERRORS.METHOD_NOT_FOUND;
    throw new RpcError(code, message, method);
  }
}

/**
 * The chain id as the outside execution's typed-data domain writes it:
 * AVNU serialises the domain with starknet-rs, whose `shortstring`
 * serialiser writes a felt that decodes to printable ASCII as that text
 * (`"SN_SEPOLIA"`), and leaves `revision` out for revision 0
 * (crates/paymaster-starknet/src/transaction/mod.rs, `domain` of
 * ExecuteFromOutsideMessageV1); the snip29 dialect writes hex. Both hash
 * to the same felt.
 *
 * @param chainId - The chain id (hex).
 * @param dialect - The dialect.
 * @returns The domain's `chainId`.
 */
export function domainChainId(
  chainId: string,
  dialect: PaymasterDialect,
): string {
  if (dialect === 'snip29') {
    return chainId;
  }
  const text = shortString.decodeShortString(chainId);
  return /^[\x20-\x7e]+$/u.test(text) && !/^(?:0x)?[0-9a-f]*$/iu.test(text)
    ? text
    : chainId;
}

import {
  coerce,
  integer,
  max,
  min,
  number,
  object,
  optional,
  refine,
  size,
  string,
  trimmed,
} from 'superstruct';

import { defineMethod } from './method';
import { AddressStruct, ChainIdStruct, nameStruct } from './structs';
import { parseIpfsUri } from '../content/storage';
import { resolveNetwork } from '../wallet/access';
import { addToken } from '../wallet/tokens';

const DecimalsStruct = coerce(
  max(min(integer(), 0), 255),
  refine(string(), 'decimals', (value) => /^[0-9]+$/u.test(value)),
  Number,
);

const LogoUriStruct = refine(string(), 'logo', (value) =>
  parseIpfsUri(value) ? true : 'Expected ipfs://<content id>',
);

/**
 * `snapnet_addErc20Token {address?, chainId, tokenAddress, tokenName,
 * tokenSymbol, tokenDecimals?, tokenLogo?}` → the token added, after a
 * dialog. The token is checked on chain first (one round trip): decimals
 * that differ from the chain's are refused, a different symbol is shown as a
 * warning; a symbol or name that reads like another tracked token's (STRK
 * at another address) under a danger banner. A token already tracked on
 * that network is an error.
 * `tokenLogo` (`ipfs://<cid>`) is read from content storage and verified
 * against its CID; a logo that fails (mismatch, not a small image,
 * unreachable) is left out and the dialog says why. The CID is stored with
 * the token and returned as `logo`.
 */
export const addErc20Token = defineMethod({
  params: object({
    address: optional(AddressStruct),
    chainId: ChainIdStruct,
    tokenAddress: AddressStruct,
    tokenName: nameStruct(64),
    tokenSymbol: refine(size(trimmed(string()), 1, 16), 'symbol', (value) =>
      /^[A-Za-z0-9._-]+$/u.test(value)
        ? true
        : 'Expected ASCII letters, digits, ".", "_" or "-" (other alphabets hold look-alikes of these)',
    ),
    tokenDecimals: optional(DecimalsStruct),
    tokenLogo: optional(LogoUriStruct),
  }),
  result: object({
    address: string(),
    name: string(),
    symbol: string(),
    decimals: number(),
    chainId: string(),
    logo: optional(string()),
  }),
  handler: async ({ chainId, ...proposal }, context) => {
    const token = await addToken(
      context,
      await resolveNetwork(context, chainId),
      proposal,
    );
    return {
      address: token.address,
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
      chainId: token.chainId,
      ...(token.logo ? { logo: token.logo } : {}),
    };
  },
});

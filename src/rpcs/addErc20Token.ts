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
import { tokenMetadata } from '../chain/tokenMetadata';
import { tokenLogo } from '../content/logo';
import { parseIpfsUri } from '../content/storage';
import { InvalidInputError } from '../errors';
import type { TokenRecord } from '../state/schema';
import { updateState } from '../state/store';
import { lookalikeOf } from '../state/tokens';
import { symbolKey } from '../text';
import { confirmAddToken } from '../ui/dialogs';
import { requestView, resolveNetwork } from '../wallet/access';

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
  handler: async (params, context) => {
    const network = await resolveNetwork(context, params.chainId);
    const { tokens } = await context.state();
    const tracked = tokens.find(
      (token) =>
        token.chainId === network.chainId &&
        token.address === params.tokenAddress,
    );
    if (tracked) {
      throw new InvalidInputError(
        'tokenAddress',
        `${tracked.symbol} (${params.tokenAddress}) is already in the wallet on ${network.name}`,
      );
    }
    const onChain = await tokenMetadata(
      context.node(network),
      params.tokenAddress,
    );
    if (
      params.tokenDecimals !== undefined &&
      params.tokenDecimals !== onChain.decimals
    ) {
      throw new InvalidInputError(
        'tokenDecimals',
        `${params.tokenDecimals} differs from the token's ${onChain.decimals} decimals on chain`,
      );
    }
    const logo = await tokenLogo(params.tokenAddress, params.tokenLogo);
    const token: TokenRecord = {
      address: params.tokenAddress,
      name: params.tokenName,
      symbol: params.tokenSymbol,
      decimals: onChain.decimals,
      chainId: network.chainId,
      ...(logo.uri ? { logo: logo.uri } : {}),
    };
    const imitated = lookalikeOf(token, tokens);
    await confirmAddToken({
      request: requestView(
        context,
        network,
        params.address ?? params.tokenAddress,
      ),
      token,
      logo,
      ...(onChain.symbol === params.tokenSymbol
        ? {}
        : {
            warning: `The site calls this token ${params.tokenSymbol}, but the contract says its symbol is "${onChain.symbol}".`,
          }),
      ...(imitated
        ? {
            danger: `Your wallet already has a token called ${imitated.symbol} (${imitated.name}) at ${imitated.address}. This is another contract with the same ${symbolKey(imitated.symbol) === symbolKey(token.symbol) ? 'symbol' : 'name'}: tokens that copy another's name are a common way to deceive.`,
          }
        : {}),
    });
    await updateState((state) => {
      if (
        !state.tokens.some(
          (existing) =>
            existing.chainId === token.chainId &&
            existing.address === token.address,
        )
      ) {
        state.tokens.push(token);
      }
    });
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

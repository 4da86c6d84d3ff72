/* eslint-disable n/no-unsupported-features/node-builtins -- tests: fetch */
import type { Call, RpcProvider } from 'starknet';
import { uint256 } from 'starknet';

import type { LocalNode } from '../src';
import { swapTokensOf } from '../src/chain/swap-genesis';
import type { SwapToken } from '../src/chain/swap-genesis';

/**
 * What the swap tests share: the local chain's tokens, the API's two
 * calls over real HTTP, and balance reads.
 */

export const SEPOLIA = '0x534e5f5345504f4c4941';

/** The local chain's swap tokens, by symbol, as hex addresses. */
export const TOKENS = Object.fromEntries(
  swapTokensOf(SEPOLIA).map((token) => [
    token.symbol,
    `0x${token.address.toString(16).padStart(64, '0')}`,
  ]),
) as Record<SwapToken['symbol'], string>;

/** An API answer: its status and JSON body. */
export type ApiAnswer = { status: number; body: unknown; headers: Headers };

/** A quote as the API answers it (the fields the tests read). */
export type QuoteJson = {
  quoteId: string;
  sellAmount: string;
  buyAmount: string;
  expiry: number;
  fee: { feeToken: string; avnuFees: string; integratorFees: string };
  priceImpact: number;
  gasFees: string;
} & Record<string, unknown>;

/**
 * `GET /swap/v3/quotes`.
 *
 * @param node - The node.
 * @param params - The query (arrays repeat the parameter).
 * @returns The answer.
 */
export async function getQuotes(
  node: LocalNode,
  params: Record<string, string | string[]>,
): Promise<ApiAnswer> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const item of [value].flat()) {
      query.append(name, item);
    }
  }
  const response = await fetch(
    `${node.swap.apiUrl}/swap/v3/quotes?${query.toString()}`,
  );
  return {
    status: response.status,
    body: await response.json(),
    headers: response.headers,
  };
}

/**
 * The best quote, failing unless the API answers one.
 *
 * @param node - The node.
 * @param params - The query.
 * @returns The quote.
 */
export async function bestQuote(
  node: LocalNode,
  params: Record<string, string | string[]>,
): Promise<QuoteJson> {
  const { status, body } = await getQuotes(node, params);
  if (status !== 200 || !Array.isArray(body) || body.length === 0) {
    throw new Error(`no quote: ${status} ${JSON.stringify(body)}`);
  }
  return body[0];
}

/**
 * `POST /swap/v3/build`.
 *
 * @param node - The node.
 * @param body - The body (a string is sent as is).
 * @returns The answer.
 */
export async function postBuild(
  node: LocalNode,
  body: unknown,
): Promise<ApiAnswer> {
  const response = await fetch(`${node.swap.apiUrl}/swap/v3/build`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: await response.json(),
    headers: response.headers,
  };
}

/**
 * The calls of a build, failing unless the API answers them.
 *
 * @param node - The node.
 * @param body - The build request.
 * @returns The calls.
 */
export async function builtCalls(
  node: LocalNode,
  body: Record<string, unknown>,
): Promise<Call[]> {
  const answer = await postBuild(node, body);
  if (answer.status !== 200) {
    throw new Error(
      `no build: ${answer.status} ${JSON.stringify(answer.body)}`,
    );
  }
  return (answer.body as { calls: Call[] }).calls;
}

/**
 * A token balance.
 *
 * @param provider - The provider.
 * @param token - The token.
 * @param owner - The holder.
 * @returns The balance.
 */
export async function balanceOf(
  provider: RpcProvider,
  token: string,
  owner: string,
): Promise<bigint> {
  const [low = '0x0', high = '0x0'] = await provider.callContract({
    contractAddress: token,
    entrypoint: 'balance_of',
    calldata: [owner],
  });
  return uint256.uint256ToBN({ low, high });
}

export const asHex = (value: bigint): string => `0x${value.toString(16)}`;

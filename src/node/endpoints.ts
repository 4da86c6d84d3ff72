import { string } from 'superstruct';

import { FeltText, parsedBy } from './answers';
import type { NodeCall } from './nodeCall';
import type { Network } from '../config';
import {
  ChainRejectedError,
  NodeError,
  UnsupportedSpecError,
  WrongChainError,
} from '../errors';

/**
 * What this snap process knows about a network's endpoints: which ones were
 * checked (chain id and spec version, once per endpoint and chain, in the
 * same batch as the first call), and which one answered last, so the next
 * request starts there instead of waiting again on one that is down. The
 * snap forgets it when MetaMask stops the snap; the first request after
 * that checks again, at no extra round trip.
 */

/** The spec line this snap speaks: Starknet JSON-RPC 0.10.x. */
export const SPEC_LINE = '0.10';

/**
 * Whether a `starknet_specVersion` answer is one this snap speaks: 0.10.x,
 * release candidates included (providers serve `0.10.3-rc.0`). Patch
 * versions of a line keep its methods and shapes; 0.9 and 0.11 do not.
 *
 * @param version - The node's answer.
 * @returns Whether the snap may use the node.
 */
export function isSupportedSpec(version: string): boolean {
  return /^0\.10\.\d+(?:[-+][0-9A-Za-z.-]+)?$/u.test(version);
}

/** Bytes of answer a check adds to its batch's: a short string. */
const CHECK_ANSWER_BYTES = 1024;

/**
 * An endpoint's first-use checks, in the batch of its first calls: which
 * chain it serves, and which spec version it speaks (see checkEndpoint).
 */
export const ENDPOINT_CHECKS: readonly NodeCall<string>[] = [
  {
    method: 'starknet_chainId',
    params: [],
    parse: parsedBy(FeltText),
    maxAnswerBytes: CHECK_ANSWER_BYTES,
  },
  {
    method: 'starknet_specVersion',
    params: [],
    parse: parsedBy(string()),
    maxAnswerBytes: CHECK_ANSWER_BYTES,
  },
];

const checkedEndpoints = new Set<string>();

const lastAnswered = new Map<string, string>();

/**
 * The key of an endpoint for a chain: a URL is checked for each chain it is
 * expected to serve.
 *
 * @param chainId - The chain.
 * @param url - The endpoint.
 * @returns The key.
 */
function keyOf(chainId: string, url: string): string {
  return `${chainId} ${url}`;
}

/**
 * Whether an endpoint already proved it serves the chain and a supported
 * spec version.
 *
 * @param chainId - The chain.
 * @param url - The endpoint.
 * @returns Whether it was checked.
 */
export function isChecked(chainId: string, url: string): boolean {
  return checkedEndpoints.has(keyOf(chainId, url));
}

/**
 * Records that an endpoint serves the chain and a supported spec version.
 *
 * @param chainId - The chain.
 * @param url - The endpoint.
 */
export function markChecked(chainId: string, url: string): void {
  checkedEndpoints.add(keyOf(chainId, url));
}

/**
 * Records the endpoint that just answered a network's request.
 *
 * @param chainId - The network's chain.
 * @param url - The endpoint.
 */
export function markAnswered(chainId: string, url: string): void {
  lastAnswered.set(chainId, url);
}

/**
 * The order to try a network's endpoints in: the one that answered last
 * first, then the others as configured.
 *
 * @param chainId - The network's chain.
 * @param urls - Its endpoints, as configured.
 * @returns The same endpoints, in the order to try.
 */
export function tryOrder(chainId: string, urls: readonly string[]): string[] {
  const last = lastAnswered.get(chainId);
  return last !== undefined && urls.includes(last)
    ? [last, ...urls.filter((url) => url !== last)]
    : [...urls];
}

const listRefusers = new Set<string>();

/**
 * Whether the endpoint that answered a chain's last request refused a
 * `starknet_getEvents` filter whose address is a list (JSON-RPC 0.10
 * allows one; a node that answers it with an error of its own does not
 * take it): its reads then go one address per filter, without asking
 * again while the snap runs.
 *
 * @param chainId - The chain.
 * @returns Whether it refused.
 */
export function refusesAddressLists(chainId: string): boolean {
  const url = lastAnswered.get(chainId);
  return url !== undefined && listRefusers.has(keyOf(chainId, url));
}

/**
 * Records that the endpoint that answered a chain's last request (the one
 * that just refused an address list) refuses them.
 *
 * @param chainId - The chain.
 */
export function markRefusesAddressLists(chainId: string): void {
  const url = lastAnswered.get(chainId);
  if (url !== undefined) {
    listRefusers.add(keyOf(chainId, url));
  }
}

/** How old a remembered latest block may be to be used (seconds: a day). */
const LATEST_BLOCK_AGE = 86_400;

const latestBlocks = new Map<string, { block: number; at: number }>();

/**
 * Remembers the latest block the endpoint that answered a chain's last
 * request named (when it was read, seconds).
 *
 * @param chainId - The chain.
 * @param block - The block number.
 * @param at - When it was the latest (seconds).
 */
export function rememberLatestBlock(
  chainId: string,
  block: number,
  at = Math.floor(Date.now() / 1000),
): void {
  const url = lastAnswered.get(chainId);
  if (url !== undefined) {
    latestBlocks.set(keyOf(chainId, url), { block, at });
  }
}

/**
 * A block that was the latest at most a day ago on the endpoint that
 * answered a chain's last request (the newest remembered, or `also`):
 * a lower bound of the latest block, placed in a read's first batch
 * before the latest is known.
 *
 * @param chainId - The chain.
 * @param also - Another such block, and when it was the latest.
 * @param also.block - The block number.
 * @param also.at - When it was the latest (seconds).
 * @returns The block, if one is known.
 */
export function recentLatestBlock(
  chainId: string,
  also?: { block: number; at: number },
): number | undefined {
  const url = lastAnswered.get(chainId);
  const now = Math.floor(Date.now() / 1000);
  const recent = [
    url === undefined ? undefined : latestBlocks.get(keyOf(chainId, url)),
    also,
  ].flatMap((seen) =>
    seen && now - seen.at <= LATEST_BLOCK_AGE ? [seen.block] : [],
  );
  return recent.length === 0 ? undefined : Math.max(...recent);
}

/**
 * How an endpoint is named in errors a dapp receives: its host only, since
 * the path (and query) of a provider's URL often holds an API key.
 *
 * @param url - The endpoint.
 * @returns Its host (with port).
 */
export function endpointLabel(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'an endpoint';
  }
}

/**
 * The value of a check's answer.
 *
 * @param network - The network the endpoint should serve.
 * @param answer - The settled answer.
 * @param question - What the check asks, for the error.
 * @returns The value.
 * @throws {NodeError} When the node refused the check or its answer is
 * malformed.
 */
function checkedValue(
  network: Network,
  answer: PromiseSettledResult<unknown> | undefined,
  question: string,
): unknown {
  if (answer?.status === 'rejected') {
    if (answer.reason instanceof ChainRejectedError) {
      throw new NodeError(
        network.name,
        `cannot tell ${question}: ${answer.reason.message}`,
        { cause: answer.reason },
      );
    }
    throw answer.reason;
  }
  return answer?.value;
}

/**
 * Checks an endpoint's answers to `starknet_chainId` and
 * `starknet_specVersion`: the network's chain, and a 0.10.x version.
 *
 * @param network - The network the endpoint should serve.
 * @param chainAnswer - Its settled chain id.
 * @param specAnswer - Its settled spec version.
 * @throws {NodeError} When it serves another chain or version, or cannot
 * say (WrongChainError, UnsupportedSpecError).
 */
export function checkEndpoint(
  network: Network,
  chainAnswer: PromiseSettledResult<unknown> | undefined,
  specAnswer: PromiseSettledResult<unknown> | undefined,
): void {
  const chainId = checkedValue(
    network,
    chainAnswer,
    'which chain the node serves',
  );
  if (
    typeof chainId !== 'string' ||
    BigInt(chainId) !== BigInt(network.chainId)
  ) {
    throw new WrongChainError(network.name, String(chainId), network.chainId);
  }
  const version = checkedValue(
    network,
    specAnswer,
    'which JSON-RPC version the node speaks',
  );
  if (typeof version !== 'string' || !isSupportedSpec(version)) {
    throw new UnsupportedSpecError(
      network.name,
      String(version),
      `${SPEC_LINE}.x`,
    );
  }
}

/* eslint-disable n/no-unsupported-features/node-builtins -- Node 20's fetch */
import { StartError } from './start-error';
import { TESTNET_CHAIN_ID } from '../../src/config';
import { isSupportedSpec } from '../../src/node/endpoints';

/** How long one call to the node may take. */
const CALL_LIMIT_MS = 10_000;

export type FundedAccount = {
  address: string;
  privateKey: string;
};

/**
 * Whether a value is an object with string properties of these names.
 *
 * @param value - The value.
 * @param names - The properties.
 * @returns Whether it has them all, as strings.
 */
function hasStrings<Name extends string>(
  value: unknown,
  names: Name[],
): value is Record<Name, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    names.every(
      (name) =>
        typeof (value as Partial<Record<Name, unknown>>)[name] === 'string',
    )
  );
}

/**
 * One JSON-RPC call.
 *
 * @param url - The node.
 * @param method - The method.
 * @returns The result.
 * @throws When the node does not answer, or answers with an error.
 */
export async function callNode(url: string, method: string): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method }),
    signal: AbortSignal.timeout(CALL_LIMIT_MS),
  });
  const answer: unknown = await response.json();
  if (typeof answer === 'object' && answer !== null && 'result' in answer) {
    return answer.result;
  }
  const error =
    typeof answer === 'object' && answer !== null && 'error' in answer
      ? JSON.stringify(answer.error)
      : `HTTP ${response.status}`;
  throw new Error(`${method}: ${error}`);
}

/**
 * Checks that a node is one the snap's Testnet may use — its chain is
 * Sepolia's and it speaks JSON-RPC 0.10.x, the snap's own rules — before a
 * snap is built against it; the snap would refuse it at every request.
 *
 * @param url - The node.
 * @returns Its spec version.
 */
export async function checkTestnetNode(url: string): Promise<string> {
  let chainId: unknown;
  let specVersion: unknown;
  try {
    [chainId, specVersion] = await Promise.all([
      callNode(url, 'starknet_chainId'),
      callNode(url, 'starknet_specVersion'),
    ]);
  } catch (error) {
    throw new StartError(
      `The node at ${url} does not answer starknet_chainId and starknet_specVersion (${String(error)}). Is it running, and is that its JSON-RPC URL (starknet-devnet: http://127.0.0.1:5050/rpc)?`,
    );
  }
  if (chainId !== TESTNET_CHAIN_ID) {
    throw new StartError(
      `The node at ${url} serves chain ${String(chainId)}, not Testnet (SN_SEPOLIA, ${TESTNET_CHAIN_ID}), the network the snap is built to use it for. Start starknet-devnet with --chain-id SN_SEPOLIA (its default).`,
    );
  }
  if (typeof specVersion !== 'string' || !isSupportedSpec(specVersion)) {
    throw new StartError(
      `The node at ${url} speaks Starknet JSON-RPC ${String(specVersion)}; the snap speaks 0.10.x (starknet-devnet 0.8 and later do).`,
    );
  }
  return specVersion;
}

/**
 * The node's predeployed accounts, as starknet-devnet (and the local node)
 * list them; none when the node has no such method.
 *
 * @param url - The node.
 * @returns The accounts.
 */
export async function predeployedAccounts(
  url: string,
): Promise<FundedAccount[]> {
  const listed = await callNode(url, 'devnet_getPredeployedAccounts').catch(
    () => [],
  );
  return Array.isArray(listed)
    ? listed
        .filter((entry) => hasStrings(entry, ['address', 'private_key']))
        .map((entry) => ({
          address: entry.address,
          privateKey: entry.private_key,
        }))
    : [];
}

/**
 * Whether a node of the user's also serves SNIP-29 (the local node of this
 * repository does): `paymaster_isAvailable` answered `true`.
 *
 * @param url - Its JSON-RPC URL.
 * @returns Whether the snap's Testnet can use it as its paymaster.
 */
export async function servesPaymaster(url: string): Promise<boolean> {
  return callNode(url, 'paymaster_isAvailable').then(
    (answer) => answer === true,
    () => false,
  );
}

/**
 * Whether a node of the user's also serves AVNU's swap API at its root (the
 * local node of this repository does): a quote asked without its params
 * is refused in AVNU's shape, a 400 with `messages`.
 *
 * @param url - Its JSON-RPC URL.
 * @returns The API's base (the node's origin), or undefined.
 */
export async function swapApiOf(url: string): Promise<string | undefined> {
  const base = new URL(url).origin;
  try {
    const response = await fetch(`${base}/swap/v3/quotes`, {
      signal: AbortSignal.timeout(CALL_LIMIT_MS),
    });
    const answer: unknown = await response.json();
    return response.status === 400 &&
      typeof answer === 'object' &&
      answer !== null &&
      'messages' in answer &&
      Array.isArray(answer.messages)
      ? base
      : undefined;
  } catch {
    return undefined;
  }
}

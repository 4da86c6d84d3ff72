/**
 * What every library test checks the same way, in the test process: the
 * local node they share with the snap, a signature that verifies, a
 * transfer that landed, and the steps that approve the snap's dialogs.
 */
import { startLocalNode } from '@snapnet/local-node';
import type { LocalNode } from '@snapnet/local-node';
import type { WALLET_API } from '@starknet-io/starknet-types-0104';
import { ec, RpcProvider, typedData as starknetTypedData } from 'starknet';

import { mintStrk, ONE_STRK } from '../../../../test/chain/node';
import { ACCOUNT_0, STRK, typedDataRevision1 } from '../../../../test/fixtures';
import { TEST_NODE_PORT } from '../../../../test/ports';

/** The SNIP-12 message every page signs. */
export const TYPED_DATA: WALLET_API.TypedData = typedDataRevision1;

/** What every page sends: 1.5 STRK. */
export const AMOUNT = (3n * ONE_STRK) / 2n;

/**
 * Starts the local node the test build's Testnet points at, with account 0
 * funded (100 STRK) so that it can deploy itself and send.
 *
 * @returns The node.
 */
export async function startFundedNode(): Promise<LocalNode> {
  const node = await startLocalNode({
    host: '127.0.0.1',
    port: TEST_NODE_PORT,
    seed: 42,
  });
  await mintStrk(node, ACCOUNT_0.address, 100n * ONE_STRK);
  return node;
}

/**
 * Whether a signature of TYPED_DATA by account 0 verifies against its
 * public key.
 *
 * @param signature - The signature's felts (r, s).
 * @returns Whether it verifies.
 */
export function signedByAccount0(signature: readonly string[]): boolean {
  const [sigR, sigS] = signature.map((value) => BigInt(value));
  if (signature.length !== 2 || sigR === undefined || sigS === undefined) {
    return false;
  }
  const messageHash = starknetTypedData.getMessageHash(
    TYPED_DATA,
    ACCOUNT_0.address,
  );
  return ['02', '03'].some((parity) =>
    ec.starkCurve.verify(
      new ec.starkCurve.Signature(sigR, sigS),
      messageHash,
      `${parity}${ACCOUNT_0.publicKey.slice(2).padStart(64, '0')}`,
    ),
  );
}

/**
 * An address's STRK balance on the node.
 *
 * @param node - The node.
 * @param address - The holder.
 * @returns The balance in FRI.
 */
export async function strkBalance(
  node: LocalNode,
  address: string,
): Promise<bigint> {
  const [low = '0x0', high = '0x0'] = await new RpcProvider({
    nodeUrl: node.url,
  }).callContract({
    contractAddress: STRK,
    entrypoint: 'balance_of',
    calldata: [address],
  });
  return BigInt(low) + BigInt(high) * 2n ** 128n;
}

/**
 * Waits for a transaction on the node.
 *
 * @param node - The node.
 * @param hash - The transaction hash the page got.
 * @returns Whether it succeeded.
 */
export async function succeeded(
  node: LocalNode,
  hash: string,
): Promise<boolean> {
  const receipt = await new RpcProvider({
    nodeUrl: node.url,
  }).waitForTransaction(hash, { retryInterval: 50 });
  return receipt.isSuccess();
}

/**
 * Whether two felts (addresses) are the same number, whatever the padding.
 *
 * @param left - One.
 * @param right - The other.
 * @returns Whether they are equal.
 */
export function sameFelt(left: string, right: string): boolean {
  return BigInt(left) === BigInt(right);
}

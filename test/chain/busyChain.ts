import { RpcProvider } from 'starknet';

import { predeployedAccount, WAIT } from './classes';
import { nodeRequest } from './node';
import type { TestNode } from './types';
import { STRK } from '../fixtures';

/**
 * A busy chain for the chain tests: thousands of other people's transfers
 * around the user's. On the local node, in one request (`local_addTraffic`:
 * Transfer events exactly as a Cairo 1 token emits them, between strangers
 * or to one address); on starknet-devnet, real signed transfers between its
 * predeployed accounts (each also pays its fee in STRK: two Transfer events
 * a transaction), fewer of them, enough to fill more than a first page of
 * 200 events.
 */

/**
 * Makes the chain busy with transfers of STRK.
 *
 * @param node - The node.
 * @param traffic - How much.
 * @param traffic.local - Transfers between strangers on the local node.
 * @param traffic.devnet - Real transfers between predeployed accounts on
 * starknet-devnet.
 * @param traffic.to - On the local node, the one recipient of them all.
 * @param traffic.blocks - On the local node, how many blocks (a hundred
 * transfers each by default).
 */
export async function makeBusy(
  node: TestNode,
  traffic: { local: number; devnet: number; to?: string; blocks?: number },
): Promise<void> {
  if (node.backend !== 'devnet') {
    await nodeRequest(node, 'local_addTraffic', {
      count: traffic.local,
      blocks: traffic.blocks ?? Math.max(1, Math.ceil(traffic.local / 100)),
      ...(traffic.to === undefined ? {} : { to: traffic.to }),
    });
    return;
  }
  const sender = predeployedAccount(node, 2);
  const recipient = node.accounts[1]?.address ?? '0x1';
  let last = '';
  for (let index = 0; index < traffic.devnet; index++) {
    const sent = await sender.execute([
      {
        contractAddress: STRK,
        entrypoint: 'transfer',
        calldata: [recipient, '1', '0'],
      },
    ]);
    last = sent.transaction_hash;
  }
  if (last !== '') {
    await new RpcProvider({ nodeUrl: node.url }).waitForTransaction(last, WAIT);
  }
}

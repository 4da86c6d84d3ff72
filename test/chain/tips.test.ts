import { RpcProvider } from 'starknet';

import { predeployedAccount, WAIT } from './classes';
import { nodeRequest, ONE_STRK, useFundedNode } from './node';
import type { TestNode } from './node';
import { maxFeeOf } from './sentTransaction';
import type { SentTransaction } from './sentTransaction';
import { formatUnits } from '../../src/format';
import { ACCOUNT_0, STRK } from '../fixtures';
import {
  confirmationOf,
  installSharedWallet,
  invoke,
  plainResultOf,
  textOf,
} from '../installedWallet';

/**
 * A transaction's tip when its dapp names none: estimated from the last
 * blocks as starknet.js's getEstimateTip does (its own answer on the same
 * blocks is the reference), shown with where it comes from, counted in the
 * maximum fee and signed; read in the transaction's own batches.
 */

const RECIPIENT =
  '0x0000000000000000000000000000000000000000000000000000000000abcdef';

const testNode = useFundedNode(ACCOUNT_0.address, 100n * ONE_STRK);

/**
 * Gives the latest blocks transactions with known tips: on the local node
 * in one request (`local_addTraffic`, ten to a block); on starknet-devnet,
 * real transfers of its predeployed accounts (one to a block).
 *
 * @param node - The node.
 * @param tips - The tips, in order.
 */
async function recentTips(node: TestNode, tips: bigint[]): Promise<void> {
  if (node.backend !== 'devnet') {
    await nodeRequest(node, 'local_addTraffic', {
      count: tips.length,
      blocks: Math.ceil(tips.length / 10),
      tips: tips.map((tip) => `0x${tip.toString(16)}`),
    });
    return;
  }
  const sender = predeployedAccount(node, 2);
  const provider = new RpcProvider({ nodeUrl: node.url });
  for (const tip of tips) {
    const sent = await sender.execute(
      [
        {
          contractAddress: STRK,
          entrypoint: 'transfer',
          calldata: [RECIPIENT, '1', '0'],
        },
      ],
      { tip },
    );
    await provider.waitForTransaction(sent.transaction_hash, WAIT);
  }
}

/**
 * starknet.js's own estimate on the node's latest blocks (batched, so it
 * reads the latest block and the two before it, as the wallet does).
 *
 * @param node - The node.
 * @returns Its recommended tip and the tips it found.
 */
async function referenceTip(
  node: TestNode,
): Promise<{ tip: bigint; found: number }> {
  const estimate = await new RpcProvider({
    nodeUrl: node.url,
    batch: 0,
  }).getEstimateTip('latest');
  return {
    tip: estimate.recommendedTip,
    found: estimate.metrics?.transactionsTipsFound.length ?? 0,
  };
}

/**
 * Sends a transfer through the wallet without a tip, approves it, and reads
 * what the node received.
 *
 * @returns The dialog's text and the transaction sent.
 */
async function sendWithoutTip(): Promise<{
  text: string;
  sent: SentTransaction;
}> {
  const wallet = await installSharedWallet();
  const pending = invoke(wallet, 'snapnet_executeTxn', {
    address: ACCOUNT_0.address,
    calls: [
      {
        contractAddress: STRK,
        entrypoint: 'transfer',
        calldata: [RECIPIENT, '1', '0'],
      },
    ],
  });
  const dialog = await confirmationOf(pending);
  const text = textOf(dialog.content);
  await dialog.ok();
  const { transaction_hash: hash } = await plainResultOf(pending);
  const sent = (await nodeRequest(testNode(), 'starknet_getTransactionByHash', {
    transaction_hash: hash,
  })) as SentTransaction;
  return { text, sent };
}

describe('the tip, when the dapp names none', () => {
  it('is what starknet.js estimates from the last 3 blocks, said so in the dialog, signed and counted in the maximum fee', async () => {
    const node = testNode();
    // Thirty tips on the local node (the median of 5, 9, … is known);
    // on starknet-devnet, three blocks of one transfer each.
    const tips =
      node.backend === 'devnet'
        ? [40n, 50n, 60n]
        : Array.from({ length: 30 }, (_, index) => BigInt(5 + 4 * index));
    await recentTips(node, tips);
    const reference = await referenceTip(node);
    const { text, sent } = await sendWithoutTip();
    expect(BigInt(sent.tip)).toBe(reference.tip);
    if (node.backend === 'devnet') {
      expect(reference).toStrictEqual({ tip: 0n, found: 3 });
      expect(text).toContain(
        'Tip Text 0 FRI per unit of L2 gas: the last 3 blocks hold 3 tipped transactions, too few to estimate a tip',
      );
    } else {
      // The median of 5, 9, …, 121: the 15th and 16th averaged.
      expect(reference).toStrictEqual({ tip: 63n, found: 30 });
      expect(text).toContain(
        'Tip Text 63 FRI per unit of L2 gas, from the last 3 blocks (the median of 30 tips)',
      );
    }
    expect(text).toContain(
      `Maximum fee Text ${formatUnits(maxFeeOf(sent), 18)} STRK`,
    );
  });

  it('no tip on a chain too quiet to estimate one, said so', async () => {
    // Three blocks with no transaction: nothing to estimate from.
    for (let block = 0; block < 3; block++) {
      await nodeRequest(testNode(), 'devnet_createBlock', {});
    }
    const reference = await referenceTip(testNode());
    expect(reference.tip).toBe(0n);
    const { text, sent } = await sendWithoutTip();
    expect(BigInt(sent.tip)).toBe(0n);
    expect(text).toContain(
      'Tip Text 0 FRI per unit of L2 gas: the last 3 blocks hold 0 tipped transactions, too few to estimate a tip',
    );
  });
});

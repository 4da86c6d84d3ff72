import {
  BIP44CoinTypeNode,
  getBIP44AddressKeyDeriver,
} from '@metamask/key-tree';
import type { JsonBIP44CoinTypeNode } from '@metamask/key-tree';

import { addressKeyDeriver } from './bip32';

/**
 * The wallet's own BIP-32 steps give key-tree's keys, to the bit: for the
 * test phrase and other phrases, at the first indices, scattered ones and
 * the last index there is.
 */

const PHRASES = [
  'test test test test test test test test test test test ball',
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
  'legal winner thank year wave sausage worth useful legal winner thank yellow',
];

const INDICES = [
  ...Array.from({ length: 40 }, (_, index) => index),
  ...Array.from({ length: 40 }, (_, step) => (step + 1) * 53_687_091),
  2 ** 31 - 1,
];

/**
 * MetaMask's coin-type node of a phrase, as `snap_getBip44Entropy` answers.
 *
 * @param phrase - The secret recovery phrase.
 * @param coinType - The coin type.
 * @returns The node, as JSON.
 */
async function coinTypeNode(
  phrase: string,
  coinType = 9004,
): Promise<JsonBIP44CoinTypeNode> {
  const node = await BIP44CoinTypeNode.fromDerivationPath([
    `bip39:${phrase}`,
    "bip32:44'",
    `bip32:${coinType}'`,
  ]);
  return node.toJSON();
}

describe('the address key deriver', () => {
  it.each(PHRASES)('derives what key-tree derives (%s)', async (phrase) => {
    const node = await coinTypeNode(phrase);
    const ours = addressKeyDeriver(node);
    const keyTree = await getBIP44AddressKeyDeriver(node);
    for (const index of INDICES) {
      expect(ours(index)).toBe((await keyTree(index)).privateKey);
    }
  });

  it('derives for any coin type', async () => {
    const node = await coinTypeNode(PHRASES[1] ?? '', 60);
    const keyTree = await getBIP44AddressKeyDeriver(node);
    expect(addressKeyDeriver(node)(7)).toBe((await keyTree(7)).privateKey);
  });

  it.each([-1, 2 ** 31, 1.5, Number.NaN])(
    'refuses the index %p, as key-tree does',
    async (index) => {
      const ours = addressKeyDeriver(await coinTypeNode(PHRASES[0] ?? ''));
      expect(() => ours(index)).toThrow('Invalid BIP-32 index');
    },
  );

  it('refuses a node that is not a coin-type node with its private key', async () => {
    const node = await coinTypeNode(PHRASES[0] ?? '');
    const bad: JsonBIP44CoinTypeNode[] = [
      { ...node, depth: 3 },
      { ...node, privateKey: undefined },
      { ...node, privateKey: `0x${'00'.repeat(32)}` },
      { ...node, chainCode: '0x00' },
    ];
    for (const each of bad) {
      expect(() => addressKeyDeriver(each)).toThrow('Invalid coin-type node');
    }
  });
});

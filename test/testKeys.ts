import {
  BIP44CoinTypeNode,
  getBIP44AddressKeyDeriver,
} from '@metamask/key-tree';
import { ec } from 'starknet';

/**
 * The keys of snaps-jest's default secret recovery phrase, derived here the
 * way ARCHITECTURE.md says the wallet derives them (m/44'/9004'/0'/0/i,
 * then ground), so tests can check what the snap signs and scan what it
 * answers for secrets.
 */

const DEFAULT_PHRASE =
  'test test test test test test test test test test test ball';

/** One index's private keys: the BIP-44 node's and the ground Stark key. */
export type TestKeys = { bip44: string; stark: string };

/**
 * The private keys of the first `count` indices of the test phrase.
 *
 * @param count - How many indices.
 * @returns Their keys, hex, in order of index.
 */
export async function testPhraseKeys(count: number): Promise<TestKeys[]> {
  const coinNode = await BIP44CoinTypeNode.fromDerivationPath([
    `bip39:${DEFAULT_PHRASE}`,
    "bip32:44'",
    "bip32:9004'",
  ]);
  const deriver = await getBIP44AddressKeyDeriver(coinNode);
  const keys: TestKeys[] = [];
  for (let index = 0; index < count; index++) {
    const bip44 = (await deriver(index)).privateKey ?? '';
    keys.push({ bip44, stark: `0x${ec.starkCurve.grindKey(bip44)}` });
  }
  return keys;
}

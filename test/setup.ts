import {
  BIP44CoinTypeNode,
  getBIP44AddressKeyDeriver,
} from '@metamask/key-tree';
import { ec } from 'starknet';

import { recordedResponses } from './installedWallet';

const DEFAULT_PHRASE =
  'test test test test test test test test test test test ball';

/**
 * After every test file: no response the snap gave contains a private key of
 * the test seed (the first 25 indices, raw BIP-44 and ground Stark keys, in
 * any case and with or without leading zeros).
 */
afterAll(async () => {
  const coinNode = await BIP44CoinTypeNode.fromDerivationPath([
    `bip39:${DEFAULT_PHRASE}`,
    "bip32:44'",
    "bip32:9004'",
  ]);
  const deriver = await getBIP44AddressKeyDeriver(coinNode);
  const secrets: string[] = [];
  for (let index = 0; index < 25; index++) {
    const node = await deriver(index);
    const raw = node.privateKey ?? '';
    const stark = ec.starkCurve.grindKey(raw);
    secrets.push(BigInt(raw).toString(16), BigInt(`0x${stark}`).toString(16));
    secrets.push(BigInt(raw).toString(10), BigInt(`0x${stark}`).toString(10));
  }
  const everything = JSON.stringify(recordedResponses).toLowerCase();
  const leaked = secrets.filter((secret) => everything.includes(secret));
  expect(recordedResponses.length).toBeGreaterThan(0);
  expect(leaked).toStrictEqual([]);
});

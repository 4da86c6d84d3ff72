import {
  BIP44CoinTypeNode,
  getBIP44AddressKeyDeriver,
} from '@metamask/key-tree';

import { accountAddress, normaliseAddress } from './address';
import { starkKeysFromBip44Key } from './derivation';
import { ACCOUNT_0 } from '../../test/fixtures';

describe('keys', () => {
  it('derives the index-0 vector of the default test phrase', async () => {
    const coinNode = await BIP44CoinTypeNode.fromDerivationPath([
      'bip39:test test test test test test test test test test test ball',
      "bip32:44'",
      "bip32:9004'",
    ]);
    const deriver = await getBIP44AddressKeyDeriver(coinNode);
    const node = await deriver(0);
    const keys = starkKeysFromBip44Key(node.privateKey ?? '');
    // The vector every test reads from the fixtures.
    expect(keys.privateKey).toBe(ACCOUNT_0.privateKey);
    expect(keys.publicKey).toBe(ACCOUNT_0.publicKey);
    expect(accountAddress(keys.publicKey)).toBe(ACCOUNT_0.address);
  });

  it('computes a different address for the Cairo 0 proxy account', () => {
    const { publicKey } = ACCOUNT_0;
    const cairo0 = accountAddress(publicKey, 'argent-cairo0');
    expect(cairo0).toMatch(/^0x[0-9a-f]{64}$/u);
    expect(cairo0).not.toBe(accountAddress(publicKey));
  });

  it('normalises addresses to 64 lower-case hex digits', () => {
    expect(normaliseAddress('0xABC')).toBe(`0x${'0'.repeat(61)}abc`);
  });
});

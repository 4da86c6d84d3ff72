import {
  BIP44CoinTypeNode,
  getBIP44AddressKeyDeriver,
} from '@metamask/key-tree';

import { accountAddress, normaliseAddress } from './address';
import { starkKeysFromBip44Key } from './derivation';

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
    expect(keys.privateKey).toBe(
      '0x531a5ab3fe52a0c54b8b4f70ecc022f7b8224372b886b39ecad0f9ec89688ca',
    );
    expect(keys.publicKey).toBe(
      '0x1297ebe045cf72e92946f2daf84e7cbafdbe89bcb6f382e8fd3bdc254ea8a62',
    );
    expect(accountAddress(keys.publicKey)).toBe(
      '0x03a48f9784a19e574e3976351f36d3806b8c27a97a972d2e2834e067d2c52883',
    );
  });

  it('computes a different address for the Cairo 0 proxy account', () => {
    const publicKey =
      '0x1297ebe045cf72e92946f2daf84e7cbafdbe89bcb6f382e8fd3bdc254ea8a62';
    const cairo0 = accountAddress(publicKey, 'argent-cairo0');
    expect(cairo0).toMatch(/^0x[0-9a-f]{64}$/u);
    expect(cairo0).not.toBe(accountAddress(publicKey));
  });

  it('normalises addresses to 64 lower-case hex digits', () => {
    expect(normaliseAddress('0xABC')).toBe(`0x${'0'.repeat(61)}abc`);
  });
});

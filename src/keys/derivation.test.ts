import { BIP44CoinTypeNode } from '@metamask/key-tree';

import { KeyRing } from './derivation';
import { testPhraseKeys } from '../../test/testKeys';
import { inRequest } from '../requestScope';

/**
 * The key cache under MetaMask's executor: an entropy request still on its
 * way when the snap goes idle is cut off (it never answers), so the cache
 * must forget it, or every later request would wait on it for ever.
 */

const PHRASE = 'test test test test test test test test test test test ball';

describe('the key cache when the snap goes idle', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'snap');
  });

  it('forgets an entropy request cut off with its request: the next request asks again and gets its keys', async () => {
    const coinNode = await BIP44CoinTypeNode.fromDerivationPath([
      `bip39:${PHRASE}`,
      "bip32:44'",
      "bip32:9004'",
    ]);
    let asked = 0;
    const request = async (): Promise<unknown> => {
      asked += 1;
      // The first answer never comes: MetaMask cut it off at the teardown.
      return asked === 1 ? new Promise(() => undefined) : coinNode.toJSON();
    };
    Object.assign(globalThis, { snap: { request } });
    // A request that starts a derivation and answers without awaiting it.
    await inRequest('https://site.example', async () => {
      new KeyRing().keys(0).catch(() => undefined);
      return null;
    });
    const keys = await inRequest('https://site.example', async () =>
      new KeyRing().keys(0),
    );
    const [expected] = await testPhraseKeys(1);
    expect(keys.privateKey).toBe(expected?.stark);
    expect(asked).toBe(2);
  });
});

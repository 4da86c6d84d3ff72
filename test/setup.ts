import { recordedResponses } from './installedWallet';
import { testPhraseKeys } from './testKeys';

/**
 * After every test file: no response the snap gave contains a private key of
 * the test seed (the first 25 indices, raw BIP-44 and ground Stark keys, in
 * any case and with or without leading zeros).
 */
afterAll(async () => {
  const secrets = (await testPhraseKeys(25)).flatMap(({ bip44, stark }) =>
    [BigInt(bip44), BigInt(stark)].flatMap((value) => [
      value.toString(16),
      value.toString(10),
    ]),
  );
  const everything = JSON.stringify(recordedResponses).toLowerCase();
  const leaked = secrets.filter((secret) => everything.includes(secret));
  expect(recordedResponses.length).toBeGreaterThan(0);
  expect(leaked).toStrictEqual([]);
});

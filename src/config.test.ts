/* eslint-disable n/no-process-env -- the build's settings are process.env */
import {
  buildNodeUrls,
  contentStorage,
  MAINNET_CHAIN_ID,
  rpcUrlsFor,
  TESTNET_CHAIN_ID,
} from './config';

const SAVED = { ...process.env };

afterEach(() => {
  process.env = { ...SAVED };
});

describe("the build's nodes", () => {
  it("gives a built-in network the build's URLs in order, and a network with its own node only that", () => {
    process.env.SNAP_MAINNET_RPC_URL =
      'https://a.example/rpc,,https://b.example/rpc';
    expect(buildNodeUrls(MAINNET_CHAIN_ID)).toStrictEqual([
      'https://a.example/rpc',
      'https://b.example/rpc',
    ]);
    expect(
      rpcUrlsFor({
        name: 'Mine',
        chainId: MAINNET_CHAIN_ID,
        rpcUrl: 'https://mine.example',
      }),
    ).toStrictEqual(['https://mine.example']);
  });

  it('refuses a network the build has no node for', () => {
    process.env.SNAP_TESTNET_RPC_URL = '';
    expect(() => buildNodeUrls(TESTNET_CHAIN_ID)).toThrow(
      `No RPC URL is configured for chain ${TESTNET_CHAIN_ID}`,
    );
    // A chain of no built-in network has no build nodes, whatever is set.
    process.env.SNAP_TESTNET_RPC_URL = 'https://a.example/rpc';
    expect(() => rpcUrlsFor({ name: 'Other', chainId: '0x4b4b' })).toThrow(
      'No RPC URL is configured for chain 0x4b4b',
    );
  });
});

describe('contentStorage', () => {
  it('trims the trailing slashes of its URL and reads empty credentials as none', () => {
    process.env.SNAP_CONTENT_STORAGE_URL = 'https://ipfs.example/base//';
    process.env.SNAP_CONTENT_STORAGE_AUTH = '';
    expect(contentStorage()).toStrictEqual({
      url: 'https://ipfs.example/base',
      auth: undefined,
    });
    process.env.SNAP_CONTENT_STORAGE_AUTH = 'key:secret';
    expect(contentStorage().auth).toBe('key:secret');
  });

  it('refuses to read content storage the build did not configure', () => {
    delete process.env.SNAP_CONTENT_STORAGE_URL;
    expect(() => contentStorage()).toThrow(
      'No content-storage URL is configured',
    );
  });
});

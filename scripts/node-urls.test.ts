import { execFile } from 'child_process';
import { resolve } from 'path';
import { promisify } from 'util';

import {
  nodeUrlsFromEnvironment,
  parseNodeUrls,
  PUBLIC_NODES,
} from './node-urls';

describe('the build-time node URLs', () => {
  it('are keyless public 0.10 endpoints, more than one per network, when nothing is configured', () => {
    const urls = nodeUrlsFromEnvironment({});
    expect(urls).toStrictEqual({
      mainnet: [...PUBLIC_NODES.mainnet],
      testnet: [...PUBLIC_NODES.testnet],
    });
    for (const list of [urls.mainnet, urls.testnet]) {
      expect(list.length).toBeGreaterThan(1);
      for (const url of list) {
        expect(url).toMatch(/^https:\/\/[^/]+\/.*\/v0_10$/u);
        expect(url).not.toMatch(/infura|alchemy/u);
      }
    }
  });

  it('put the keyed node first when SNAP_RPC_API_KEY is set, then the public ones', () => {
    const urls = nodeUrlsFromEnvironment({ SNAP_RPC_API_KEY: 'k3y' });
    expect(urls.mainnet).toStrictEqual([
      'https://starknet-mainnet.infura.io/v3/k3y',
      ...PUBLIC_NODES.mainnet,
    ]);
    expect(urls.testnet).toStrictEqual([
      'https://starknet-sepolia.infura.io/v3/k3y',
      ...PUBLIC_NODES.testnet,
    ]);
  });

  it("take a network's variable instead of its defaults: one URL or several, in order", () => {
    const urls = nodeUrlsFromEnvironment({
      SNAP_RPC_API_KEY: 'k3y',
      SNAP_MAINNET_RPC_URL:
        'https://a.example/rpc/v0_10 , http://127.0.0.1:9545/rpc',
    });
    expect(urls.mainnet).toStrictEqual([
      'https://a.example/rpc/v0_10',
      'http://127.0.0.1:9545/rpc',
    ]);
    // The key still serves the network whose variable is absent.
    expect(urls.testnet[0]).toBe('https://starknet-sepolia.infura.io/v3/k3y');
    expect(
      nodeUrlsFromEnvironment({ SNAP_TESTNET_RPC_URL: 'https://b.example' })
        .testnet,
    ).toStrictEqual(['https://b.example']);
  });

  it.each([
    [{ SNAP_RPC_API_KEY: '' }, 'SNAP_RPC_API_KEY is set but empty'],
    [{ SNAP_RPC_API_KEY: '  ' }, 'SNAP_RPC_API_KEY is set but empty'],
    [{ SNAP_MAINNET_RPC_URL: '' }, 'SNAP_MAINNET_RPC_URL is set but empty'],
    [
      { SNAP_TESTNET_RPC_URL: 'https://a.example,' },
      'SNAP_TESTNET_RPC_URL: entry 2 of 2 is empty',
    ],
    [
      { SNAP_TESTNET_RPC_URL: 'https://a.example,,https://b.example' },
      'SNAP_TESTNET_RPC_URL: entry 2 of 3 is empty',
    ],
    [
      { SNAP_MAINNET_RPC_URL: 'http://node.example/rpc' },
      'SNAP_MAINNET_RPC_URL: http://node.example/rpc must be https',
    ],
    [
      { SNAP_MAINNET_RPC_URL: 'https://user:pw@node.example/rpc' },
      'has a user name or password',
    ],
    [{ SNAP_MAINNET_RPC_URL: 'node.example' }, 'is not a URL'],
    [
      { SNAP_MAINNET_RPC_URL: 'https://a.example, https://a.example' },
      'https://a.example is listed twice',
    ],
    [
      {
        SNAP_RPC_API_KEY: 'k3y',
        SNAP_MAINNET_RPC_URL: 'https://a.example',
        SNAP_TESTNET_RPC_URL: 'https://b.example',
      },
      'SNAP_RPC_API_KEY is set but unused',
    ],
  ])('refuse %j, naming the variable', (env, message) => {
    expect(() => nodeUrlsFromEnvironment(env)).toThrow(message);
  });

  it('read a comma inside a URL only as %2C', () => {
    expect(
      parseNodeUrls('https://a.example/key%2Cpart', 'SNAP_MAINNET_RPC_URL'),
    ).toStrictEqual(['https://a.example/key%2Cpart']);
  });

  it('stop the snap build itself, before anything is bundled', async () => {
    const build = promisify(execFile)('npx', ['mm-snap', 'build'], {
      cwd: resolve(__dirname, '..'),
      // Nothing may be written: the build must stop while reading its config.
      env: {
        ...process.env,
        SNAP_RPC_API_KEY: '',
        SNAP_BUILD_DIR: resolve(__dirname, '..', 'node_modules/.cache/none'),
      },
    });
    await expect(build).rejects.toMatchObject({
      stderr: expect.stringContaining('SNAP_RPC_API_KEY is set but empty'),
    });
  });
});

/* eslint-disable n/no-unsupported-features/node-builtins, no-restricted-globals -- tests: fetch, FormData and Blob upload logos as a client would */
import { createServer } from 'node:http';
import type { Server } from 'node:http';

import { openHome } from './homePage';
import { freshStateWithoutEth, startTestNode } from './node';
import { ETH, TESTNET } from '../fixtures';
import {
  confirmationOf,
  installWallet,
  invoke,
  plainResultOf,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';
import {
  TEST_STORAGE_KEY,
  TEST_STORAGE_PORT,
  TEST_STORAGE_SECRET,
} from '../ports';
import { startLocalNode } from '@snapnet/local-node';
import type { LocalNode } from '@snapnet/local-node';

/** A PNG signature and header chunk start: enough to be taken for a PNG. */
const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44,
  0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0,
]);
const HOSTILE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><circle r="4"/></svg>';

/** The CID of `hello world\n`: a file, not an image, and not served by every test storage. */
const HELLO_WORLD_URI = 'ipfs://QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o';

const base64 = (bytes: Uint8Array | string): string =>
  Buffer.from(bytes).toString('base64');

let chain: LocalNode;

beforeAll(async () => {
  chain = await startTestNode();
});

afterAll(async () => {
  await chain.stop();
});

/**
 * A wallet whose Testnet does not track ETH yet, so ETH can be added.
 *
 * @returns The installed snap.
 */
async function walletWithoutEth(): Promise<Wallet> {
  return installWallet({
    state: JSON.parse(JSON.stringify(freshStateWithoutEth())),
  });
}

/**
 * Asks the snap to add ETH with a logo.
 *
 * @param wallet - The snap.
 * @param tokenLogo - The logo URI.
 * @returns The pending request.
 */
function addEth(wallet: Wallet, tokenLogo: string): ReturnType<typeof invoke> {
  return invoke(wallet, 'snapnet_addErc20Token', {
    tokenAddress: ETH,
    tokenName: 'Ether',
    tokenSymbol: 'ETH',
    chainId: TESTNET,
    tokenLogo,
  });
}

/**
 * Adds ETH with a logo the snap must leave out: the dialog says so and
 * shows no image, the user approves, the token is added without `logo`.
 *
 * @param tokenLogo - The logo URI.
 * @returns The snap and the dialog's text.
 */
async function addEthWithoutItsLogo(
  tokenLogo: string,
): Promise<{ wallet: Wallet; text: string }> {
  const wallet = await walletWithoutEth();
  const pending = addEth(wallet, tokenLogo);
  const dialog = await confirmationOf(pending);
  const text = textOf(dialog.content);
  expect(text).toContain('Logo not added');
  expect(text).not.toContain('data:image');
  await dialog.ok();
  const result = await plainResultOf(pending);
  expect(result.symbol).toBe('ETH');
  expect(result.logo).toBeUndefined();
  return { wallet, text };
}

/**
 * Uploads a file to a content storage, as a dapp would.
 *
 * @param storage - The local node serving it.
 * @param content - The file.
 * @returns Its `ipfs://` URI.
 */
async function upload(
  storage: LocalNode,
  content: Uint8Array<ArrayBuffer> | string,
): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([content]), 'logo');
  const response = await fetch(`${storage.storageUrl}/api/v0/add`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${base64(`${TEST_STORAGE_KEY}:${TEST_STORAGE_SECRET}`)}`,
    },
    body: form,
  });
  const { Hash } = JSON.parse(await response.text());
  return `ipfs://${Hash}`;
}

describe('token logos from a genuine content storage', () => {
  let storage: LocalNode;

  beforeAll(async () => {
    storage = await startLocalNode({
      port: TEST_STORAGE_PORT,
      apiKey: TEST_STORAGE_KEY,
      apiKeySecret: TEST_STORAGE_SECRET,
    });
  });

  afterAll(async () => {
    await storage.stop();
  });

  it('shows a verified PNG in the dialog, stores its CID and returns it as logo', async () => {
    const logo = await upload(storage, PNG);
    const wallet = await walletWithoutEth();
    const pending = addEth(wallet, logo);
    const dialog = await confirmationOf(pending);
    expect(textOf(dialog.content)).toContain(
      `data:image/png;base64,${base64(PNG)}`,
    );
    expect(textOf(dialog.content)).not.toContain('Logo not added');
    await dialog.ok();
    expect(await pending).toRespondWith({
      address: ETH,
      name: 'Ether',
      symbol: 'ETH',
      decimals: 18,
      chainId: TESTNET,
      logo,
    });
    // The home page reads the stored CID back and verifies it again.
    const home = textOf((await openHome(wallet, 'tokens')).content);
    expect(home).toContain(`data:image/png;base64,${base64(PNG)}`);
    expect(home).toContain('ETH · Ether');
  });

  it('shows an SVG only as an image document: its markup never reaches the UI', async () => {
    const logo = await upload(storage, HOSTILE_SVG);
    const wallet = await walletWithoutEth();
    const pending = addEth(wallet, logo);
    const dialog = await confirmationOf(pending);
    const text = textOf(dialog.content);
    expect(text).toContain(`data:image/svg+xml;base64,${base64(HOSTILE_SVG)}`);
    expect(text).not.toContain('<script');
    expect(text).not.toContain('onload');
    await dialog.ok();
    expect((await plainResultOf(pending)).logo).toBe(logo);
  });

  it('on reject answers 4001 and stores nothing', async () => {
    const logo = await upload(storage, PNG);
    const wallet = await walletWithoutEth();
    const rejected = addEth(wallet, logo);
    await (await confirmationOf(rejected)).cancel();
    expect(await rejected).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
    const home = textOf((await openHome(wallet, 'tokens')).content);
    expect(home).not.toContain('ETH · Ether');
    // Not "already in the wallet": nothing was stored.
    const again = addEth(wallet, logo);
    await (await confirmationOf(again)).ok();
    expect((await plainResultOf(again)).logo).toBe(logo);
  });

  it('leaves out what is not a small image, and says why', async () => {
    const cases: [Uint8Array<ArrayBuffer> | string, string][] = [
      ['just some text\n', 'it is not a PNG, JPEG or SVG image'],
      // 211 bytes a regular expression once backtracked on for tens of
      // seconds, holding every other site's request.
      [`${'<!---->'.repeat(30)}x`, 'it is not a PNG, JPEG or SVG image'],
      [
        Uint8Array.from({ length: 70_000 }, (_, index) => PNG[index] ?? 0),
        'it is larger than 64 KiB',
      ],
    ];
    for (const [content, reason] of cases) {
      const { text } = await addEthWithoutItsLogo(
        await upload(storage, content),
      );
      expect(text).toContain(reason);
    }
  });

  it('refuses a tokenLogo that is not ipfs://<cid>, naming the field', async () => {
    const wallet = await walletWithoutEth();
    for (const tokenLogo of ['https://example.com/eth.png', 'ipfs://nope']) {
      expect(await addEth(wallet, tokenLogo)).toRespondWithError(
        expect.objectContaining({
          code: -32602,
          message: expect.stringContaining('tokenLogo'),
        }),
      );
    }
  });
});

describe('token logos from a storage that lies', () => {
  let server: Server;

  beforeAll(async () => {
    // Answers every cat with a PNG, whatever content id was asked for.
    server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end(Buffer.from(PNG));
    });
    await new Promise<void>((resolve) =>
      server.listen(TEST_STORAGE_PORT, '127.0.0.1', resolve),
    );
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('does not show bytes that do not match the CID; the token may still be added', async () => {
    // The CID of "hello world\n", answered with a PNG.
    const { wallet, text } = await addEthWithoutItsLogo(HELLO_WORLD_URI);
    expect(text).toContain('its content does not match its content id');
    const home = textOf((await openHome(wallet, 'tokens')).content);
    expect(home).not.toContain('data:image/png');
  });
});

describe('token logos while content storage is down', () => {
  it('adds the token without its logo and says the storage could not be reached', async () => {
    const { text } = await addEthWithoutItsLogo(HELLO_WORLD_URI);
    expect(text).toContain('content storage could not be reached');
  });
});

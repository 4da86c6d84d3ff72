/* eslint-disable n/no-sync, n/no-unsupported-features/node-builtins -- test files on disk; Node 20's fetch */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';

import type { LocalNode } from '../src';
import { startLocalNode } from '../src';
import { parseArgs } from '../src/cli';

type Reply = {
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
};

const nodes: LocalNode[] = [];
const scratch = mkdtempSync(join(tmpdir(), 'local-node-web-'));
/** The dump directory the nodes are started with, inside `scratch`. */
const dumps = join(scratch, 'dumps');
/** A directory outside it, which no request may reach. */
const elsewhere = join(scratch, 'elsewhere');
mkdirSync(dumps);
mkdirSync(elsewhere);
mkdirSync(join(dumps, 'sub'));
symlinkSync(elsewhere, join(dumps, 'link-to-elsewhere'));
writeFileSync(join(elsewhere, 'secret.json'), '[]');
symlinkSync(join(elsewhere, 'secret.json'), join(dumps, 'link-to-secret.json'));
symlinkSync(join(elsewhere, 'planted.json'), join(dumps, 'dangling.json'));

const PAGE = 'http://localhost:8000';

const start = async (
  options: Parameters<typeof startLocalNode>[0],
): Promise<LocalNode> => {
  const node = await startLocalNode({
    accounts: 1,
    dumpDir: dumps,
    ...options,
  });
  nodes.push(node);
  return node;
};

/**
 * Posts one JSON-RPC body, as a web page would when `origin` is given.
 *
 * @param node - The node.
 * @param body - The request or batch.
 * @param origin - The Origin header, if any.
 * @returns The HTTP response and its parsed body.
 */
async function post(
  node: LocalNode,
  body: unknown,
  origin?: string,
): Promise<{ response: Response; reply: any }> {
  const response = await fetch(node.url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(origin === undefined ? {} : { Origin: origin }),
    },
    body: JSON.stringify(body),
  });
  return { response, reply: await response.json() };
}

const call = async (
  node: LocalNode,
  method: string,
  params?: unknown,
  origin?: string,
): Promise<Reply> =>
  (await post(node, { jsonrpc: '2.0', id: 1, method, params }, origin)).reply;

afterAll(async () => {
  await Promise.all(nodes.map(async (node) => node.stop()));
  rmSync(scratch, { recursive: true, force: true });
});

describe('what a web page may do', () => {
  it('reads the chain with CORS, from any origin', async () => {
    const node = await start({});
    const { response, reply } = await post(
      node,
      { jsonrpc: '2.0', id: 1, method: 'starknet_chainId' },
      'https://any.example',
    );
    expect(reply.result).toBe('0x534e5f5345504f4c4941');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('is refused devnet_dump and devnet_load, over HTTP and WebSocket', async () => {
    const node = await start({});
    const evil = 'https://evil.example';
    const dump = await call(node, 'devnet_dump', { path: 'page.json' }, evil);
    expect(dump.error).toMatchObject({
      code: -32604,
      message: 'Method forbidden',
      data: expect.stringContaining('--allow-origin https://evil.example'),
    });
    expect(existsSync(join(dumps, 'page.json'))).toBe(false);
    const inline = await call(node, 'devnet_dump', {}, evil);
    expect(inline.error?.code).toBe(-32604);
    const load = await call(node, 'devnet_load', { dump: [] }, 'null');
    expect(load.error?.code).toBe(-32604);
    // A batch: the read runs, the file method is refused.
    const { reply: batch } = await post(
      node,
      [
        { jsonrpc: '2.0', id: 1, method: 'starknet_blockNumber' },
        { jsonrpc: '2.0', id: 2, method: 'devnet_dump', params: ['b.json'] },
      ],
      evil,
    );
    expect(batch[0].result).toBe(0);
    expect(batch[1].error.code).toBe(-32604);
    expect(existsSync(join(dumps, 'b.json'))).toBe(false);

    const ws = new WebSocket(`ws://127.0.0.1:${node.port}/ws`, {
      origin: evil,
    });
    await new Promise((resolve) => ws.once('open', resolve));
    const answer = new Promise<Reply>((resolve) =>
      ws.once('message', (data: Buffer) =>
        resolve(JSON.parse(data.toString('utf8'))),
      ),
    );
    ws.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'devnet_dump',
        params: { path: 'ws.json' },
      }),
    );
    expect((await answer).error?.code).toBe(-32604);
    ws.close();
    expect(existsSync(join(dumps, 'ws.json'))).toBe(false);
  });

  it('lets tools without an origin, and allowed origins, dump and load', async () => {
    const node = await start({ allowedOrigins: [PAGE] });
    expect(await call(node, 'devnet_dump', { path: 'tool.json' })).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: null,
    });
    expect(existsSync(join(dumps, 'tool.json'))).toBe(true);
    const byPage = await call(
      node,
      'devnet_dump',
      { path: 'sub/page.json' },
      PAGE,
    );
    expect(byPage.result).toBeNull();
    expect(existsSync(join(dumps, 'sub', 'page.json'))).toBe(true);
    expect(
      (await call(node, 'devnet_load', { path: 'sub/page.json' }, PAGE)).result,
    ).toBeNull();
    const other = await call(
      node,
      'devnet_dump',
      { path: 'other.json' },
      'http://localhost:8001',
    );
    expect(other.error?.code).toBe(-32604);
  });

  it('keeps dump files inside the dump directory', async () => {
    const node = await start({});
    const escapes = [
      '../elsewhere/up.json',
      join(elsewhere, 'absolute.json'),
      'link-to-elsewhere/through-link.json',
      'dangling.json',
      'sub/../../elsewhere/up2.json',
      '',
      '.',
    ];
    for (const path of escapes) {
      const reply = await call(node, 'devnet_dump', { path });
      expect(reply.error).toMatchObject({
        code: -32602,
        data: expect.stringMatching(/^path: /u),
      });
    }
    expect(existsSync(join(elsewhere, 'up.json'))).toBe(false);
    expect(existsSync(join(elsewhere, 'absolute.json'))).toBe(false);
    expect(existsSync(join(elsewhere, 'through-link.json'))).toBe(false);
    expect(existsSync(join(elsewhere, 'planted.json'))).toBe(false);
    expect(existsSync(join(elsewhere, 'up2.json'))).toBe(false);
    for (const path of [
      'link-to-secret.json',
      join(elsewhere, 'secret.json'),
      '../elsewhere/secret.json',
    ]) {
      const reply = await call(node, 'devnet_load', { path });
      expect(reply.error?.data).toContain('outside the dump directory');
    }
    // An absolute path inside the directory is fine.
    const inside = await call(node, 'devnet_dump', {
      path: join(dumps, 'absolute-inside.json'),
    });
    expect(inside.result).toBeNull();
    expect(existsSync(join(dumps, 'absolute-inside.json'))).toBe(true);
  });

  it('takes the allow-list and the dump directory from the command line', () => {
    expect(
      parseArgs([
        '--allow-origin',
        PAGE,
        '--allow-origin',
        'http://127.0.0.1:8000',
        '--dump-dir',
        dumps,
        '--dump-path',
        'state.json',
      ]),
    ).toStrictEqual({
      port: 5050,
      logLevel: 'info',
      allowedOrigins: [PAGE, 'http://127.0.0.1:8000'],
      dumpDir: dumps,
      dumpPath: 'state.json',
    });
  });
});

/* eslint-disable n/no-unsupported-features/node-builtins, no-restricted-globals -- tests: fetch, FormData and Blob are what a client sends with */
import { request } from 'node:http';

import { rpc } from './helpers';
import type { LocalNode } from '../src';
import { startLocalNode } from '../src';

const KEY = 'storage-key';
const SECRET = 'storage-secret';
const AUTH = `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`;

/** Content ids the reference implementation (kubo) gives with its defaults. */
const HELLO_WORLD_NL = 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o';
const EMPTY = 'QmbFMke1KXqnYyBBWxB74N4c5SBnJMVAiMNRcGu6x1AwQH';
/** IPIP-499's unixfs-v0-2015 fixture: `hello world`, no newline. */
const HELLO_WORLD = 'Qmf412jQZiuVUtdgnB36FXFX7xg5V6KEbSJ4dpQuhkLyfD';
/** kubo's `echo hello | ipfs add --cid-version 1` (its gateway test fixtures). */
const HELLO_NL_V1 =
  'bafkreicysg23kiwv34eg2d7qweipxwosdo2py4ldv42nbauguluen5v6am';
/**
 * 45,900,000 zero bytes, balanced layout: the hash the IPFS importer's own
 * "go-ipfs interop" test holds it to (176 chunks, two levels of links).
 */
const ZEROS_45_9_MB = 'QmRdPboiJQoZ5cdazR9a8vGqdJvWg6M5bfdtUSKNHpuscj';

let node: LocalNode;
let open: LocalNode;

type Reply = { status: number; headers: Headers; text: string };

const post = async (
  target: LocalNode,
  command: string,
  options: {
    query?: string;
    body?: FormData | string;
    headers?: Record<string, string>;
    method?: string;
  } = {},
): Promise<Reply> => {
  const response = await fetch(
    `${target.storageUrl}/api/v0/${command}${options.query ? `?${options.query}` : ''}`,
    {
      method: options.method ?? 'POST',
      headers: {
        ...(target === node ? { Authorization: AUTH } : {}),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: options.body }),
    },
  );
  return {
    status: response.status,
    headers: response.headers,
    text: await response.text(),
  };
};

const form = (
  files: { name: string; content: Uint8Array<ArrayBuffer> | string }[],
): FormData => {
  const data = new FormData();
  for (const { name, content } of files) {
    data.append('file', new Blob([content]), name);
  }
  return data;
};

const ndjson = (text: string): any[] =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));

const addOne = async (
  target: LocalNode,
  content: Uint8Array<ArrayBuffer> | string,
  query?: string,
): Promise<string> => {
  const reply = await post(target, 'add', {
    body: form([{ name: 'file.bin', content }]),
    ...(query === undefined ? {} : { query }),
  });
  expect(reply.status).toBe(200);
  return ndjson(reply.text)[0].Hash;
};

/** 600,000 bytes: three chunks (256 KiB, 256 KiB, the rest). */
const threeChunks = Uint8Array.from(
  { length: 600_000 },
  (_, i) => (i * 7) % 251,
);

/**
 * A raw POST that keeps the HTTP trailers (fetch does not expose them).
 *
 * @param target - The node.
 * @param path - Path and query.
 * @param headers - Extra request headers.
 * @returns Status, body and trailers.
 */
async function rawPost(
  target: LocalNode,
  path: string,
  headers: Record<string, string | number> = {},
): Promise<{ status: number; body: Buffer; trailers: NodeJS.Dict<string> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${target.storageUrl}/api/v0/${path}`,
      { method: 'POST', headers: { Authorization: AUTH, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks),
            trailers: res.trailers,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  node = await startLocalNode({
    accounts: 1,
    apiKey: KEY,
    apiKeySecret: SECRET,
  });
  open = await startLocalNode({ accounts: 1 });
});

afterAll(async () => {
  await node.stop();
  await open.stop();
});

describe('content ids', () => {
  it('are the reference implementation’s for small and empty files and CIDv1', async () => {
    expect(await addOne(node, 'hello world\n')).toBe(HELLO_WORLD_NL);
    expect(await addOne(node, 'hello world')).toBe(HELLO_WORLD);
    expect(await addOne(node, new Uint8Array(0))).toBe(EMPTY);
    expect(await addOne(node, 'hello\n', 'cid-version=1')).toBe(HELLO_NL_V1);
  });

  it('are the reference implementation’s for a multi-chunk, two-level file', async () => {
    const cid = await addOne(node, new Uint8Array(45_900_000));
    expect(cid).toBe(ZEROS_45_9_MB);
    const root = await post(node, 'object/get', { query: `arg=${cid}` });
    const { Links } = JSON.parse(root.text);
    // 176 chunks of 256 KiB under nodes of at most 174 links: two children.
    expect(Links).toHaveLength(2);
  });

  it('give a file over one chunk links of the chunk size', async () => {
    const cid = await addOne(node, threeChunks);
    const reply = await post(node, 'object/get', {
      query: `arg=${cid}&encoding=json`,
    });
    expect(reply.status).toBe(200);
    const object = JSON.parse(reply.text);
    expect(Object.keys(object)).toStrictEqual(['Links', 'Data']);
    expect(
      object.Links.map((link: any) => [link.Name, link.Size]),
    ).toStrictEqual([
      ['', 262158],
      ['', 262158],
      ['', 75726],
    ]);
    expect(typeof object.Data).toBe('string');
  });
});

describe('add', () => {
  it('answers NDJSON, one {Name, Hash, Size} per file, directories included', async () => {
    const reply = await post(node, 'add', {
      body: form([
        { name: 'docs%2Fa.txt', content: 'hello world\n' },
        { name: 'docs%2Fb.txt', content: 'hello world' },
      ]),
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/json');
    expect(reply.headers.get('x-chunked-output')).toBe('1');
    const entries = ndjson(reply.text);
    expect(entries.slice(0, 2)).toStrictEqual([
      { Name: 'docs/a.txt', Hash: HELLO_WORLD_NL, Size: '20' },
      { Name: 'docs/b.txt', Hash: HELLO_WORLD, Size: '19' },
    ]);
    const directory = entries[2];
    expect(directory.Name).toBe('docs');
    const inside = await post(node, 'cat', {
      query: `arg=/ipfs/${directory.Hash}/b.txt`,
    });
    expect(inside.text).toBe('hello world');
  });

  it('reads the multipart body exactly as the reference client writes it', async () => {
    const boundary = '-----------------------------reference';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file-0"; filename="folder"',
      'Content-Type: application/x-directory',
      '',
      '',
      `--${boundary}`,
      'Content-Disposition: form-data; name="file-1"; filename="folder%2Fhello%20world.txt"',
      'Content-Type: application/octet-stream',
      '',
      'hello world\n',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const reply = await post(node, 'add', {
      query: 'stream-channels=true&progress=false',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(reply.status).toBe(200);
    const names = ndjson(reply.text).map((entry) => entry.Name);
    expect(names).toStrictEqual(['folder/hello world.txt', 'folder']);
  });

  it('wraps with a directory and reports progress when asked', async () => {
    const reply = await post(node, 'add', {
      query: 'wrap-with-directory=true&progress=true',
      body: form([{ name: 'a.txt', content: 'hello world\n' }]),
    });
    expect(ndjson(reply.text)).toStrictEqual([
      { Name: 'a.txt', Bytes: 12 },
      { Name: 'a.txt', Hash: HELLO_WORLD_NL, Size: '20' },
      expect.objectContaining({ Name: '' }),
    ]);
  });

  it('stores nothing with only-hash', async () => {
    const cid = await addOne(node, 'only hashed\n', 'only-hash=true');
    const reply = await post(node, 'cat', { query: `arg=${cid}` });
    expect(reply.status).toBe(500);
  });

  it('refuses malformed calls and flags it does not implement (400), oversize bodies (413)', async () => {
    const noFile = await post(node, 'add');
    expect(noFile.status).toBe(400);
    expect(JSON.parse(noFile.text)).toStrictEqual({
      Message: "file argument 'path' is required",
      Code: 1,
      Type: 'error',
    });
    for (const query of [
      'cid-version=2',
      'chunker=rabin',
      'hash=blake2b-256',
      'trickle=true',
      'pin=maybe',
    ]) {
      const reply = await post(node, 'add', {
        query,
        body: form([{ name: 'a', content: 'a' }]),
      });
      expect(reply.status).toBe(400);
    }
    const huge = await rawPost(node, 'add', {
      'Content-Type': 'multipart/form-data; boundary=x',
      'Content-Length': 65 * 1024 * 1024,
    });
    expect(huge.status).toBe(413);
  });
});

describe('cat', () => {
  it('streams the bytes, honouring offset and length across chunks and repeated args', async () => {
    const cid = await addOne(node, threeChunks);
    const whole = await rawPost(node, `cat?arg=${cid}`);
    expect(whole.status).toBe(200);
    expect(whole.body.equals(Buffer.from(threeChunks))).toBe(true);
    const slice = await post(node, 'cat', {
      query: `arg=${cid}&offset=262000&length=300`,
    });
    expect(slice.headers.get('x-content-length')).toBe('300');
    expect(Buffer.from(slice.text, 'latin1').length).toBeGreaterThan(0);
    const bytes = await rawPost(
      node,
      `cat?arg=${cid}&offset=262000&length=300`,
    );
    expect(
      bytes.body.equals(Buffer.from(threeChunks.slice(262000, 262300))),
    ).toBe(true);
    const both = await post(node, 'cat', {
      query: `arg=${HELLO_WORLD_NL}&arg=/ipfs/${HELLO_WORLD}&offset=6`,
    });
    expect(both.text).toBe('world\nhello world');
    // A dag-pb block is found by its CIDv1 as well.
    const v1 = await post(node, 'cat', {
      query: 'arg=bafybeicg2rebjoofv4kbyovkw7af3rpiitvnl6i7ckcywaq6xjcxnc2mby',
    });
    expect(v1.text).toBe('hello world\n');
  });

  it('answers 400 for an invalid content id and 500 with the reason for content not held', async () => {
    const invalid = await post(node, 'cat', { query: 'arg=not-a-cid' });
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.text).Message).toContain('invalid cid');
    const missing = await post(node, 'cat', {
      query: 'arg=QmNLei78zWmzUdbeRB3CiUfAizWUrbeeZh5K1rhAQKCh51',
    });
    expect(missing.status).toBe(500);
    expect(JSON.parse(missing.text).Message).toContain('block not found');
    const noArg = await post(node, 'cat');
    expect(noArg.status).toBe(400);
    const negative = await post(node, 'cat', {
      query: `arg=${HELLO_WORLD_NL}&offset=-1`,
    });
    expect(negative.status).toBe(400);
    const twice = await post(node, 'cat', {
      query: `arg=${HELLO_WORLD_NL}&offset=1&offset=2`,
    });
    expect(twice.status).toBe(400);
  });

  it('reports an error after streaming began in the X-Stream-Error trailer', async () => {
    const source = await startLocalNode({ accounts: 1 });
    try {
      const cid = await addOne(source, threeChunks);
      const dump = (await rpc(source.url, 'devnet_dump', {})).result as {
        method: string;
        params: { blocks: { cid: string }[] };
      }[];
      // Drop the second chunk: the first streams, then the walk fails.
      const entry = dump.find(({ method }) => method === 'devnet_putContent');
      const blocks = entry?.params.blocks ?? [];
      expect(blocks).toHaveLength(4);
      const second = JSON.parse(
        (await post(source, 'object/get', { query: `arg=${cid}` })).text,
      ).Links[1].Hash;
      const partial = blocks.filter((block) => block.cid !== second);
      await rpc(open.url, 'devnet_load', {
        dump: [{ method: 'devnet_putContent', params: { blocks: partial } }],
      });
      const reply = await new Promise<{
        status: number;
        trailers: NodeJS.Dict<string>;
        received: number;
        trailerHeader: string | undefined;
      }>((resolve, reject) => {
        const req = request(
          `${open.storageUrl}/api/v0/cat?arg=${cid}`,
          { method: 'POST' },
          (res) => {
            let received = 0;
            res.on('data', (chunk: Buffer) => {
              received += chunk.length;
            });
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                trailers: res.trailers,
                received,
                trailerHeader: res.headers.trailer,
              }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(reply.status).toBe(200);
      expect(reply.trailerHeader).toBe('X-Stream-Error');
      expect(reply.received).toBe(262144);
      expect(reply.trailers['x-stream-error']).toContain(
        `block not found: ${second}`,
      );
    } finally {
      await source.stop();
    }
  });
});

describe('object/get', () => {
  it('answers the link object, Data as text or base64, one argument only', async () => {
    const text = await post(node, 'object/get', {
      query: `arg=${HELLO_WORLD_NL}&encoding=json`,
    });
    expect(JSON.parse(text.text)).toStrictEqual({
      Links: [],
      Data: '\b\u0002\u0012\fhello world\n\u0018\f',
    });
    const base64 = await post(node, 'object/get', {
      query: `arg=${HELLO_WORLD_NL}&data-encoding=base64`,
    });
    expect(JSON.parse(base64.text).Data).toBe('CAISDGhlbGxvIHdvcmxkChgM');
    const two = await post(node, 'object/get', {
      query: `arg=${HELLO_WORLD_NL}&arg=${HELLO_WORLD}`,
    });
    expect(two.status).toBe(400);
    const xml = await post(node, 'object/get', {
      query: `arg=${HELLO_WORLD_NL}&encoding=xml`,
    });
    expect(xml.status).toBe(400);
    const raw = await addOne(node, 'raw\n', 'cid-version=1');
    const notPb = await post(node, 'object/get', { query: `arg=${raw}` });
    expect(notPb.status).toBe(500);
    expect(JSON.parse(notPb.text).Message).toBe('expected protobuf dag node');
  });
});

describe('the HTTP rules of the provider contract', () => {
  it('is POST only: 405 for other methods', async () => {
    const reply = await post(node, 'cat', {
      method: 'GET',
      query: `arg=${HELLO_WORLD_NL}`,
    });
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('POST');
  });

  it('answers 404 for an unknown endpoint and 403 for a forbidden call', async () => {
    expect((await post(node, 'no/such/command')).status).toBe(404);
    expect((await post(node, 'config/show')).status).toBe(403);
    expect((await post(node, 'shutdown')).status).toBe(403);
  });

  it('refuses a cross-origin browser call it does not allow (405) and lets sandboxed frames in', async () => {
    const foreign = await post(node, 'cat', {
      query: `arg=${HELLO_WORLD_NL}`,
      headers: { Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(405);
    const preflight = await post(node, 'cat', {
      method: 'OPTIONS',
      headers: {
        Origin: 'null',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('null');
    expect(preflight.headers.get('access-control-allow-headers')).toContain(
      'Authorization',
    );
    const snap = await post(node, 'cat', {
      query: `arg=${HELLO_WORLD_NL}`,
      headers: { Origin: 'null' },
    });
    expect(snap.text).toBe('hello world\n');
    expect(snap.headers.get('access-control-allow-origin')).toBe('null');
  });

  it('serves nothing without the right basic credentials; JSON-RPC keeps /v3/<key>', async () => {
    for (const authorization of [
      undefined,
      `Basic ${Buffer.from(`${KEY}:wrong`).toString('base64')}`,
      `Bearer ${SECRET}`,
    ]) {
      const response = await fetch(
        `${node.storageUrl}/api/v0/cat?arg=${HELLO_WORLD_NL}`,
        {
          method: 'POST',
          headers: authorization ? { Authorization: authorization } : {},
        },
      );
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toContain('Basic');
      expect(await response.text()).not.toContain('hello');
    }
    const unknown = await fetch(`${node.storageUrl}/api/v0/nope`, {
      method: 'POST',
    });
    expect(unknown.status).toBe(401);
    expect(node.url).toMatch(new RegExp(`/v3/${KEY}$`, 'u'));
    expect((await rpc(node.url, 'starknet_chainId', [])).result).toBe(
      '0x534e5f5345504f4c4941',
    );
    await expect(startLocalNode({ apiKeySecret: SECRET })).rejects.toThrow(
      'apiKeySecret needs apiKey',
    );
  });
});

describe('devnet_dump / devnet_load', () => {
  it('carry the content to another node; a tampered block is never served', async () => {
    const cid = await addOne(open, 'kept across dumps\n');
    const dump = (await rpc(open.url, 'devnet_dump', {})).result as unknown[];
    const other = await startLocalNode({ accounts: 1 });
    try {
      expect((await post(other, 'cat', { query: `arg=${cid}` })).status).toBe(
        500,
      );
      const loaded = await rpc(other.url, 'devnet_load', { dump });
      expect(loaded.error).toBeUndefined();
      const reply = await post(other, 'cat', { query: `arg=${cid}` });
      expect(reply.text).toBe('kept across dumps\n');
      const tampered = JSON.parse(JSON.stringify(dump));
      for (const entry of tampered) {
        for (const block of entry.params.blocks ?? []) {
          block.data = Buffer.from(
            Buffer.from(block.data, 'base64')
              .toString('latin1')
              .replace('kept', 'KEPT'),
            'latin1',
          ).toString('base64');
        }
      }
      expect(
        (await rpc(other.url, 'devnet_load', { dump: tampered })).error,
      ).toBeUndefined();
      const refused = await post(other, 'cat', { query: `arg=${cid}` });
      expect(refused.status).toBe(500);
      expect(refused.text).toContain('does not match its content id');
      expect(refused.text).not.toContain('KEPT');
      const malformed = await rpc(other.url, 'devnet_load', {
        dump: [
          { method: 'devnet_putContent', params: { blocks: [{ cid: 'x' }] } },
        ],
      });
      expect(malformed.error).toMatchObject({ code: -32602 });
    } finally {
      await other.stop();
    }
  });
});

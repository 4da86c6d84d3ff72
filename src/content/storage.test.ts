import { encode, prepare } from '@ipld/dag-pb';
import { sha256 } from '@noble/hashes/sha2';
import { createServer } from 'http';
import { UnixFS } from 'ipfs-unixfs';
import { importer } from 'ipfs-unixfs-importer';
import { CID } from 'multiformats/cid';
import { create } from 'multiformats/hashes/digest';
import { identity } from 'multiformats/hashes/identity';
import type { AddressInfo } from 'net';

import {
  fileBlock,
  MAX_CONTENT_BYTES,
  parseIpfsUri,
  readVerified,
} from './storage';

/** Sizes around the varint and chunk boundaries. */
const SIZES = [0, 1, 12, 127, 128, 300, 16_383, 16_384, 65_536, 262_144];

const bytesOf = (size: number): Uint8Array =>
  Uint8Array.from({ length: size }, (_, index) => (index * 31) % 256);

/**
 * The CID the IPFS importer gives a file, with the reference
 * implementation's defaults.
 *
 * @param bytes - The file.
 * @returns Its CIDv0.
 */
async function importerCid(bytes: Uint8Array): Promise<string> {
  const sink = { put: async (cid: CID): Promise<CID> => cid };
  for await (const entry of importer([{ content: bytes }], sink, {
    profile: 'unixfs-v0-2015',
  })) {
    return entry.cid.toString();
  }
  throw new Error('nothing imported');
}

describe('the block of a one-block UnixFS file', () => {
  it.each(SIZES)(
    'is what @ipld/dag-pb and ipfs-unixfs write for %i bytes',
    (size) => {
      const bytes = bytesOf(size);
      expect(fileBlock(bytes)).toStrictEqual(
        encode(
          prepare({
            Data: new UnixFS({ type: 'file', data: bytes }).marshal(),
          }),
        ),
      );
    },
  );

  it.each(SIZES)(
    'hashes to the importer’s CIDv0 for %i bytes',
    async (size) => {
      const bytes = bytesOf(size);
      const cid = CID.createV0(create(0x12, sha256(fileBlock(bytes))));
      expect(cid.toString()).toBe(await importerCid(bytes));
    },
  );

  it('gives the reference vector for "hello world\\n"', () => {
    const block = fileBlock(new TextEncoder().encode('hello world\n'));
    expect(CID.createV0(create(0x12, sha256(block))).toString()).toBe(
      'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o',
    );
  });
});

describe('parseIpfsUri', () => {
  it('accepts ipfs:// with a CIDv0 or CIDv1', () => {
    expect(
      parseIpfsUri('ipfs://QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o')
        ?.version,
    ).toBe(0);
    expect(
      parseIpfsUri(
        'ipfs://bafkreicysg23kiwv34eg2d7qweipxwosdo2py4ldv42nbauguluen5v6am',
      )?.version,
    ).toBe(1);
  });

  it.each([
    'https://example.com/logo.png',
    'ipfs://',
    'ipfs://not-a-cid',
    'ipfs://QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o/logo.png',
    ' ipfs://QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o',
  ])('refuses %s', (uri) => {
    expect(parseIpfsUri(uri)).toBeUndefined();
  });
});

describe('readVerified', () => {
  const file = bytesOf(300);
  const rawCid = CID.create(1, 0x55, create(0x12, sha256(file)));
  /** What the content storage serves next: status, headers, body. */
  let serve: {
    status: number;
    headers: Record<string, string>;
    body: Uint8Array;
  };
  const server = createServer((_request, response) => {
    response.writeHead(serve.status, serve.headers);
    response.end(serve.body);
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) =>
      server.listen(0, '127.0.0.1', resolve),
    );
    const { port } = server.address() as AddressInfo;
    // eslint-disable-next-line n/no-process-env
    process.env.SNAP_CONTENT_STORAGE_URL = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    // eslint-disable-next-line n/no-process-env
    delete process.env.SNAP_CONTENT_STORAGE_URL;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads a file that matches its id and refuses one that does not', async () => {
    serve = { status: 200, headers: {}, body: file };
    expect(await readVerified(rawCid)).toStrictEqual(file);
    serve = { status: 200, headers: {}, body: bytesOf(301) };
    await expect(readVerified(rawCid)).rejects.toThrow(
      'its content does not match its content id',
    );
  });

  it('refuses an id it cannot verify before asking for it', async () => {
    serve = { status: 200, headers: {}, body: file };
    await expect(
      readVerified(CID.create(1, 0x55, identity.digest(file))),
    ).rejects.toThrow('is not a sha2-256 file id the wallet can verify');
  });

  it('refuses an error status and a declared length past the limit', async () => {
    serve = { status: 500, headers: {}, body: file };
    await expect(readVerified(rawCid)).rejects.toThrow(
      'content storage could not serve it (HTTP 500)',
    );
    // Declared too long: refused from the headers, the body (which never
    // comes whole) not waited for.
    serve = {
      status: 200,
      headers: { 'Content-Length': String(MAX_CONTENT_BYTES + 1) },
      body: file,
    };
    await expect(readVerified(rawCid)).rejects.toThrow(
      `it is larger than ${MAX_CONTENT_BYTES / 1024} KiB`,
    );
  });
});

import { encode, prepare } from '@ipld/dag-pb';
import { sha256 } from '@noble/hashes/sha2';
import { UnixFS } from 'ipfs-unixfs';
import { importer } from 'ipfs-unixfs-importer';
import { CID } from 'multiformats/cid';
import { create } from 'multiformats/hashes/digest';

import { fileBlock, parseIpfsUri } from './storage';

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

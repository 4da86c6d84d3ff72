import type { StoredBlock } from '../base/content-store';
import { invalidParams } from '../base/errors';
import type { LocalChain } from '../chain/local-chain';

/**
 * The journal entry an upload leaves, so that devnet_dump carries the content
 * and devnet_load puts it back (the store checks each block against its id
 * when it is read).
 */
export const PUT_CONTENT = 'devnet_putContent';

type BlockParam = { cid: string; data: string };

/**
 * Stores blocks on the chain's content store and journals them.
 *
 * @param chain - The current chain.
 * @param blocks - The blocks.
 */
export function keepBlocks(chain: LocalChain, blocks: StoredBlock[]): void {
  chain.content.putAll(blocks);
  const params: { blocks: BlockParam[] } = {
    blocks: blocks.map(({ cid, bytes }) => ({
      cid,
      data: Buffer.from(bytes).toString('base64'),
    })),
  };
  chain.journal.push({ method: PUT_CONTENT, params });
}

const isBlockParam = (value: unknown): value is BlockParam =>
  typeof value === 'object' &&
  value !== null &&
  'cid' in value &&
  typeof value.cid === 'string' &&
  /^[A-Za-z0-9]{1,128}$/u.test(value.cid) &&
  'data' in value &&
  typeof value.data === 'string' &&
  /^[A-Za-z0-9+/]*={0,2}$/u.test(value.data);

/**
 * Reads the `blocks` param of a journal entry.
 *
 * @param value - The param.
 * @returns The blocks.
 */
export function parseBlocks(value: unknown): StoredBlock[] {
  if (!Array.isArray(value) || !value.every(isBlockParam)) {
    throw invalidParams('blocks: expected [{cid, data (base64)}]');
  }
  return value.map(({ cid, data }) => ({
    cid,
    bytes: Buffer.from(data, 'base64'),
  }));
}

import { parseArray, parseBlockId, parseIndex, required } from './params';
import type { MethodTable } from './types';
import { MAX_CHUNK_SIZE } from '../base/constants';
import { invalidParams, starknetError } from '../base/errors';
import { parseFelt, toHex } from '../base/felt';
import { eventJson } from '../chain/format';
import type { LocalChain } from '../chain/local-chain';
import { expectObject } from '../chain/txs';
import type { LoggedEvent } from '../chain/types';

const MAX_KEYS = 64;

type Filter = {
  from: number;
  to: number;
  addresses: Set<bigint> | undefined;
  keys: (Set<bigint> | undefined)[];
};

/**
 * Parses the event filter.
 *
 * @param node - The chain.
 * @param filter - The filter JSON.
 * @returns The filter.
 */
function parseFilter(
  node: LocalChain,
  filter: Record<string, unknown>,
): Filter {
  const from =
    filter.from_block === undefined
      ? 0
      : node.block(parseBlockId(filter.from_block, 'from_block')).number;
  const to =
    filter.to_block === undefined
      ? node.block({ tag: 'latest' }).number
      : node.block(parseBlockId(filter.to_block, 'to_block')).number;
  let addresses: Set<bigint> | undefined;
  if (filter.address !== undefined) {
    const list = Array.isArray(filter.address)
      ? filter.address
      : [filter.address];
    addresses = new Set(
      list.map((item, i) => parseFelt(item, `address[${i}]`)),
    );
  }
  const keyList =
    filter.keys === undefined ? [] : parseArray(filter.keys, 'keys');
  if (keyList.flat().length > MAX_KEYS) {
    throw starknetError('TOO_MANY_KEYS_IN_FILTER');
  }
  const keys = keyList.map((position, i) => {
    const values = parseArray(position, `keys[${i}]`);
    return values.length === 0
      ? undefined
      : new Set(values.map((value, j) => parseFelt(value, `keys[${i}][${j}]`)));
  });
  return { from, to, addresses, keys };
}

const matches = (filter: Filter, logged: LoggedEvent): boolean => {
  const { event } = logged;
  if (filter.addresses && !filter.addresses.has(event.from)) {
    return false;
  }
  return filter.keys.every((allowed, i) => {
    if (!allowed) {
      return true;
    }
    const key = event.keys[i];
    return key !== undefined && allowed.has(key);
  });
};

/**
 * The index in the event log of the first event of a block.
 *
 * @param node - The chain.
 * @param blockNumber - The block.
 * @returns The index.
 */
function firstEventOf(node: LocalChain, blockNumber: number): number {
  const { chain } = node;
  const block =
    blockNumber >= chain.pending.number
      ? chain.pending
      : chain.blocks[blockNumber];
  return block?.firstEvent ?? chain.events.length;
}

/** starknet_getEvents with address/keys filters and continuation tokens. */
export const eventMethods: MethodTable = {
  starknet_getEvents: {
    params: ['filter'],
    handler: (params, ctx) => {
      const { node } = ctx;
      const raw = expectObject(required(params, 'filter'), 'filter');
      const chunkSize = parseIndex(required(raw, 'chunk_size'), 'chunk_size');
      if (chunkSize < 1) {
        throw invalidParams('chunk_size: must be at least 1');
      }
      if (chunkSize > MAX_CHUNK_SIZE) {
        throw starknetError('PAGE_SIZE_TOO_BIG');
      }
      const filter = parseFilter(node, raw);
      const log = node.chain.events;
      let index = firstEventOf(node, filter.from);
      if (raw.continuation_token !== undefined) {
        const token = raw.continuation_token;
        if (
          typeof token !== 'string' ||
          !/^[0-9]{1,15}$/u.test(token) ||
          Number(token) < index ||
          Number(token) > log.length
        ) {
          throw starknetError('INVALID_CONTINUATION_TOKEN');
        }
        index = Number(token);
      }
      const events: Record<string, unknown>[] = [];
      let continuation: string | undefined;
      for (; index < log.length; index++) {
        const logged = log[index];
        if (!logged || logged.tx.blockNumber > filter.to) {
          break;
        }
        if (!matches(filter, logged)) {
          continue;
        }
        if (events.length === chunkSize) {
          continuation = String(index);
          break;
        }
        const block = node.chain.blocks[logged.tx.blockNumber];
        events.push({
          ...eventJson(logged.event),
          ...(block ? { block_hash: toHex(block.hash) } : {}),
          block_number: logged.tx.blockNumber,
          transaction_hash: toHex(logged.tx.hash),
          transaction_index: logged.tx.index,
          event_index: logged.eventIndex,
        });
      }
      return continuation === undefined
        ? { events }
        : { events, continuation_token: continuation };
    },
  },
};

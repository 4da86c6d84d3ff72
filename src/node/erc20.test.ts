import * as fc from 'fast-check';

import { readFelt } from './answers';
import { NodeClient } from './client';
import { balanceReadingCall, readU256, tokenBalances } from './erc20';
import {
  answering,
  closeScriptedNodes,
  scriptedNode,
} from '../../test/scriptedNode';
import { TESTNET_CHAIN_ID } from '../config';
import { NodeError } from '../errors';
import { toHex, U128_BOUND } from '../protocol/values';

const TESTNET = { name: 'Testnet', chainId: TESTNET_CHAIN_ID };
const TOKEN =
  '0x0000000000000000000000000000000000000000000000000000000000000bad';
const OWNER =
  '0x0000000000000000000000000000000000000000000000000000000000000abc';

afterAll(closeScriptedNodes);

/** Any JSON, and the shapes nearest a u256 that are still not one. */
const ANSWERS = fc.oneof(
  fc.jsonValue(),
  fc.array(fc.string(), { maxLength: 4 }),
  fc.array(
    fc.bigInt({ min: 0n, max: 2n ** 260n }).map((value) => toHex(value)),
    { maxLength: 4 },
  ),
  // Huge strings: hex past any felt, and text of a megabyte.
  fc
    .tuple(fc.nat({ max: 100_000 }), fc.string({ maxLength: 8 }))
    .map(([length, tail]) => [`0x${'f'.repeat(length)}`, `0x0${tail}`]),
  fc.constant(['0x1', 'x'.repeat(1024 * 1024)]),
);

describe('readU256', () => {
  it('never throws on any JSON, and reads a value only from two hex halves below 2^128', () => {
    fc.assert(
      fc.property(ANSWERS, (answer) => {
        const reading = readU256(answer);
        if ('value' in reading) {
          expect(Array.isArray(answer) && answer.length === 2).toBe(true);
          const [low, high] = (answer as string[]).map(BigInt);
          expect(low !== undefined && low < U128_BOUND).toBe(true);
          expect(high !== undefined && high < U128_BOUND).toBe(true);
        } else {
          expect(reading.problem).not.toBe('');
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('reads every u256 from its halves', () => {
    const half = fc.bigInt({ min: 0n, max: U128_BOUND - 1n });
    fc.assert(
      fc.property(half, half, (low, high) => {
        expect(readU256([toHex(low), toHex(high)])).toStrictEqual({
          value: high * U128_BOUND + low,
        });
      }),
    );
  });

  it('says which half is past 128 bits, or what else is wrong, without repeating the answer', () => {
    expect(readU256(['0x0', toHex(U128_BOUND)])).toStrictEqual({
      problem: 'its high half is 2^128 or more',
    });
    expect(readU256([toHex(U128_BOUND), '0x0'])).toStrictEqual({
      problem: 'its low half is 2^128 or more',
    });
    expect(readU256(['0x1'])).toStrictEqual({
      problem: "1 values, not a u256's two (low, high)",
    });
    expect(readU256(['lots of text', '0x0'])).toStrictEqual({
      problem: 'its low half is not a hex number',
    });
    expect(readU256({ low: '0x1', high: '0x0' })).toStrictEqual({
      problem: 'the answer is not a list of felts',
    });
  });
});

describe('the readers of a page', () => {
  it('never throw on any JSON', () => {
    const { parse } = balanceReadingCall(TOKEN, OWNER, 'latest');
    fc.assert(
      fc.property(ANSWERS, (answer) => {
        expect(() => parse(answer)).not.toThrow();
        expect(() => readFelt(answer)).not.toThrow();
      }),
      { numRuns: 30000 },
    );
  });
});

describe('tokenBalances', () => {
  it('answers a half past 128 bits with a node error naming the network, the token and the half', async () => {
    const node = await scriptedNode(
      answering((request) => {
        if (request.method === 'starknet_chainId') {
          return TESTNET_CHAIN_ID;
        }
        if (request.method === 'starknet_specVersion') {
          return '0.10.2';
        }
        return ['0x0', toHex(U128_BOUND)];
      }),
    );
    const client = new NodeClient(TESTNET, { urls: [node.url] });
    const failure = tokenBalances(client, TOKEN, OWNER);
    await expect(failure).rejects.toThrow(NodeError);
    await expect(failure).rejects.toThrow(
      `Testnet node error: malformed answer to starknet_call: balanceOf of ${TOKEN}: its high half is 2^128 or more`,
    );
  });

  it('reads both balances of a u256 answer', async () => {
    const node = await scriptedNode(
      answering((request) => {
        if (request.method === 'starknet_chainId') {
          return TESTNET_CHAIN_ID;
        }
        if (request.method === 'starknet_specVersion') {
          return '0.10.2';
        }
        return ['0x5', '0x1'];
      }),
    );
    const client = new NodeClient(TESTNET, { urls: [node.url] });
    expect(await tokenBalances(client, TOKEN, OWNER)).toStrictEqual({
      pending: U128_BOUND + 5n,
      latest: U128_BOUND + 5n,
    });
  });
});

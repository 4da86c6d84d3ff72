import { create, StructError } from 'superstruct';

import { DetailsStruct, FeltStruct, RpcUrlStruct } from './structs';

const PRIME = 2n ** 251n + 17n * 2n ** 192n + 1n;

/**
 * The message a struct refuses a value with.
 *
 * @param run - Creates the value.
 * @returns The refusal's message.
 */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof StructError) {
      return error.message;
    }
    throw error;
  }
  throw new Error('Expected a refusal');
}

describe('FeltStruct', () => {
  it('takes hex, decimal text and safe integers below the prime, as canonical hex', () => {
    expect(create('0x00Ab', FeltStruct)).toBe('0xab');
    expect(create('255', FeltStruct)).toBe('0xff');
    expect(create(255, FeltStruct)).toBe('0xff');
    expect(create(`0x${(PRIME - 1n).toString(16)}`, FeltStruct)).toBe(
      `0x${(PRIME - 1n).toString(16)}`,
    );
  });

  it.each([
    ['the prime', PRIME.toString()],
    ['a negative number', -1],
    ['an unsafe integer', 2 ** 53],
    ['a fraction', 1.5],
    ['text that is no number', '0xzz'],
    ['signed decimal text', '-1'],
  ])('refuses %s', (_case, value) => {
    expect(refusal(() => create(value, FeltStruct))).toMatch(
      /Expected a felt/u,
    );
  });
});

describe('RpcUrlStruct', () => {
  it('takes https anywhere and http on this computer only', () => {
    for (const url of [
      'https://rpc.example.com/v0_10/key',
      'http://127.0.0.1:5050/rpc',
      'http://localhost:5050',
      'http://[::1]:5050',
    ]) {
      expect(create(url, RpcUrlStruct)).toBe(url);
    }
  });

  it.each([
    ['http to another computer', 'http://rpc.example.com', /http/u],
    ['credentials', 'https://user:secret@rpc.example.com', /no user name/u],
    ['text that is no URL', 'rpc.example.com', /an http\(s\) URL/u],
    ['another scheme', 'ws://127.0.0.1:5050', /http/u],
  ])('refuses %s', (_case, url, reason) => {
    expect(refusal(() => create(url, RpcUrlStruct))).toMatch(reason);
  });
});

describe('DetailsStruct', () => {
  it('reads data availability modes given as numbers, text or names', () => {
    const modes = (mode: unknown): unknown =>
      create(
        { nonceDataAvailabilityMode: mode, feeDataAvailabilityMode: mode },
        DetailsStruct,
      ).nonceDataAvailabilityMode;
    expect([0, '0', '0x0', 'L1'].map(modes)).toStrictEqual(Array(4).fill('L1'));
    expect([1, '1', '0x1', 'L2'].map(modes)).toStrictEqual(Array(4).fill('L2'));
    expect(refusal(() => modes(2))).toMatch(/nonceDataAvailabilityMode/u);
    expect(refusal(() => modes('L3'))).toMatch(/nonceDataAvailabilityMode/u);
  });
});

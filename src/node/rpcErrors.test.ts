/* eslint-disable n/no-sync -- the spec documents are read once, synchronously */
import { readFileSync } from 'fs';

import {
  isStarknetErrorCode,
  readRpcError,
  STARKNET_ERROR_CODES,
} from './rpcErrors';
import { specPath } from '../../test/vendored';
import { errorMeaning } from '../errorMeanings';

/** The Starknet JSON-RPC 0.10.2 documents the wallet speaks (vendor/). */
const SPEC_DOCUMENTS = [
  'starknet_api_openrpc-v0.10.2.json',
  'starknet_trace_api_openrpc-v0.10.2.json',
  'starknet_write_api-v0.10.2.json',
];

/**
 * The errors a spec document defines, by name.
 *
 * @param file - The document.
 * @returns Each error's code by its name.
 */
function specErrors(file: string): Record<string, number> {
  return Object.fromEntries(
    Object.entries(specErrorObjects(file)).map(([name, error]) => [
      name,
      error.code,
    ]),
  );
}

/**
 * The error objects a spec document defines, by name.
 *
 * @param file - The document.
 * @returns Each error's code and message by its name.
 */
function specErrorObjects(
  file: string,
): Record<string, { code: number; message: string }> {
  const document = JSON.parse(readFileSync(specPath(file), 'utf8')) as {
    components: {
      errors: Record<string, { code: number; message: string }>;
    };
  };
  return document.components.errors;
}

describe("the Starknet spec's errors", () => {
  it('are exactly those of the 0.10.2 documents, name for name and code for code', () => {
    const fromSpec = Object.assign({}, ...SPEC_DOCUMENTS.map(specErrors));
    expect(STARKNET_ERROR_CODES).toStrictEqual(fromSpec);
  });

  it("are said to a site in the spec's own words (errorMeanings.ts)", () => {
    const errors = SPEC_DOCUMENTS.flatMap((file) =>
      Object.values(specErrorObjects(file)),
    );
    expect(errors.length).toBeGreaterThan(30);
    for (const { code, message } of errors) {
      expect([code, errorMeaning(code)]).toStrictEqual([code, message]);
    }
  });

  it.each([20, 24, 29, 40, 41, 52, 55, 63])(
    '%i is the chain’s answer',
    (code) => {
      expect(isStarknetErrorCode(code)).toBe(true);
    },
  );

  it.each([
    [-32005, 'a rate limit ("limit exceeded")'],
    [-32011, 'Zan’s rate limit ("cu limit exceeded")'],
    [-32603, 'an internal error'],
    [-32601, 'a method the provider does not serve'],
    [-32602, 'params the provider does not take'],
    [-32600, 'a request the provider does not take'],
    [-32700, 'a body the provider cannot parse'],
    [-32000, 'a server error of the JSON-RPC range'],
    [0, 'no code'],
    [429, 'an HTTP status as a code'],
    [12345, 'a code of the provider’s own'],
  ])('%i (%s) is the provider’s failure', (code) => {
    expect(isStarknetErrorCode(code)).toBe(false);
  });
});

describe('readRpcError', () => {
  it('reads a code and a message, with the data after it', () => {
    expect(
      readRpcError({ code: 20, message: 'Contract not found' }),
    ).toStrictEqual({ code: 20, message: 'Contract not found' });
    expect(
      readRpcError({
        code: 41,
        message: 'Transaction execution error',
        data: { index: 0 },
      }),
    ).toStrictEqual({
      code: 41,
      message: 'Transaction execution error: {"index":0}',
    });
    expect(
      readRpcError({ code: 63, message: 'Unexpected error', data: 'stalled' }),
    ).toStrictEqual({ code: 63, message: 'Unexpected error: stalled' });
  });

  it.each([
    ['text', 'Contract not found'],
    ['null', null],
    ['a list', [20, 'Contract not found']],
    ['a code that is text', { code: '20', message: 'Contract not found' }],
    [
      'a code that is a fraction',
      { code: 20.5, message: 'Contract not found' },
    ],
    ['no message', { code: 20 }],
    ['a message that is not text', { code: 20, message: { text: 'x' } }],
  ])('is not an error object when it is %s', (_case, error) => {
    expect(readRpcError(error)).toBeUndefined();
  });
});

import { SnapError } from '@metamask/snaps-sdk';
import { object, string, validate } from 'superstruct';

import { SNAP_ERRORS, SnapErrorCode } from './api';
import type { SnapErrorName } from './api';
import {
  ChainRejectedError,
  InvalidInputError,
  NodeError,
  NotFoundError,
  OriginNotAllowedError,
  toSnapError,
  UnknownMethodError,
  UserRejectedError,
} from './errors';

/** One error of each kind the snap throws, and the code it must answer. */
const THROWN: [SnapErrorName, unknown][] = [
  ['UserRejected', new UserRejectedError()],
  ['Unauthorized', new OriginNotAllowedError('npm:other may not call')],
  ['InvalidParams', new InvalidInputError('address', 'is wrong')],
  ['InvalidParams', validate({ a: 1 }, object({ a: string() }))[0]],
  ['MethodNotFound', new UnknownMethodError('snapnet_nothing')],
  ['ResourceNotFound', new NotFoundError('no such transaction')],
  ['ResourceUnavailable', new NodeError('Testnet', 'unreachable')],
  ['Internal', new ChainRejectedError('Testnet', 55, 'invalid signature')],
  ['Internal', new Error('a bug')],
];

describe('the API error codes', () => {
  it.each(THROWN)('%s is the code a dapp receives', (name, thrown) => {
    const answered = toSnapError(thrown);
    expect(answered).toBeInstanceOf(SnapError);
    expect(answered instanceof SnapError && answered.code).toBe(
      SnapErrorCode[name],
    );
  });

  it('explains every code it lists', () => {
    expect(Object.keys(SNAP_ERRORS).sort()).toStrictEqual(
      Object.keys(SnapErrorCode).sort(),
    );
    expect(new Set(THROWN.map(([name]) => name))).toStrictEqual(
      new Set(Object.keys(SnapErrorCode)),
    );
  });
});

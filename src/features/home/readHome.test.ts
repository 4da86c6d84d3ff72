import * as fc from 'fast-check';

import { balanceOf, deploymentOf } from './homeAnswers';
import { ChainRejectedError } from '../../errors';
import { readFelt } from '../../node/answers';
import { readU256 } from '../../node/erc20';

/** Any JSON a node may answer, `toString` members included. */
const ANSWERS = fc.oneof(
  fc.jsonValue(),
  fc
    .jsonValue()
    .map((inner) => JSON.parse(JSON.stringify({ toString: inner }))),
  fc.array(fc.string(), { minLength: 2, maxLength: 2 }),
);

/** Anything a call of the page may fail with. */
const REFUSALS = fc.oneof(
  fc.anything(),
  fc
    .tuple(fc.integer(), fc.string())
    .map(([code, text]) => new ChainRejectedError('Testnet', code, text)),
);

describe("the home page's reads", () => {
  it('never throw: every row is a value, or unreadable with a reason', () => {
    fc.assert(
      fc.property(ANSWERS, REFUSALS, (answer, reason) => {
        const balance = balanceOf({
          status: 'fulfilled',
          value: readU256(answer),
        });
        expect(
          balance.amount !== undefined || (balance.unreadable ?? '') !== '',
        ).toBe(true);
        const deployment = deploymentOf({
          status: 'fulfilled',
          value: readFelt(answer),
        });
        expect(
          deployment.deployed === true || (deployment.unreadable ?? '') !== '',
        ).toBe(true);
        expect(balanceOf({ status: 'rejected', reason }).unreadable).toMatch(
          /\S/u,
        );
        expect(() =>
          deploymentOf({ status: 'rejected', reason }),
        ).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });

  it("says why, in the wallet's words, not the node's", () => {
    expect(
      balanceOf({
        status: 'fulfilled',
        value: readU256(['0x0', `0x1${'0'.repeat(32)}`]),
      }),
    ).toStrictEqual({
      unreadable: 'balanceOf: its high half is 2^128 or more',
    });
    expect(
      balanceOf({
        status: 'rejected',
        reason: new ChainRejectedError('Testnet', 40, 'visit evil.example'),
      }),
    ).toStrictEqual({ unreadable: 'the node refused the call (error 40)' });
    expect(
      deploymentOf({
        status: 'rejected',
        reason: new ChainRejectedError('Testnet', 20, 'Contract not found'),
      }),
    ).toStrictEqual({ deployed: false });
    expect(balanceOf(undefined)).toStrictEqual({});
  });
});

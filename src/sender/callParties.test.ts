import { statedParties, swapParties } from './callParties';
import { shownCall } from '../../test/shownCall';
import { normaliseAddress } from '../keys/address';

const ACCOUNT = normaliseAddress('0xacc');
const STRANGER = normaliseAddress('0xbad5eed');
const EXCHANGE = normaliseAddress('0xe8c');
const SELL = normaliseAddress('0x5e11');
const BUY = normaliseAddress('0xb117');
const POOL = normaliseAddress('0xa11');

/**
 * multi_route_swap's calldata, one direct route (see swapReads.test.ts for
 * the layout): 100 sold for at least 90.
 *
 * @param beneficiary - Its beneficiary.
 * @param feeBps - The integrator's fee.
 * @param feeRecipient - The integrator.
 * @returns The calldata.
 */
function swapCalldata(
  beneficiary: string,
  feeBps: bigint,
  feeRecipient: string,
): (bigint | string)[] {
  return [
    ...[SELL, 100n, 0n, BUY, 95n, 0n, 90n, 0n],
    ...[beneficiary, feeBps, feeRecipient],
    ...[1n, SELL, BUY, POOL, 10n ** 12n, 0n],
  ];
}

describe("a swap's stated parties", () => {
  it('names the beneficiary as keeping the proceeds, and the integrator as paid when it has a fee', () => {
    const parties = statedParties(
      shownCall(
        EXCHANGE,
        'multi_route_swap',
        swapCalldata(STRANGER, 30n, ACCOUNT),
      ),
    );
    expect(parties).toStrictEqual([
      expect.objectContaining({ role: 'keeps', address: BigInt(STRANGER) }),
      expect.objectContaining({ role: 'payee', address: BigInt(ACCOUNT) }),
    ]);
    const [beneficiary, integrator] = parties;
    expect(
      beneficiary?.role === 'keeps' ? beneficiary.notYours('0xabc') : '',
    ).toBe("Sends the swap's proceeds to 0xabc");
    expect(integrator?.words('0xdef')).toBe('· an integrator fee to 0xdef');
  });

  it('names no integrator with no fee or no recipient, and nothing for calldata that does not read', () => {
    for (const [bps, recipient] of [
      [0n, STRANGER],
      [30n, '0x0'],
    ] as const) {
      expect(
        statedParties(
          shownCall(
            EXCHANGE,
            'multi_route_swap',
            swapCalldata(ACCOUNT, bps, recipient),
          ),
        ).map(({ role }) => role),
      ).toStrictEqual(['keeps']);
    }
    expect(
      statedParties(
        shownCall(
          EXCHANGE,
          'multi_route_swap',
          swapCalldata(ACCOUNT, 0n, '0x0').slice(1),
        ),
      ),
    ).toStrictEqual([]);
  });

  it('words the integrator fee as the dialog shows it', () => {
    const [, integrator] = swapParties(
      {
        kind: 'sell',
        sellToken: 1n,
        sellAmount: 1n,
        buyToken: 2n,
        buyAmount: 1n,
        beneficiary: BigInt(ACCOUNT),
        integratorFeeBps: 30n,
        integratorFeeRecipient: 5n,
        routes: [],
      },
      '0.3 % integrator fee',
    );
    expect(integrator?.words('0x5')).toBe('· 0.3 % integrator fee to 0x5');
  });
});

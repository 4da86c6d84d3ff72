import { REFUSED_ABOVE_FACTOR, boundFee, feeFiguresOf } from './feeBound';
import { PaymasterError } from '../errors';

const ETH = {
  address: '0x49d',
  name: 'Ether',
  symbol: 'ETH',
  decimals: 18,
  chainId: '0x1',
};

/** An honest answer: 1 ETH is 10,000 STRK, the maximum twice the estimate. */
const HONEST = {
  gas_token_price_in_strk: 10_000n * 10n ** 18n,
  estimated_fee_in_strk: 10n ** 16n,
  estimated_fee_in_gas_token: 10n ** 12n,
  suggested_max_fee_in_strk: 2n * 10n ** 16n,
  suggested_max_fee_in_gas_token: 2n * 10n ** 12n,
};

describe('boundFee', () => {
  it('lets an ordinary margin pass without a word', () => {
    expect(
      boundFee('pm', HONEST, { amount: 2n * 10n ** 12n, token: ETH }),
    ).toStrictEqual([]);
  });

  it('flags a fee more than 10× the estimate, with the ratio', () => {
    expect(
      boundFee('pm', HONEST, { amount: 25n * 10n ** 12n, token: ETH }),
    ).toStrictEqual([
      'The fee the paymaster asks (25000000000000 smallest units of ETH) is 25.0× its own estimate (1000000000000): more than 10×.',
    ]);
  });

  it('refuses a fee 1000× the estimate, naming the paymaster', () => {
    const amount = 1000n * 10n ** 12n;
    expect(() =>
      boundFee('pm.example', HONEST, { amount, token: ETH }),
    ).toThrow(
      new PaymasterError(
        'pm.example',
        `asks a fee of ${amount} (smallest units of ETH), 1000.0× its own estimate of 1000000000000: more than ${REFUSED_ABOVE_FACTOR}× is refused, nothing was signed`,
      ),
    );
  });

  it('refuses a STRK maximum far above the STRK estimate, even with a modest transfer', () => {
    expect(() =>
      boundFee(
        'pm',
        { ...HONEST, suggested_max_fee_in_strk: 10n ** 19n },
        { amount: 2n * 10n ** 12n, token: ETH },
      ),
    ).toThrow(PaymasterError);
  });

  it('refuses any fee over a zero estimate', () => {
    expect(() =>
      boundFee(
        'pm',
        { ...HONEST, estimated_fee_in_gas_token: 0n },
        { amount: 1n, token: ETH },
      ),
    ).toThrow('infinitely many');
  });

  it('applies the stricter cap the page sets', () => {
    expect(() =>
      boundFee('pm', HONEST, { amount: 25n * 10n ** 12n, token: ETH }, 10n),
    ).toThrow('(the cap this page sets)');
  });

  it('says when the STRK price does not agree with the estimates', () => {
    expect(
      boundFee(
        'pm',
        { ...HONEST, gas_token_price_in_strk: 10n ** 18n },
        { amount: 2n * 10n ** 12n, token: ETH },
      ),
    ).toStrictEqual([
      "The paymaster's price of ETH in STRK (1000000000000000000) does not agree with its own estimates (1000000000000 ETH, 10000000000000000 FRI).",
    ]);
  });

  it('takes estimates of zero in both units, and says when only one is zero', () => {
    const free = {
      ...HONEST,
      estimated_fee_in_strk: 0n,
      estimated_fee_in_gas_token: 0n,
      suggested_max_fee_in_strk: 0n,
      suggested_max_fee_in_gas_token: 0n,
    };
    expect(boundFee('pm', free, { amount: 0n, token: ETH })).toStrictEqual([]);
    expect(
      boundFee(
        'pm',
        { ...free, estimated_fee_in_strk: 10n, suggested_max_fee_in_strk: 10n },
        { amount: 0n, token: ETH },
      ),
    ).toStrictEqual([
      `The paymaster's price of ETH in STRK (${HONEST.gas_token_price_in_strk}) does not agree with its own estimates (0 ETH, 10 FRI).`,
    ]);
  });

  it('reads figures only when each is a non-negative number', () => {
    expect(feeFiguresOf(HONEST)).toStrictEqual(HONEST);
    expect(feeFiguresOf(undefined)).toBeUndefined();
    expect(
      feeFiguresOf({ ...HONEST, estimated_fee_in_strk: -1n }),
    ).toBeUndefined();
    expect(
      feeFiguresOf({ ...HONEST, estimated_fee_in_strk: '0x1' }),
    ).toBeUndefined();
  });
});

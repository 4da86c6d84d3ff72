import { stakedReads } from './overview';
import { STRK_ADDRESS, TESTNET_CHAIN_ID } from '../../config';
import { normaliseAddress } from '../../keys/address';
import { defaultState } from '../../state/schema';

const TESTNET = { name: 'Testnet', chainId: TESTNET_CHAIN_ID };
const HOLDER = normaliseAddress('0xacc');
const EMPTY = normaliseAddress('0xb0b');
const ONE = 10n ** 18n;

const ok = (value: bigint): PromiseSettledResult<unknown> => ({
  status: 'fulfilled',
  value: { value },
});
const failed: PromiseSettledResult<unknown> = {
  status: 'fulfilled',
  value: { problem: 'Contract not found' },
};

describe("the overview's liquid staking line", () => {
  const reads = stakedReads(defaultState(), TESTNET, [
    { address: HOLDER },
    { address: EMPTY },
  ]);

  it("reads Endur's rate and each account's xSTRK in the page's batch, and prices STRK", () => {
    // No known position: the rate, then one balance per account.
    expect(reads.calls).toHaveLength(3);
    expect(reads.tokens).toStrictEqual([STRK_ADDRESS]);
  });

  it('counts xSTRK at its STRK value; nothing held is no line', () => {
    const totals = reads.totals([
      ok((1033n * ONE) / 1000n),
      ok(10n * ONE),
      ok(0n),
    ]);
    expect(totals.get(HOLDER)).toStrictEqual([
      {
        token: STRK_ADDRESS,
        symbol: 'STRK',
        decimals: 18,
        liquid: true,
        amount: (10330n * ONE) / 1000n,
      },
    ]);
    expect(totals.has(EMPTY)).toBe(false);
  });

  it('says no line when the rate cannot be read (no vault there), an unreadable one when the holding cannot', () => {
    expect(reads.totals([failed, ok(ONE), ok(ONE)]).size).toBe(0);
    expect(reads.totals([ok(ONE), failed, ok(0n)]).get(HOLDER)).toStrictEqual([
      {
        token: STRK_ADDRESS,
        symbol: 'STRK',
        decimals: 18,
        liquid: true,
        unreadable: 'Contract not found',
      },
    ]);
  });

  it('reads nothing on a network a site added', () => {
    const added = stakedReads(
      defaultState(),
      { ...TESTNET, addedBy: 'https://dapp.example' },
      [{ address: HOLDER }],
    );
    expect(added.calls).toStrictEqual([]);
  });
});

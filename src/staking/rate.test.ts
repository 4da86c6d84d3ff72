import {
  epochRewards,
  estimatedYearlyReward,
  integerSquareRoot,
  SECONDS_IN_YEAR,
  yearlyMint,
} from './rate';

const STRK = 10n ** 18n;

describe('the estimated yearly rate', () => {
  it('takes integer square roots rounded down', () => {
    expect(integerSquareRoot(0n)).toBe(0n);
    expect(integerSquareRoot(1n)).toBe(1n);
    expect(integerSquareRoot(15n)).toBe(3n);
    expect(integerSquareRoot(16n)).toBe(4n);
    expect(integerSquareRoot(-4n)).toBe(0n);
    const big = 12_345_678_901_234_567_890n;
    expect(integerSquareRoot(big * big)).toBe(big);
    expect(integerSquareRoot(big * big - 1n)).toBe(big - 1n);
  });

  it('mints c·√(S·T)/10000 a year, as the minting curve does', () => {
    // 1 billion STRK staked of 10 billion: √(S·T) = 10^9·√10 STRK.
    const mint = yearlyMint(213n, 10n ** 9n * STRK, 10n ** 10n * STRK);
    expect(mint).toBe(
      (213n * integerSquareRoot(10n ** 19n * STRK * STRK)) / 10_000n,
    );
    // About 67.36 million STRK a year.
    expect(mint / STRK).toBe(67_356_514n);
  });

  it("splits an epoch's rewards α to BTC, the rest to STRK", () => {
    const epochs = SECONDS_IN_YEAR / 1800n;
    const { strk, btc } = epochRewards(epochs * 400n, 1800n, 25n);
    expect(btc).toBe(100n);
    expect(strk).toBe(300n);
    expect(epochRewards(1000n, 0n, 25n)).toStrictEqual({ strk: 0n, btc: 0n });
  });

  it("pays a pool member the side's rate less the commission", () => {
    const epochDuration = 1800n;
    const epochs = SECONDS_IN_YEAR / epochDuration;
    // 100 STRK of rewards a year on 1000 STRK staked: 10 %, less 5 %.
    const reward = estimatedYearlyReward({
      epochRewards: (100n * STRK) / epochs,
      epochDuration,
      totalStake: 1000n * STRK,
      commission: 500n,
    });
    expect(Number(reward) / Number(STRK)).toBeCloseTo(0.095, 6);
    expect(
      estimatedYearlyReward({
        epochRewards: 1n,
        epochDuration,
        totalStake: 0n,
        commission: 0n,
      }),
    ).toBeUndefined();
    expect(
      estimatedYearlyReward({
        epochRewards: 1n,
        epochDuration,
        totalStake: STRK,
        commission: 10_001n,
      }),
    ).toBeUndefined();
  });
});

import {
  blockTipsCall,
  earlierBlockTipsCalls,
  estimateTip,
  TIPS_NEEDED,
} from './tips';

/**
 * A transaction of a block's answer.
 *
 * @param tip - Its tip.
 * @param fields - Other fields.
 * @returns The transaction.
 */
function v3(tip: string, fields: Record<string, unknown> = {}): unknown {
  return { type: 'INVOKE', version: '0x3', tip, ...fields };
}

describe('the tips of a block', () => {
  it('reads the tips of v3 invokes, declarations and deployments, zero tips included', () => {
    const call = blockTipsCall('latest');
    expect(call.method).toBe('starknet_getBlockWithTxs');
    expect(call.params).toStrictEqual({ block_id: 'latest' });
    expect(
      call.parse({
        block_number: 12,
        transactions: [
          v3('0x0'),
          v3('0xa'),
          v3('0x14', { type: 'DECLARE' }),
          v3('0x1e', { type: 'DEPLOY_ACCOUNT' }),
        ],
      }),
    ).toStrictEqual({ number: 12, tips: [0n, 10n, 20n, 30n] });
    expect(blockTipsCall(7).params).toStrictEqual({
      block_id: { block_number: 7 },
    });
  });

  it('passes over what carries no tip a transaction may pay: older versions, L1 handlers, a tip past u64, text that is no hex', () => {
    expect(
      blockTipsCall('latest').parse({
        block_number: 1,
        transactions: [
          v3('0x5', { version: '0x1' }),
          v3('0x5', { type: 'L1_HANDLER' }),
          v3(`0x1${'0'.repeat(16)}`),
          v3('5'),
          v3('0x'),
          { type: 'INVOKE', version: '0x3' },
          null,
          'tx',
          v3('0xffffffffffffffff'),
        ],
      }),
    ).toStrictEqual({ number: 1, tips: [2n ** 64n - 1n] });
  });

  it('refuses a block without a number (a pre-confirmed one) or without its transactions', () => {
    expect(() => blockTipsCall('latest').parse({ transactions: [] })).toThrow(
      /block_number/u,
    );
    expect(() => blockTipsCall('latest').parse({ block_number: 3 })).toThrow(
      /transactions/u,
    );
  });

  it('the blocks before the latest, never before genesis', () => {
    expect(
      earlierBlockTipsCalls(100).map(({ params }) => params),
    ).toStrictEqual([
      { block_id: { block_number: 99 } },
      { block_id: { block_number: 98 } },
    ]);
    expect(earlierBlockTipsCalls(1)).toHaveLength(1);
    expect(earlierBlockTipsCalls(0)).toHaveLength(0);
  });
});

describe('the tip to offer (starknet.js getEstimateTip: the median of at least 10)', () => {
  const block = (
    number: number,
    tips: number[],
  ): { number: number; tips: bigint[] } => ({
    number,
    tips: tips.map(BigInt),
  });

  it('the median of the tips of the blocks read, an even count averaging the two middle ones', () => {
    expect(
      estimateTip([
        block(10, [5, 1, 9, 3]),
        block(9, [7, 2, 8]),
        block(8, [4, 6, 0]),
      ]),
    ).toStrictEqual({ tip: 4n, blocks: 3, transactions: 10, highest: 9n });
    expect(
      estimateTip([block(10, [5, 1, 9, 3, 11]), block(9, [7, 2, 8, 4, 6, 0])]),
    ).toStrictEqual({ tip: 5n, blocks: 2, transactions: 11, highest: 11n });
  });

  it('no tip when the blocks hold fewer than 10 tips', () => {
    expect(TIPS_NEEDED).toBe(10);
    expect(estimateTip([block(3, [50, 60, 70]), block(2, [80])])).toStrictEqual(
      {
        tip: 0n,
        blocks: 2,
        transactions: 4,
        highest: 80n,
      },
    );
    expect(estimateTip([])).toStrictEqual({
      tip: 0n,
      blocks: 0,
      transactions: 0,
      highest: 0n,
    });
  });
});

import { readFile } from 'fs/promises';

import {
  OUTPUT,
  tokensOf,
  verifiedListFromVendor,
  verifiedModuleText,
} from './verified-tokens';

describe('the bundled verified-token list', () => {
  it('is what the vendored list gives (run scripts/verified-tokens.ts after a refresh)', async () => {
    expect(await readFile(OUTPUT, 'utf8')).toBe(await verifiedModuleText());
  });

  it('keeps a few dozen tokens per network, each a row of only the fields the page needs: [address (32 bytes in base64), name, symbol, decimals]', async () => {
    const { networks } = await verifiedListFromVendor();
    for (const rows of Object.values(networks)) {
      expect(rows.length).toBeGreaterThan(5);
      expect(rows.length).toBeLessThanOrEqual(40);
      for (const row of rows) {
        expect(row).toStrictEqual([
          expect.stringMatching(/^[A-Za-z0-9+/]{43}$/u),
          expect.any(String),
          expect.any(String),
          expect.any(Number),
        ]);
      }
    }
  });

  it('leaves out bridges, superseded and blocked entries; refuses a symbol listed twice or missing', () => {
    const list = [
      { name: 'MultiBridge', StarkgateManager: '0x1' },
      {
        name: 'Dai',
        symbol: 'DAI',
        decimals: 18,
        l2_token_address: '0xda1',
        comment: 'Dai v0',
      },
      { name: 'Dai', symbol: 'DAI', decimals: 18, l2_token_address: '0xDA2' },
    ];
    expect(tokensOf(list, ['DAI'])).toStrictEqual([
      {
        address: `0x${'da2'.padStart(64, '0')}`,
        name: 'Dai',
        symbol: 'DAI',
        decimals: 18,
      },
    ]);
    expect(() => tokensOf(list, ['USDC'])).toThrow('USDC: 0 entries');
    expect(() =>
      tokensOf([list[2], { ...list[2], l2_token_address: '0xda3' }], ['DAI']),
    ).toThrow('DAI: 2 entries');
  });

  it('refuses an entry whose symbol is not plain ASCII or whose address is not hex', () => {
    expect(() =>
      tokensOf([
        { name: 'S', symbol: 'ЅТRK', decimals: 18, l2_token_address: '0x1' },
      ]),
    ).toThrow('Unexpected entry');
    expect(() =>
      tokensOf([
        { name: 'S', symbol: 'S', decimals: 18, l2_token_address: 'x' },
      ]),
    ).toThrow('Unexpected entry');
  });
});

import { verifiedTokenAt, verifiedTokensOf } from './verified';
import bundled from './verifiedTokens.json';
import {
  ETH_ADDRESS,
  MAINNET_CHAIN_ID,
  STRK_ADDRESS,
  TESTNET_CHAIN_ID,
} from '../config';

describe('verified tokens', () => {
  it('name the fee tokens on both networks, from a pinned commit of the Starknet Foundation list', () => {
    // Where the bundled list comes from (the snap itself never reads it).
    expect(bundled.source).toStrictEqual({
      repository: 'starknet-io/starknet-addresses',
      commit: expect.stringMatching(/^[0-9a-f]{40}$/u),
    });
    for (const chainId of [MAINNET_CHAIN_ID, TESTNET_CHAIN_ID]) {
      expect(verifiedTokenAt(chainId, STRK_ADDRESS)?.symbol).toBe('STRK');
      expect(verifiedTokenAt(chainId, ETH_ADDRESS)?.symbol).toBe('ETH');
    }
  });

  it('are per network: Mainnet USDC is not verified on Sepolia', () => {
    const usdc = verifiedTokensOf(MAINNET_CHAIN_ID).find(
      ({ symbol }) => symbol === 'USDC',
    );
    expect(usdc).toMatchObject({ decimals: 6 });
    expect(
      verifiedTokenAt(TESTNET_CHAIN_ID, usdc?.address ?? ''),
    ).toBeUndefined();
  });

  it('compare addresses as numbers, and refuse what is not one', () => {
    expect(
      verifiedTokenAt(MAINNET_CHAIN_ID, STRK_ADDRESS.replace('0x0', '0x'))
        ?.symbol,
    ).toBe('STRK');
    expect(verifiedTokenAt(MAINNET_CHAIN_ID, 'STRK')).toBeUndefined();
    expect(
      verifiedTokenAt(MAINNET_CHAIN_ID, `0x${'f'.repeat(65)}`),
    ).toBeUndefined();
    expect(verifiedTokensOf('0x1234')).toStrictEqual([]);
  });

  it('hold no symbol twice on a network', () => {
    for (const chainId of [MAINNET_CHAIN_ID, TESTNET_CHAIN_ID]) {
      const symbols = verifiedTokensOf(chainId).map(({ symbol }) => symbol);
      expect(new Set(symbols).size).toBe(symbols.length);
    }
  });
});

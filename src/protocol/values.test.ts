import {
  chainIdProblem,
  FELT_PRIME,
  fitsType,
  printableShortString,
} from './values';

const MAINNET = 0x534e5f4d41494en;

describe('Starknet value types', () => {
  it('bounds felts by the prime and integers by their width', () => {
    expect(fitsType(FELT_PRIME - 1n, 'felt')).toBe(true);
    expect(fitsType(FELT_PRIME, 'felt')).toBe(false);
    expect(fitsType(2n ** 64n - 1n, 'u64')).toBe(true);
    expect(fitsType(2n ** 64n, 'u64')).toBe(false);
    expect(fitsType(2n ** 128n - 1n, 'u128')).toBe(true);
    expect(fitsType(2n ** 128n, 'u128')).toBe(false);
    expect(fitsType(2n ** 251n, 'address')).toBe(false);
    expect(fitsType(-1n, 'felt')).toBe(false);
  });

  it('reads printable short strings and nothing else', () => {
    expect(printableShortString(MAINNET)).toBe('SN_MAIN');
    expect(printableShortString(0x41n)).toBe('A');
    expect(printableShortString(0n)).toBeUndefined();
    // A control byte, a byte above 0x7e, 32 bytes.
    expect(printableShortString(0x410an)).toBeUndefined();
    expect(printableShortString(0x41ffn)).toBeUndefined();
    expect(
      printableShortString(BigInt(`0x${'41'.repeat(32)}`)),
    ).toBeUndefined();
    expect(printableShortString(BigInt(`0x${'41'.repeat(31)}`))).toBe(
      'A'.repeat(31),
    );
  });

  it('accepts the chain ids of Starknet and refuses one that hashes like Mainnet', () => {
    expect(chainIdProblem(MAINNET)).toBeUndefined();
    expect(chainIdProblem(0x534e5f5345504f4c4941n)).toBeUndefined();
    // Reduced modulo the prime, this is Mainnet's id: the attack of issue 18.
    expect((MAINNET + FELT_PRIME) % FELT_PRIME).toBe(MAINNET);
    expect(chainIdProblem(MAINNET + FELT_PRIME)).toMatch(/short string/u);
    expect(chainIdProblem(0n)).toMatch(/short string/u);
  });
});

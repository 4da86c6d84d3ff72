import { signHash, verifyHash } from './signature';
import { ACCOUNT_0 } from '../../test/fixtures';

const HASH = '0x1234abcd';
/** The order of the Stark curve: r and s must lie below it. */
const CURVE_ORDER =
  0x800000000000010ffffffffffffffffb781126dcae7b2321e66a241adc64d2fn;

describe('verifyHash', () => {
  const signature = signHash(HASH, ACCOUNT_0.privateKey);

  it("verifies a signature against the key's x coordinate alone", () => {
    expect(verifyHash(signature, HASH, ACCOUNT_0.publicKey)).toBe(true);
    expect(verifyHash(signature, '0x1234abce', ACCOUNT_0.publicKey)).toBe(
      false,
    );
  });

  it('answers false, never throws, for a signature that is not [r, s] on the curve', () => {
    const [sigR = '', sigS = ''] = signature;
    expect(verifyHash([sigR], HASH, ACCOUNT_0.publicKey)).toBe(false);
    expect(verifyHash([sigR, sigS, '0x1'], HASH, ACCOUNT_0.publicKey)).toBe(
      false,
    );
    // r past the curve's order: no signature at all.
    expect(
      verifyHash(
        [`0x${(CURVE_ORDER + 1n).toString(16)}`, sigS],
        HASH,
        ACCOUNT_0.publicKey,
      ),
    ).toBe(false);
    // No point of the curve has x = 5: neither parity makes a key.
    expect(verifyHash(signature, HASH, '0x5')).toBe(false);
    // r of 0: refused by the verification of each point.
    expect(verifyHash(['0x0', sigS], HASH, ACCOUNT_0.publicKey)).toBe(false);
  });
});

import { ec } from 'starknet';

/**
 * Signs a hash with a Stark private key.
 *
 * @param messageHash - The hash to sign (hex).
 * @param privateKey - The Stark private key (hex).
 * @returns The signature `[r, s]` as hex strings.
 */
export function signHash(messageHash: string, privateKey: string): string[] {
  const { r, s } = ec.starkCurve.sign(messageHash, privateKey);
  return [`0x${r.toString(16)}`, `0x${s.toString(16)}`];
}

/**
 * Verifies `[r, s]` over a hash against a Stark public key given as its x
 * coordinate only (as accounts store it): one of the two points with that x
 * must verify, as Cairo's `check_ecdsa_signature` accepts.
 *
 * @param signature - `[r, s]`, hex or decimal text.
 * @param messageHash - The signed hash (hex).
 * @param publicKey - The x coordinate of the public key (hex).
 * @returns Whether the signature is valid.
 */
export function verifyHash(
  signature: string[],
  messageHash: string,
  publicKey: string,
): boolean {
  const [r, s] = signature;
  if (signature.length !== 2 || r === undefined || s === undefined) {
    return false;
  }
  const x = BigInt(publicKey).toString(16).padStart(64, '0');
  try {
    const sig = new ec.starkCurve.Signature(BigInt(r), BigInt(s));
    return ['02', '03'].some((parity) => {
      try {
        return ec.starkCurve.verify(sig, messageHash, `${parity}${x}`);
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

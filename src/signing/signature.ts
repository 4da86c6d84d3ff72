import { ec } from 'starknet';

/**
 * Signs a hash with a Stark private key.
 *
 * @param messageHash - The hash to sign (hex).
 * @param privateKey - The Stark private key (hex).
 * @returns The signature `[r, s]` as hex strings.
 */
export function signHash(messageHash: string, privateKey: string): string[] {
  const signature = ec.starkCurve.sign(messageHash, privateKey);
  return [`0x${signature.r.toString(16)}`, `0x${signature.s.toString(16)}`];
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
  const [sigR, sigS] = signature;
  if (signature.length !== 2 || sigR === undefined || sigS === undefined) {
    return false;
  }
  const xHex = BigInt(publicKey).toString(16).padStart(64, '0');
  try {
    const parsed = new ec.starkCurve.Signature(BigInt(sigR), BigInt(sigS));
    return ['02', '03'].some((parity) => {
      try {
        return ec.starkCurve.verify(parsed, messageHash, `${parity}${xHex}`);
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

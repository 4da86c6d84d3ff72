import { ec } from 'starknet';

/**
 * Whether `[r, s]` is the signature of `messageHash` by a Stark key.
 *
 * @param privateKey - The signer's Stark private key.
 * @param signature - Hex (or decimal) values, as the snap returns them.
 * @param messageHash - The signed hash.
 * @returns Whether it verifies.
 */
export function signedBy(
  privateKey: string,
  signature: unknown,
  messageHash: string,
): boolean {
  if (!Array.isArray(signature) || signature.length !== 2) {
    return false;
  }
  const [sigR, sigS] = signature.map((value) => BigInt(String(value)));
  return ec.starkCurve.verify(
    new ec.starkCurve.Signature(sigR ?? 0n, sigS ?? 0n),
    messageHash,
    ec.starkCurve.getPublicKey(privateKey, false),
  );
}

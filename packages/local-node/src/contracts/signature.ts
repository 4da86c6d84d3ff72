import { ec } from 'starknet';

/**
 * Stark ECDSA verification for a public key given by its x-coordinate only
 * (as Argent and OpenZeppelin accounts store it). Verification is done by
 * starknet.js / @scure/starknet; this module only caches the decompressed
 * points (and which parity verified last) so the expensive square root is
 * computed once per key.
 */

type KeyPoints = { candidates: string[] };

const pointCache = new Map<bigint, KeyPoints | null>();

/**
 * Decompresses both points with this x-coordinate (uncompressed hex).
 *
 * @param publicKeyX - The x-coordinate.
 * @returns The two candidate points, or null if x is not on the curve.
 */
function pointsFor(publicKeyX: bigint): KeyPoints | null {
  const cached = pointCache.get(publicKeyX);
  if (cached !== undefined) {
    return cached;
  }
  let entry: KeyPoints | null = null;
  try {
    const xHex = publicKeyX.toString(16).padStart(64, '0');
    entry = {
      candidates: ['02', '03'].map((prefix) =>
        ec.starkCurve.ProjectivePoint.fromHex(`${prefix}${xHex}`).toHex(false),
      ),
    };
  } catch {
    entry = null;
  }
  if (pointCache.size > 10_000) {
    pointCache.clear();
  }
  pointCache.set(publicKeyX, entry);
  return entry;
}

/**
 * Verifies a Stark signature (r, s) over a message hash.
 *
 * @param publicKeyX - The signer's public key (x-coordinate).
 * @param messageHash - The signed hash.
 * @param sigR - Signature r.
 * @param sigS - Signature s.
 * @returns Whether the signature is valid for one of the two points.
 */
export function verifyStark(
  publicKeyX: bigint,
  messageHash: bigint,
  sigR: bigint,
  sigS: bigint,
): boolean {
  const points = pointsFor(publicKeyX);
  if (!points) {
    return false;
  }
  let signature;
  try {
    signature = new ec.starkCurve.Signature(sigR, sigS);
  } catch {
    return false;
  }
  const hashHex = `0x${messageHash.toString(16)}`;
  for (let i = 0; i < points.candidates.length; i++) {
    const candidate = points.candidates[i] ?? '';
    let valid = false;
    try {
      valid = ec.starkCurve.verify(signature, hashHex, candidate);
    } catch {
      valid = false;
    }
    if (valid) {
      if (i !== 0) {
        // Try the parity that worked first next time.
        points.candidates.reverse();
      }
      return true;
    }
  }
  return false;
}

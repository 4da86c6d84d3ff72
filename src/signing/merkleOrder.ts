import { hash, merkle } from 'starknet';

import type { Revision } from './snip12';
import { toHex } from '../protocol/values';

/**
 * A SNIP-12 merkle tree signs only its root, and starknet.js hashes each
 * pair of nodes in sorted order, so swapping two sibling subtrees of the
 * same size leaves the root — and the signature — unchanged. To show one
 * signature one way, the leaves are shown in a canonical order: at every
 * node whose two subtrees have the same size, the subtree with the smaller
 * hash first. That order has the same root as the site's, and every order
 * with that root has this canonical order.
 */

/** A run of leaves that forms one subtree, and its hash. */
type Subtree = { hash: bigint; leaves: number[] };

/**
 * The hash starknet.js joins two nodes with (sorted pair, Pedersen in
 * revision 0, Poseidon in revision 1).
 *
 * @param revision - The revision.
 * @param left - One node.
 * @param right - The other.
 * @returns Their parent.
 */
function joined(revision: Revision, left: bigint, right: bigint): bigint {
  const method =
    revision === '1' ? hash.computePoseidonHash : hash.computePedersenHash;
  return BigInt(merkle.MerkleTree.hash(toHex(left), toHex(right), method));
}

/**
 * The root starknet.js computes for leaves in a given order.
 *
 * @param revision - The revision.
 * @param leafHashes - The leaves' hashes, in order (at least one).
 * @returns The root.
 */
export function merkleRoot(revision: Revision, leafHashes: bigint[]): bigint {
  const method =
    revision === '1' ? hash.computePoseidonHash : hash.computePedersenHash;
  return BigInt(new merkle.MerkleTree(leafHashes.map(toHex), method).root);
}

/**
 * The canonical order of a tree's leaves: the positions of the site's
 * leaves, reordered so that at every node with two subtrees of the same
 * size the one with the smaller hash comes first. The root is unchanged.
 *
 * @param revision - The revision.
 * @param leafHashes - The leaves' hashes, in the site's order.
 * @returns Indices into the site's leaves, in canonical order.
 */
export function canonicalLeafOrder(
  revision: Revision,
  leafHashes: bigint[],
): number[] {
  let level: Subtree[] = leafHashes.map((leafHash, index) => ({
    hash: leafHash,
    leaves: [index],
  }));
  while (level.length > 1) {
    const next: Subtree[] = [];
    for (let index = 0; index < level.length; index += 2) {
      const left = level[index];
      const right = level[index + 1];
      if (left && right) {
        const swap =
          right.leaves.length === left.leaves.length && right.hash < left.hash;
        const [first, second] = swap ? [right, left] : [left, right];
        next.push({
          hash: joined(revision, first.hash, second.hash),
          leaves: [...first.leaves, ...second.leaves],
        });
      } else if (left) {
        next.push({
          hash: joined(revision, left.hash, 0n),
          leaves: left.leaves,
        });
      }
    }
    level = next;
  }
  return level[0]?.leaves ?? [];
}

import type { Network } from '../../config';
import type { NodeClient } from '../../node/client';
import {
  claimedNames,
  confirmedNames,
  forwardCalls,
  forwardWithin,
  nameLookupOf,
  reverseNameCall,
} from '../../node/names';
import type { NameLookup } from '../../node/names';
import type { NodeCall } from '../../node/nodeCall';

/**
 * The accounts' own Starknet ID names on the page: the reverse lookups ride
 * the page's one batch; only when one claims a name is that name checked
 * forward, in one more batch run beside the page's other reads. A name
 * that does not resolve back to its account, or any failure, shows none.
 */

/** The page's reverse lookups. */
export type OwnNameReads = {
  lookup: NameLookup | undefined;
  calls: NodeCall<string | undefined>[];
};

/**
 * The reverse lookups of the accounts the node is asked about.
 *
 * @param network - The page's network.
 * @param addresses - The accounts asked about.
 * @returns The lookups to batch.
 */
export function ownNameReads(
  network: Network,
  addresses: string[],
): OwnNameReads {
  const lookup = nameLookupOf(network, addresses);
  return {
    lookup,
    calls: (lookup?.addresses ?? []).map((address) =>
      reverseNameCall(lookup?.contract ?? '0x0', address),
    ),
  };
}

/**
 * The names that resolve back to their account (by canonical address).
 *
 * @param client - The network's node client.
 * @param reads - The reverse lookups.
 * @param answers - Their answers, in order.
 * @returns Names by canonical address.
 */
export async function ownNamesOf(
  client: NodeClient,
  reads: OwnNameReads,
  answers: PromiseSettledResult<unknown>[],
): Promise<Map<string, string>> {
  if (!reads.lookup) {
    return new Map();
  }
  const reverse = claimedNames(
    reads.lookup,
    // Each answer was parsed by its own call's parser, in order.
    answers as PromiseSettledResult<string | undefined>[],
  );
  if (reverse.claimed.length === 0) {
    return new Map();
  }
  const forward = await forwardWithin(
    client.batchSettled(forwardCalls(reverse)),
  );
  return new Map(
    confirmedNames(reverse, forward).map(({ name, address }) => [
      address,
      name,
    ]),
  );
}

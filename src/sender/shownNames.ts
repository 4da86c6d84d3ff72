import { statedParties } from './callParties';
import type { SenderRequest } from './intent';
import type { StakingFacts } from './stakingCalls';
import type { NodeClient } from '../node/client';
import {
  claimedNames,
  nameLookupOf,
  reverseNameCall,
  verifiedNames,
} from '../node/names';
import type {
  LateNames,
  NameLookup,
  ReverseNames,
  ShownName,
} from '../node/names';
import type { NodeCall } from '../node/nodeCall';
import { selectorOf } from '../protocol/selectors';

/**
 * The addresses of other parties a transaction's confirmation shows, whose
 * Starknet ID names to look up: the parties each call states (its
 * recipient, spender, operator, a stake's member or reward address, a
 * move's validator: ./callParties.ts), then the called contracts; never
 * the sender itself. At most
 * MAX_NAMED_ADDRESSES (see node/names).
 *
 * @param request - The request.
 * @returns The lookup, or undefined (nothing to look up, or no naming
 * contract on the request's network).
 */
export function namesShownIn(
  request: Omit<SenderRequest, 'confirm'>,
): NameLookup | undefined {
  const { intent, client, account } = request;
  if (intent.type !== 'INVOKE') {
    return undefined;
  }
  const parties = intent.calls.flatMap((call) =>
    statedParties({ ...call, selector: selectorOf(call.entrypoint) }).map(
      ({ address }) => address,
    ),
  );
  const own = BigInt(account.address);
  return nameLookupOf(
    client.network,
    [
      ...parties,
      ...intent.calls.map(({ contractAddress }) => BigInt(contractAddress)),
    ]
      .filter((address) => address !== own)
      .map((address) => `0x${address.toString(16)}`),
  );
}

/**
 * The names of the validators the called pools name, which round one could
 * not look up (the pools had not said who they are): their reverse lookups
 * ride round two, and their forward checks are read while the dialog is
 * open (a round trip before it, otherwise), for the pools round two
 * confirmed only.
 *
 * @param client - The request's node.
 * @param stakers - The validators the pools name.
 * @param reverse - The names round one already claimed (not asked again).
 * @returns Round two's reverse lookups, and the names to read later from
 * their answers.
 */
export function stakerNamesLater(
  client: NodeClient,
  stakers: string[],
  reverse: ReverseNames,
): {
  calls: NodeCall<string | undefined>[];
  late: (
    answers: PromiseSettledResult<unknown>[],
    facts: StakingFacts | undefined,
  ) => LateNames | undefined;
} {
  const known = new Set(reverse.claimed.map(({ address }) => address));
  const lookup = nameLookupOf(
    client.network,
    stakers.filter((staker) => !known.has(staker)),
  );
  if (!lookup) {
    return { calls: [], late: () => undefined };
  }
  return {
    calls: lookup.addresses.map((address) =>
      reverseNameCall(lookup.contract, address),
    ),
    late: (answers, facts): LateNames | undefined => {
      const confirmed = new Set(
        [...(facts?.pools.values() ?? [])].flatMap((pool) =>
          pool.kind === 'pool' ? [pool.staker] : [],
        ),
      );
      const claimed = claimedNames(
        lookup,
        // The reverse lookups' own parser read their answers.
        answers as PromiseSettledResult<string | undefined>[],
      ).claimed.filter(({ address }) => confirmed.has(address));
      return claimed.length === 0
        ? undefined
        : {
            addresses: claimed.map(({ address }) => address),
            read: async (): Promise<ShownName[]> =>
              verifiedNames(client, { contract: lookup.contract, claimed }),
          };
    },
  };
}

import type { SenderRequest } from './intent';
import { selectorOf } from '../node/abi';
import { nameLookupOf } from '../node/names';
import type { NameLookup } from '../node/names';
import { readTokenCall } from '../node/tokenCalls';

/**
 * A call read as an ERC-20 call, or undefined (calldata that is no number
 * is no token call here: the names are a display, never a reason to fail).
 *
 * @param entrypoint - The entrypoint.
 * @param calldata - The calldata.
 * @returns The token call.
 */
function tokenCallOf(
  entrypoint: string,
  calldata: string[],
): ReturnType<typeof readTokenCall> {
  try {
    return readTokenCall(selectorOf(entrypoint), calldata);
  } catch {
    return undefined;
  }
}

/**
 * The addresses of other parties a transaction's confirmation shows, whose
 * Starknet ID names to look up: who tokens go to (or may be taken by) first,
 * then the called contracts; never the sender itself. At most
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
  const parties = intent.calls.flatMap(({ entrypoint, calldata }) => {
    const read = tokenCallOf(entrypoint, calldata);
    if (!read) {
      return [];
    }
    if (read.action === 'transferFrom') {
      return [read.from, read.to];
    }
    return [read.action === 'transfer' ? read.to : read.spender];
  });
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

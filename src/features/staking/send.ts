import type { Call } from 'starknet';

import type { Network } from '../../config';
import { InvalidInputError } from '../../errors';
import { normaliseAddress } from '../../keys/address';
import { findOwnAccount } from '../../keys/ownership';
import { statedParties } from '../../sender/callParties';
import type { WalletCall } from '../../sender/intent';
import { hiddenFromNode } from '../../state/networks';
import { confirmNodeSeesAccounts } from '../../ui/dialogs';
import { addressText } from '../../ui/knownContracts';
import { callsToShow } from '../../ui/transactionText';
import { requestView } from '../../wallet/access';
import type { WalletContext } from '../../wallet/context';
import { sendTransaction } from '../../wallet/transaction';

/** One call of a staking transaction, as src/staking/protocol.ts builds it. */
export type StakingCall = Call;

/**
 * A call as the sender takes it: the builders write calldata as hex text.
 *
 * @param call - The call.
 * @returns The same call, its calldata a list of text.
 */
function walletCall(call: Call): WalletCall {
  const calldata: unknown[] = Array.isArray(call.calldata) ? call.calldata : [];
  const felts = calldata.filter((felt) => typeof felt === 'string');
  if (felts.length !== calldata.length || !Array.isArray(call.calldata)) {
    throw new Error(
      `The call to ${call.entrypoint} was not built as hex felts`,
    );
  }
  return {
    contractAddress: call.contractAddress,
    entrypoint: call.entrypoint,
    calldata: felts,
  };
}

/**
 * Refuses, before anything is signed, calls of the Stake view that would
 * let anyone but the member gain: every party the calls state (src/ui/
 * src/sender/callParties.ts: statedParties) that holds what stays the user's, or
 * whose value moves, must be the member, and an allowance may go only to
 * a contract the same transaction calls after it. The view builds nothing
 * else; this holds whatever a later change or a stored record makes it
 * build.
 *
 * @param calls - The calls.
 * @param member - The account that signs.
 * @throws {InvalidInputError} Naming the call, when one would.
 */
export function assertForTheMember(calls: WalletCall[], member: string): void {
  const own = normaliseAddress(member);
  const shown = callsToShow(calls);
  shown.forEach((call, index) => {
    const later = new Set(
      shown.slice(index + 1).map(({ contractAddress }) => contractAddress),
    );
    const stranger = statedParties(call).find(({ role, address }) =>
      role === 'controls'
        ? !later.has(addressText(address))
        : role !== 'payee' && addressText(address) !== own,
    );
    if (stranger) {
      throw new InvalidInputError(
        `calls[${index}]`,
        `${call.entrypoint ?? call.selector} would let ${addressText(stranger.address)} gain what stays this account's: the Stake view builds calls for ${own} alone. Nothing was signed.`,
      );
    }
  });
}

/**
 * Sends the calls of one staking action from one of the user's accounts:
 * the same sender and the same confirmation as Send (and
 * snapnet_executeTxn), which describe staking calls in words and refuse
 * what cannot succeed. On a network a site added, its node sees the
 * account only after the user agrees.
 *
 * @param context - The user's context (the home page).
 * @param network - The network the form was drawn for (the current one).
 * @param member - The account that signs.
 * @param calls - The calls, in one multicall.
 * @returns The transaction's hash.
 */
export async function sendStakingCalls(
  context: WalletContext,
  network: Network,
  member: string,
  calls: StakingCall[],
): Promise<string> {
  const wanted = calls.map(walletCall);
  assertForTheMember(wanted, member);
  const state = await context.state();
  const account = await findOwnAccount(
    context.keys,
    member,
    state.accounts.filter(({ chainId }) => chainId === network.chainId),
    'From',
  );
  if (hiddenFromNode(state, network, [member]).length > 0) {
    await confirmNodeSeesAccounts({
      request: await requestView(context, network, member),
      title: 'Stake from this account',
      accounts: `this account (${member})`,
    });
  }
  const { hashes } = await sendTransaction({
    context,
    network,
    account,
    intent: { type: 'INVOKE', calls: wanted },
    details: {},
    field: 'details',
  });
  return hashes[hashes.length - 1] ?? '';
}

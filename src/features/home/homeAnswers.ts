import type { AccountView } from './views/accounts';
import type { Network } from '../../config';
import { ChainRejectedError } from '../../errors';
import { normaliseAddress } from '../../keys/address';
import type { Reading } from '../../node/answers';
import { isContractNotFound } from '../../node/calls';
import type { AccountRecord, TokenRecord } from '../../state/schema';
import type { StakedTotal } from '../staking/overview';

/**
 * The page's batch answers read into what it shows. Every value the page shows from a node is read by a total reader (see
 * readingCall): a value that cannot be read is shown as unreadable, with
 * the reason, beside every other value, and the page always opens.
 */

/** One settled read of the page's round trip, if it was made. */
export type Answer = PromiseSettledResult<Reading<bigint>> | undefined;

/**
 * Why a call the node refused has no value, in the wallet's words (the
 * node's own text is not repeated on the page).
 *
 * @param reason - What the call failed with.
 * @returns The reason.
 */
function refusal(reason: unknown): string {
  if (isContractNotFound(reason)) {
    return 'no contract at this address';
  }
  return reason instanceof ChainRejectedError
    ? `the node refused the call (error ${reason.code})`
    : 'the node did not answer it';
}

/**
 * Whether an account is deployed, from its nonce answer: a nonce means yes,
 * "Contract not found" means no; a refusal or an answer that is no nonce
 * is unreadable, with the reason. Never throws.
 *
 * @param answer - The settled nonce read, if it was made.
 * @returns Whether it is deployed, or why that is not known (neither when
 * the node was not asked or did not answer).
 */
export function deploymentOf(answer: Answer): {
  deployed?: boolean;
  unreadable?: string;
} {
  if (answer === undefined) {
    return {};
  }
  if (answer.status === 'rejected') {
    return isContractNotFound(answer.reason)
      ? { deployed: false }
      : { unreadable: refusal(answer.reason) };
  }
  return 'problem' in answer.value
    ? { unreadable: `the nonce: ${answer.value.problem}` }
    : { deployed: true };
}

/**
 * A balance from its balanceOf answer, or why it is unreadable. Never
 * throws.
 *
 * @param answer - The settled balance read, if it was made.
 * @returns The amount, or why it is not known (neither when the node was
 * not asked or did not answer).
 */
export function balanceOf(answer: Answer): {
  amount?: bigint;
  unreadable?: string;
} {
  if (answer === undefined) {
    return {};
  }
  if (answer.status === 'rejected') {
    return { unreadable: refusal(answer.reason) };
  }
  return 'problem' in answer.value
    ? { unreadable: `balanceOf: ${answer.value.problem}` }
    : { amount: answer.value.value };
}

/**
 * An account's Starknet ID name, as a view field, when it has one.
 *
 * @param names - Names by canonical address.
 * @param address - The account.
 * @returns `{ starkName }`, or nothing.
 */
export function starkNameOf(
  names: Map<string, string>,
  address: string,
): { starkName?: string } {
  const starkName = names.get(normaliseAddress(address));
  return starkName === undefined ? {} : { starkName };
}

/**
 * The accounts as the page shows them, from the batch's answers: each
 * one's deployment, names, staked totals and balances (none for an account
 * the network's node was not asked about, with the reason).
 *
 * @param read - What was asked and answered.
 * @param read.accounts - The network's accounts.
 * @param read.asked - Those its node was asked about.
 * @param read.network - The network.
 * @param read.tokens - The tokens whose balances were read, in order (none:
 * not read).
 * @param read.nonces - One nonce answer per asked account.
 * @param read.balances - Per asked account, one answer per token.
 * @param read.names - Starknet ID names by canonical address.
 * @param read.staked - Staked totals by account.
 * @returns The accounts' views (without worth: see values.ts).
 */
export function accountViewsOf(read: {
  accounts: AccountRecord[];
  asked: AccountRecord[];
  network: Network;
  tokens: TokenRecord[] | undefined;
  nonces: PromiseSettledResult<Reading<bigint>>[];
  balances: PromiseSettledResult<Reading<bigint>>[];
  names: Map<string, string>;
  staked: Map<string, StakedTotal[]>;
}): AccountView[] {
  const tokens = read.tokens ?? [];
  return read.accounts.map((account) => {
    const index = read.asked.indexOf(account);
    const { deployed, unreadable } = deploymentOf(
      index < 0 ? undefined : read.nonces[index],
    );
    return {
      address: account.address,
      name: account.name ?? `Account ${account.addressIndex}`,
      ...starkNameOf(read.names, account.address),
      ...(deployed === undefined ? {} : { deployed }),
      staked: read.staked.get(account.address),
      ...(unreadable === undefined ? {} : { deploymentUnreadable: unreadable }),
      ...(index < 0
        ? {
            notAskedBecause: `Balances not read: this network's node was added by ${read.network.addedBy ?? 'a site'}, which was not given this account and would learn it.`,
          }
        : {}),
      balances: tokens.map((token, tokenIndex) => ({
        symbol: token.symbol,
        decimals: token.decimals,
        ...balanceOf(
          index < 0
            ? undefined
            : read.balances[index * tokens.length + tokenIndex],
        ),
      })),
    };
  });
}

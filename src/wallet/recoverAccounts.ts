import { requestView } from './access';
import { isUser } from './context';
import type { WalletContext } from './context';
import type { Network } from '../config';
import { accountAddress, deploymentData } from '../keys/address';
import type { DerivedAccount } from '../keys/derivation';
import { classHashAtCall, isContractNotFound } from '../node/calls';
import { NodeClient } from '../node/client';
import { hiddenFromNode } from '../state/networks';
import { isShared, otherSitesWith, shareWith } from '../state/permissions';
import { MAX_ADDRESS_INDEX } from '../state/schema';
import type { AccountKind, AccountRecord } from '../state/schema';
import { updateState } from '../state/store';
import type { RequestView } from '../ui/dialogInputs';
import { confirmNodeSeesAccounts, confirmShareAccounts } from '../ui/dialogs';

const CAIRO1: AccountKind = 'argent-cairo1';
const KINDS: AccountKind[] = [CAIRO1, 'argent-cairo0'];

/** Indices checked per node round trip. */
const BATCH = 10;
/**
 * The most indices one request may scan: each costs a key derivation and two
 * address hashes (about 50 ms here), so a scan stays within a few seconds.
 * Scan further with startScanIndex.
 */
export const MAX_SCANNED = 100;

/**
 * Whether a contract is deployed, read from one getClassHashAt answer.
 *
 * @param answer - The settled call.
 * @returns Whether it is deployed.
 */
function deployed(answer: PromiseSettledResult<unknown>): boolean {
  if (answer.status === 'fulfilled') {
    return true;
  }
  if (isContractNotFound(answer.reason)) {
    return false;
  }
  throw answer.reason;
}

/** One address a scan asks the node about. */
type Candidate = {
  key: DerivedAccount;
  kind: AccountKind;
  address: string;
};

/**
 * Every address of a scan's range (both account kinds per index), derived
 * here before the node is asked anything.
 *
 * @param context - The request context.
 * @param start - The first index.
 * @param end - One past the last index.
 * @returns The candidates, index by index.
 */
async function candidatesOf(
  context: WalletContext,
  start: number,
  end: number,
): Promise<Candidate[][]> {
  const indices = Array.from(
    { length: end - start },
    (_, offset) => start + offset,
  );
  const keys = await Promise.all(
    indices.map(async (index) => context.keys.account(index)),
  );
  return keys.map((key) =>
    KINDS.map((kind) => ({
      key,
      kind,
      address: accountAddress(key.publicKey, kind),
    })),
  );
}

/**
 * The deployed accounts of a range, asking the node ten indices per round
 * trip and stopping after `maxMissed` undeployed indices in a row.
 *
 * @param client - The network's node.
 * @param range - The indices, and how to get their candidates.
 * @param range.start - The first index.
 * @param range.end - One past the last index.
 * @param range.candidates - The candidates of indices `from` to `to` (one
 * past), index by index.
 * @param maxMissed - How many undeployed indices in a row end the scan.
 * @returns The deployed candidates.
 */
async function deployedAmong(
  client: NodeClient,
  range: {
    start: number;
    end: number;
    candidates: (from: number, to: number) => Promise<Candidate[][]>;
  },
  maxMissed: number,
): Promise<Candidate[]> {
  const found: Candidate[] = [];
  let missed = 0;
  for (
    let first = range.start;
    first < range.end && missed < maxMissed;
    first += BATCH
  ) {
    const batch = await range.candidates(
      first,
      Math.min(first + BATCH, range.end),
    );
    const answers = await client.batchSettled(
      batch.flat().map(({ address }) => classHashAtCall(address)),
    );
    for (const [position, candidates] of batch.entries()) {
      if (missed >= maxMissed) {
        break;
      }
      const live = candidates.filter((_, kindIndex) => {
        const answer = answers[position * KINDS.length + kindIndex];
        return answer !== undefined && deployed(answer);
      });
      missed = live.length > 0 ? 0 : missed + 1;
      found.push(...live);
    }
  }
  return found;
}

/** What part of the seed to scan. */
export type RecoveryScan = {
  startScanIndex: number;
  maxScanned: number;
  maxMissed: number;
};

/** An account found, as snapnet_recoverAccounts answers it. */
export type RecoveredAccount = Omit<AccountRecord, 'kind'>;

/**
 * Finds this seed's deployed accounts on a network and shares them with the
 * calling site (see snapnet_recoverAccounts for the dialogs). On the home
 * page the user finds their own accounts: they are stored, shared with no
 * one, and only a site's node's dialog may open.
 *
 * @param context - Who asks.
 * @param network - The network to scan.
 * @param scan - Where to scan.
 * @param scan.startScanIndex - The first index.
 * @param scan.maxScanned - The most indices to scan.
 * @param scan.maxMissed - Stop after this many undeployed indices in a row.
 * @returns The deployed accounts found.
 */
export async function recoverAccounts(
  context: WalletContext,
  network: Network,
  { startScanIndex, maxScanned, maxMissed }: RecoveryScan,
): Promise<RecoveredAccount[]> {
  const state = await context.state();
  const user = isUser(context);
  const end = Math.min(startScanIndex + maxScanned, MAX_ADDRESS_INDEX + 1);
  const request = async (address: string): Promise<RequestView> =>
    requestView(context, network, address);
  // On a site's own network, every address is derived first, to know
  // whether its node may see them; elsewhere only as the scan goes.
  const everyCandidate =
    network.addedBy === undefined
      ? undefined
      : await candidatesOf(context, startScanIndex, end);
  const [firstHidden] = hiddenFromNode(
    state,
    network,
    (everyCandidate ?? []).flat().map(({ address }) => address),
  );
  if (firstHidden !== undefined) {
    await confirmNodeSeesAccounts({
      request: await request(firstHidden),
      title: 'Look for your accounts',
      accounts: `the addresses of your accounts ${startScanIndex} to ${end - 1} (both Argent generations)`,
      ...(user
        ? {}
        : {
            consequence: `The deployed accounts found are shared with ${context.origin}.`,
          }),
    });
  }
  const found: AccountRecord[] = (
    await deployedAmong(
      context.node(network),
      {
        start: startScanIndex,
        end,
        candidates: async (from, to) =>
          everyCandidate?.slice(from - startScanIndex, to - startScanIndex) ??
          candidatesOf(context, from, to),
      },
      maxMissed,
    )
  ).map(({ key, kind, address }) => ({
    address,
    addressIndex: key.addressIndex,
    publicKey: key.publicKey,
    addressSalt: deploymentData(key.publicKey, kind).salt,
    deployTxnHash: '',
    derivationPath: key.derivationPath,
    chainId: network.chainId,
    kind,
  }));
  const newToSite = user
    ? []
    : found.filter(({ address }) => !isShared(state, context.origin, address));
  const [first] = newToSite;
  if (first && firstHidden === undefined) {
    await confirmShareAccounts({
      request: await request(first.address),
      accounts: newToSite.map(({ address, addressIndex }) => ({
        address,
        addressIndex,
        otherSites: otherSitesWith(state, address, context.origin),
      })),
    });
  }
  return updateState((draft) => {
    if (!user) {
      shareWith(
        draft,
        context.origin,
        found.map(({ address }) => address),
      );
    }
    return found.map((account) => {
      const existing = draft.accounts.find(
        (candidate) =>
          candidate.chainId === account.chainId &&
          candidate.address === account.address,
      );
      const stored = existing ?? account;
      if (!existing) {
        draft.accounts.push(account);
      }
      return {
        address: stored.address,
        addressIndex: stored.addressIndex,
        publicKey: stored.publicKey,
        addressSalt: stored.addressSalt,
        deployTxnHash: stored.deployTxnHash,
        derivationPath: stored.derivationPath,
        chainId: stored.chainId,
      };
    });
  });
}

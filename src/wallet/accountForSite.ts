import { requestView } from './access';
import { isUser } from './context';
import type { WalletContext } from './context';
import { sendWithPaymaster } from './paymasterTransaction';
import type { PaymasterChoice } from './paymasterTransaction';
import { sendTransaction } from './transaction';
import type { Network } from '../config';
import { deploymentData } from '../keys/address';
import { nextAccountIndex, reserveIndex } from '../state/indexReservations';
import { hiddenFromNode } from '../state/networks';
import { isShared, otherSitesWith, shareWith } from '../state/permissions';
import type { AccountRecord } from '../state/schema';
import { updateState } from '../state/store';
import { confirmNodeSeesAccounts, confirmShareAccounts } from '../ui/dialogs';

/**
 * The record of this seed's Argent account at an index.
 *
 * @param context - The request context.
 * @param index - The BIP-44 address index.
 * @param chainId - The network.
 * @returns The record (not yet stored).
 */
async function accountRecord(
  context: WalletContext,
  index: number,
  chainId: string,
): Promise<AccountRecord> {
  const derived = await context.keys.account(index);
  return {
    address: derived.address,
    addressIndex: index,
    publicKey: derived.publicKey,
    addressSalt: deploymentData(derived.publicKey).salt,
    deployTxnHash: '',
    derivationPath: derived.derivationPath,
    chainId,
    kind: 'argent-cairo1',
  };
}

/** How far past the next free index a new account may go unremarked. */
const FAR_AHEAD = 20;

/**
 * Stores the account at an index (unless that index is already recorded on
 * the network) and shares it with the calling site (never with the user's
 * page, which has every account), in one state write.
 *
 * @param context - The request context.
 * @param record - The account's record.
 * @param deployTxnHash - The hash of the deployment just sent, if any.
 * @returns The stored record (the earlier one when it existed).
 */
async function storeAndShare(
  context: WalletContext,
  record: AccountRecord,
  deployTxnHash?: string,
): Promise<AccountRecord> {
  return updateState((state) => {
    if (!isUser(context)) {
      shareWith(state, context.origin, [record.address]);
    }
    const existing = state.accounts.find(
      (account) =>
        account.chainId === record.chainId &&
        account.addressIndex === record.addressIndex &&
        account.kind === record.kind,
    );
    if (existing) {
      existing.deployTxnHash = deployTxnHash ?? existing.deployTxnHash;
      return existing;
    }
    const stored = { ...record, deployTxnHash: deployTxnHash ?? '' };
    state.accounts.push(stored);
    return stored;
  });
}

/**
 * Why an index deserves a second look: far past the next free one, where a
 * normal recovery scan will not find it.
 *
 * @param index - The index asked for.
 * @param nextFree - The next free index.
 * @returns The warning, or undefined.
 */
function farAheadWarning(index: number, nextFree: number): string | undefined {
  return index > nextFree + FAR_AHEAD
    ? `This account is at index ${index}, far past your next free index (${nextFree}): wallets that recover accounts by scanning from index 0 will not find it.`
    : undefined;
}

/**
 * Gives the calling site an account of this seed on a network, deployed or
 * not (see snapnet_createAccount for the rules of choice and sharing). On
 * the home page the user asks for their own account: nothing is shared and
 * no share dialog opens; on a network a site added, its node sees the
 * account only after the user agrees.
 *
 * @param context - The request context.
 * @param network - The network.
 * @param options - What the site asked.
 * @param options.addressIndex - The index, when the site named one.
 * @param options.deploy - Whether to deploy it.
 * @param options.paymaster - Deploy it through the paymaster, so.
 * @param options.name - The name the user gave a new account, if any.
 * @returns The account's address and deployment hash ('' when not sent).
 */
export async function createAccountForSite(
  context: WalletContext,
  network: Network,
  {
    addressIndex,
    deploy,
    paymaster,
    name,
  }: {
    addressIndex?: number | undefined;
    deploy: boolean;
    paymaster?: PaymasterChoice | undefined;
    name?: string;
  },
): Promise<{ address: string; transaction_hash: string }> {
  const state = await context.state();
  const { index, release } = reserveIndex(
    state,
    context.origin,
    network.chainId,
    addressIndex,
  );
  try {
    const record = {
      ...(await accountRecord(context, index, network.chainId)),
      ...(name === undefined ? {} : { name }),
    };
    const recorded = state.accounts.find(
      (account) =>
        account.chainId === network.chainId &&
        account.addressIndex === index &&
        account.kind === record.kind,
    );
    const user = isUser(context);
    const shared = user || isShared(state, context.origin, record.address);
    const warning = farAheadWarning(index, nextAccountIndex(state));
    const request = await requestView(context, network, record.address);
    // Named only when this site is about to be given the account.
    const otherSites = shared
      ? []
      : otherSitesWith(state, record.address, context.origin);
    const share = {
      request,
      accounts: [{ address: record.address, addressIndex: index, otherSites }],
      ...(warning ? { warning } : {}),
    };
    if (!deploy) {
      if (recorded && shared) {
        return {
          address: recorded.address,
          transaction_hash: recorded.deployTxnHash,
        };
      }
      if (!shared) {
        await confirmShareAccounts(share);
      }
      const stored = await storeAndShare(context, record);
      return {
        address: stored.address,
        transaction_hash: stored.deployTxnHash,
      };
    }
    // On the site's own network its node would see the account before the
    // deployment's dialog: the account is shared first (declining sends
    // nothing).
    const sharedFirst =
      !shared && hiddenFromNode(state, network, [record.address]).length > 0;
    if (sharedFirst) {
      await confirmShareAccounts(share);
      await storeAndShare(context, record);
    }
    if (user && hiddenFromNode(state, network, [record.address]).length > 0) {
      await confirmNodeSeesAccounts({
        request,
        title: 'Deploy this account',
        accounts: `this account (${record.address})`,
      });
    }
    const account = { ...(await context.keys.keys(index)), ...record };
    const display = {
      notices:
        shared || sharedFirst
          ? []
          : [`Approving also shares this account with ${context.origin}.`],
      warnings: [
        ...(warning ? [warning] : []),
        ...otherSites.map(
          (site) =>
            `This account is already shared with ${site}: sharing it here lets the sites tell that you are the same person.`,
        ),
      ],
    };
    const { hashes, alreadyDeployed } = paymaster
      ? await sendWithPaymaster({
          context,
          network,
          account,
          calls: [],
          choice: paymaster,
          field: 'paymaster',
          display,
        }).then((hash) => ({ hashes: [hash], alreadyDeployed: hash === '' }))
      : await sendTransaction({
          context,
          network,
          account,
          intent: { type: 'DEPLOY_ACCOUNT' },
          details: {},
          field: 'details',
          display,
        });
    if (alreadyDeployed && !shared && !sharedFirst) {
      await confirmShareAccounts(share);
    }
    const stored = await storeAndShare(
      context,
      record,
      alreadyDeployed ? undefined : hashes[0],
    );
    return {
      address: stored.address,
      transaction_hash: stored.deployTxnHash,
    };
  } finally {
    release();
  }
}

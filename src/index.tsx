import type {
  OnCronjobHandler,
  OnHomePageHandler,
  OnInstallHandler,
  OnRpcRequestHandler,
  OnUpdateHandler,
  OnUserInputHandler,
} from '@metamask/snaps-sdk';

import { discoverEverywhere } from './background/discover';
import { refreshTransactions } from './background/refresh';
import { handleHomeEvent } from './features/home/events';
import { openHomePage } from './features/home/page';
import { callerOf } from './methods/caller';
import { handleRequest } from './methods/router';
import {
  BACKGROUND_REQUESTER,
  inRequest,
  LIFECYCLE_REQUESTER,
  PAGE_REQUESTER,
} from './requestScope';
import { initialiseState } from './state/store';

/**
 * The snap's entry points; each is a one-liner into the code that serves it.
 *
 * Wallet methods (`wallet_invokeSnap` → `onRpcRequest`, table in
 * src/methods/router.ts, params and results in README.md and openrpc.json):
 * - networks: snapnet_getCurrentNetwork, snapnet_switchNetwork,
 *   snapnet_addNetwork
 * - accounts: snapnet_createAccount, snapnet_recoverAccounts,
 *   snapnet_extractPublicKey, snapnet_displayPrivateKey,
 *   snapnet_revokeAccess
 * - messages: snapnet_signMessage, snapnet_verifySignedMessage
 * - transactions: snapnet_estimateAccountDeployFee, snapnet_estimateFee,
 *   snapnet_executeTxn, snapnet_signTransaction, snapnet_declareContract,
 *   snapnet_signDeclareTransaction
 * - tokens and history: snapnet_getErc20TokenBalance, snapnet_addErc20Token,
 *   snapnet_getTransactionStatus, snapnet_getTransactions (alias
 *   snapnet_getTransaction)
 *
 * Every entry point runs in a request scope (src/requestScope.ts): what it
 * leaves running gives back its turns before its answer leaves.
 *
 * @param args - The request.
 * @param args.origin - The calling site, as MetaMask verified it; with
 * `originMetadata` (snaps-sdk 12), the site's own claim (methods/caller.ts).
 * @param args.request - The JSON-RPC request.
 * @returns The method's result.
 */
export const onRpcRequest: OnRpcRequestHandler = async (args) => {
  const caller = callerOf(args);
  return inRequest(caller.requester, async (scope) =>
    handleRequest(caller, args.request, scope),
  );
};

/**
 * Creates the state (networks, fee tokens) on install.
 *
 * @returns Nothing.
 */
export const onInstall: OnInstallHandler = async () =>
  inRequest(LIFECYCLE_REQUESTER, initialiseState);

/**
 * Migrates the state to the new schema on update.
 *
 * @returns Nothing.
 */
export const onUpdate: OnUpdateHandler = async () =>
  inRequest(LIFECYCLE_REQUESTER, initialiseState);

/**
 * The snap's page in MetaMask: an overview (network, accounts and what they
 * hold), then a view each for send, receive, activity, tokens, accounts,
 * settings (see src/features/home/) and stake (src/features/staking/).
 *
 * @returns The page's interface.
 */
export const onHomePage: OnHomePageHandler = async () =>
  inRequest(PAGE_REQUESTER, openHomePage);

/**
 * The home page's buttons and forms.
 *
 * @param args - The event.
 * @param args.id - The page's interface.
 * @param args.event - What the user did.
 * @param args.context - The page's context: the view the user is on.
 * @returns Nothing.
 */
export const onUserInput: OnUserInputHandler = async ({ id, event, context }) =>
  inRequest(PAGE_REQUESTER, async (scope) =>
    handleHomeEvent(id, event, context, scope),
  );

/**
 * The background check, about once a minute (snap.manifest.json): pending
 * transactions asked about, their outcomes and the staking exits whose
 * wait is over notified once (see src/background/refresh.ts); then the
 * tokens received since the last search (src/background/discover.ts).
 * Never throws.
 *
 * @returns Nothing.
 */
export const onCronjob: OnCronjobHandler = async () =>
  inRequest(BACKGROUND_REQUESTER, async (scope) => {
    await refreshTransactions(scope);
    await discoverEverywhere(scope);
  });

import type {
  OnHomePageHandler,
  OnInstallHandler,
  OnRpcRequestHandler,
  OnUpdateHandler,
} from '@metamask/snaps-sdk';

import { handleRequest } from './rpcs/router';
import { initialiseState } from './state/store';
import { homePage } from './ui/home';

/**
 * The snap's entry points; each is a one-liner into the code that serves it.
 *
 * Wallet methods (`wallet_invokeSnap` → `onRpcRequest`):
 * - snapnet_getCurrentNetwork, snapnet_switchNetwork
 * - snapnet_createAccount, snapnet_extractPublicKey, snapnet_displayPrivateKey
 * - snapnet_signMessage, snapnet_verifySignedMessage
 * - snapnet_signTransaction, snapnet_signDeclareTransaction
 * See src/rpcs/router.ts for the table and README.md for params and results.
 *
 * @param args - The request.
 * @param args.origin - The calling site.
 * @param args.request - The JSON-RPC request.
 * @returns The method's result.
 */
export const onRpcRequest: OnRpcRequestHandler = async ({ origin, request }) =>
  handleRequest(origin, request);

/**
 * Creates the state (networks, fee tokens) on install.
 *
 * @returns Nothing.
 */
export const onInstall: OnInstallHandler = async () => initialiseState();

/**
 * Migrates the state to the new schema on update.
 *
 * @returns Nothing.
 */
export const onUpdate: OnUpdateHandler = async () => initialiseState();

/**
 * The snap's page in MetaMask: the current network and the accounts.
 *
 * @returns The page.
 */
export const onHomePage: OnHomePageHandler = async () => homePage();

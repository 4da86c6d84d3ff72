import type { Json } from '@metamask/snaps-sdk';

import { addErc20Token } from './addErc20Token';
import { addNetwork } from './addNetwork';
import type { Caller } from './caller';
import { createAccount } from './createAccount';
import { declareContract } from './declareContract';
import { displayPrivateKey } from './displayPrivateKey';
import { estimateAccountDeployFee } from './estimateAccountDeployFee';
import { estimateFee } from './estimateFee';
import { executeTxn } from './executeTxn';
import { extractPublicKey } from './extractPublicKey';
import { getCurrentNetwork } from './getCurrentNetwork';
import { getErc20TokenBalance } from './getErc20TokenBalance';
import { getTransactions } from './getTransactions';
import { getTransactionStatus } from './getTransactionStatus';
import type { RpcMethod } from './method';
import { recoverAccounts } from './recoverAccounts';
import { revokeAccess } from './revokeAccess';
import { signDeclareTransaction } from './signDeclareTransaction';
import { signMessage } from './signMessage';
import { signTransaction } from './signTransaction';
import { switchNetwork } from './switchNetwork';
import { verifySignedMessage } from './verifySignedMessage';
import {
  OriginNotAllowedError,
  toSnapError,
  UnknownMethodError,
} from '../errors';
import type { RequestScope } from '../requestScope';
import { walletContext } from '../wallet/context';
import { errorForSite, resultForSite } from '../wallet/siteAnswers';

/** Every wallet method, by its RPC name. */
export const methods = {
  snapnet_addErc20Token: addErc20Token,
  snapnet_addNetwork: addNetwork,
  snapnet_createAccount: createAccount,
  snapnet_declareContract: declareContract,
  snapnet_displayPrivateKey: displayPrivateKey,
  snapnet_estimateAccountDeployFee: estimateAccountDeployFee,
  snapnet_estimateFee: estimateFee,
  snapnet_executeTxn: executeTxn,
  snapnet_extractPublicKey: extractPublicKey,
  snapnet_getCurrentNetwork: getCurrentNetwork,
  snapnet_getErc20TokenBalance: getErc20TokenBalance,
  snapnet_getTransactions: getTransactions,
  snapnet_getTransactionStatus: getTransactionStatus,
  snapnet_recoverAccounts: recoverAccounts,
  snapnet_revokeAccess: revokeAccess,
  snapnet_signDeclareTransaction: signDeclareTransaction,
  snapnet_signMessage: signMessage,
  snapnet_signTransaction: signTransaction,
  snapnet_switchNetwork: switchNetwork,
  snapnet_verifySignedMessage: verifySignedMessage,
} as const;

export type MethodName = keyof typeof methods;

/**
 * Who may call a method. `dapps`: web pages (http/https origins). `snaps`:
 * other snaps (`npm:` / `local:` origins). The manifest allows dapps only,
 * and MetaMask enforces that; the table enforces it again inside the snap.
 */
type OriginPolicy = { dapps: boolean; snaps: boolean };

const DAPPS_ONLY: OriginPolicy = { dapps: true, snaps: false };

const originPolicy: Record<MethodName, OriginPolicy> = {
  snapnet_addErc20Token: DAPPS_ONLY,
  snapnet_addNetwork: DAPPS_ONLY,
  snapnet_createAccount: DAPPS_ONLY,
  snapnet_declareContract: DAPPS_ONLY,
  snapnet_displayPrivateKey: DAPPS_ONLY,
  snapnet_estimateAccountDeployFee: DAPPS_ONLY,
  snapnet_estimateFee: DAPPS_ONLY,
  snapnet_executeTxn: DAPPS_ONLY,
  snapnet_extractPublicKey: DAPPS_ONLY,
  snapnet_getCurrentNetwork: DAPPS_ONLY,
  snapnet_getErc20TokenBalance: DAPPS_ONLY,
  snapnet_getTransactions: DAPPS_ONLY,
  snapnet_getTransactionStatus: DAPPS_ONLY,
  snapnet_recoverAccounts: DAPPS_ONLY,
  snapnet_revokeAccess: DAPPS_ONLY,
  snapnet_signDeclareTransaction: DAPPS_ONLY,
  snapnet_signMessage: DAPPS_ONLY,
  snapnet_signTransaction: DAPPS_ONLY,
  snapnet_switchNetwork: DAPPS_ONLY,
  snapnet_verifySignedMessage: DAPPS_ONLY,
};

/**
 * Whether a caller may call under a policy.
 *
 * @param caller - Who calls.
 * @param policy - The method's policy.
 * @returns Whether the call is allowed.
 */
function callerAllowed(caller: Caller, policy: OriginPolicy): boolean {
  return (caller.isSnap && policy.snaps) || (caller.isDapp && policy.dapps);
}

/**
 * Looks a method up by name (own properties only).
 *
 * @param method - The requested method.
 * @returns Its name, typed, or undefined.
 */
function methodName(method: string): MethodName | undefined {
  return Object.keys(methods).find(
    (name): name is MethodName => name === method,
  );
}

/**
 * Serves one wallet request: route, check the origin, run the method (which
 * validates its params and result), and map any failure to a snaps error
 * that carries no account the site was not given (siteAnswers.ts); free
 * text in a result (a node's reason) is held to the same rule.
 *
 * @param caller - Who calls (methods/caller.ts).
 * @param request - The JSON-RPC request.
 * @param request.method - The method name.
 * @param request.params - The params.
 * @param scope - The request's scope (src/requestScope.ts).
 * @returns The method's result.
 */
export async function handleRequest(
  caller: Caller,
  request: { method: string; params?: unknown },
  scope: RequestScope,
): Promise<Json> {
  const context = walletContext(caller.origin, scope);
  try {
    const name = methodName(
      request.method === 'snapnet_getTransaction'
        ? 'snapnet_getTransactions'
        : request.method,
    );
    if (!name) {
      throw new UnknownMethodError(request.method);
    }
    if (!callerAllowed(caller, originPolicy[name])) {
      throw new OriginNotAllowedError(
        `${caller.origin} may not call ${request.method}`,
      );
    }
    const method: RpcMethod = methods[name];
    const result = await method.run(request.params, context);
    return await resultForSite(result, context, request.params);
  } catch (error) {
    throw await errorForSite(toSnapError(error), context, request.params);
  }
}

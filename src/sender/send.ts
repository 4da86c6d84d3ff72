import type {
  SenderRequest,
  TransactionIntent,
  TransactionPreview,
} from './intent';
import { readNode } from './nodeView';
import type { NodeView } from './nodeView';
import { markNonceSent, withAccountQueue } from './nonces';
import type { Plan, PlannedTransaction, Step } from './plan';
import { planFrom } from './plan';
import { protocolFactsOf } from './protocolReads';
import { namesShownIn } from './shownNames';
import {
  HashMismatchError,
  PartialSendError,
  SubmissionUnknownError,
} from '../errors';
import type { SentTransaction } from '../errors';
import { deploymentData, normaliseAddress } from '../keys/address';
import { addTransactionCall } from '../node/calls';
import { checkSignableDetails } from '../signing/details';
import { signHash } from '../signing/signature';
import { recordTransaction, recordedCall, sentRecord } from '../state/records';
import type { TransactionRecord } from '../state/schema';

/**
 * The one way a transaction leaves the wallet. Every path (executeTxn,
 * declareContract, createAccount's deployment, signTransaction,
 * signDeclareTransaction) states an intent; this module asks the node what
 * it needs (nonce and called classes in one round trip, then a simulation
 * and the missing ABIs in one more), plans the details, has the user see the
 * plan, and only then signs — and, to send, submits inside the account's
 * queue with nonces from one place. Estimates run the same planning without
 * the question.
 */

/**
 * The record of a sent transaction of an intent.
 *
 * @param intent - The intent.
 * @param kind - The kind of the sent transaction (the deployment, or the
 * intent itself).
 * @param txnHash - Its hash.
 * @param senderAddress - The account.
 * @param chainId - The chain.
 * @returns The record.
 */
function recordOf(
  intent: TransactionIntent,
  kind: Step['kind'],
  txnHash: string,
  senderAddress: string,
  chainId: string,
): TransactionRecord {
  const common = { txnHash, senderAddress, chainId };
  if (kind === 'DEPLOY_ACCOUNT') {
    return sentRecord({ ...common, txnType: 'deploy_account' });
  }
  if (intent.type === 'DECLARE') {
    return sentRecord({
      ...common,
      txnType: 'declare',
      contractAddress: intent.classHash,
    });
  }
  const first = recordedCall(intent.type === 'INVOKE' ? intent.calls : []);
  return sentRecord({
    ...common,
    txnType: 'invoke',
    ...(first
      ? {
          contractAddress: normaliseAddress(first.contractAddress),
          contractFuncName: first.entrypoint,
          contractCallData: first.calldata,
        }
      : {}),
  });
}

/**
 * The plan of a request from what the node said.
 *
 * @param request - The request.
 * @param node - What the node said.
 * @returns The plan.
 */
export function planOf(
  request: Omit<SenderRequest, 'confirm'>,
  node: NodeView,
): Plan {
  return planFrom({
    steps: node.steps,
    given: request.details,
    field: request.field,
    firstNonce: node.nonce,
    account: request.account.address,
    simulated: node.simulated,
    prices: node.prices,
    tip: node.tip,
  });
}

/**
 * The preview a confirmation shows.
 *
 * @param request - The request.
 * @param mode - Sending or signing only.
 * @param node - What the node said.
 * @param plan - The plan.
 * @returns The preview.
 */
export function previewOf(
  request: Omit<SenderRequest, 'confirm'>,
  mode: TransactionPreview['mode'],
  node: NodeView,
  plan: Plan,
): TransactionPreview {
  const { kind, publicKey } = request.account;
  return {
    mode,
    intent: request.intent,
    account: request.account.address,
    accountContract: { kind, deployment: deploymentData(publicKey, kind) },
    deploying: node.steps.length > 1,
    plan,
    chainAbis: node.chainAbis,
    undeployedTargets: node.undeployedTargets,
    names: node.names,
    ...(node.worth ? { worth: node.worth } : {}),
    ...protocolFactsOf(node),
    ...(node.validatorNames ? { validatorNames: node.validatorNames } : {}),
  };
}

/**
 * Signs one planned step and hands it to the node, which must answer the
 * very hash that was signed: a node that answers another hash accepted
 * something else (or lies about it), and nothing of it is recorded. When
 * the node's answer never came back whole, the transaction may have gone
 * out: the error names its hash so the dapp can look it up. It is neither
 * recorded nor sent to another node, and its nonce is not taken as used:
 * the next send asks the node again, so it cannot skip a nonce that never
 * went out.
 *
 * @param request - The request (its node client and account).
 * @param step - The step.
 * @param planned - Its planned details.
 * @returns The transaction hash, as signed and as the node answered it.
 */
async function submitStep(
  request: SenderRequest,
  step: Step,
  planned: PlannedTransaction,
): Promise<string> {
  const { hash, transaction } = step.build(planned.details, true);
  const { transaction_hash: answered } = await request.client
    .call(addTransactionCall(transaction))
    .catch((error: unknown) => {
      throw error instanceof SubmissionUnknownError
        ? new SubmissionUnknownError(error.network, error.failure, hash)
        : error;
    });
  if (BigInt(answered) !== BigInt(hash)) {
    throw new HashMismatchError(request.client.network.name, hash, answered);
  }
  return hash;
}

/**
 * Plans an intent, shows it, and once approved signs and submits it (an
 * undeployed account's deployment first), recording each transaction the
 * node accepts with the hash that was signed. Runs in the account's queue,
 * so parallel sends never reuse a nonce; a nonce the dapp chose is used for
 * its transaction only. A deployment of an account already deployed sends
 * nothing and asks nothing. When a later step fails after an earlier one
 * went out (a deployment sent, its invoke refused), the error carries what
 * went out (PartialSendError).
 *
 * @param request - What to send.
 * @returns The hashes the node accepted (the deployment first), and whether
 * a requested deployment had already happened.
 */
export async function sendIntent(
  request: SenderRequest,
): Promise<{ hashes: string[]; alreadyDeployed: boolean }> {
  checkSignableDetails(request.details, request.field);
  const { client, account, intent } = request;
  const { chainId } = client.network;
  const key = `${chainId}:${account.address}`;
  return withAccountQueue(key, async () => {
    const node = await readNode(request, {
      withDeployment: true,
      queueKey: key,
      names: namesShownIn(request),
    });
    if (intent.type === 'DEPLOY_ACCOUNT' && node.deployed) {
      return { hashes: [], alreadyDeployed: true };
    }
    const plan = planOf(request, node);
    await request.confirm(previewOf(request, 'send', node, plan));
    const sent: SentTransaction[] = [];
    for (const [index, step] of node.steps.entries()) {
      const planned = plan.transactions[index];
      if (!planned) {
        throw new Error(`No details planned for step ${index}`);
      }
      const hash = await submitStep(request, step, planned).catch(
        (error: unknown) => {
          throw sent.length > 0 ? new PartialSendError(sent, error) : error;
        },
      );
      sent.push({ type: step.kind, transaction_hash: hash });
      const nonce = BigInt(planned.details.nonce);
      if (!planned.dappNonce || nonce === node.nonce + BigInt(index)) {
        markNonceSent(key, nonce);
      }
      await recordTransaction(
        recordOf(intent, step.kind, hash, account.address, chainId),
      );
    }
    const hashes = sent.map(({ transaction_hash: hash }) => hash);
    return { hashes, alreadyDeployed: false };
  });
}

/**
 * Plans an intent, shows it, and once approved returns the signature of its
 * transaction hash; nothing is sent.
 *
 * @param request - What to sign.
 * @returns The signature `[r, s]` (hex).
 */
export async function signIntent(request: SenderRequest): Promise<string[]> {
  checkSignableDetails(request.details, request.field);
  const node = await readNode(request, {
    withDeployment: false,
    names: namesShownIn(request),
  });
  const plan = planOf(request, node);
  await request.confirm(previewOf(request, 'sign', node, plan));
  const [step] = node.steps;
  const [planned] = plan.transactions;
  if (!step || !planned) {
    throw new Error('Nothing was planned to sign');
  }
  return signHash(step.hash(planned.details), request.account.privateKey);
}

/**
 * Plans an intent without asking or signing: the fee estimate of sending it
 * (an undeployed account's deployment included).
 *
 * @param request - What to estimate (its `confirm` is not called).
 * @returns The plan and whether the deployment is included.
 */
export async function estimateIntent(
  request: Omit<SenderRequest, 'confirm'>,
): Promise<{ plan: Plan; includesDeployment: boolean }> {
  checkSignableDetails(request.details, request.field);
  const node = await readNode(request, {
    withDeployment: true,
    assumeUndeployed: request.intent.type === 'DEPLOY_ACCOUNT',
  });
  return {
    plan: planOf(request, node),
    includesDeployment: node.steps.length > 1,
  };
}

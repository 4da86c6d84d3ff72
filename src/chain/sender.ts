import type { ContractAbi } from './abi';
import { markNonceSent, nextNonce, withAccountQueue } from './accounts';
import {
  abisByContract,
  classHashCalls,
  MAX_ABI_LOOKUPS,
  missingAbiCalls,
} from './contractAbis';
import type { DeclarableClass } from './contractClass';
import type { GasPrices } from './fees';
import type { DappDetails, Plan, Step } from './plan';
import { planFrom, simulationQueries } from './plan';
import type { NodeClient } from './rpc';
import { simulateCall } from './simulation';
import type { SimulatedTransaction } from './simulation';
import {
  addTransactionCall,
  CONTRACT_NOT_FOUND,
  gasPricesCall,
  nonceCall,
} from './starknet';
import {
  prepareDeclare,
  prepareDeployAccount,
  prepareInvoke,
} from './transactions';
import type { PreparedTransaction } from './transactions';
import { ChainRejectedError } from '../errors';
import { normaliseAddress } from '../keys/address';
import type { OwnAccount } from '../keys/ownership';
import { signHash } from '../signing/signature';
import { checkSignableDetails, declareHash } from '../signing/transactions';
import { recordTransaction, sentRecord } from '../state/records';
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

/** A call of a multicall, as the params structs produce it. */
export type WalletCall = {
  contractAddress: string;
  entrypoint: string;
  calldata: string[];
};

/** What the user asked the account to do. */
export type TransactionIntent =
  | { type: 'INVOKE'; calls: WalletCall[] }
  | {
      type: 'DECLARE';
      classHash: string;
      compiledClassHash: string;
      /** The class itself; without it the declaration cannot be simulated. */
      contractClass?: DeclarableClass['contractClass'];
    }
  | { type: 'DEPLOY_ACCOUNT' };

/** Everything a confirmation shows of a planned transaction. */
export type TransactionPreview = {
  mode: 'send' | 'sign';
  intent: TransactionIntent;
  /** The sender (canonical). */
  account: string;
  /** Whether the account is deployed first, in the same confirmation. */
  deploying: boolean;
  plan: Plan;
  /** ABIs of the called contracts, as the chain has them. */
  chainAbis: Map<string, ContractAbi>;
  /** Called contracts with no code on chain. */
  undeployedTargets: string[];
};

/** A request to plan, show and sign (or send) one intent. */
export type SenderRequest = {
  client: NodeClient;
  account: OwnAccount;
  intent: TransactionIntent;
  details: DappDetails;
  /** The details' param name, to blame. */
  field: string;
  /** Shows the preview; throws UserRejectedError when the user declines. */
  confirm: (preview: TransactionPreview) => Promise<void>;
};

/**
 * The steps of an intent from one account.
 *
 * @param account - The sender's keys.
 * @param chainId - The chain.
 * @param intent - The intent.
 * @returns Its step.
 */
function stepOf(
  account: OwnAccount,
  chainId: string,
  intent: TransactionIntent,
): Step {
  if (intent.type === 'INVOKE') {
    return {
      kind: 'INVOKE',
      hash: (details) =>
        prepareInvoke(account, intent.calls, chainId, details, false).hash,
      build: (details, sign) =>
        prepareInvoke(account, intent.calls, chainId, details, sign),
    };
  }
  if (intent.type === 'DECLARE') {
    const { classHash, compiledClassHash, contractClass } = intent;
    return {
      kind: 'DECLARE',
      hash: (details) =>
        declareHash({
          senderAddress: account.address,
          classHash,
          compiledClassHash,
          chainId,
          details,
        }),
      build: (details, sign): PreparedTransaction => {
        if (!contractClass) {
          // readNode never simulates such a declaration; it is only signed.
          throw new Error(
            'A declaration given by its class hash alone cannot be simulated or sent',
          );
        }
        return prepareDeclare(
          account,
          contractClass,
          classHash,
          compiledClassHash,
          chainId,
          details,
          sign,
        );
      },
    };
  }
  return {
    kind: 'DEPLOY_ACCOUNT',
    hash: (details) =>
      prepareDeployAccount(account, chainId, details, false).hash,
    build: (details, sign) =>
      prepareDeployAccount(account, chainId, details, sign),
  };
}

/**
 * The contracts an intent calls, distinct and bounded.
 *
 * @param intent - The intent.
 * @returns Their canonical addresses.
 */
function targetsOf(intent: TransactionIntent): string[] {
  if (intent.type !== 'INVOKE') {
    return [];
  }
  const targets = intent.calls.map(({ contractAddress }) =>
    normaliseAddress(contractAddress),
  );
  return [...new Set(targets)].slice(0, MAX_ABI_LOOKUPS);
}

/**
 * A settled answer read as a value, with "Contract not found" as undefined.
 *
 * @param answer - The settled call.
 * @returns The value, or undefined when there is no contract.
 */
function unlessNotFound<Value>(
  answer: PromiseSettledResult<Value> | undefined,
): Value | undefined {
  if (!answer || answer.status === 'fulfilled') {
    return answer?.value;
  }
  if (
    answer.reason instanceof ChainRejectedError &&
    answer.reason.code === CONTRACT_NOT_FOUND
  ) {
    return undefined;
  }
  throw answer.reason;
}

/** What the node said, read in two round trips. */
type NodeView = {
  deployed: boolean;
  nonce: bigint;
  /** The steps to sign: the deployment first when sending from a new account. */
  steps: Step[];
  simulated: SimulatedTransaction[] | undefined;
  prices: GasPrices | undefined;
  chainAbis: Map<string, ContractAbi>;
  undeployedTargets: string[];
};

/**
 * The value of a settled answer, or its error thrown.
 *
 * @param answer - The settled call.
 * @returns Its value.
 */
function settledValue<Value>(answer: PromiseSettledResult<Value>): Value {
  if (answer.status === 'rejected') {
    throw answer.reason;
  }
  return answer.value;
}

/**
 * What the node says for a declaration given by hash only (it cannot be
 * simulated without its class): the nonce and the latest block's prices, in
 * one round trip.
 *
 * @param request - The request.
 * @returns The node's view.
 */
async function readNodeForDeclareByHash(
  request: Omit<SenderRequest, 'confirm'>,
): Promise<NodeView> {
  const { client, account, intent } = request;
  const [nonceAnswer, pricesAnswer] = await client.batchSettled([
    nonceCall(account.address),
    gasPricesCall(),
  ]);
  const nodeNonce = unlessNotFound(nonceAnswer);
  return {
    deployed: nodeNonce !== undefined,
    nonce: nodeNonce === undefined ? 0n : BigInt(nodeNonce),
    steps: [stepOf(account, client.network.chainId, intent)],
    simulated: undefined,
    prices: settledValue(pricesAnswer),
    chainAbis: new Map(),
    undeployedTargets: [],
  };
}

/** How to read the node for one request. */
type ReadOptions = {
  /** Plan an undeployed account's deployment before the intent. */
  withDeployment: boolean;
  /** The account's send queue: its nonces count those already sent. */
  queueKey?: string;
  /** Skip the nonce (an account's own deployment estimate: nonce 0). */
  assumeUndeployed?: boolean;
};

/**
 * Round one: the account's nonce (and whether it is deployed) with the
 * classes of the called contracts.
 *
 * @param request - The request.
 * @param targets - The called contracts.
 * @param options - How to read.
 * @returns The nonce (undefined: not deployed) and class hashes.
 */
async function readAccountAndClasses(
  request: Omit<SenderRequest, 'confirm'>,
  targets: string[],
  options: ReadOptions,
): Promise<{
  nodeNonce: bigint | undefined;
  classHashes: (string | undefined)[];
}> {
  if (options.assumeUndeployed) {
    return { nodeNonce: undefined, classHashes: [] };
  }
  const [nonceAnswer, ...classAnswers] = await request.client.batchSettled([
    nonceCall(request.account.address),
    ...classHashCalls(targets),
  ]);
  const nonce = unlessNotFound(nonceAnswer);
  return {
    nodeNonce: nonce === undefined ? undefined : BigInt(nonce),
    classHashes: classAnswers.map((answer) => {
      const classHash = unlessNotFound(answer);
      return classHash === undefined
        ? undefined
        : `0x${BigInt(classHash).toString(16)}`;
    }),
  };
}

/**
 * Asks the node everything a plan needs: round one (above), then round two,
 * the simulation of the whole sequence (an undeployed account's deployment
 * first) with the ABIs not yet known.
 *
 * @param request - The request.
 * @param options - How to read.
 * @returns The node's view.
 */
async function readNode(
  request: Omit<SenderRequest, 'confirm'>,
  options: ReadOptions,
): Promise<NodeView> {
  const { client, account, intent, details, field } = request;
  const { chainId } = client.network;
  if (intent.type === 'DECLARE' && !intent.contractClass) {
    return readNodeForDeclareByHash(request);
  }
  const targets = targetsOf(intent);
  const { nodeNonce, classHashes } = await readAccountAndClasses(
    request,
    targets,
    options,
  );
  const deployed = nodeNonce !== undefined;
  let nonce = nodeNonce ?? 0n;
  if (deployed && options.queueKey !== undefined) {
    nonce = nextNonce(options.queueKey, nonce);
  }
  const intentStep = stepOf(account, chainId, intent);
  const simulatedSteps =
    deployed || intent.type === 'DEPLOY_ACCOUNT'
      ? [intentStep]
      : [stepOf(account, chainId, { type: 'DEPLOY_ACCOUNT' }), intentStep];
  const missing = missingAbiCalls(classHashes);
  const [simulationAnswer, ...abiAnswers] = await client.batchSettled([
    simulateCall(
      simulationQueries(simulatedSteps, details, field, nonce),
      details.skipValidate !== false,
    ),
    ...missing.calls,
  ]);
  const simulated = settledValue(simulationAnswer);
  return {
    deployed,
    nonce,
    steps: options.withDeployment ? simulatedSteps : [intentStep],
    // Signing from an undeployed account: the deployment was simulated
    // only so that the intent could run; the plan covers the intent alone.
    simulated: options.withDeployment ? simulated : simulated.slice(-1),
    prices: undefined,
    chainAbis: abisByContract(targets, classHashes, {
      hashes: missing.hashes,
      answers: abiAnswers,
    }),
    undeployedTargets: targets.filter(
      (_, index) => classHashes[index] === undefined,
    ),
  };
}

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
  const [first] = intent.type === 'INVOKE' ? intent.calls : [];
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
function planOf(request: Omit<SenderRequest, 'confirm'>, node: NodeView): Plan {
  return planFrom({
    steps: node.steps,
    given: request.details,
    field: request.field,
    firstNonce: node.nonce,
    account: request.account.address,
    simulated: node.simulated,
    prices: node.prices,
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
function previewOf(
  request: SenderRequest,
  mode: TransactionPreview['mode'],
  node: NodeView,
  plan: Plan,
): TransactionPreview {
  return {
    mode,
    intent: request.intent,
    account: request.account.address,
    deploying: node.steps.length > 1,
    plan,
    chainAbis: node.chainAbis,
    undeployedTargets: node.undeployedTargets,
  };
}

/**
 * Plans an intent, shows it, and once approved signs and submits it (an
 * undeployed account's deployment first), recording each transaction the
 * node accepts. Runs in the account's queue, so parallel sends never reuse
 * a nonce; a nonce the dapp chose is used for its transaction only. A
 * deployment of an account already deployed sends nothing and asks nothing.
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
    });
    if (intent.type === 'DEPLOY_ACCOUNT' && node.deployed) {
      return { hashes: [], alreadyDeployed: true };
    }
    const plan = planOf(request, node);
    await request.confirm(previewOf(request, 'send', node, plan));
    const hashes: string[] = [];
    for (const [index, step] of node.steps.entries()) {
      const planned = plan.transactions[index];
      if (!planned) {
        throw new Error(`No details planned for step ${index}`);
      }
      const { transaction } = step.build(planned.details, true);
      const { transaction_hash: hash } = await client.call(
        addTransactionCall(transaction),
      );
      hashes.push(hash);
      const nonce = BigInt(planned.details.nonce);
      if (!planned.dappNonce || nonce === node.nonce + BigInt(index)) {
        markNonceSent(key, nonce);
      }
      await recordTransaction(
        recordOf(intent, step.kind, hash, account.address, chainId),
      );
    }
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
  const node = await readNode(request, { withDeployment: false });
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

import { stepOf, targetsOf } from './intent';
import type { SenderRequest } from './intent';
import { nextNonce } from './nonces';
import type { Step } from './plan';
import { simulationQueries } from './plan';
import { protocolReads } from './protocolReads';
import type { ProtocolFacts, ProtocolRoundTwo } from './protocolReads';
import { stakerNamesLater } from './shownNames';
import { ChainRejectedError, NodeError } from '../errors';
import type { AbiReading } from '../node/abi';
import type { Reading } from '../node/answers';
import { gasPricesCall, isContractNotFound, nonceCall } from '../node/calls';
import type { GasPrices } from '../node/calls';
import {
  abisByContract,
  classHashCalls,
  missingAbiCalls,
} from '../node/contractAbis';
import {
  claimedNames,
  confirmedNames,
  forwardCalls,
  reverseNameCall,
} from '../node/names';
import type {
  LateNames,
  NameLookup,
  ReverseNames,
  ShownName,
} from '../node/names';
import type { NodeCall } from '../node/nodeCall';
import type { SimulatedTransaction } from '../node/simulation';
import { simulateCall } from '../node/simulation';
import {
  blockTipsCall,
  earlierBlockTipsCalls,
  estimateTip,
} from '../node/tips';
import type { BlockTips, TipEstimate } from '../node/tips';
import type { OracleAnswer } from '../prices/pragma';
import type { PriceBook } from '../prices/quotes';
import { selectorOf } from '../protocol/selectors';

/**
 * What the sender reads from the node before it plans: the account's nonce
 * and the called classes in one round trip, then the simulation of the whole
 * sequence with the ABIs not yet known in a second.
 */

/**
 * A settled answer read as a value, with "Contract not found" as undefined.
 * Any other refusal of these reads (a nonce, a class hash) is a node
 * failure, not a refused transaction: a NodeError (−32002).
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
  if (isContractNotFound(answer.reason)) {
    return undefined;
  }
  if (answer.reason instanceof ChainRejectedError) {
    throw new NodeError(answer.reason.network, answer.reason.message, {
      cause: answer.reason,
    });
  }
  throw answer.reason;
}

/** What the node said, read in two round trips. */
export type NodeView = ProtocolFacts & {
  deployed: boolean;
  nonce: bigint;
  /** The steps to sign: the deployment first when sending from a new account. */
  steps: Step[];
  simulated: SimulatedTransaction[] | undefined;
  prices: GasPrices | undefined;
  chainAbis: Map<string, AbiReading>;
  undeployedTargets: string[];
  /** Names of the addresses shown that resolve back to them. */
  names: ShownName[];
  /**
   * The tip recent blocks suggest, read when the dapp names none (see
   * node/tips.ts); undefined when it was not read or its blocks could not.
   */
  tip?: TipEstimate | undefined;
  /** The prices read with round one, if any. */
  worth?: PriceBook | undefined;
  /** The names of the pools' validators, read while the dialog is open. */
  validatorNames?: LateNames;
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
    names: [],
  };
}

/** Round one's answers: the account's nonce (undefined: not deployed) and the classes of the called contracts, in `targetsOf` order. */
export type RoundOne = {
  nodeNonce: bigint | undefined;
  classHashes: (string | undefined)[];
  /** The names the reverse lookups claim, checked forward in round two. */
  reverseNames?: ReverseNames | undefined;
  /** The prices that rode round one (see SenderRequest.prices). */
  worth?: PriceBook | undefined;
  /** Round two's staking reads, when the intent calls a pool entry point. */
  protocols?: ProtocolRoundTwo<ProtocolFacts> | undefined;
  /** The latest block's tips, when a tip is to be estimated. */
  latestTips?: BlockTips | undefined;
};

/** How to read the node for one request. */
export type ReadOptions = {
  /** Plan an undeployed account's deployment before the intent. */
  withDeployment: boolean;
  /** The account's send queue: its nonces count those already sent. */
  queueKey?: string;
  /** Skip the nonce (an account's own deployment estimate: nonce 0). */
  assumeUndeployed?: boolean;
  /** Addresses shown to the user whose names to look up (see node/names). */
  names?: NameLookup | undefined;
  /** Estimate the tip from recent blocks (the dapp named none). */
  estimateTip?: boolean;
};

/**
 * Round one: the account's nonce (and whether it is deployed) with the
 * classes of the called contracts, and the reverse name lookups of the
 * addresses shown (their answers, whatever they are, change nothing else).
 *
 * @param request - The request.
 * @param targets - The called contracts.
 * @param options - How to read.
 * @returns The nonce (undefined: not deployed) and class hashes.
 */
export async function readAccountAndClasses(
  request: Omit<SenderRequest, 'confirm'>,
  targets: string[],
  options: Pick<ReadOptions, 'assumeUndeployed' | 'names' | 'estimateTip'>,
): Promise<RoundOne> {
  if (options.assumeUndeployed) {
    return { nodeNonce: undefined, classHashes: [] };
  }
  const lookup = options.names;
  const reverseCalls = (lookup?.addresses ?? []).map((address) =>
    reverseNameCall(lookup?.contract ?? '0x0', address),
  );
  const { intent, client, account } = request;
  const protocols =
    intent.type === 'INVOKE'
      ? protocolReads(
          client.network,
          intent.calls.map((call) => ({
            ...call,
            selector: selectorOf(call.entrypoint),
          })),
          account.address,
          {
            tokens: request.tokens ?? [],
            field: request.callsField ?? 'calls',
            pricing: request.pricing,
          },
        )
      : undefined;
  const protocolCalls = protocols?.calls ?? [];
  const namesEnd = targets.length + reverseCalls.length;
  const protocolsEnd = namesEnd + protocolCalls.length;
  const tipCalls = options.estimateTip ? [blockTipsCall('latest')] : [];
  const settled = await client.batchSettled([
    nonceCall(account.address),
    ...classHashCalls(targets),
    ...reverseCalls,
    ...protocolCalls,
    ...(request.prices?.calls ?? []),
    ...tipCalls,
  ]);
  // The latest block's tips come last: a failure leaves no estimate.
  const [latestTips] = settled.splice(settled.length - tipCalls.length);
  // Each answer was parsed by its own call's parser, in order.
  const [nonceAnswer, ...answers] = settled.slice(
    0,
    1 + protocolsEnd,
  ) as PromiseSettledResult<string | undefined>[];
  const priceAnswers = settled.slice(1 + protocolsEnd) as PromiseSettledResult<
    Reading<OracleAnswer>
  >[];
  const classAnswers = answers.slice(
    0,
    targets.length,
  ) as PromiseSettledResult<string>[];
  const nonce = unlessNotFound(nonceAnswer);
  return {
    ...(latestTips?.status === 'fulfilled'
      ? { latestTips: latestTips.value as BlockTips }
      : {}),
    nodeNonce: nonce === undefined ? undefined : BigInt(nonce),
    reverseNames:
      lookup && claimedNames(lookup, answers.slice(targets.length, namesEnd)),
    worth: request.prices?.bookOf(priceAnswers, Math.floor(Date.now() / 1000)),
    protocols: protocols?.read(answers.slice(namesEnd, protocolsEnd)),
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
export async function readNode(
  request: Omit<SenderRequest, 'confirm'>,
  options: ReadOptions,
): Promise<NodeView> {
  const { intent } = request;
  if (intent.type === 'DECLARE' && !intent.contractClass) {
    return readNodeForDeclareByHash(request);
  }
  const roundOne = await readAccountAndClasses(request, targetsOf(intent), {
    ...options,
    estimateTip: request.details.tip === undefined,
  });
  const { view } = await readAfterRoundOne(request, roundOne, options, []);
  return view;
}

/**
 * Round two, from round one's answers: the simulation of the whole sequence
 * (an undeployed account's deployment first) with the ABIs not yet known,
 * and any other reads the caller batches with them (answered settled, in
 * order). Nothing is asked for a deployment of a deployed account.
 *
 * @param request - The request (its intent's targets are round one's).
 * @param roundOne - Round one's answers.
 * @param options - How to read.
 * @param extraCalls - More reads for the same round trip.
 * @returns The node's view, and the extra reads' answers (each parsed by
 * its own call; none when nothing was read).
 */
export async function readAfterRoundOne(
  request: Omit<SenderRequest, 'confirm'>,
  roundOne: RoundOne,
  options: ReadOptions,
  extraCalls: NodeCall<unknown>[],
): Promise<{ view: NodeView; extra: PromiseSettledResult<unknown>[] }> {
  const { client, account, intent, details, field } = request;
  const { chainId } = client.network;
  const { nodeNonce, classHashes } = roundOne;
  const targets = targetsOf(intent);
  const deployed = nodeNonce !== undefined;
  if (deployed && intent.type === 'DEPLOY_ACCOUNT') {
    // Nothing to plan, and nothing to simulate: a node refuses the
    // deployment of a deployed account with words that name it.
    return {
      view: {
        deployed,
        nonce: nodeNonce,
        steps: [],
        simulated: [],
        prices: undefined,
        chainAbis: new Map(),
        undeployedTargets: [],
        names: [],
        worth: roundOne.worth,
      },
      extra: [],
    };
  }
  let nonce = nodeNonce ?? 0n;
  if (deployed && options.queueKey !== undefined) {
    nonce = nextNonce(options.queueKey, nonce);
  }
  const intentStep = stepOf(account, chainId, intent);
  const simulatedSteps =
    deployed || intent.type === 'DEPLOY_ACCOUNT'
      ? [intentStep]
      : [stepOf(account, chainId, { type: 'DEPLOY_ACCOUNT' }), intentStep];
  const missing = missingAbiCalls(client.network, classHashes);
  const reverse = roundOne.reverseNames ?? { contract: '0x0', claimed: [] };
  const forward = forwardCalls(reverse);
  const protocolCalls = roundOne.protocols?.calls ?? [];
  const stakerNames = stakerNamesLater(
    client,
    roundOne.protocols?.stakers ?? [],
    reverse,
  );
  const { latestTips } = roundOne;
  const tipCalls = latestTips ? earlierBlockTipsCalls(latestTips.number) : [];
  const [simulationAnswer, ...allAnswers] = await client.batchSettled([
    simulateCall(
      simulationQueries(simulatedSteps, details, field, nonce),
      details.skipValidate !== false,
    ),
    ...missing.calls,
    ...extraCalls,
    ...forward,
    ...stakerNames.calls,
    ...protocolCalls,
    ...tipCalls,
  ]);
  // The blocks before the latest come last, then the protocols' reads and
  // their validators' names: an earlier block that failed is left out.
  const earlierTips = allAnswers
    .splice(allAnswers.length - tipCalls.length)
    .flatMap((answer) =>
      answer.status === 'fulfilled' ? [answer.value as BlockTips] : [],
    );
  const protocolsStart = allAnswers.length - protocolCalls.length;
  const namesStart = protocolsStart - stakerNames.calls.length;
  const answers = allAnswers.slice(0, namesStart);
  const facts = roundOne.protocols?.read(allAnswers.slice(protocolsStart));
  const validatorNames = stakerNames.late(
    allAnswers.slice(namesStart, protocolsStart),
    facts?.staking,
  );
  const simulated = settledValue(simulationAnswer);
  // Each answer was parsed by its own call's parser, in order.
  const abiAnswers = answers.slice(
    0,
    missing.calls.length,
  ) as PromiseSettledResult<AbiReading>[];
  const extraEnd = missing.calls.length + extraCalls.length;
  const extra = answers.slice(missing.calls.length, extraEnd);
  const forwardAnswers = answers.slice(
    extraEnd,
  ) as PromiseSettledResult<bigint>[];
  return {
    view: {
      deployed,
      nonce,
      steps: options.withDeployment ? simulatedSteps : [intentStep],
      // Signing from an undeployed account: the deployment was simulated
      // only so that the intent could run; the plan covers the intent alone.
      simulated: options.withDeployment ? simulated : simulated.slice(-1),
      prices: undefined,
      chainAbis: abisByContract(client.network, targets, classHashes, {
        hashes: missing.hashes,
        answers: abiAnswers,
      }),
      undeployedTargets: targets.filter(
        (_, index) => classHashes[index] === undefined,
      ),
      names: confirmedNames(reverse, forwardAnswers),
      worth: roundOne.worth,
      tip: latestTips && estimateTip([latestTips, ...earlierTips]),
      ...facts,
      ...(validatorNames ? { validatorNames } : {}),
    },
    extra,
  };
}

import {
  DecodeBudget,
  DecodeBudgetExceeded,
  decodeWithAbi,
  functionName,
} from './abiDecode';
import type { CallView } from './dialogInputs';
import { addressText, KNOWN_CONTRACTS } from './knownContracts';
import type { DecodeContext, KnownReading } from './knownContracts';
import { gainsOf } from './parties';
import type { AbiReading } from '../node/abi';
import type { LateNames, ShownName } from '../node/names';
import type { CallToShow } from '../protocol/calls';
import { selectorOf } from '../protocol/selectors';

export type { DecodeContext } from './knownContracts';

const TRANSFER = selectorOf('transfer');

/**
 * The data a signed payload's calls are read with: that of the network
 * whose chain the payload binds (its tokens and its nodes' ABIs), or none
 * when the wallet has no such network the site may use — the calls are
 * then shown raw, never labelled with another chain's tokens or ABIs.
 */
export type ChainData =
  | {
      kind: 'chain';
      /** The network whose data `decode` holds. */
      networkName: string;
      chainId: string;
      decode: DecodeContext;
      /** Names of the addresses shown that resolve back to them. */
      names?: ShownName[];
      /** Names still to check, read while the dialog is open. */
      lateNames?: LateNames | undefined;
    }
  | { kind: 'none'; account: string };

/**
 * The decode context of chain data: for none, no tokens and no ABIs (raw
 * calls; dangers that need no chain data still read).
 *
 * @param data - The chain data.
 * @returns The context.
 */
export function decodeContextOf(data: ChainData): DecodeContext {
  return data.kind === 'chain'
    ? data.decode
    : { tokens: [], account: data.account, chainAbis: new Map() };
}

/**
 * Why a call is dangerous, if it is: it acts on the account itself, or
 * sends tokens where they are lost (an operator of every NFT of a
 * collection is the token-shapes row's: knownContracts.ts).
 *
 * @param call - The call.
 * @param context - The decode context.
 * @returns The danger, in a sentence, or undefined.
 */
function dangerOf(
  call: CallToShow,
  context: DecodeContext,
): string | undefined {
  if (call.contractAddress === context.account) {
    return 'This call is made to your own account contract. It can change who controls the account (owner, guardian, signers) or replace its code (upgrade). Approve only if you started this change yourself.';
  }
  const first =
    call.calldata[0] === undefined ? undefined : BigInt(call.calldata[0]);
  if (call.selector === TRANSFER && first !== undefined) {
    if (first === 0n) {
      return 'The recipient is the zero address: tokens sent there are lost for good.';
    }
    if (first === BigInt(call.contractAddress)) {
      return 'The recipient is the token contract itself: tokens sent there are usually lost for good.';
    }
  }
  return undefined;
}

/**
 * A call labelled with its contract's ABI, by the rules of where an ABI may
 * come from: the chain's ABI when its class has one (a misfit or an ABI
 * that could not be read leaves the call raw, with the reason — never the
 * site's ABI instead); the site's ABI only for a class the chain shows
 * without an ABI; nothing for a contract with no code.
 *
 * @param call - The call.
 * @param chain - The called contract's ABI as the chain has it, if it has
 * a class.
 * @param context - The decode context.
 * @param budget - The dialog's decoding budget.
 * @returns The labels, or why the call stays raw.
 */
function decodeByAbi(
  call: CallToShow,
  chain: AbiReading | undefined,
  context: DecodeContext,
  budget: DecodeBudget,
): Pick<CallView, 'decoded' | 'rawReason'> {
  if (chain?.kind === 'found') {
    const decoded = decodeWithAbi(call, chain.abi, budget);
    if (decoded === 'no-function') {
      return {
        rawReason:
          "The contract's ABI on chain has no function with this selector: the calldata is shown raw.",
      };
    }
    if (decoded === 'calldata') {
      return {
        rawReason:
          "The calldata does not match this function's inputs in the contract's ABI on chain: it is shown raw. Whatever the site says it means, this is what you sign.",
      };
    }
    return { decoded: { ...decoded, source: 'chain' } };
  }
  if (chain?.kind === 'unreadable') {
    return {
      rawReason: `The contract's ABI on chain could not be read (${chain.reason}): the calldata is shown raw.`,
    };
  }
  const siteAbi =
    chain?.kind === 'none'
      ? context.siteAbi?.(call.contractAddress)
      : undefined;
  const bySite = siteAbi ? decodeWithAbi(call, siteAbi, budget) : undefined;
  return typeof bySite === 'object'
    ? { decoded: { ...bySite, source: 'site' } }
    : {};
}

/**
 * What the dialog shows of a call: what the known contracts' rows say of
 * it (KNOWN_CONTRACTS), else labels from an ABI (see decodeByAbi) while the
 * dialog's decoding budget lasts, or raw without one; dangerous calls
 * flagged. The raw selector and calldata are always shown.
 *
 * @param calls - Every call of the transaction (a row may read a call's
 * neighbours: an approve before a stake).
 * @param index - The call's position.
 * @param context - Tokens, account, ABIs and staking facts.
 * @param budget - The dialog's decoding budget; undefined shows the call
 * without ABI labels.
 * @returns The call as the dialog shows it.
 * @throws {DecodeBudgetExceeded} When the budget runs out.
 */
export function describeCallAt(
  calls: CallToShow[],
  index: number,
  context: DecodeContext,
  budget: DecodeBudget | undefined,
): CallView {
  const call = calls[index];
  if (!call) {
    throw new Error(`No call at ${index}`);
  }
  const readings = Object.values(KNOWN_CONTRACTS).flatMap(
    (row) => row(calls, index, context) ?? [],
  );
  const chain = context.chainAbis.get(call.contractAddress);
  const name =
    functionName(
      call.selector,
      chain?.kind === 'found' ? chain.abi : undefined,
    ) ??
    (call.entrypoint !== undefined &&
    selectorOf(call.entrypoint) === call.selector
      ? call.entrypoint
      : undefined);
  const contractLabel = readings.find(
    (reading) => reading.contractLabel,
  )?.contractLabel;
  const view: CallView = {
    contractAddress: call.contractAddress,
    entrypoint: name ?? call.selector,
    selector: call.selector,
    calldata: call.calldata,
    ...(contractLabel ? { contractLabel } : {}),
  };
  const warnings = readings.flatMap(({ warning }) => warning ?? []);
  const known = readings.find((reading) => reading.decoded)?.decoded;
  const rawReason = readings.find((reading) => reading.rawReason)?.rawReason;
  let shown: CallView;
  if (known) {
    const warning = [known.warning, ...warnings]
      .filter((sentence) => sentence !== undefined)
      .join(' ');
    shown = {
      ...view,
      decoded: { ...known, ...(warning === '' ? {} : { warning }) },
    };
  } else if (rawReason) {
    shown = { ...view, rawReason };
  } else {
    shown = budget
      ? { ...view, ...decodeByAbi(call, chain, context, budget) }
      : view;
  }
  return withGains(shown, calls, index, readings, context);
}

/**
 * A call as shown, with who gains from it by the one rule (./parties.ts):
 * its headline names every party the rows reported that is not the
 * signing account, and a stranger holding what should stay the user's
 * adds a danger; a call whose only parties are allowed to spend for a
 * later call of the transaction is marked as enabling it.
 *
 * @param view - The call as shown.
 * @param calls - Every call of the transaction.
 * @param index - The call's position.
 * @param readings - What the rows said of it.
 * @param context - The decode context.
 * @returns The call as shown, with its headline and dangers.
 */
function withGains(
  view: CallView,
  calls: CallToShow[],
  index: number,
  readings: KnownReading[],
  context: DecodeContext,
): CallView {
  const call = calls[index];
  const parties = readings.flatMap((reading) => reading.parties ?? []);
  const words =
    view.decoded?.source === 'token' ||
    view.decoded?.source === 'staking' ||
    view.decoded?.source === 'swap' ||
    view.decoded?.source === 'liquid'
      ? view.decoded.summary
      : (readings.find((reading) => reading.words)?.words ??
        view.decoded?.summary);
  const gains =
    words === undefined && parties.length === 0
      ? undefined
      : gainsOf(words ?? view.entrypoint, parties, context);
  const danger = [
    call && dangerOf(call, context),
    ...readings.map((reading) => reading.danger),
    ...(gains?.dangers ?? []),
  ]
    .filter((sentence) => sentence !== undefined)
    .join(' ');
  const later = new Set(
    calls.slice(index + 1).map(({ contractAddress }) => contractAddress),
  );
  const enables =
    parties.length > 0 &&
    parties.every(
      ({ role, address }) =>
        role === 'controls' && later.has(addressText(address)),
    );
  return {
    ...view,
    ...(gains ? { headline: gains.headline, title: gains.title } : {}),
    ...(danger === '' ? {} : { danger }),
    ...(enables ? { enables } : {}),
  };
}

/**
 * One call shown on its own (see describeCallAt).
 *
 * @param call - The call.
 * @param context - Tokens, account and ABIs.
 * @param budget - The dialog's decoding budget, if ABIs may label it.
 * @returns The call as the dialog shows it.
 */
export function describeCall(
  call: CallToShow,
  context: DecodeContext,
  budget: DecodeBudget | undefined,
): CallView {
  return describeCallAt([call], 0, context, budget);
}

/**
 * Every call of a dialog as it shows them, from one decoding budget: when
 * the ABIs would make the calls too large to decode (DECODE_LIMITS), every
 * call is shown without ABI labels instead, and `tooLarge` says so for a
 * banner.
 *
 * @param calls - The calls.
 * @param context - Tokens, account and ABIs.
 * @returns The calls as shown, and whether decoding was given up.
 */
export function describeCalls(
  calls: CallToShow[],
  context: DecodeContext,
): { calls: CallView[]; tooLarge: boolean } {
  const budget = new DecodeBudget();
  try {
    return {
      calls: calls.map((_, index) =>
        describeCallAt(calls, index, context, budget),
      ),
      tooLarge: false,
    };
  } catch (error) {
    if (!(error instanceof DecodeBudgetExceeded)) {
      throw error;
    }
    return { calls: rawCalls(calls, context), tooLarge: true };
  }
}

/**
 * Every call shown without ABI labels (token calls and dangers still read).
 *
 * @param calls - The calls.
 * @param context - Tokens, account and ABIs.
 * @returns The calls as shown.
 */
export function rawCalls(
  calls: CallToShow[],
  context: DecodeContext,
): CallView[] {
  return calls.map((_, index) =>
    describeCallAt(calls, index, context, undefined),
  );
}

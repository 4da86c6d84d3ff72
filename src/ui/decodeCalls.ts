import {
  DecodeBudget,
  DecodeBudgetExceeded,
  decodeWithAbi,
  functionName,
} from './abiDecode';
import type { CallView, DecodedCallView } from './dialogInputs';
import { approvalWarning, NOT_A_POOL, readStakingCall } from './stakingWords';
import { formatUnits } from '../format';
import { normaliseAddress } from '../keys/address';
import { selectorOf } from '../node/abi';
import type { AbiReading, ContractAbi } from '../node/abi';
import type { LateNames, ShownName } from '../node/names';
import { readTokenCall } from '../node/tokenCalls';
import type { CallToShow } from '../protocol/calls';
import type { StakingFacts } from '../sender/stakingCalls';
import type { TokenRecord } from '../state/schema';
import { lookalikeOf } from '../state/tokens';

/** Allowances at or above this are effectively unlimited. */
const UNLIMITED = 2n ** 255n;

/** NFT operator approvals: `[operator, approved]`. */
const APPROVAL_FOR_ALL = new Set([
  selectorOf('set_approval_for_all'),
  selectorOf('setApprovalForAll'),
]);

const TRANSFER = selectorOf('transfer');

/** What the decoder knows besides the call itself. */
export type DecodeContext = {
  /** Tokens the wallet tracks on the request's network. */
  tokens: TokenRecord[];
  /** The signing account (canonical). */
  account: string;
  /**
   * The ABI of every called contract that has a class, as the chain has
   * it; a contract with no code has no entry.
   */
  chainAbis: Map<string, AbiReading>;
  /**
   * ABIs the site passed (`abis`), if any: used only for a class the chain
   * shows without an ABI, and shown as the site's description.
   */
  siteAbi?: (contractAddress: string) => ContractAbi | undefined;
  /** What the chain says of the pools called, when any is. */
  staking?: StakingFacts | undefined;
  /** Starknet ID names of the addresses shown, read both ways. */
  names?: ShownName[] | undefined;
};

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
 * An address felt as the dialog shows it.
 *
 * @param value - The felt.
 * @returns The canonical address.
 */
function addressText(value: bigint): string {
  return normaliseAddress(`0x${value.toString(16)}`);
}

/**
 * An ERC-20 transfer, transfer_from or approval of a tracked token, in the
 * token's units.
 *
 * @param call - The call.
 * @param token - The tracked token it calls.
 * @returns The decoded call, or undefined when it is none of these.
 */
function decodeTokenCall(
  call: CallToShow,
  token: TokenRecord,
): DecodedCallView | undefined {
  const read = readTokenCall(call.selector, call.calldata);
  if (!read) {
    return undefined;
  }
  const shown = `${formatUnits(read.amount, token.decimals)} ${token.symbol}`;
  if (read.action === 'transfer') {
    return {
      summary: `Send ${shown}`,
      fields: [
        { label: 'Recipient', value: addressText(read.to) },
        { label: 'Amount', value: shown },
      ],
    };
  }
  if (read.action === 'transferFrom') {
    return {
      summary: `Move ${shown}`,
      fields: [
        { label: 'From', value: addressText(read.from) },
        { label: 'To', value: addressText(read.to) },
        { label: 'Amount', value: shown },
      ],
    };
  }
  const spender = addressText(read.spender);
  const unlimited = read.amount >= UNLIMITED;
  return {
    summary: unlimited
      ? `Allow unlimited ${token.symbol} spending`
      : `Allow spending of ${shown}`,
    fields: [
      { label: 'Spender', value: spender },
      { label: 'Allowance', value: unlimited ? `Unlimited (${shown})` : shown },
    ],
    ...(unlimited
      ? {
          warning: `This lets ${spender} spend all of your ${token.symbol}, now and later, until you revoke it.`,
        }
      : {}),
  };
}

/**
 * Why a call is dangerous, if it is: it acts on the account itself, grants
 * an operator every NFT of a collection, or sends tokens where they are
 * lost.
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
  const [first, second] = call.calldata.map(BigInt);
  if (
    APPROVAL_FOR_ALL.has(call.selector) &&
    second !== undefined &&
    second !== 0n
  ) {
    return `This lets ${addressText(first ?? 0n)} move every item of this collection you own, now and later, until you revoke it.`;
  }
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

/** What a known contract's row says of a call (see KNOWN_CONTRACTS). */
type KnownReading = {
  contractLabel?: string;
  decoded?: NonNullable<CallView['decoded']>;
  /** A warning added to whatever decodes the call. */
  warning?: string;
  danger?: string;
  rawReason?: string;
};

/** One row of the known-contract table. */
type KnownContractRow = (
  calls: CallToShow[],
  index: number,
  context: DecodeContext,
) => KnownReading | undefined;

/**
 * Tracked tokens: their symbol, their ERC-20 transfers, transfer_froms and
 * approvals in the token's units, and a token that reads like another.
 *
 * @param calls - The calls.
 * @param index - The call's position.
 * @param context - The decode context.
 * @returns The reading, for a tracked token.
 */
const trackedTokens: KnownContractRow = (calls, index, context) => {
  const call = calls[index];
  const token = context.tokens.find(
    ({ address }) => address === call?.contractAddress,
  );
  if (!call || !token) {
    return undefined;
  }
  const imitated = lookalikeOf(token, context.tokens);
  const decoded = decodeTokenCall(call, token);
  return {
    contractLabel: token.symbol,
    ...(decoded ? { decoded: { ...decoded, source: 'token' } } : {}),
    ...(imitated
      ? {
          danger: `Another token in your wallet reads the same: ${imitated.symbol} (${imitated.name}) at ${imitated.address}. This call goes to a different contract; make sure it is the token you mean.`,
        }
      : {}),
  };
};

/**
 * Staking pools, as the chain confirmed them (src/ui/stakingWords.ts): a
 * pool call in words, a call to a contract that is no pool marked, and an
 * approve that does not fit the stake after it flagged.
 *
 * @param calls - The calls.
 * @param index - The call's position.
 * @param context - The decode context.
 * @returns The reading, when the dialog has staking facts.
 */
const stakingPools: KnownContractRow = (calls, index, context) => {
  if (!context.staking) {
    return undefined;
  }
  const staking = {
    facts: context.staking,
    tokens: context.tokens,
    account: context.account,
    names: context.names ?? [],
  };
  const reading = readStakingCall(calls, index, staking);
  if (reading === undefined) {
    const warning = approvalWarning(calls, index, staking);
    return warning ? { warning } : undefined;
  }
  if (reading.kind === 'not-pool') {
    return { danger: NOT_A_POOL };
  }
  if (reading.kind === 'malformed') {
    return {
      rawReason:
        "The calldata does not read as this pool entry point's inputs: it is shown raw. Whatever the site says it means, this is what you sign.",
    };
  }
  return { decoded: { ...reading.decoded, source: 'staking' } };
};

/**
 * The known-contract table: each row reads the calls of the contracts it
 * knows (by address, or as the chain confirmed them) and says nothing of
 * others. A new kind of contract is a new row.
 */
const KNOWN_CONTRACTS: KnownContractRow[] = [trackedTokens, stakingPools];

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
  const readings = KNOWN_CONTRACTS.flatMap(
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
  const danger = [
    dangerOf(call, context),
    ...readings.map((reading) => reading.danger),
  ]
    .filter((sentence) => sentence !== undefined)
    .join(' ');
  const contractLabel = readings.find(
    (reading) => reading.contractLabel,
  )?.contractLabel;
  const view: CallView = {
    contractAddress: call.contractAddress,
    entrypoint: name ?? call.selector,
    selector: call.selector,
    calldata: call.calldata,
    ...(contractLabel ? { contractLabel } : {}),
    ...(danger === '' ? {} : { danger }),
  };
  const warnings = readings.flatMap(({ warning }) => warning ?? []);
  const known = readings.find((reading) => reading.decoded)?.decoded;
  if (known) {
    const warning = [known.warning, ...warnings]
      .filter((sentence) => sentence !== undefined)
      .join(' ');
    return {
      ...view,
      decoded: { ...known, ...(warning === '' ? {} : { warning }) },
    };
  }
  const rawReason = readings.find((reading) => reading.rawReason)?.rawReason;
  if (rawReason) {
    return { ...view, rawReason };
  }
  return budget
    ? { ...view, ...decodeByAbi(call, chain, context, budget) }
    : view;
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

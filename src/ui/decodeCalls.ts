import { decodeWithAbi, functionName } from './abiDecode';
import type { CallView, DecodedCallView } from './views';
import { selectorOf } from '../chain/abi';
import type { ContractAbi } from '../chain/abi';
import { formatUnits } from '../format';
import { normaliseAddress } from '../keys/address';
import type { TokenRecord } from '../state/schema';

const U128 = 2n ** 128n;
/** Allowances at or above this are effectively unlimited. */
const UNLIMITED = 2n ** 255n;

/**
 * ERC-20 entrypoints whose calldata is `[party, amount.low, amount.high]`,
 * by selector: matching selectors, not names looked up on an object, means
 * no entrypoint a site invents can pass for one of these.
 */
const AMOUNT_CALLS = new Map<string, 'transfer' | 'approve'>([
  [selectorOf('transfer'), 'transfer'],
  [selectorOf('approve'), 'approve'],
  [selectorOf('increaseAllowance'), 'approve'],
  [selectorOf('increase_allowance'), 'approve'],
]);

/** NFT operator approvals: `[operator, approved]`. */
const APPROVAL_FOR_ALL = new Set([
  selectorOf('set_approval_for_all'),
  selectorOf('setApprovalForAll'),
]);

/** A call as the dialogs decode it: its selector is what is signed. */
export type CallToShow = {
  contractAddress: string;
  /** The entrypoint name the dapp gave, when it gave one. */
  entrypoint?: string;
  /** The entrypoint selector (canonical hex). */
  selector: string;
  calldata: string[];
};

/** What the decoder knows besides the call itself. */
export type DecodeContext = {
  /** Tokens the wallet tracks on the request's network. */
  tokens: TokenRecord[];
  /** The signing account (canonical). */
  account: string;
  /** ABIs of the called contracts, as the chain has them. */
  chainAbis: Map<string, ContractAbi>;
  /** ABIs the site passed (`abis`), if any: shown as its description only. */
  siteAbi?: (contractAddress: string) => ContractAbi | undefined;
};

/**
 * An ERC-20 transfer or approval of a tracked token, in the token's units.
 *
 * @param call - The call.
 * @param token - The tracked token it calls.
 * @returns The decoded call, or undefined when it is neither.
 */
function decodeTokenCall(
  call: CallToShow,
  token: TokenRecord,
): DecodedCallView | undefined {
  const action = AMOUNT_CALLS.get(call.selector);
  const [party, low, high] = call.calldata.map(BigInt);
  if (
    !action ||
    call.calldata.length !== 3 ||
    party === undefined ||
    low === undefined ||
    high === undefined ||
    low >= U128 ||
    high >= U128
  ) {
    return undefined;
  }
  const amount = high * U128 + low;
  const shown = `${formatUnits(amount, token.decimals)} ${token.symbol}`;
  const counterparty = normaliseAddress(`0x${party.toString(16)}`);
  if (action === 'transfer') {
    return {
      summary: `Send ${shown}`,
      fields: [
        { label: 'Recipient', value: counterparty },
        { label: 'Amount', value: shown },
      ],
    };
  }
  const unlimited = amount >= UNLIMITED;
  return {
    summary: unlimited
      ? `Allow unlimited ${token.symbol} spending`
      : `Allow spending of ${shown}`,
    fields: [
      { label: 'Spender', value: counterparty },
      { label: 'Allowance', value: unlimited ? `Unlimited (${shown})` : shown },
    ],
    ...(unlimited
      ? {
          warning: `This lets ${counterparty} spend all of your ${token.symbol}, now and later, until you revoke it.`,
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
    return `This lets ${normaliseAddress(`0x${(first ?? 0n).toString(16)}`)} move every item of this collection you own, now and later, until you revoke it.`;
  }
  if (AMOUNT_CALLS.get(call.selector) === 'transfer' && first !== undefined) {
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
 * What the dialog shows of a call: tracked ERC-20 transfers and approvals in
 * the token's units, other calls labelled by the called class's ABI as the
 * chain has it; a site's own ABI only as its unverified description; and
 * dangerous calls flagged. The raw selector and calldata are always shown.
 *
 * @param call - The call.
 * @param context - Tokens, account and ABIs.
 * @returns The call as the dialog shows it.
 */
export function describeCall(
  call: CallToShow,
  context: DecodeContext,
): CallView {
  const token = context.tokens.find(
    ({ address }) => address === call.contractAddress,
  );
  const chainAbi = context.chainAbis.get(call.contractAddress);
  const name =
    functionName(call.selector, chainAbi) ??
    (call.entrypoint !== undefined &&
    selectorOf(call.entrypoint) === call.selector
      ? call.entrypoint
      : undefined);
  const danger = dangerOf(call, context);
  const view: CallView = {
    contractAddress: call.contractAddress,
    entrypoint: name ?? call.selector,
    selector: call.selector,
    calldata: call.calldata,
    ...(token ? { contractLabel: token.symbol } : {}),
    ...(danger ? { danger } : {}),
  };
  const byToken = token ? decodeTokenCall(call, token) : undefined;
  if (byToken) {
    return { ...view, decoded: { ...byToken, source: 'token' } };
  }
  const byChain = chainAbi ? decodeWithAbi(call, chainAbi) : undefined;
  if (byChain) {
    return { ...view, decoded: { ...byChain, source: 'chain' } };
  }
  const siteAbi = context.siteAbi?.(call.contractAddress);
  const bySite = siteAbi ? decodeWithAbi(call, siteAbi) : undefined;
  return bySite ? { ...view, decoded: { ...bySite, source: 'site' } } : view;
}

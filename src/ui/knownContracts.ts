import type { CallView, DecodedCallView } from './dialogInputs';
import { readLiquidAt } from './liquidWords';
import { isUsers } from './parties';
import type { OwnName } from './parties';
import { approvalWarning } from './stakingApprovals';
import { NOT_A_POOL, readStakingCall } from './stakingWords';
import { swapApprovalWarning } from './swapApprovals';
import { readSwapAt } from './swapWords';
import { normaliseAddress } from '../keys/address';
import type { AbiReading, ContractAbi } from '../node/abi';
import type { ShownName } from '../node/names';
import type { TokenCall } from '../node/tokenCalls';
import { unitsText } from '../prices/money';
import type { CallToShow } from '../protocol/calls';
import {
  operatorParties,
  tokenCallParties,
  tokenShaped,
} from '../sender/callParties';
import type { Party } from '../sender/callParties';
import type { ProtocolFacts } from '../sender/protocolReads';
import type { TokenRecord } from '../state/schema';
import { lookalikeOf } from '../state/tokens';

/**
 * The known-contract table of the call decoder (decodeCalls.ts): each row
 * reads the calls of the contracts it knows and says nothing of others.
 */

/** Allowances at or above this are effectively unlimited. */
const UNLIMITED = 2n ** 255n;

/**
 * What the decoder knows besides the call itself: with what the chain says
 * of the calls of each protocol row (src/sender/protocolReads.ts).
 */
export type DecodeContext = ProtocolFacts & {
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
  /** Starknet ID names of the addresses shown, read both ways. */
  names?: ShownName[] | undefined;
  /** The user's accounts (any network), named as the page names them. */
  ownAccounts?: OwnName[] | undefined;
  /** The user's locale, for dates in the words (English when absent). */
  locale?: string;
};

/**
 * An address felt as the dialog shows it.
 *
 * @param value - The felt.
 * @returns The canonical address.
 */
export function addressText(value: bigint): string {
  return normaliseAddress(`0x${value.toString(16)}`);
}

/**
 * An ERC-20 transfer, transfer_from or approval of a tracked token, in the
 * token's units; its parties are named by the shared rule (./parties.ts).
 *
 * @param read - The call, read.
 * @param token - The tracked token it calls.
 * @param locale - The user's locale (the amount).
 * @returns The decoded call.
 */
function decodeTokenCall(
  read: TokenCall,
  token: TokenRecord,
  locale: string,
): DecodedCallView {
  const shown = `${unitsText(read.amount, token.decimals, locale)} ${token.symbol}`;
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

/** What a known contract's row says of a call (see KNOWN_CONTRACTS). */
export type KnownReading = {
  /**
   * Who gains from the call, each with its role: named in its headline by
   * one rule (./parties.ts). A row reports them whenever it reads a call.
   */
  parties?: Party[];
  /** The call's words when the row reads it without decoding it. */
  words?: string;
  contractLabel?: string;
  decoded?: NonNullable<CallView['decoded']>;
  /** A warning added to whatever decodes the call. */
  warning?: string;
  danger?: string;
  rawReason?: string;
};

/** One row of the known-contract table. */
export type KnownContractRow = (
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
  const read = tokenShaped(call);
  return {
    contractLabel: token.symbol,
    ...(read
      ? {
          decoded: {
            ...decodeTokenCall(read, token, context.locale ?? 'en'),
            source: 'token',
          },
          parties: tokenCallParties(read),
        }
      : {}),
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
    locale: context.locale ?? 'en',
  };
  const reading = readStakingCall(calls, index, staking);
  if (reading === undefined) {
    const warning = approvalWarning(calls, index, staking.facts);
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
  return {
    decoded: { ...reading.decoded, source: 'staking' },
    parties: reading.parties,
  };
};

/**
 * AVNU's exchange on the request's network (src/ui/swapWords.ts): a swap in
 * words with its parties and dangers, a swap whose calldata does not read
 * marked, and an approve to the exchange of more than the swap after it
 * sells flagged.
 *
 * @param calls - The calls.
 * @param index - The call's position.
 * @param context - The decode context.
 * @returns The reading, when the dialog has swap facts.
 */
const avnuSwaps: KnownContractRow = (calls, index, context) => {
  if (!context.swap) {
    return undefined;
  }
  const swap = {
    facts: context.swap,
    tokens: context.tokens,
    account: context.account,
    ownAccounts: context.ownAccounts,
    locale: context.locale ?? 'en',
  };
  const reading = readSwapAt(calls, index, swap);
  if (reading === undefined) {
    const warning = swapApprovalWarning(calls, index, swap);
    return warning ? { warning } : undefined;
  }
  if (reading.kind === 'malformed') {
    return {
      rawReason: `The calldata does not read as this exchange entry point's inputs (${reading.problem}): it is shown raw. Whatever the site says it means, this is what you sign.`,
    };
  }
  return {
    decoded: { ...reading.decoded, source: 'swap' },
    parties: reading.parties,
    ...(reading.danger ? { danger: reading.danger } : {}),
  };
};

/**
 * Endur's liquid staking on the request's network (src/ui/liquidWords.ts):
 * a call to its xSTRK vault or withdrawal queue in words with its parties,
 * one whose calldata does not read marked, and Endur's own entry points
 * called on another contract marked as not Endur's.
 *
 * @param calls - The calls.
 * @param index - The call's position.
 * @param context - The decode context.
 * @returns The reading, when the dialog has liquid staking facts.
 */
const endurLiquidStaking: KnownContractRow = (calls, index, context) => {
  if (!context.liquid) {
    return undefined;
  }
  const reading = readLiquidAt(calls, index, {
    facts: context.liquid,
    account: context.account,
    ownAccounts: context.ownAccounts,
    locale: context.locale ?? 'en',
  });
  if (reading === undefined) {
    return undefined;
  }
  switch (reading.kind) {
    case 'imitation':
      return { danger: reading.danger };
    case 'malformed':
      return {
        rawReason: `The calldata does not read as this entry point's inputs on Endur's contract (${reading.problem}): it is shown raw. Whatever the site says it means, this is what you sign.`,
      };
    default:
      return {
        decoded: { ...reading.decoded, source: 'liquid' },
        parties: reading.parties,
        ...(reading.danger ? { danger: reading.danger } : {}),
      };
  }
};

/** A raw amount of a contract the wallet does not track, as words say it. */
const RAW =
  "(raw: an amount or an item's id, of a token this wallet does not track)";

/** What an ERC-20-shaped call of an untracked contract does, in words. */
const UNTRACKED_WORDS: Record<TokenCall['action'], string> = {
  transfer: 'Send',
  transferFrom: 'Move',
  approve: 'Allow spending of',
};

/**
 * NFT operator approvals of any contract (a danger when the operator is
 * not the user's), and ERC-20-shaped calls of contracts the wallet does
 * not track: `transfer`, `transfer_from`, `approve` and an allowance
 * increase report their parties (the amount raw: the wallet
 * does not know the token's units, nor whether it is an item's id), and
 * leave the labels to the contract's ABI.
 *
 * @param calls - The calls.
 * @param index - The call's position.
 * @param context - The decode context.
 * @returns The reading, for such a call.
 */
const tokenShapes: KnownContractRow = (calls, index, context) => {
  const call = calls[index];
  if (!call) {
    return undefined;
  }
  const operator = operatorParties(call);
  if (operator) {
    const [party] = operator;
    return party?.role === 'controls'
      ? {
          words: 'Allow every item of this collection to be moved',
          parties: operator,
          ...(isUsers(party.address, context)
            ? {}
            : {
                danger: `This lets ${addressText(party.address)} move every item of this collection you own, now and later, until you revoke it.`,
              }),
        }
      : {
          words: 'Revoke the rights over every item of this collection',
          parties: operator,
        };
  }
  if (context.tokens.some(({ address }) => address === call.contractAddress)) {
    return undefined;
  }
  const read = tokenShaped(call);
  return read
    ? {
        words: `${UNTRACKED_WORDS[read.action]} ${read.amount} ${RAW}`,
        parties: tokenCallParties(read),
      }
    : undefined;
};

/**
 * The known-contract table: each row reads the calls of the contracts it
 * knows (by address, or as the chain confirmed them) and says nothing of
 * others. A new kind of contract is a new row.
 */
export const KNOWN_CONTRACTS = {
  trackedTokens,
  tokenShapes,
  stakingPools,
  avnuSwaps,
  endurLiquidStaking,
} satisfies Record<string, KnownContractRow>;

import { readPoolCall } from './stakingCalls';
import type { PoolCall } from './stakingCalls';
import { readTokenCall } from '../node/tokenCalls';
import type { TokenCall } from '../node/tokenCalls';
import type { CallToShow } from '../protocol/calls';
import { selectorOf } from '../protocol/selectors';
import { readVaultCall } from '../staking/vault';
import type { VaultCall } from '../staking/vault';
import { readSwapCall } from '../swap/exchange';
import type { SwapCall } from '../swap/exchange';

/**
 * Who a call names as gaining, read off its calldata, each with its role:
 * the parties of ERC-20- and NFT-shaped calls, of a staking pool's calls,
 * of a swap on AVNU's exchange and of an ERC-4626 vault's calls. The dialogs' words name them by one rule (src/ui/parties.ts), the
 * names shown beside them are read for them (./shownNames.ts), and the
 * page's own paths refuse a call for anyone but the member
 * (src/features/staking/send.ts).
 */

/** How a party gains. */
export type PartyRole =
  /** The call exists to pay it: a transfer's recipient. */
  | 'payee'
  /** Whose value moves: a transfer_from's owner. Named, never flagged. */
  | 'source'
  /** It may spend or move the user's assets: a spender, an operator. */
  | 'controls'
  /**
   * The call's kind says the value stays the user's, and this party holds
   * it: a stake's member and reward address, a claim's or withdrawal's
   * recipient, a vault's receiver, a swap's beneficiary.
   */
  | 'keeps';

/** One party of a call, as a row reports it. */
export type Party =
  | {
      role: Exclude<PartyRole, 'keeps'>;
      address: bigint;
      /** The headline's words for it (`who`: how it is named). */
      words: (who: string) => string;
    }
  | {
      role: 'keeps';
      address: bigint;
      words: (who: string) => string;
      /**
       * What the headline says first when a stranger holds what should be
       * the user's ("Adds 100 STRK to 0xabc…'s stake").
       */
      notYours: (who: string) => string;
    };

/** Each party of a token-shaped call: whom it pays, moves from, lets spend. */
const TOKEN_PARTIES = {
  to: (address: bigint): Party => ({
    role: 'payee',
    address,
    words: (who) => `to ${who}`,
  }),
  from: (address: bigint): Party => ({
    role: 'source',
    address,
    words: (who) => `from ${who}`,
  }),
  spender: (address: bigint): Party => ({
    role: 'controls',
    address,
    words: (who) => `by ${who}`,
  }),
};

/**
 * The parties of an ERC-20-shaped call, read: a transfer's recipient, a
 * transfer_from's owner and recipient, an approval's spender.
 *
 * @param read - The call.
 * @returns Its parties.
 */
export function tokenCallParties(read: TokenCall): Party[] {
  if (read.action === 'transfer') {
    return [TOKEN_PARTIES.to(read.to)];
  }
  if (read.action === 'transferFrom') {
    return [TOKEN_PARTIES.from(read.from), TOKEN_PARTIES.to(read.to)];
  }
  return [TOKEN_PARTIES.spender(read.spender)];
}

/**
 * An ERC-20-shaped call, read, when its calldata reads as one.
 *
 * @param call - The call.
 * @returns It, read.
 */
export function tokenShaped(call: CallToShow): TokenCall | undefined {
  try {
    return readTokenCall(call.selector, call.calldata);
  } catch {
    return undefined;
  }
}

/** NFT operator approvals: `set_approval_for_all(operator, approved)`. */
const APPROVAL_FOR_ALL = new Set([
  selectorOf('set_approval_for_all'),
  selectorOf('setApprovalForAll'),
]);

/**
 * The parties of an NFT operator approval, `set_approval_for_all(operator,
 * approved)`: the operator it gives every item to, or takes them from.
 *
 * @param call - The call.
 * @returns Its parties, or undefined when it is no such call.
 */
export function operatorParties(call: CallToShow): Party[] | undefined {
  let felts: bigint[] = [];
  try {
    felts = call.calldata.length === 2 ? call.calldata.map(BigInt) : [];
  } catch {
    // Calldata that is no number states no party.
  }
  const [operator, approved] = felts;
  if (
    !APPROVAL_FOR_ALL.has(call.selector) ||
    operator === undefined ||
    approved === undefined
  ) {
    return undefined;
  }
  return [
    approved === 0n
      ? TOKEN_PARTIES.from(operator)
      : TOKEN_PARTIES.spender(operator),
  ];
}

/**
 * The parties of a pool call (the shared rule names them: src/ui/parties.ts):
 * a stake's reward address or member and a withdrawal's member hold what
 * stays the user's; a claim's rewards go to its member's reward address
 * (read from the chain; the member itself when it is none); a move's new
 * validator is named.
 *
 * @param call - The call, read.
 * @param amountText - The call's amount, as shown.
 * @param rewardAddressOf - The reward address of a member, if read.
 * @returns The parties.
 */
export function poolCallParties(
  call: PoolCall,
  amountText: string,
  rewardAddressOf: (member: bigint) => bigint | undefined,
): Party[] {
  switch (call.action) {
    case 'enter':
      return [
        {
          role: 'keeps',
          address: call.rewardAddress,
          words: (who) => `· rewards to ${who}`,
          notYours: (who) =>
            `Stakes ${amountText} for you; its rewards go to ${who}, not to this account`,
        },
      ];
    case 'add':
      return [
        {
          role: 'keeps',
          address: call.member,
          words: (who) => `· into the stake of ${who}`,
          notYours: (who) =>
            `Adds ${amountText} to ${who}'s stake: that stake and its rewards are not yours`,
        },
      ];
    case 'exitAction':
      return [
        {
          role: 'keeps',
          address: call.member,
          words: (who) => `to ${who}`,
          notYours: (who) =>
            `Withdraws ${amountText} to ${who}, not to this account`,
        },
      ];
    case 'claim': {
      const rewardAddress = rewardAddressOf(call.member);
      return rewardAddress === undefined
        ? [
            {
              role: 'source',
              address: call.member,
              words: (who) => `to the reward address of ${who}`,
            },
          ]
        : [
            {
              role: 'source',
              address: call.member,
              words: (who) => `of ${who}`,
            },
            {
              role: 'keeps',
              address: rewardAddress,
              words: (who) => `to ${who}`,
              notYours: (who) =>
                `Claims ${amountText} to ${who}, not to this account`,
            },
          ];
    }
    case 'switch':
      return [
        {
          role: 'payee',
          address: call.toStaker,
          words: (who) => `to ${who}`,
        },
      ];
    default:
      return [];
  }
}

/**
 * The parties of a swap on AVNU's exchange: its beneficiary holds the
 * proceeds, which the call's kind says are the user's (the exchange
 * refuses any other beneficiary than its caller); its integrator is paid
 * when a fee and a recipient are set (fee.cairo takes none otherwise).
 *
 * @param swap - The swap, read.
 * @param feeText - The integrator's fee, as shown.
 * @returns The parties.
 */
export function swapParties(
  swap: SwapCall,
  feeText = 'an integrator fee',
): Party[] {
  const beneficiary: Party = {
    role: 'keeps',
    address: swap.beneficiary,
    words: (who) => `· proceeds to ${who}`,
    notYours: (who) => `Sends the swap's proceeds to ${who}`,
  };
  return swap.integratorFeeBps > 0n && swap.integratorFeeRecipient !== 0n
    ? [
        beneficiary,
        {
          role: 'payee',
          address: swap.integratorFeeRecipient,
          words: (who) => `· ${feeText} to ${who}`,
        },
      ]
    : [beneficiary];
}

/**
 * The parties of an ERC-4626 vault call (Endur's xSTRK vault, its queue's
 * claim_withdrawal_to): the receiver holds what the call makes (xSTRK, or
 * the withdrawal request and its STRK), which its kind says is the
 * user's; a redeem's or withdraw's owner is whose xSTRK is spent. A claim
 * names no party: it pays the request's owner, which the chain knows.
 *
 * @param call - The call, read.
 * @returns The parties.
 */
export function vaultParties(call: VaultCall): Party[] {
  if (call.action === 'claim') {
    return call.receiver === undefined
      ? []
      : [
          {
            role: 'keeps',
            address: call.receiver,
            words: (who) => `to ${who}`,
            notYours: (who) => `Claims the withdrawal to ${who}`,
          },
        ];
  }
  const staking = call.action === 'deposit' || call.action === 'mint';
  const receiver: Party = {
    role: 'keeps',
    address: call.receiver,
    words: (who) => `· ${staking ? 'xSTRK' : 'the STRK'} to ${who}`,
    notYours: (who) =>
      staking
        ? `Sends the xSTRK to ${who}`
        : `Sends the unstaked STRK to ${who}`,
  };
  return staking
    ? [receiver]
    : [
        receiver,
        {
          role: 'source',
          address: call.owner,
          words: (who) => `· xSTRK of ${who}`,
        },
      ];
}

/**
 * The parties a call states in its calldata alone, with no chain facts:
 * those of an ERC-20-shaped call, an NFT operator approval, a pool call (a
 * claim's reward address, which only the chain knows, is left out) and a
 * swap's and an ERC-4626 vault call's (by its entry point, whatever
 * contract it goes to).
 *
 * @param call - The call.
 * @returns Its parties.
 */
export function statedParties(call: CallToShow): Party[] {
  const token = tokenShaped(call);
  if (token) {
    return tokenCallParties(token);
  }
  const operator = operatorParties(call);
  if (operator) {
    return operator;
  }
  const pool = readPoolCall(call.selector, call.calldata);
  if (typeof pool === 'object') {
    return poolCallParties(pool, '', () => undefined);
  }
  const swap = readSwapCall(call.selector, call.calldata);
  if (swap && 'value' in swap) {
    return swapParties(swap.value);
  }
  const vault = readVaultCall(call.selector, call.calldata);
  return vault && 'value' in vault ? vaultParties(vault.value) : [];
}

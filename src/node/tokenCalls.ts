import { selectorOf } from '../protocol/selectors';

/**
 * The ERC-20 calls the wallet reads itself on the tokens it tracks, by
 * selector: matching selectors, not names looked up on an object, means no
 * entrypoint a site invents can pass for one of these. The dialogs show
 * them in the token's units, and the balance check (balanceCheck.ts) knows
 * what each does to the account.
 */

const U128 = 2n ** 128n;

type Action = 'transfer' | 'transferFrom' | 'approve';

const ACTIONS = new Map<string, Action>([
  [selectorOf('transfer'), 'transfer'],
  [selectorOf('transfer_from'), 'transferFrom'],
  [selectorOf('transferFrom'), 'transferFrom'],
  [selectorOf('approve'), 'approve'],
  [selectorOf('increaseAllowance'), 'approve'],
  [selectorOf('increase_allowance'), 'approve'],
]);

/** A tracked token's call, read: who the tokens go to, and how many. */
export type TokenCall =
  | { action: 'transfer'; to: bigint; amount: bigint }
  | { action: 'transferFrom'; from: bigint; to: bigint; amount: bigint }
  | { action: 'approve'; spender: bigint; amount: bigint };

/**
 * A u256 from its two calldata halves.
 *
 * @param low - The low 128 bits.
 * @param high - The high 128 bits.
 * @returns The amount, or undefined when a half is past 128 bits.
 */
function u256Of(low: bigint, high: bigint): bigint | undefined {
  return low < U128 && high < U128 ? high * U128 + low : undefined;
}

/**
 * Reads an ERC-20 call: `transfer(to, amount)`, `transfer_from(from, to,
 * amount)` (or `transferFrom`), `approve(spender, amount)` (or an allowance
 * increase), each amount a u256 of two felts.
 *
 * @param selector - The entrypoint selector (canonical hex).
 * @param calldata - The calldata.
 * @returns The call, or undefined when it is none of these.
 */
export function readTokenCall(
  selector: string,
  calldata: string[],
): TokenCall | undefined {
  const action = ACTIONS.get(selector);
  const values = calldata.map(BigInt);
  if (action === 'transferFrom') {
    const [from, to, low, high] = values;
    const amount =
      low === undefined || high === undefined ? undefined : u256Of(low, high);
    return values.length === 4 &&
      from !== undefined &&
      to !== undefined &&
      amount !== undefined
      ? { action, from, to, amount }
      : undefined;
  }
  const [party, low, high] = values;
  const amount =
    low === undefined || high === undefined ? undefined : u256Of(low, high);
  if (
    !action ||
    values.length !== 3 ||
    party === undefined ||
    amount === undefined
  ) {
    return undefined;
  }
  return action === 'transfer'
    ? { action, to: party, amount }
    : { action, spender: party, amount };
}

/**
 * What a token call does to the account's balance of that token: a
 * transfer sends, a transfer_from moves between its parties (the account
 * may be either, or both), an approval moves nothing.
 *
 * @param call - The token call, made by the account.
 * @param account - The account.
 * @returns The signed change of its balance.
 */
export function accountEffect(call: TokenCall, account: bigint): bigint {
  if (call.action === 'approve') {
    return 0n;
  }
  const from = call.action === 'transfer' ? account : call.from;
  const gained = call.to === account ? call.amount : 0n;
  const lost = from === account ? call.amount : 0n;
  return gained - lost;
}

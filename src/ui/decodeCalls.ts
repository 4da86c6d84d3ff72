import { decodeWithAbi } from './abiDecode';
import type { CallView } from './views';
import { formatUnits } from '../format';
import { normaliseAddress } from '../keys/address';
import type { TokenRecord } from '../state/schema';

const U128 = 2n ** 128n;
const U256_MAX = 2n ** 256n - 1n;
/** Allowances at or above this are effectively unlimited. */
const UNLIMITED = 2n ** 255n;

/** ERC-20 entrypoints whose calldata is `[recipient, amount.low, amount.high]`. */
const AMOUNT_CALLS: Record<string, 'transfer' | 'approve'> = {
  transfer: 'transfer',
  approve: 'approve',
  increaseAllowance: 'approve',
  increase_allowance: 'approve',
};

/**
 * What the dialog shows of a call: for ERC-20 `transfer` / `approve` to a
 * known token, the recipient or spender and the full u256 amount in the
 * token's units (an unlimited approval flagged); otherwise the raw call.
 *
 * @param call - The call.
 * @param call.contractAddress - The called contract.
 * @param call.entrypoint - The entrypoint.
 * @param call.calldata - The calldata.
 * @param tokens - Tokens known on the request's network.
 * @param abis - ABIs the dapp passed, to label other calls' calldata.
 * @returns The call as the dialog shows it.
 */
export function describeCall(
  call: { contractAddress: string; entrypoint: string; calldata: string[] },
  tokens: TokenRecord[],
  abis?: unknown,
): CallView {
  const token = tokens.find(({ address }) => address === call.contractAddress);
  const view: CallView = {
    contractAddress: call.contractAddress,
    entrypoint: call.entrypoint,
    calldata: call.calldata,
    ...(token ? { contractLabel: token.symbol } : {}),
  };
  const action = AMOUNT_CALLS[call.entrypoint];
  const [party, low, high] = call.calldata;
  if (!token || !action) {
    const decoded = abis === undefined ? undefined : decodeWithAbi(call, abis);
    return decoded ? { ...view, decoded } : view;
  }
  if (
    call.calldata.length !== 3 ||
    party === undefined ||
    low === undefined ||
    high === undefined
  ) {
    return view;
  }
  const amount = BigInt(high) * U128 + BigInt(low);
  if (BigInt(low) >= U128 || BigInt(high) >= U128 || amount > U256_MAX) {
    return view;
  }
  const shown = `${formatUnits(amount, token.decimals)} ${token.symbol}`;
  const counterparty = normaliseAddress(party);
  if (action === 'transfer') {
    return {
      ...view,
      decoded: {
        summary: `Send ${shown}`,
        fields: [
          { label: 'Recipient', value: counterparty },
          { label: 'Amount', value: shown },
        ],
      },
    };
  }
  const unlimited = amount >= UNLIMITED;
  return {
    ...view,
    decoded: {
      summary: unlimited
        ? `Allow unlimited ${token.symbol} spending`
        : `Allow spending of ${shown}`,
      fields: [
        { label: 'Spender', value: counterparty },
        {
          label: 'Allowance',
          value: unlimited ? `Unlimited (${shown})` : shown,
        },
      ],
      ...(unlimited
        ? {
            warning: `This lets ${counterparty} spend all of your ${token.symbol}, now and later, until you revoke it.`,
          }
        : {}),
    },
  };
}

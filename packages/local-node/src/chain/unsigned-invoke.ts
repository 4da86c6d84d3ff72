import { toHex } from '../base/felt';

/**
 * The JSON of an invoke the node writes itself (a mint, dev traffic): no
 * signature, no fee.
 *
 * @param sender - The sender.
 * @param calldata - Its calldata.
 * @param nonce - Its nonce.
 * @param tip - Its tip (FRI per unit of L2 gas).
 * @returns The transaction as the node answers it.
 */
export function unsignedInvoke(
  sender: bigint,
  calldata: bigint[],
  nonce: bigint,
  tip = 0n,
): Record<string, unknown> {
  return {
    type: 'INVOKE',
    sender_address: toHex(sender),
    calldata: calldata.map(toHex),
    version: '0x3',
    signature: [],
    nonce: toHex(nonce),
    resource_bounds: {
      l1_gas: { max_amount: '0x0', max_price_per_unit: '0x0' },
      l1_data_gas: { max_amount: '0x0', max_price_per_unit: '0x0' },
      l2_gas: { max_amount: '0x0', max_price_per_unit: '0x0' },
    },
    tip: toHex(tip),
    paymaster_data: [],
    account_deployment_data: [],
    nonce_data_availability_mode: 'L1',
    fee_data_availability_mode: 'L1',
  };
}

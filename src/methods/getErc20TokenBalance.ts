import { object, string } from 'superstruct';

import { defineMethod } from './method';
import { AddressStruct, ChainIdStruct } from './structs';
import { tokenBalances } from '../node/erc20';
import { resolveNetwork } from '../wallet/access';

/**
 * `snapnet_getErc20TokenBalance {tokenAddress, userAddress, chainId?}` →
 * `{balancePending, balanceLatest}` in hex, in one node round trip.
 */
export const getErc20TokenBalance = defineMethod({
  params: object({
    tokenAddress: AddressStruct,
    userAddress: AddressStruct,
    chainId: ChainIdStruct,
  }),
  result: object({ balancePending: string(), balanceLatest: string() }),
  handler: async ({ tokenAddress, userAddress, chainId }, context) => {
    const network = await resolveNetwork(context, chainId);
    const { pending, latest } = await tokenBalances(
      context.node(network),
      tokenAddress,
      userAddress,
    );
    return {
      balancePending: `0x${pending.toString(16)}`,
      balanceLatest: `0x${latest.toString(16)}`,
    };
  },
});

// Type checks of the installed declarations, as an ES module (tsc fails on
// any line that does not type-check, and on an unused @ts-expect-error,
// which is what a type that fell back to `any` would give: tsconfig.json
// skips checking the dependencies' own declarations, which need @types/node
// and more).
import { SnapClient } from '@snapnet/client';
import type { SnapParams, SnapResult } from '@snapnet/client';
import { SimulatedMetaMask } from '@snapnet/client/testing';

export const network: SnapParams<'snapnet_addNetwork'> = {
  chainId: '0x1',
  name: 'Local',
  rpcUrl: 'http://127.0.0.1:5050',
};
// @ts-expect-error userAddress is required
export const missing: SnapParams<'snapnet_extractPublicKey'> = {};
// @ts-expect-error the result is a boolean
export const wrong: SnapResult<'snapnet_switchNetwork'> = 'yes';

/**
 *
 * @param client
 */
/**
 * Reads the chain through a typed invoke.
 *
 * @param client - A connected client.
 * @returns The chain id.
 */
export async function current(client: SnapClient): Promise<string> {
  const { chainId } = await client.invoke('snapnet_getCurrentNetwork');
  return chainId;
}

export const metamaskClass: typeof SimulatedMetaMask = SimulatedMetaMask;

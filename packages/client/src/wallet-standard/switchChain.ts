import {
  toWalletApiError,
  WalletApiError,
  WalletApiErrorCodes,
} from './errors';
import type { AccountSource, SnapCall } from './requests';
import type { SnapClient } from '../client';
import { InvalidParamsError } from '../errors';

/**
 * `wallet_switchStarknetChain` → `snapnet_switchNetwork` (the user confirms
 * in MetaMask). The snap answers false both when the user declines and when
 * it does not know the chain; a side-effect-free call on that chain tells
 * the two apart.
 *
 * @param client - The snap client (the probe, whose errors are not the
 * account's).
 * @param snap - Calls the snap, failures mapped.
 * @param connected - Reads the connected account on the current network
 * (and tells the dapp when its chain changed).
 * @param chainId - The chain to switch to.
 * @returns True once switched.
 */
export async function switchChain(
  client: SnapClient,
  snap: SnapCall,
  connected: AccountSource,
  chainId: string,
): Promise<boolean> {
  const account = await connected();
  if (BigInt(account.chainId) === BigInt(chainId)) {
    return true;
  }
  if (await snap('snapnet_switchNetwork', { chainId })) {
    await connected();
    return true;
  }
  try {
    await client.invoke('snapnet_extractPublicKey', {
      userAddress: account.address,
      chainId,
    });
  } catch (error) {
    if (error instanceof InvalidParamsError && error.field === 'chainId') {
      throw new WalletApiError(
        WalletApiErrorCodes.UnlistedNetwork,
        `The snap does not serve chain ${chainId}`,
      );
    }
    // The probe failed for another reason: that is the answer, not a
    // refusal by the user.
    throw toWalletApiError(error, 'snapnet_extractPublicKey');
  }
  throw new WalletApiError(
    WalletApiErrorCodes.UserRefused,
    'The user declined to switch network',
  );
}

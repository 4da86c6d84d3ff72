import type { WALLET_API } from '@starknet-io/starknet-types-0104';

import {
  toWalletApiError,
  WalletApiError,
  WalletApiErrorCodes,
} from './errors';
import {
  AddChainStruct,
  checkParams,
  DeclareStruct,
  InvokeStruct,
  TypedDataStruct,
  WatchAssetStruct,
} from './params';
import type { SnapClient } from '../client';
import { InvalidParamsError } from '../errors';
import type { ParamsArgument, SnapMethodName, SnapResult } from '../methods';

/** Argent account 0.3.1, the class the snap deploys its accounts with. */
export const ACCOUNT_CLASS_HASH =
  '0x29927c8af6bccf3f6fda035981e765a7bdbf18a2dc0d630494f8758aa908e2b';

/** The account the dapp is connected to, on the wallet's current network. */
export type SnapAccount = {
  address: string;
  publicKey: string;
  chainId: string;
};

/** Reads the connected account (called once the params are checked). */
export type AccountSource = () => Promise<SnapAccount>;

/** Calls a snap method, its failures mapped to wallet API errors. */
export type SnapCall = <Method extends SnapMethodName>(
  method: Method,
  ...args: ParamsArgument<Method>
) => Promise<SnapResult<Method>>;

/**
 * `wallet_watchAsset` → `snapnet_addErc20Token`. A token the wallet
 * already tracks counts as added; an address the snap cannot read as an
 * ERC-20 gives NOT_ERC20.
 *
 * @param client - The snap client.
 * @param connected - Reads the connected account.
 * @param params - `{type: 'ERC20', options: {address, symbol?, name?, decimals?}}`.
 * @returns True once the token is tracked.
 */
export async function watchAsset(
  client: SnapClient,
  connected: AccountSource,
  params: unknown,
): Promise<boolean> {
  const { options } = checkParams(params, WatchAssetStruct);
  const tokenName = options.name ?? options.symbol;
  const tokenSymbol = options.symbol ?? options.name;
  if (tokenName === undefined || tokenSymbol === undefined) {
    throw new WalletApiError(
      WalletApiErrorCodes.InvalidRequestPayload,
      'options.symbol or options.name is required',
    );
  }
  const account = await connected();
  try {
    await client.invoke('snapnet_addErc20Token', {
      address: account.address,
      chainId: account.chainId,
      tokenAddress: options.address,
      tokenName,
      tokenSymbol,
      ...(options.decimals === undefined
        ? {}
        : { tokenDecimals: options.decimals }),
    });
  } catch (error) {
    if (error instanceof InvalidParamsError && error.field === 'tokenAddress') {
      if (error.message.includes('already in the wallet')) {
        return true;
      }
      throw new WalletApiError(WalletApiErrorCodes.NotErc20, error.message);
    }
    throw toWalletApiError(error, 'snapnet_addErc20Token');
  }
  return true;
}

/**
 * `wallet_addStarknetChain` → `snapnet_addNetwork` with the first of
 * `rpc_urls`: the snap asks that node for its chain id, then the user. A
 * chain the wallet already has counts as added (its node is not changed);
 * a node serving another chain, or a URL the snap refuses, gives
 * INVALID_REQUEST_PAYLOAD.
 *
 * @param client - The snap client.
 * @param params - The spec's StarknetChain.
 * @returns True once the wallet has the chain.
 */
export async function addStarknetChain(
  client: SnapClient,
  params: unknown,
): Promise<boolean> {
  const chain = checkParams(params, AddChainStruct);
  const rpcUrl = chain.rpc_urls?.[0];
  if (rpcUrl === undefined) {
    throw new WalletApiError(
      WalletApiErrorCodes.InvalidRequestPayload,
      'rpc_urls: the wallet needs the URL of a node of the chain',
    );
  }
  let added: boolean;
  try {
    added = await client.invoke('snapnet_addNetwork', {
      name: chain.chain_name,
      chainId: chain.chain_id,
      rpcUrl,
    });
  } catch (error) {
    if (error instanceof InvalidParamsError) {
      if (
        error.field === 'chainId' &&
        error.message.includes('already a network')
      ) {
        return true;
      }
      throw new WalletApiError(
        WalletApiErrorCodes.InvalidRequestPayload,
        error.message,
      );
    }
    throw toWalletApiError(error, 'snapnet_addNetwork');
  }
  if (!added) {
    throw new WalletApiError(
      WalletApiErrorCodes.UserRefused,
      'The user declined to add the network',
    );
  }
  return true;
}

/**
 * `wallet_addInvokeTransaction` → `snapnet_executeTxn` (the user confirms;
 * an undeployed account is deployed in the same confirmation).
 *
 * @param snap - Calls the snap.
 * @param connected - Reads the connected account.
 * @param params - `{calls}` (or a bare array of calls).
 * @returns The transaction hash.
 */
export async function addInvokeTransaction(
  snap: SnapCall,
  connected: AccountSource,
  params: unknown,
): Promise<WALLET_API.AddInvokeTransactionResult> {
  const checked = checkParams(params, InvokeStruct);
  const calls = Array.isArray(checked) ? checked : checked.calls;
  if (calls.length === 0) {
    throw new WalletApiError(
      WalletApiErrorCodes.InvalidRequestPayload,
      'calls must not be empty',
    );
  }
  const account = await connected();
  return snap('snapnet_executeTxn', {
    address: account.address,
    chainId: account.chainId,
    calls: calls.map((call) => ({
      contractAddress: call.contract_address,
      entrypoint: call.entry_point,
      calldata: call.calldata ?? [],
    })),
  });
}

/**
 * `wallet_addDeclareTransaction` → `snapnet_declareContract`.
 *
 * @param snap - Calls the snap.
 * @param connected - Reads the connected account.
 * @param params - `{compiled_class_hash, class_hash?, contract_class}`.
 * @returns The transaction and class hashes.
 */
export async function addDeclareTransaction(
  snap: SnapCall,
  connected: AccountSource,
  params: unknown,
): Promise<WALLET_API.AddDeclareTransactionResult> {
  const declare = checkParams(params, DeclareStruct);
  const account = await connected();
  return snap('snapnet_declareContract', {
    senderAddress: account.address,
    chainId: account.chainId,
    contractPayload: {
      contract: declare.contract_class,
      compiledClassHash: declare.compiled_class_hash,
      ...(declare.class_hash === undefined
        ? {}
        : { classHash: declare.class_hash }),
    },
  });
}

/**
 * `wallet_signTypedData` → `snapnet_signMessage` (the user confirms).
 *
 * @param snap - Calls the snap.
 * @param connected - Reads the connected account.
 * @param params - The SNIP-12 typed data (plus an optional api_version).
 * @returns The signature, as an array of felts.
 */
export async function signTypedData(
  snap: SnapCall,
  connected: AccountSource,
  params: unknown,
): Promise<WALLET_API.Signature> {
  const typedData = checkParams(params, TypedDataStruct);
  const account = await connected();
  const signature = await snap('snapnet_signMessage', {
    typedDataMessage: {
      types: typedData.types,
      primaryType: typedData.primaryType,
      domain: typedData.domain,
      message: typedData.message,
    },
    signerAddress: account.address,
    chainId: account.chainId,
  });
  return signature.split(',');
}

/**
 * `wallet_deploymentData`: how the connected account is deployed (Argent
 * 0.3.1, salt and owner = the public key, no guardian, Cairo 1).
 *
 * @param account - The connected account.
 * @returns The deployment data.
 */
export function deploymentData(
  account: SnapAccount,
): WALLET_API.AccountDeploymentData {
  return {
    address: account.address,
    class_hash: ACCOUNT_CLASS_HASH,
    salt: account.publicKey,
    calldata: [account.publicKey, '0x0'],
    version: 1,
  };
}

import type { WALLET_API } from '@starknet-io/starknet-types-0104';

import { sharedAddresses, withdrawAccess } from './access';
import {
  inputErrorCode,
  shown,
  toWalletApiError,
  WalletApiError,
  WalletApiErrorCodes,
} from './errors';
import {
  checkParams,
  ParamsContainerStruct,
  RequestAccountsStruct,
  RequestCallStruct,
  SwitchChainStruct,
} from './params';
import {
  addDeclareTransaction,
  addInvokeTransaction,
  addStarknetChain,
  deploymentData,
  signTypedData,
  watchAsset,
} from './requests';
import type { SnapAccount, SnapCall } from './requests';
import { switchChain } from './switchChain';
import {
  checkApiVersion,
  SUPPORTED_SPECS,
  SUPPORTED_WALLET_API,
} from './versions';
import type { SnapClient } from '../client';
import { AccountNotSharedError, UserRejectedError } from '../errors';
import type { ParamsArgument, SnapMethodName, SnapResult } from '../methods';

type WalletApiMap = WALLET_API.RpcTypeToMessageMap;
type WalletApiType = keyof WalletApiMap;

/** The largest BIP-44 address index (non-hardened). */
const MAX_ACCOUNT_INDEX = 2 ** 31 - 1;

/**
 * The Starknet wallet API (`wallet_*` requests of get-starknet and
 * starknet.js) served by the snap: each request is mapped onto `snapnet_*`
 * methods and every failure answered with the wallet API's error codes.
 */
export class StarknetWalletApi {
  readonly client: SnapClient;

  readonly accountIndex: number;

  #account: SnapAccount | undefined;

  readonly #listeners = new Set<(account: SnapAccount | undefined) => void>();

  // Calls the snap, failures mapped to wallet API errors (for the handlers
  // in ./requests).
  readonly #call: SnapCall = async (method, ...args) =>
    this.#snap(method, ...args);

  // The connected account, read once the params are checked (for the
  // handlers in ./requests).
  readonly #connectedAccount = async (): Promise<SnapAccount> =>
    this.#currentAccount();

  /**
   * @param client - The snap client (not necessarily connected yet).
   * @param accountIndex - The BIP-44 index of the account to connect.
   * @throws {WalletApiError} INVALID_REQUEST_PAYLOAD (114) for an index
   * that is not an integer from 0 to 2^31 − 1.
   */
  constructor(client: SnapClient, accountIndex = 0) {
    if (
      !Number.isInteger(accountIndex) ||
      accountIndex < 0 ||
      accountIndex > MAX_ACCOUNT_INDEX
    ) {
      throw new WalletApiError(
        WalletApiErrorCodes.InvalidRequestPayload,
        `accountIndex must be an integer from 0 to ${MAX_ACCOUNT_INDEX}, not ${shown(accountIndex)}`,
      );
    }
    this.client = client;
    this.accountIndex = accountIndex;
  }

  /**
   * The connected account, if any.
   *
   * @returns It.
   */
  get account(): SnapAccount | undefined {
    return this.#account;
  }

  /**
   * Serves one wallet API request (the `request` of `starknet:walletApi`).
   *
   * Dapps call from JavaScript, so anything may arrive: every failure,
   * whatever the input, is a WalletApiError.
   *
   * @param call - The request: `{type, params}`.
   * @param call.type - The wallet API method.
   * @param call.params - Its params.
   * @returns Its result.
   * @throws {WalletApiError} With the wallet API's code.
   */
  readonly request = async <Type extends WalletApiType>(
    call: WALLET_API.RequestFnCall<Type>,
  ): Promise<WalletApiMap[Type]['result']> => {
    try {
      const { type } = checkParams(call, RequestCallStruct);
      const params: unknown = 'params' in call ? call.params : undefined;
      const result = await this.#dispatch(type, params);
      // #dispatch answered with the handler of exactly this type.
      return result as WalletApiMap[Type]['result'];
    } catch (error) {
      throw toWalletApiError(error, 'the snap method this request needs');
    }
  };

  /**
   * Calls a listener whenever the connected account or its network changes.
   *
   * @param listener - Gets the account (undefined once disconnected).
   * @returns A function that removes the listener.
   */
  onAccountChange(
    listener: (account: SnapAccount | undefined) => void,
  ): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Connects: installs the snap and allows this site (MetaMask asks the
   * user), then reads the account — through `snapnet_createAccount`, whose
   * dialog asks the user to share the account with this site unless it is
   * recorded on the current network and shared already. A user who declines
   * either gives no accounts. An account the site no longer sees (the user
   * withdrew it) is forgotten first.
   *
   * `silent` never prompts: it answers the connected account, else the first
   * account the user shared with this site, or none. The snap tells which
   * accounts a site sees but not their indices, and `snapnet_createAccount`
   * may show a dialog, so the account at `accountIndex` is looked up only by
   * a connect that may prompt.
   *
   * @param silent - Do not prompt; answer only if already connected.
   * @returns The account addresses (at most one).
   */
  async requestAccounts(silent: boolean): Promise<string[]> {
    try {
      if (!silent) {
        await this.client.connect();
      } else if (!(await this.client.isInstalled())) {
        this.#setAccount(undefined);
        return [];
      }
      const shared = await sharedAddresses(this.client);
      const known = this.#account;
      if (shared && known && !shared.includes(known.address)) {
        this.#setAccount(undefined);
      }
      if (silent && shared && !this.#account) {
        const [first] = shared;
        if (first === undefined) {
          return [];
        }
        const { chainId } = await this.#invoke('snapnet_getCurrentNetwork');
        return [(await this.#useAccount(first, chainId)).address];
      }
      return [(await this.#currentAccount()).address];
    } catch (error) {
      if (error instanceof UserRejectedError) {
        return [];
      }
      throw toWalletApiError(error, 'wallet_requestAccounts');
    }
  }

  /**
   * Disconnects: forgets the connected account and withdraws this site's
   * access to it in the snap (see withdrawAccess). MetaMask keeps the snap
   * permission.
   */
  async disconnect(): Promise<void> {
    const account = this.#account;
    this.#setAccount(undefined);
    if (!account) {
      return;
    }
    await withdrawAccess(this.client, account.address);
  }

  /**
   * Runs the handler of a request type.
   *
   * @param type - The wallet API method.
   * @param params - Its params.
   * @returns The handler's result.
   */
  async #dispatch(type: string, params: unknown): Promise<unknown> {
    checkApiVersion(params);
    const inputCode = inputErrorCode(type);
    checkParams(params, ParamsContainerStruct, inputCode);
    const account = this.#connectedAccount;
    switch (type) {
      case 'wallet_getPermissions':
        return this.#permissions();
      case 'wallet_requestAccounts':
        return this.requestAccounts(
          checkParams(params, RequestAccountsStruct, inputCode)?.silent_mode ??
            false,
        );
      case 'wallet_requestChainId':
        return this.#chainId();
      case 'wallet_switchStarknetChain':
        return switchChain(
          this.client,
          this.#call,
          account,
          checkParams(params, SwitchChainStruct, inputCode).chainId,
        );
      case 'wallet_watchAsset':
        return watchAsset(this.client, account, params);
      case 'wallet_addInvokeTransaction':
        return addInvokeTransaction(this.#call, account, params);
      case 'wallet_addDeclareTransaction':
        return addDeclareTransaction(this.#call, account, params);
      case 'wallet_signTypedData':
        return signTypedData(this.#call, account, params);
      case 'wallet_deploymentData':
        return deploymentData(await this.#currentAccount());
      case 'wallet_supportedSpecs':
        return SUPPORTED_SPECS;
      case 'wallet_supportedWalletApi':
        return SUPPORTED_WALLET_API;
      case 'wallet_addStarknetChain':
        return addStarknetChain(this.client, params);
      case 'wallet_strk20InvokeTransaction':
      case 'wallet_strk20PrepareInvoke':
      case 'wallet_strk20Balances':
      case 'wallet_strk20ShadowAccountCommitment':
        throw new WalletApiError(
          WalletApiErrorCodes.Unknown,
          `${type} is not supported by the MetaMask Starknet snap`,
        );
      default:
        throw new WalletApiError(
          WalletApiErrorCodes.InvalidRequestPayload,
          `Unknown wallet API method ${JSON.stringify(type)}`,
        );
    }
  }

  /**
   * Calls a snap method. A refusal of the account as not shared with this
   * site (the user withdrew access) also forgets the account: the dapp sees
   * none until it connects again.
   *
   * @param method - The snap method.
   * @param args - Its params.
   * @returns Its result.
   */
  async #invoke<Method extends SnapMethodName>(
    method: Method,
    ...args: ParamsArgument<Method>
  ): Promise<SnapResult<Method>> {
    try {
      return await this.client.invoke(method, ...args);
    } catch (error) {
      if (error instanceof AccountNotSharedError) {
        this.#setAccount(undefined);
      }
      throw error;
    }
  }

  /**
   * Calls a snap method (see #invoke), mapping failures to wallet API
   * errors.
   *
   * @param method - The snap method.
   * @param args - Its params.
   * @returns Its result.
   */
  async #snap<Method extends SnapMethodName>(
    method: Method,
    ...args: ParamsArgument<Method>
  ): Promise<SnapResult<Method>> {
    try {
      return await this.#invoke(method, ...args);
    } catch (error) {
      throw toWalletApiError(error, method);
    }
  }

  /**
   * The wallet's current network.
   *
   * @returns Its chain id (hex).
   */
  async #chainId(): Promise<string> {
    const { chainId } = await this.#snap('snapnet_getCurrentNetwork');
    return chainId;
  }

  /**
   * The connected account on the wallet's current network. An account is
   * the same address on every network and is shared by address, so a
   * network change keeps it. Without one, the account at this adapter's
   * index is read with `snapnet_createAccount` (its dialog shares it with
   * the site unless it is recorded on this network and shared already;
   * nothing is sent on chain).
   *
   * @returns The account.
   */
  async #currentAccount(): Promise<SnapAccount> {
    const { chainId } = await this.#invoke('snapnet_getCurrentNetwork');
    const known = this.#account;
    if (known) {
      if (known.chainId !== chainId) {
        this.#setAccount({ ...known, chainId });
      }
      return { ...known, chainId };
    }
    const { address } = await this.#invoke('snapnet_createAccount', {
      addressIndex: this.accountIndex,
      deploy: false,
      chainId,
    });
    return this.#useAccount(address, chainId);
  }

  /**
   * Connects to an account the site sees: reads its public key (no dialog).
   *
   * @param address - The account.
   * @param chainId - The wallet's current network.
   * @returns The connected account.
   */
  async #useAccount(address: string, chainId: string): Promise<SnapAccount> {
    const publicKey = await this.#invoke('snapnet_extractPublicKey', {
      userAddress: address,
      chainId,
    });
    const account = { address, publicKey, chainId };
    this.#setAccount(account);
    return account;
  }

  /**
   * Records the connected account and tells the listeners when it changed.
   *
   * @param account - The account, or undefined when disconnected.
   */
  #setAccount(account: SnapAccount | undefined): void {
    const before = this.#account;
    this.#account = account;
    if (
      before?.address !== account?.address ||
      before?.chainId !== account?.chainId
    ) {
      this.#listeners.forEach((listener) => listener(account));
    }
  }

  /**
   * `wallet_getPermissions`: `['accounts']` once connected, else `[]`.
   *
   * @returns The permissions.
   */
  async #permissions(): Promise<WALLET_API.Permission[]> {
    if (this.#account && (await this.client.isInstalled())) {
      return ['accounts'];
    }
    return [];
  }
}

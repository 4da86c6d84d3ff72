// Amounts read and shown as the snap does (its dialogs and home page).
export { formatUnits, parseUnits } from './snap-api';
export { connect, installedEntry, SnapClient } from './client';
export type { ConnectOptions, InstalledSnap } from './client';
export {
  chooseMetaMask,
  DEFAULT_DISCOVERY_TIMEOUT_MS,
  discoverMetaMask,
  METAMASK_FLASK_RDNS,
  METAMASK_RDNS,
  MetaMaskNotFoundError,
} from './discovery';
export type { DiscoveredProvider, DiscoveryOptions } from './discovery';
export {
  AccountNotSharedError,
  decodeError,
  ErrorCode,
  InvalidParamsError,
  MethodNotFoundError,
  SnapClientError,
  SnapNotInstalledError,
  UserRejectedError,
} from './errors';
export type {
  InvokeResult,
  MaybeParams,
  MaybeResult,
  ParamsArgument,
  SnapMethodName,
  SnapParams,
  SnapResult,
} from './methods';
export type {
  DiscoveryTarget,
  Eip1193Provider,
  Eip6963ProviderDetail,
  Eip6963ProviderInfo,
  RequestArguments,
} from './provider';
export { StarknetWalletApi } from './wallet-standard/api';
export {
  SUPPORTED_SPECS,
  SUPPORTED_WALLET_API,
} from './wallet-standard/versions';
export { ACCOUNT_CLASS_HASH } from './wallet-standard/requests';
export type { SnapAccount } from './wallet-standard/requests';
export {
  toWalletApiError,
  WalletApiError,
  WalletApiErrorCodes,
} from './wallet-standard/errors';
export type { WalletApiErrorCode } from './wallet-standard/errors';
export { registerStarknetWallet } from './wallet-standard/register';
export {
  createStarknetWindowObject,
  injectStarknetWindowObject,
} from './wallet-standard/injected';
export type { InjectedStarknetWallet } from './wallet-standard/injected';
export {
  createStarknetWallet,
  DEFAULT_ICON,
  DEFAULT_WALLET_ID,
  DEFAULT_WALLET_NAME,
} from './wallet-standard/wallet';
export type {
  StarknetSnapFeatures,
  StarknetSnapWallet,
  StarknetSnapWalletOptions,
  StarknetWalletApiFeature,
} from './wallet-standard/wallet';

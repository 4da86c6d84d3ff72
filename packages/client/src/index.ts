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
  decodeError,
  ErrorCode,
  InvalidParamsError,
  MethodNotFoundError,
  SnapClientError,
  SnapNotInstalledError,
  UserRejectedError,
} from './errors';
export type {
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

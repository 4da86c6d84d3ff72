/** A JSON-RPC request as EIP-1193 providers take it. */
export type RequestArguments = {
  method: string;
  params?: unknown;
};

/** The part of an EIP-1193 provider (MetaMask's `ethereum`) the client uses. */
export type Eip1193Provider = {
  request(args: RequestArguments): Promise<unknown>;
};

/** What a wallet announces about itself (EIP-6963 `EIP6963ProviderInfo`). */
export type Eip6963ProviderInfo = {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
};

/** The detail of an `eip6963:announceProvider` event. */
export type Eip6963ProviderDetail = {
  info: Eip6963ProviderInfo;
  provider: Eip1193Provider;
};

/**
 * Where discovery listens and dispatches: the browser `window` by default, or
 * any EventTarget (tests, iframes). `ethereum` is the pre-EIP-6963 fallback.
 */
export type DiscoveryTarget = Pick<
  EventTarget,
  'addEventListener' | 'removeEventListener' | 'dispatchEvent'
> & {
  ethereum?: Eip1193Provider | undefined;
};

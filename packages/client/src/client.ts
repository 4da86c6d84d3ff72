import type { DiscoveryOptions } from './discovery';
import { discoverMetaMask } from './discovery';
import { decodeError } from './errors';
import type {
  InvokeResult,
  MaybeParams,
  MaybeResult,
  ParamsArgument,
  SnapMethodName,
} from './methods';
import type { Eip1193Provider } from './provider';

/** What MetaMask reports about an installed snap (`wallet_getSnaps`). */
export type InstalledSnap = {
  id: string;
  version: string;
  enabled?: boolean;
  blocked?: boolean;
};

/**
 * Reads a snap's entry out of a `wallet_requestSnaps` / `wallet_getSnaps`
 * result.
 *
 * @param result - The wallet's answer: snap id → details or `{error}`.
 * @param snapId - The snap.
 * @returns The entry, when the snap is there without an error.
 */
export function installedEntry(
  result: unknown,
  snapId: string,
): InstalledSnap | undefined {
  if (typeof result !== 'object' || result === null) {
    return undefined;
  }
  const entry: unknown = Object.getOwnPropertyDescriptor(result, snapId)?.value;
  if (
    typeof entry !== 'object' ||
    entry === null ||
    'error' in entry ||
    !('version' in entry) ||
    typeof entry.version !== 'string'
  ) {
    return undefined;
  }
  return {
    id: snapId,
    version: entry.version,
    ...('enabled' in entry && typeof entry.enabled === 'boolean'
      ? { enabled: entry.enabled }
      : {}),
    ...('blocked' in entry && typeof entry.blocked === 'boolean'
      ? { blocked: entry.blocked }
      : {}),
  };
}

/**
 * A dapp's handle on the snap through one MetaMask provider. Every failure
 * is thrown as a typed `SnapClientError` (see errors.ts).
 */
export class SnapClient {
  readonly provider: Eip1193Provider;

  readonly snapId: string;

  /**
   * @param provider - MetaMask's EIP-1193 provider.
   * @param snapId - The snap, e.g. `npm:…` or `local:http://localhost:8081`.
   */
  constructor(provider: Eip1193Provider, snapId: string) {
    this.provider = provider;
    this.snapId = snapId;
  }

  /**
   * Installs the snap if needed and allows this site to call it
   * (`wallet_requestSnaps`); MetaMask asks the user.
   *
   * @param version - A semver range the snap must satisfy (default: any).
   * @returns The installed snap.
   */
  async connect(version?: string): Promise<InstalledSnap> {
    const result = await this.#request('wallet_requestSnaps', {
      [this.snapId]: version === undefined ? {} : { version },
    });
    const entry = installedEntry(result, this.snapId);
    if (!entry) {
      throw decodeError(
        errorOfEntry(result, this.snapId) ?? {
          code: -32603,
          message: `MetaMask did not install ${this.snapId}`,
        },
      );
    }
    return entry;
  }

  /**
   * Whether the snap is installed and this site may call it
   * (`wallet_getSnaps` lists only the snaps the site is permitted to use).
   *
   * @returns Whether it is.
   */
  async isInstalled(): Promise<boolean> {
    return (await this.installed()) !== undefined;
  }

  /**
   * The installed snap as MetaMask reports it, if this site may call it.
   *
   * @returns Its id and version, or undefined.
   */
  async installed(): Promise<InstalledSnap | undefined> {
    const result = await this.#request('wallet_getSnaps');
    return installedEntry(result, this.snapId);
  }

  /**
   * Calls a `snapnet_*` method (`wallet_invokeSnap`), typed by the snap's own
   * method table.
   *
   * @param method - The method.
   * @param args - Its params (omit for methods that take none).
   * @returns The method's result.
   */
  async invoke<
    Method extends SnapMethodName,
    const Args extends ParamsArgument<Method>,
  >(method: Method, ...args: Args): Promise<InvokeResult<Method, Args[0]>> {
    const [params] = args;
    const result = await this.#invokeSnap(method, params);
    // The snap validates every result against the same struct this type
    // comes from before answering (InvokeResult: the form its params ask).
    return result as InvokeResult<Method, Args[0]>;
  }

  /**
   * Calls a method that this snap version may not have yet; typed like
   * `invoke` when the snap's table has it. A snap without it answers
   * `MethodNotFoundError`.
   *
   * @param method - The method name.
   * @param params - Its params.
   * @returns The result.
   */
  async invokeIfPresent<Name extends string>(
    method: Name,
    params: MaybeParams<Name>,
  ): Promise<MaybeResult<Name>> {
    const result = await this.#invokeSnap(method, params);
    return result as MaybeResult<Name>;
  }

  /**
   * Sends one `wallet_invokeSnap` request.
   *
   * @param method - The snap method.
   * @param params - Its params, if any.
   * @returns The snap's answer.
   */
  async #invokeSnap(method: string, params: unknown): Promise<unknown> {
    return this.#request('wallet_invokeSnap', {
      snapId: this.snapId,
      request: { method, ...(params === undefined ? {} : { params }) },
    });
  }

  /**
   * Sends one request to the provider, decoding any failure.
   *
   * @param method - The wallet method.
   * @param params - Its params.
   * @returns The result.
   */
  async #request(method: string, params?: unknown): Promise<unknown> {
    try {
      return await this.provider.request({
        method,
        ...(params === undefined ? {} : { params }),
      });
    } catch (error) {
      throw decodeError(error);
    }
  }
}

/**
 * The `{error}` MetaMask put in a `wallet_requestSnaps` entry, if any.
 *
 * @param result - The wallet's answer.
 * @param snapId - The snap.
 * @returns The error.
 */
function errorOfEntry(result: unknown, snapId: string): unknown {
  if (typeof result !== 'object' || result === null) {
    return undefined;
  }
  const entry: unknown = Object.getOwnPropertyDescriptor(result, snapId)?.value;
  return typeof entry === 'object' && entry !== null && 'error' in entry
    ? entry.error
    : undefined;
}

export type ConnectOptions = DiscoveryOptions & {
  /** The snap id. */
  snapId: string;
  /** A semver range the snap must satisfy. */
  version?: string | undefined;
  /** A provider to use instead of discovering MetaMask. */
  provider?: Eip1193Provider | undefined;
};

/**
 * Finds MetaMask (EIP-6963, then `window.ethereum`), connects the snap and
 * returns a client for it.
 *
 * @param options - The snap, an optional version range, and discovery options.
 * @returns The connected client.
 */
export async function connect(options: ConnectOptions): Promise<SnapClient> {
  const provider =
    options.provider ?? (await discoverMetaMask(options)).provider;
  const client = new SnapClient(provider, options.snapId);
  await client.connect(options.version);
  return client;
}

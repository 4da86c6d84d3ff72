import { installSnap } from '@metamask/snaps-jest';
import type { SnapConfirmationInterface } from '@metamask/snaps-jest';
import type { Json, JsonRpcParams } from '@metamask/snaps-sdk';

import manifest from '../../../snap.manifest.json';
import { textOf } from '../../../test/helpers';
import { AccountNotSharedError, SnapClient } from '../src';
import type {
  Eip1193Provider,
  RequestArguments,
  StarknetSnapWallet,
} from '../src';

export type InstalledTestSnap = Awaited<ReturnType<typeof installSnap>>;
type SnapRequest = ReturnType<InstalledTestSnap['request']>;

/** The id dapps use for the snap served by `npm start`. */
export const SNAP_ID = 'local:http://localhost:8081';
export const DAPP_ORIGIN = 'https://dapp.example';
export const TESTNET = '0x534e5f5345504f4c4941';
export const MAINNET = '0x534e5f4d41494e';

/** Index 0 of the default snaps-jest phrase (ARCHITECTURE.md vector). */
export const ACCOUNT_0 = {
  address: '0x03a48f9784a19e574e3976351f36d3806b8c27a97a972d2e2834e067d2c52883',
  publicKey:
    '0x1297ebe045cf72e92946f2daf84e7cbafdbe89bcb6f382e8fd3bdc254ea8a62',
};

/** The version in the built snap's manifest. */
export const SNAP_VERSION: string = manifest.version;

/** How long a request that shows no dialog may take to answer. */
const NO_DIALOG_MS = 10000;

/**
 * Awaits a request that must answer without any dialog: one that opened a
 * dialog would wait for the user, so it fails here when it has not answered
 * in time.
 *
 * @param pending - The request.
 * @returns Its result.
 */
export async function withoutDialog<Result>(
  pending: Promise<Result>,
): Promise<Result> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `No answer within ${NO_DIALOG_MS} ms: is a dialog waiting for the user?`,
          ),
        ),
      NO_DIALOG_MS,
    );
  });
  try {
    return await Promise.race([pending, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * An error as MetaMask's provider throws it.
 *
 * @param code - The JSON-RPC code.
 * @param message - The message.
 * @param data - The data, if any.
 * @returns The error.
 */
function providerError(
  code: number,
  message: string,
  data?: Json,
): Error & { code: number; data?: Json } {
  return Object.assign(new Error(message), {
    code,
    ...(data === undefined ? {} : { data }),
  });
}

/**
 * A value as it crosses MetaMask's message channel: JSON only.
 *
 * @param value - The value.
 * @returns Its JSON copy.
 */
function overTheWire(value: unknown): Json | undefined {
  if (value === undefined) {
    return undefined;
  }
  const copy: Json = JSON.parse(JSON.stringify(value));
  return copy;
}

/**
 * Request params as they cross the channel: a JSON object or array.
 *
 * @param value - The params.
 * @returns Their JSON copy, or undefined when absent or not a container.
 */
function paramsOverTheWire(value: unknown): JsonRpcParams | undefined {
  const copy = overTheWire(value);
  return typeof copy === 'object' && copy !== null ? copy : undefined;
}

/**
 * Reads an object's own property.
 *
 * @param value - The object.
 * @param key - The property.
 * @returns Its value, or undefined.
 */
function property(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null
    ? Object.getOwnPropertyDescriptor(value, key)?.value
    : undefined;
}

/**
 * MetaMask as a dapp sees it, in front of a snap installed by snaps-jest:
 * `wallet_requestSnaps` grants this origin the snap, `wallet_getSnaps` lists
 * what it was granted, and `wallet_invokeSnap` forwards to the real snap
 * (refusing with MetaMask's 4100 error before the grant). Every snap request
 * is kept so a test can drive its dialog with `getInterface()`.
 */
export class SimulatedMetaMask implements Eip1193Provider {
  readonly snap: InstalledTestSnap;

  readonly origin: string;

  /** Whether the user approves the next `wallet_requestSnaps` prompt. */
  approveConnection = true;

  readonly #permitted = new Set<string>();

  readonly #requests: { method: string; request: SnapRequest }[] = [];

  readonly #waiters: {
    method: string;
    resolve: (found: { request: SnapRequest }) => void;
  }[] = [];

  /**
   * @param snap - The snap installed with snaps-jest.
   * @param origin - The dapp's origin.
   */
  constructor(snap: InstalledTestSnap, origin = DAPP_ORIGIN) {
    this.snap = snap;
    this.origin = origin;
  }

  /**
   * Installs the built snap (the repository's dist/) and puts MetaMask in
   * front of it.
   *
   * @param state - The snap's state to start from (default: a fresh install).
   * @returns The simulated MetaMask.
   */
  static async create(
    state?: Record<string, Json>,
  ): Promise<SimulatedMetaMask> {
    return new SimulatedMetaMask(
      await (state ? installSnap({ options: { state } }) : installSnap()),
    );
  }

  /**
   * Serves one EIP-1193 request.
   *
   * @param args - The request.
   * @returns The result.
   */
  async request(args: RequestArguments): Promise<unknown> {
    const params = paramsOverTheWire(args.params);
    switch (args.method) {
      case 'wallet_requestSnaps':
        return this.#requestSnaps(params);
      case 'wallet_getSnaps':
        return Object.fromEntries(
          [...this.#permitted].map((id) => [id, this.#entry(id)]),
        );
      case 'wallet_invokeSnap':
        return this.#invokeSnap(params);
      default:
        throw providerError(
          -32601,
          `The method "${args.method}" does not exist / is not available.`,
        );
    }
  }

  /**
   * The confirmation dialog of the next (or earliest unclaimed) snap request
   * for a method.
   *
   * @param method - The snap method.
   * @returns The dialog, to approve with `ok()` or decline with `cancel()`.
   */
  async nextConfirmation(method: string): Promise<SnapConfirmationInterface> {
    const { request } = await this.#nextRequest(method);
    const dialog = await request.getInterface();
    if (dialog.type !== 'confirmation') {
      throw new Error(`Expected a confirmation, got ${String(dialog.type)}`);
    }
    return dialog;
  }

  /**
   * Approves the confirmation dialog of the next (or earliest unclaimed)
   * snap request for a method.
   *
   * @param method - The snap method.
   * @returns All text of the dialog, for "does it show X" checks.
   */
  async approveNext(method: string): Promise<string> {
    const dialog = await this.nextConfirmation(method);
    const text = textOf(dialog.content);
    await dialog.ok();
    return text;
  }

  /**
   * The next (or earliest unclaimed) snap request for a method. Wrapped in an
   * object: resolving a promise with the SnapRequest itself would wait for
   * its response instead.
   *
   * @param method - The snap method.
   * @returns The pending request.
   */
  async #nextRequest(method: string): Promise<{ request: SnapRequest }> {
    const index = this.#requests.findIndex((entry) => entry.method === method);
    const found = this.#requests[index];
    if (found) {
      this.#requests.splice(index, 1);
      return { request: found.request };
    }
    return new Promise((resolveRequest) =>
      this.#waiters.push({ method, resolve: resolveRequest }),
    );
  }

  /**
   * The `wallet_getSnaps` / `wallet_requestSnaps` entry of a snap.
   *
   * @param id - The snap id.
   * @returns The entry.
   */
  #entry(id: string): Json {
    return {
      id,
      version: SNAP_VERSION,
      enabled: true,
      blocked: false,
      initialPermissions: {},
    };
  }

  /**
   * `wallet_requestSnaps`: the user approves (or not) and the origin gets the
   * snap.
   *
   * @param params - `{[snapId]: {version?}}`.
   * @returns `{[snapId]: entry}`.
   */
  #requestSnaps(params: JsonRpcParams | undefined): Json {
    if (
      typeof params !== 'object' ||
      params === null ||
      Array.isArray(params)
    ) {
      throw providerError(-32602, '"params" must be an object.');
    }
    if (!this.approveConnection) {
      throw providerError(4001, 'User rejected the request.');
    }
    const result: Record<string, Json> = {};
    for (const [id, options] of Object.entries(params)) {
      const version = property(options, 'version');
      if (id !== SNAP_ID) {
        throw providerError(-32603, `Snap "${id}" not found.`);
      }
      if (
        version !== undefined &&
        version !== '*' &&
        version !== SNAP_VERSION
      ) {
        result[id] = {
          error: {
            code: -32603,
            message: `Version mismatch: ${JSON.stringify(version)} requested, ${SNAP_VERSION} available.`,
          },
        };
        continue;
      }
      this.#permitted.add(id);
      result[id] = this.#entry(id);
    }
    return result;
  }

  /**
   * `wallet_invokeSnap`: MetaMask's permission check, then the real snap.
   *
   * @param params - `{snapId, request: {method, params?}}`.
   * @returns The snap's result.
   */
  async #invokeSnap(params: JsonRpcParams | undefined): Promise<Json> {
    const snapId = property(params, 'snapId');
    const request = property(params, 'request');
    const method = property(request, 'method');
    if (typeof snapId !== 'string' || typeof method !== 'string') {
      throw providerError(-32602, 'Must specify a valid snap ID.');
    }
    if (!this.#permitted.has(snapId)) {
      throw providerError(
        4100,
        'Unauthorized to perform action. Try requesting the required permission(s) first. For more information, see: https://docs.metamask.io/guide/rpc-api.html#permissions',
      );
    }
    const snapParams = paramsOverTheWire(property(request, 'params'));
    const pending = this.snap.request({
      origin: this.origin,
      method,
      ...(snapParams === undefined ? {} : { params: snapParams }),
    });
    this.#track(method, pending);
    const { response } = await pending;
    // A request that has answered can no longer show a dialog.
    const index = this.#requests.findIndex(
      (entry) => entry.request === pending,
    );
    if (index >= 0) {
      this.#requests.splice(index, 1);
    }
    if ('error' in response) {
      const code = property(response.error, 'code');
      const message = property(response.error, 'message');
      const data = overTheWire(property(response.error, 'data'));
      throw providerError(
        typeof code === 'number' ? code : -32603,
        typeof message === 'string' ? message : 'Snap error',
        data,
      );
    }
    return overTheWire(response.result) ?? null;
  }

  /**
   * Hands a snap request to a test waiting for it, or keeps it.
   *
   * @param method - The snap method.
   * @param request - The pending request.
   */
  #track(method: string, request: SnapRequest): void {
    const index = this.#waiters.findIndex((entry) => entry.method === method);
    const waiter = this.#waiters[index];
    if (waiter) {
      this.#waiters.splice(index, 1);
      waiter.resolve({ request });
      return;
    }
    this.#requests.push({ method, request });
  }
}

/**
 * Whether the snap lets the site read account 0 (no dialog either way).
 *
 * @param metamask - The site's MetaMask.
 * @returns True when shared; false when the snap refuses it as not shared.
 */
export async function account0Shared(
  metamask: SimulatedMetaMask,
): Promise<boolean> {
  try {
    await withoutDialog(
      new SnapClient(metamask, SNAP_ID).invoke('snapnet_extractPublicKey', {
        userAddress: ACCOUNT_0.address,
        chainId: TESTNET,
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof AccountNotSharedError) {
      return false;
    }
    throw error;
  }
}

/**
 * Connects a wallet as a user would: MetaMask installs the snap and the user
 * approves the dialog that shares the account with the site.
 *
 * @param wallet - The wallet.
 * @param metamask - Its MetaMask.
 * @returns The accounts connect answered, and the share dialog's text.
 */
export async function connectSharing(
  wallet: StarknetSnapWallet,
  metamask: SimulatedMetaMask,
): Promise<{ accounts: readonly { address: string }[]; dialog: string }> {
  const connecting = wallet.features['standard:connect'].connect();
  const dialog = await metamask.approveNext('snapnet_createAccount');
  const { accounts } = await connecting;
  return { accounts, dialog };
}

import type { Json, JsonRpcParams } from '@metamask/snaps-sdk';

import type {
  ConfirmationDialog,
  PendingSnapRequest,
  SimulatedSnap,
} from './snap';
import { satisfies } from './versions';
import {
  dialogText,
  overTheWire,
  paramsOverTheWire,
  property,
  providerError,
} from './wire';
import { version as PACKAGE_VERSION } from '../../package.json';
import type { Eip1193Provider, RequestArguments } from '../provider';

/** The snap's id on npm, as a dapp names it in production. */
export const NPM_SNAP_ID = 'npm:starknet-snap-wallet';

/** The origin requests come from unless the test names another. */
export const DEFAULT_DAPP_ORIGIN = 'https://dapp.example';

export type SimulatedMetaMaskOptions = {
  /** The dapp's origin, as the snap sees it (default `https://dapp.example`). */
  origin?: string | undefined;
  /** The snap id MetaMask serves (default `npm:starknet-snap-wallet`). */
  snapId?: string | undefined;
  /**
   * The version MetaMask reports for the snap and checks requested ranges
   * against (default: this package's version, released with the snap's).
   */
  snapVersion?: string | undefined;
};

/**
 * MetaMask as a dapp sees it, in front of a snap installed by snaps-jest
 * (`installSnap()`): `wallet_requestSnaps` asks the user (approved unless
 * `approveConnection` is false) and grants this origin the snap,
 * `wallet_getSnaps` lists what it was granted, and `wallet_invokeSnap`
 * forwards to the real snap (refusing with MetaMask's 4100 error before the
 * grant). Params and results cross as JSON, as over MetaMask's channel.
 * Every snap request is kept so the test can approve or decline its dialog
 * (`nextConfirmation`, `approveNext`).
 */
export class SimulatedMetaMask implements Eip1193Provider {
  readonly snap: SimulatedSnap;

  readonly origin: string;

  readonly snapId: string;

  readonly snapVersion: string;

  /** Whether the user approves the next `wallet_requestSnaps` prompt. */
  approveConnection = true;

  readonly #permitted = new Set<string>();

  readonly #requests: { method: string; request: PendingSnapRequest }[] = [];

  readonly #waiters: {
    method: string;
    resolve: (found: { request: PendingSnapRequest }) => void;
  }[] = [];

  /**
   * @param snap - The snap, installed with snaps-jest's `installSnap`.
   * @param options - The dapp's origin, the snap's id and version.
   */
  constructor(snap: SimulatedSnap, options: SimulatedMetaMaskOptions = {}) {
    this.snap = snap;
    this.origin = options.origin ?? DEFAULT_DAPP_ORIGIN;
    this.snapId = options.snapId ?? NPM_SNAP_ID;
    this.snapVersion = options.snapVersion ?? PACKAGE_VERSION;
  }

  /**
   * The same MetaMask and snap as another site sees them (its own grants).
   *
   * @param origin - The other site's origin.
   * @returns Its MetaMask.
   */
  forOrigin(origin: string): SimulatedMetaMask {
    return new SimulatedMetaMask(this.snap, {
      origin,
      snapId: this.snapId,
      snapVersion: this.snapVersion,
    });
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
  async nextConfirmation(method: string): Promise<ConfirmationDialog> {
    const { request } = await this.#nextRequest(method);
    const dialog = await request.getInterface();
    const { ok, cancel } = dialog;
    if (dialog.type !== 'confirmation' || !ok || !cancel) {
      throw new Error(
        `${method} showed a ${String(dialog.type)} dialog, not a confirmation`,
      );
    }
    return { ...dialog, type: 'confirmation', ok, cancel };
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
    const text = dialogText(dialog.content);
    await dialog.ok();
    return text;
  }

  /**
   * Declines the confirmation dialog of the next (or earliest unclaimed)
   * snap request for a method.
   *
   * @param method - The snap method.
   * @returns All text of the dialog.
   */
  async declineNext(method: string): Promise<string> {
    const dialog = await this.nextConfirmation(method);
    const text = dialogText(dialog.content);
    await dialog.cancel();
    return text;
  }

  /**
   * The next (or earliest unclaimed) snap request for a method. Wrapped in an
   * object: resolving a promise with the request itself would wait for its
   * response instead.
   *
   * @param method - The snap method.
   * @returns The pending request.
   */
  async #nextRequest(method: string): Promise<{ request: PendingSnapRequest }> {
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
      version: this.snapVersion,
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
      if (id !== this.snapId) {
        throw providerError(-32603, `Snap "${id}" not found.`);
      }
      if (
        typeof version === 'string' &&
        !satisfies(this.snapVersion, version)
      ) {
        result[id] = {
          error: {
            code: -32603,
            message: `Version mismatch: ${JSON.stringify(version)} requested, ${this.snapVersion} available.`,
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
  #track(method: string, request: PendingSnapRequest): void {
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

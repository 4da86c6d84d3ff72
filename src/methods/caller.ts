import { is, string, type } from 'superstruct';

import type { Requester } from '../requestScope';

/**
 * Who calls, as the wallet treats it. MetaMask hands a handler `origin`,
 * which it verified; from snaps-sdk 12 it may add `originMetadata`
 * (`{transport, selfReportedOrigin}`, MetaMask/snaps PR #4093), present only
 * when the request came over a transport that cannot verify the origin
 * (WalletConnect, say): `origin` is then MetaMask's id of that channel, and
 * the site's address is its own claim.
 *
 * An unverified caller is keyed and shown as that claim with the channel it
 * came through ("https://app.example (unverified: its own claim, via
 * walletconnect 4f…)"): every dialog says "unverified", and no grant made
 * to the verified origin (accounts shared, networks added) ever matches it.
 */
export type Caller = {
  /** The key of its grants, and how dialogs name it. */
  origin: string;
  /** Who it is when turns are shared (see node/turns.ts). */
  requester: Requester;
  /**
   * Whether it may call as a web page: a verified http(s) origin, or an
   * unverified claim of one.
   */
  isDapp: boolean;
  /** Whether it is another snap (`npm:` or `local:`). */
  isSnap: boolean;
};

/** What snaps-sdk 12 hands beside an unverified origin. */
const OriginMetadataStruct = type({
  transport: string(),
  selfReportedOrigin: string(),
});

/** A web origin as a dapp's: scheme, host, optional port, nothing more. */
const WEB_ORIGIN = /^https?:\/\/[^/\s]+$/u;

/** A transport's name as shown: short, plain. */
const TRANSPORT = /^[a-z0-9][a-z0-9 _.-]{0,31}$/iu;

/**
 * Whether a text is exactly a web origin (what `new URL(text).origin`
 * gives back unchanged).
 *
 * @param text - The text.
 * @returns Whether it is one.
 */
function isWebOrigin(text: string): boolean {
  if (!WEB_ORIGIN.test(text)) {
    return false;
  }
  try {
    return new URL(text).origin === text;
  } catch {
    return false;
  }
}

/**
 * The one typed guard of a request's origin (see Caller).
 *
 * @param args - The handler's arguments.
 * @param args.origin - The origin MetaMask verified (or the channel's id).
 * @param args.originMetadata - From snaps-sdk 12, where MetaMask could not
 * verify the origin: the site's claim and its transport.
 * @returns The caller.
 */
export function callerOf(args: {
  origin: string;
  originMetadata?: unknown;
}): Caller {
  const { origin, originMetadata: metadata } = args;
  if (metadata === undefined || metadata === null) {
    return {
      origin,
      requester: origin,
      isDapp: isWebOrigin(origin),
      isSnap: /^(npm|local):/u.test(origin),
    };
  }
  const requester = `unverified ${origin}`;
  if (!is(metadata, OriginMetadataStruct)) {
    return {
      origin: `an unverified site (no claimed origin, via ${origin})`,
      requester,
      isDapp: false,
      isSnap: false,
    };
  }
  const claimed = isWebOrigin(metadata.selfReportedOrigin)
    ? metadata.selfReportedOrigin
    : undefined;
  const transport = TRANSPORT.test(metadata.transport)
    ? metadata.transport
    : 'an unnamed transport';
  return {
    origin: `${claimed ?? 'an unverified site'} (unverified: its own claim, via ${transport} ${origin})`,
    requester,
    isDapp: claimed !== undefined,
    isSnap: false,
  };
}

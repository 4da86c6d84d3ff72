import { callerOf } from './caller';
import { handleRequest } from './router';
import { RequestScope } from '../requestScope';

const SITE = 'https://app.example';

describe('callerOf: the one guard of a request origin', () => {
  it('a verified web origin is the site itself', () => {
    expect(callerOf({ origin: SITE })).toStrictEqual({
      origin: SITE,
      requester: SITE,
      isDapp: true,
      isSnap: false,
    });
    expect(callerOf({ origin: SITE, originMetadata: null })).toStrictEqual(
      callerOf({ origin: SITE }),
    );
  });

  it('another snap, and an origin that is not exactly a web origin', () => {
    expect(callerOf({ origin: 'npm:@acme/snap' })).toMatchObject({
      isDapp: false,
      isSnap: true,
    });
    for (const origin of [
      'https://app.example/path',
      'https://APP.example',
      'https://app.example ',
      'ftp://app.example',
    ]) {
      expect(callerOf({ origin })).toMatchObject({
        isDapp: false,
        isSnap: false,
      });
    }
  });

  it('with originMetadata (snaps-sdk 12: MetaMask could not verify the origin), the claim is shown as unverified, keyed by its channel, never as the verified origin', () => {
    const caller = callerOf({
      origin: 'wc-channel-4f2a',
      originMetadata: { transport: 'walletconnect', selfReportedOrigin: SITE },
    });
    expect(caller).toStrictEqual({
      origin:
        'https://app.example (unverified: its own claim, via walletconnect wc-channel-4f2a)',
      requester: 'unverified wc-channel-4f2a',
      isDapp: true,
      isSnap: false,
    });
    expect(caller.origin).not.toBe(SITE);
    // The same claim over another channel is another caller.
    expect(
      callerOf({
        origin: 'wc-channel-77aa',
        originMetadata: {
          transport: 'walletconnect',
          selfReportedOrigin: SITE,
        },
      }).origin,
    ).not.toBe(caller.origin);
  });

  it('an unverified claim that is not a web origin, or metadata of another shape, may call nothing', () => {
    const notAnOrigin = callerOf({
      origin: 'wc-channel-1',
      originMetadata: {
        transport: 'walletconnect',
        selfReportedOrigin: 'https://app.example/\u202Eevil',
      },
    });
    expect(notAnOrigin).toMatchObject({ isDapp: false, isSnap: false });
    expect(notAnOrigin.origin).toBe(
      'an unverified site (unverified: its own claim, via walletconnect wc-channel-1)',
    );
    expect(
      callerOf({ origin: 'wc-channel-2', originMetadata: { transport: 7 } }),
    ).toStrictEqual({
      origin: 'an unverified site (no claimed origin, via wc-channel-2)',
      requester: 'unverified wc-channel-2',
      isDapp: false,
      isSnap: false,
    });
    // A transport name is shown only when it is plain.
    expect(
      callerOf({
        origin: 'wc-channel-3',
        originMetadata: {
          transport: 'wallet\nconnect',
          selfReportedOrigin: SITE,
        },
      }).origin,
    ).toBe(
      'https://app.example (unverified: its own claim, via an unnamed transport wc-channel-3)',
    );
  });
});

describe('the router, given a request MetaMask could not verify', () => {
  it('refuses a caller that is no dapp before any method runs, naming the caller', async () => {
    const caller = callerOf({
      origin: 'wc-channel-1',
      originMetadata: { transport: 'walletconnect', selfReportedOrigin: 'x' },
    });
    await expect(
      handleRequest(
        caller,
        { method: 'snapnet_getCurrentNetwork' },
        new RequestScope(caller.requester),
      ),
    ).rejects.toThrow(
      'an unverified site (unverified: its own claim, via walletconnect wc-channel-1) may not call snapnet_getCurrentNetwork',
    );
  });
});

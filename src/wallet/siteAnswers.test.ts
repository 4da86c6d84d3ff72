import { InternalError, SnapError } from '@metamask/snaps-sdk';

import type { WalletContext } from './context';
import { errorForSite, hideSpellings, resultForSite } from './siteAnswers';
import { KeyRing } from '../keys/derivation';
import { DEFAULT_PREFERENCES } from '../prices/preferences';
import { RequestScope } from '../requestScope';
import { defaultState } from '../state/schema';
import type { WalletState } from '../state/schema';

const ADDRESS =
  0x3a48f9784a19e574e3976351f36d3806b8c27a97a972d2e2834e067d2c52883n;
const PUBLIC_KEY =
  0x1297ebe045cf72e92946f2daf84e7cbafdbe89bcb6f382e8fd3bdc254ea8a62n;
const SITE = 'https://site.example';

/**
 * A state in which the wallet holds account 0, shared with `sharedWith`.
 *
 * @param sharedWith - The sites that have it.
 * @returns The state.
 */
function stateWith(sharedWith: string[]): WalletState {
  const address = `0x${ADDRESS.toString(16).padStart(64, '0')}`;
  return {
    ...defaultState(),
    accounts: [
      {
        address,
        addressIndex: 0,
        publicKey: `0x${PUBLIC_KEY.toString(16)}`,
        addressSalt: `0x${PUBLIC_KEY.toString(16)}`,
        deployTxnHash: '',
        derivationPath: "m/44'/9004'/0'/0/0",
        chainId: '0x534e5f5345504f4c4941',
        kind: 'argent-cairo1',
      },
    ],
    permissions: sharedWith.map((origin) => ({
      origin,
      accounts: [address],
    })),
  };
}

/**
 * A request context over a given state (never stored: the snap's state
 * methods do not exist here, so the snapshot is what is read).
 *
 * @param state - The state.
 * @returns The context.
 */
function contextOver(state: WalletState): WalletContext {
  return {
    origin: SITE,
    scope: new RequestScope(SITE),
    keys: new KeyRing(),
    state: async () => state,
    preferences: async () => DEFAULT_PREFERENCES,
    node: (): never => {
      throw new Error('no node in this test');
    },
    swapApi: () => undefined,
    paymaster: (): never => {
      throw new Error('no paymaster in this test');
    },
  };
}

describe('hideSpellings', () => {
  const spellings = [ADDRESS.toString(16), ADDRESS.toString(10)];

  it.each([
    ['padded digits', `0x${ADDRESS.toString(16).padStart(64, '0')}`],
    ['upper case without 0x', ADDRESS.toString(16).toUpperCase()],
    ['0X and padding', `0X${ADDRESS.toString(16).padStart(66, '0')}`],
    ['decimal', ADDRESS.toString(10)],
  ])('hides the %s spelling inside a text', (_, spelled) => {
    expect(hideSpellings(`at ${spelled} is unavailable`, spellings)).toBe(
      'at 0x… is unavailable',
    );
  });

  it('leaves a text without them as it is', () => {
    expect(hideSpellings('Contract not found (0x1234)', spellings)).toBe(
      'Contract not found (0x1234)',
    );
  });

  it('hides overlapping and repeated occurrences once each', () => {
    const digits = ADDRESS.toString(16);
    expect(hideSpellings(`${digits}${digits} and ${digits}`, spellings)).toBe(
      '0x…0x… and 0x…',
    );
  });
});

describe('errorForSite', () => {
  const leaking = new InternalError(
    `refused ${ADDRESS.toString(10)} with key 0x${PUBLIC_KEY.toString(16)}`,
    { nodeCode: 41, seen: [`0x${ADDRESS.toString(16)}`] },
  );

  it('hides an account the site was not given, in message and data', async () => {
    const error = await errorForSite(leaking, contextOver(stateWith([])), {});
    expect(error).toBeInstanceOf(SnapError);
    const { code, message, data } = error as SnapError;
    expect(code).toBe(-32603);
    expect(message).toBe('refused 0x… with key 0x…');
    expect(data).toStrictEqual({ nodeCode: 41, seen: ['0x…'] });
  });

  it("keeps the site's own account", async () => {
    const error = await errorForSite(
      leaking,
      contextOver(stateWith([SITE])),
      {},
    );
    expect(error).toBe(leaking);
  });

  it('keeps what the site wrote in its params (any spelling)', async () => {
    const error = await errorForSite(
      new InternalError(`refused 0x${ADDRESS.toString(16)}`),
      contextOver(stateWith([])),
      { address: ADDRESS.toString(10) },
    );
    expect(error.message).toBe(`refused 0x${ADDRESS.toString(16)}`);
  });

  it('passes an error that names no account through unchanged', async () => {
    const plain = new InternalError('Unexpected error: boom');
    expect(await errorForSite(plain, contextOver(stateWith([])), {})).toBe(
      plain,
    );
  });
});

describe('resultForSite', () => {
  const address = `0x${ADDRESS.toString(16).padStart(64, '0')}`;

  it("hides an account the site was not given in a node's free text", async () => {
    const result = {
      txnHash: '0x1234',
      failureReason: `Error in the called contract (${address}): u256_sub Overflow`,
    };
    expect(
      await resultForSite(result, contextOver(stateWith([])), {}),
    ).toStrictEqual({
      txnHash: '0x1234',
      failureReason: 'Error in the called contract (0x…): u256_sub Overflow',
    });
  });

  it('answers a value that is one number as it is (on-chain data)', async () => {
    const result = {
      contractCallData: [address, '0x1'],
      note: `sent ${address}`,
    };
    expect(
      await resultForSite(result, contextOver(stateWith([])), {}),
    ).toStrictEqual({
      contractCallData: [address, '0x1'],
      note: 'sent 0x…',
    });
  });

  it("keeps the site's own account in free text", async () => {
    const result = { failureReason: `from ${address}` };
    expect(
      await resultForSite(result, contextOver(stateWith([SITE])), {}),
    ).toStrictEqual(result);
  });

  it('returns a result without free text untouched, reading nothing', async () => {
    const result = ['0x1', { balance: '12', symbol: 'STRK' }];
    const context = contextOver(stateWith([]));
    context.state = async (): Promise<never> => {
      throw new Error('read');
    };
    expect(await resultForSite(result, context, {})).toBe(result);
  });
});

import type { Json } from '@metamask/snaps-sdk';

import { markTold, releaseNews, settleActivity } from './activity';
import { defaultState } from './schema';
import type { WalletState } from './schema';
import { forgetStateMirror } from './store';
import { STRK_ADDRESS } from '../config';

/**
 * News is leased when a run takes it and marked told only once
 * snap_notify returned: one that failed is told by a later run, and no run
 * at the same time tells it twice.
 */

const CHAIN = '0x534e5f5345504f4c4941';
const ACCOUNT = `0x${'a'.repeat(64)}`;
const TOKEN = STRK_ADDRESS;

let stored: Record<string, Json>;

beforeEach(() => {
  const state: WalletState = {
    ...defaultState(),
    // Balances are kept for the accounts and tokens the wallet keeps.
    accounts: [
      {
        address: ACCOUNT,
        addressIndex: 0,
        publicKey: '0x1',
        addressSalt: '0x1',
        deployTxnHash: '',
        derivationPath: "m/44'/9004'/0'/0/0",
        chainId: CHAIN,
        kind: 'argent-cairo1',
      },
    ],
    transactions: [
      {
        txnHash: '0x1',
        txnType: 'invoke',
        senderAddress: ACCOUNT,
        contractAddress: '',
        contractFuncName: '',
        contractCallData: [],
        status: 'RECEIVED',
        failureReason: null,
        eventIds: [],
        timestamp: 1,
        chainId: CHAIN,
      },
    ],
    notified: {
      transactions: [],
      balances: [
        { chainId: CHAIN, account: ACCOUNT, token: TOKEN, amount: '5' },
      ],
    },
  };
  stored = JSON.parse(JSON.stringify(state));
  forgetStateMirror();
  Object.assign(globalThis, {
    snap: {
      request: async (request: {
        params: { operation: string; newState?: Record<string, Json> };
      }): Promise<Json> => {
        if (request.params.operation === 'update' && request.params.newState) {
          stored = JSON.parse(JSON.stringify(request.params.newState));
        }
        return stored;
      },
    },
  });
});

const accepted = [
  {
    chainId: CHAIN,
    txnHash: '0x1',
    status: 'ACCEPTED_ON_L2' as const,
    failureReason: null,
  },
];
const grown = [{ chainId: CHAIN, account: ACCOUNT, token: TOKEN, amount: 8n }];

describe('telling news', () => {
  it('leases an outcome: not told twice while a run tells it, told again after a failure, and only once after snap_notify returned', async () => {
    const first = await settleActivity(accepted, [], 5);
    expect(first.outcomes.map(({ txnHash }) => txnHash)).toStrictEqual(['0x1']);
    // Taken, not yet told: a run at the same time takes nothing.
    expect((await settleActivity([], [], 5)).outcomes).toStrictEqual([]);
    // snap_notify failed: the next run tells it.
    const [taken] = first.outcomes;
    if (!taken) {
      throw new Error('Nothing taken');
    }
    await releaseNews({ outcome: taken });
    const again = await settleActivity([], [], 5);
    expect(again.outcomes).toHaveLength(1);
    // snap_notify returned: told, never again.
    await markTold({ outcome: taken });
    expect((await settleActivity([], [], 5)).outcomes).toStrictEqual([]);
    expect(stored.notified).toMatchObject({
      transactions: [`${CHAIN}:0x1`],
      telling: [],
    });
  });

  it('keeps the last balance seen until an arrival was told', async () => {
    const { arrivals } = await settleActivity([], grown, 5);
    expect(arrivals).toStrictEqual([{ ...grown[0], received: 3n }]);
    expect((await settleActivity([], grown, 5)).arrivals).toStrictEqual([]);
    const arrival = arrivals[0];
    if (!arrival) {
      throw new Error('No arrival');
    }
    await releaseNews({ arrival });
    expect((await settleActivity([], grown, 5)).arrivals).toHaveLength(1);
    await markTold({ arrival });
    expect((await settleActivity([], grown, 5)).arrivals).toStrictEqual([]);
    expect(stored.notified).toMatchObject({
      balances: [
        { chainId: CHAIN, account: ACCOUNT, token: TOKEN, amount: '8' },
      ],
    });
  });
});

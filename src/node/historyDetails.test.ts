import { hash } from 'starknet';

import { NodeClient } from './client';
import type { Detail } from './historyDetails';
import { recordOf } from './historyDetails';
import { TRANSFER_KEY } from './transferEvents';
import { TESTNET_CHAIN_ID } from '../config';

const TESTNET = { name: 'Testnet', chainId: TESTNET_CHAIN_ID };
/** Never asked: recordOf only reads the client's network. */
const CLIENT = new NodeClient(TESTNET, { urls: ['http://127.0.0.1:9/rpc'] });
const ACCOUNT = `0x${'0'.repeat(61)}abc`;
const OTHER = `0x${'0'.repeat(61)}def`;
const TOKEN = `0x${'0'.repeat(61)}bad`;
const TRANSFER = hash.getSelectorFromName('transfer');

/**
 * What a node says of a transaction another account sent.
 *
 * @param calldata - Its `__execute__` calldata.
 * @param receipt - Receipt fields to change.
 * @returns The detail.
 */
function detailOf(
  calldata: string[],
  receipt: Partial<Detail['receipt']> = {},
): Detail {
  return {
    transaction: { type: 'INVOKE', sender_address: OTHER, calldata },
    receipt: {
      execution_status: 'SUCCEEDED',
      finality_status: 'ACCEPTED_ON_L2',
      events: [],
      ...receipt,
    },
    timestamp: 1_800_000_000,
  };
}

describe('recordOf', () => {
  it('describes an incoming transfer by the event that moved it when the call is not one to the account', () => {
    const record = recordOf(CLIENT, {
      txHash: '0x1',
      account: ACCOUNT,
      detail: detailOf(['0x1', TOKEN, TRANSFER, '0x3', OTHER, '0x5', '0x0'], {
        finality_status: 'ACCEPTED_ON_L1',
      }),
      movement: {
        from_address: TOKEN,
        keys: [TRANSFER_KEY, OTHER, ACCOUNT],
        data: ['0x5', '0x0'],
        transaction_hash: '0x1',
      },
    });
    expect(record).toMatchObject({
      senderAddress: OTHER,
      contractAddress: TOKEN,
      contractFuncName: 'transfer_from',
      contractCallData: [OTHER, ACCOUNT, '0x5', '0x0'],
      status: 'ACCEPTED_ON_L1',
      chainId: TESTNET_CHAIN_ID,
    });
  });

  it('describes an incoming Cairo 0 transfer (parties in the data) by its event', () => {
    const record = recordOf(CLIENT, {
      txHash: '0x3',
      account: ACCOUNT,
      detail: detailOf(['0x1', TOKEN, TRANSFER, '0x3', OTHER, '0x5', '0x0']),
      movement: {
        from_address: TOKEN,
        keys: [TRANSFER_KEY],
        data: [OTHER, ACCOUNT, '0x7', '0x0'],
        transaction_hash: '0x3',
      },
    });
    expect(record).toMatchObject({
      contractAddress: TOKEN,
      contractFuncName: 'transfer_from',
      contractCallData: [OTHER, ACCOUNT, '0x7', '0x0'],
    });
  });

  it('shows no call rather than a wrong one: calldata shorter than its length, an event of another layout', () => {
    const record = recordOf(CLIENT, {
      txHash: '0x2',
      account: ACCOUNT,
      // The first call claims 9 felts of calldata: only 2 follow.
      detail: detailOf(['0x1', TOKEN, TRANSFER, '0x9', ACCOUNT, '0x5']),
      // Not a Transfer (another event's selector).
      movement: {
        from_address: TOKEN,
        keys: ['0x99'],
        data: [OTHER, ACCOUNT, '0x5', '0x0'],
        transaction_hash: '0x2',
      },
    });
    expect(record).toMatchObject({
      contractAddress: '',
      contractFuncName: '',
      contractCallData: [],
    });
  });
});

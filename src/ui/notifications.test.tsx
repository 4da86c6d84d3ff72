import { notifyClaimReady, notifyExitReady } from './notifications';
import type { ExitReadyNotice } from './notifications';
import { normaliseAddress } from '../keys/address';
import { MASK } from '../prices/money';

// What an exit notice says, as MetaMask receives it (snap_notify's params).

const STRK_TOKEN = {
  address: normaliseAddress('0x4718'),
  symbol: 'STRK',
  decimals: 18,
};

let sent: { message: string }[];

beforeEach(() => {
  sent = [];
  Object.assign(globalThis, {
    snap: {
      request: async (request: {
        params: { message: string };
      }): Promise<null> => {
        sent.push({ message: request.params.message });
        return null;
      },
    },
  });
});

/**
 * The notice of an exit of 40 tokens.
 *
 * @param changes - What differs.
 * @returns The notice.
 */
function exitOf(changes: Partial<ExitReadyNotice>): ExitReadyNotice {
  return {
    amount: 40n * 10n ** 18n,
    token: STRK_TOKEN,
    isStrk: true,
    staker: normaliseAddress('0x5e1'),
    pool: normaliseAddress('0x9001'),
    networkName: 'Testnet',
    accountName: 'Account 0',
    account: normaliseAddress('0xacc'),
    display: { locale: 'en', hidden: false },
    ...changes,
  };
}

describe('an exit notice', () => {
  it('says the amount: STRK by its symbol, another token in its smallest unit, masked while balances are hidden', async () => {
    await notifyExitReady(exitOf({}));
    await notifyExitReady(exitOf({ token: undefined, isStrk: false }));
    await notifyExitReady(exitOf({ display: { locale: 'de', hidden: true } }));
    await notifyExitReady(
      exitOf({
        token: undefined,
        isStrk: false,
        display: { locale: 'en', hidden: true },
      }),
    );
    expect(sent.map(({ message }) => message.split(' from ')[0])).toStrictEqual(
      [
        '40 STRK can be withdrawn',
        `${40n * 10n ** 18n} (smallest unit) can be withdrawn`,
        `${MASK} can be withdrawn`,
        `${MASK} can be withdrawn`,
      ],
    );
  });
});

describe('a liquid staking claim notice', () => {
  it('says the STRK a request pays, masked while balances are hidden', async () => {
    const notice = {
      amount: 516n * 10n ** 17n,
      id: 42n,
      networkName: 'Testnet',
      accountName: 'Account 0',
      account: normaliseAddress('0xacc'),
    };
    await notifyClaimReady({
      ...notice,
      display: { locale: 'de', hidden: false },
    });
    await notifyClaimReady({
      ...notice,
      display: { locale: 'en', hidden: true },
    });
    expect(sent.map(({ message }) => message)).toStrictEqual([
      "51,6 STRK can be claimed from Endur's withdrawal queue",
      `${MASK} can be claimed from Endur's withdrawal queue`,
    ]);
  });
});

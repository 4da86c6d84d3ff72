import { formAfter, signOnce } from './signingForm';
import type { HomeNotice } from './views/model';
import { MAINNET_CHAIN_ID, TESTNET_CHAIN_ID } from '../../config';
import type { Network } from '../../config';

/**
 * The rule of the page's signing forms, event by event as MetaMask delivers
 * them (concurrently). The snap's state is a fresh install's (the host
 * answers no stored state): the wallet is on Testnet. The chain tier
 * (test/chain/homeForms.test.ts) drives the same rule through the page.
 */

const SENT: HomeNotice = { severity: 'info', text: 'Sent. Transaction 0x1' };

beforeAll(() => {
  Object.assign(globalThis, {
    snap: { request: async (): Promise<null> => null },
  });
});

describe('a page form that signs', () => {
  it('is signed once: a press while it is confirmed, or once it was sent, is answered; its next drawing is a new, empty form', async () => {
    const place = {
      view: 'send' as const,
      chainId: TESTNET_CHAIN_ID,
      form: 'a',
    };
    let confirm = (_notice: HomeNotice): void => undefined;
    const signed: Network[] = [];
    let asked = (): void => undefined;
    const confirming = new Promise<void>((resolve) => {
      asked = resolve;
    });
    const first = signOnce('page', place, async (network) => {
      signed.push(network);
      return new Promise<HomeNotice>((resolve) => {
        confirm = resolve;
        asked();
      });
    });
    const sign = jest.fn(async () => SENT);
    expect(await signOnce('page', place, sign)).toStrictEqual({
      severity: 'warning',
      text: 'Already on its way: answer the confirmation that is open. Nothing else was sent.',
    });
    await confirming;
    confirm(SENT);
    expect(await first).toBe(SENT);
    expect(signed.map(({ chainId }) => chainId)).toStrictEqual([
      TESTNET_CHAIN_ID,
    ]);
    expect(await signOnce('page', place, sign)).toStrictEqual({
      severity: 'warning',
      text: 'Already sent: Sent. Transaction 0x1. Nothing else was sent.',
    });
    expect(sign).not.toHaveBeenCalled();
    expect(formAfter('page', place, place)).toStrictEqual({
      view: 'send',
      chainId: TESTNET_CHAIN_ID,
      emptyForms: true,
    });
    // Another page's form, or another drawing, is its own.
    expect(await signOnce('other', place, sign)).toBe(SENT);
    expect(
      await signOnce('page', { ...place, form: 'b' }, async () => undefined),
    ).toBeUndefined();
    expect(formAfter('page', { ...place, form: 'b' }, place)).toBe(place);
  });

  it('is not consumed by a refusal, a failure or a cancel', async () => {
    const place = {
      view: 'send' as const,
      chainId: TESTNET_CHAIN_ID,
      form: 'c',
    };
    const refused: HomeNotice = { severity: 'warning', text: 'Amount: …' };
    expect(await signOnce('page', place, async () => refused)).toBe(refused);
    await expect(
      signOnce('page', place, async () => {
        throw new Error('declined');
      }),
    ).rejects.toThrow('declined');
    expect(await signOnce('page', place, async () => SENT)).toBe(SENT);
  });

  it('sends only on the network it was drawn for', async () => {
    const sign = jest.fn(async () => SENT);
    expect(
      await signOnce(
        'page',
        { view: 'send', chainId: MAINNET_CHAIN_ID, form: 'd' },
        sign,
      ),
    ).toStrictEqual({
      severity: 'warning',
      text: 'Nothing was sent: this page was drawn for Mainnet, and the wallet is now on Testnet. It is shown again on Testnet: check it and try again.',
    });
    // A drawing that does not say its network (an older snap's) is refused.
    expect(
      await signOnce('page', { view: 'send', form: 'e' }, sign),
    ).toMatchObject({
      text: expect.stringContaining('drawn for another network'),
    });
    expect(sign).not.toHaveBeenCalled();
  });

  it('remembers the forms it sent, the oldest forgotten first', async () => {
    for (let index = 0; index < 70; index++) {
      await signOnce(
        'many',
        { view: 'send', chainId: TESTNET_CHAIN_ID, form: String(index) },
        async () => SENT,
      );
    }
    const drawn = { view: 'send' as const, chainId: TESTNET_CHAIN_ID };
    expect(formAfter('many', { ...drawn, form: '0' }, drawn)).toBe(drawn);
    expect(formAfter('many', { ...drawn, form: '69' }, drawn)).toStrictEqual({
      ...drawn,
      emptyForms: true,
    });
  });
});

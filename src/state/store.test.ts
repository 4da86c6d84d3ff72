import type { Json } from '@metamask/snaps-sdk';

import { defaultState } from './schema';
import { forgetStateMirror, readState, updateState } from './store';

/**
 * The store reads MetaMask's state once per snap process and keeps a
 * mirror that every write replaces: later reads ask MetaMask nothing.
 */

let stored: Record<string, Json>;
let gets: number;
/** Holds the next update until released (to overlap a read with it). */
let holdUpdate: Promise<void> | undefined;
let failUpdate: boolean;

beforeEach(() => {
  stored = JSON.parse(JSON.stringify(defaultState()));
  gets = 0;
  holdUpdate = undefined;
  failUpdate = false;
  forgetStateMirror();
  Object.assign(globalThis, {
    snap: {
      request: async (request: {
        params: { operation: string; newState?: Record<string, Json> };
      }): Promise<Json> => {
        if (request.params.operation === 'get') {
          gets += 1;
          return JSON.parse(JSON.stringify(stored));
        }
        await holdUpdate;
        if (failUpdate) {
          throw new Error('MetaMask could not store it');
        }
        stored = JSON.parse(JSON.stringify(request.params.newState));
        return null;
      },
    },
  });
});

describe('the state store', () => {
  it('asks MetaMask once, then answers from its mirror, as copies', async () => {
    const first = await readState();
    first.hiddenTokens.push({ chainId: '0x1', address: '0x2' });
    const second = await readState();
    expect(gets).toBe(1);
    expect(second.hiddenTokens).toStrictEqual([]);
  });

  it('keeps what was written, as MetaMask stored it', async () => {
    await readState();
    await updateState((draft) => {
      draft.hiddenTokens.push({ chainId: '0x1', address: '0x2' });
    });
    const read = await readState();
    expect(read.hiddenTokens).toStrictEqual([
      { chainId: '0x1', address: '0x2' },
    ]);
    expect(read).toStrictEqual(stored);
    expect(gets).toBe(1);
  });

  it('asks MetaMask again after a write that failed', async () => {
    await readState();
    failUpdate = true;
    await expect(
      updateState((draft) => {
        draft.hiddenTokens.push({ chainId: '0x1', address: '0x2' });
      }),
    ).rejects.toThrow('MetaMask could not store it');
    const read = await readState();
    expect(gets).toBe(2);
    expect(read.hiddenTokens).toStrictEqual([]);
  });

  it('keeps no mirror from a read that a write overlapped', async () => {
    let release = (): void => undefined;
    holdUpdate = new Promise((resolve) => {
      release = resolve;
    });
    const writing = updateState((draft) => {
      draft.hiddenTokens.push({ chainId: '0x1', address: '0x2' });
    });
    // The write's own read, then a read while its update is held.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const during = readState();
    release();
    await writing;
    expect((await during).hiddenTokens).toStrictEqual([]);
    const after = await readState();
    expect(after.hiddenTokens).toStrictEqual([
      { chainId: '0x1', address: '0x2' },
    ]);
  });
});

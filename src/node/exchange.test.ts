import type { ServerResponse } from 'http';

import { postJson } from './exchange';
import {
  EXCHANGES_PER_ORIGIN,
  ExchangeFailure,
  TURNS_PER_REQUESTER,
} from './turns';
import {
  closeScriptedNodes,
  scriptedNode,
  sendJson,
} from '../../test/scriptedNode';
import { RequestScope } from '../requestScope';

afterAll(closeScriptedNodes);

const LIMITS = { timeoutMs: 10_000, maxBytes: 10_000 };

/**
 * Options of an exchange asked by one of two requesters, taking turns, so
 * that together they may fill every turn of an origin.
 *
 * @param index - The exchange's number.
 * @returns Its options.
 */
function byTwo(index: number): { scope: RequestScope } {
  return { scope: new RequestScope(`https://site-${index % 2}.example`) };
}

describe('exchanges to one origin', () => {
  it('a burst keeps at most EXCHANGES_PER_ORIGIN in flight, TURNS_PER_REQUESTER of each requester, the others answered in their turn, first come first served', async () => {
    const held: { id: number; response: ServerResponse }[] = [];
    let most = 0;
    const node = await scriptedNode(([request], response) => {
      held.push({ id: request?.id ?? 0, response });
      most = Math.max(most, held.length);
      // Answered a little later, one by one, oldest first.
      setTimeout(() => {
        const first = held.shift();
        if (first) {
          sendJson(first.response, { id: first.id, result: first.id });
        }
      }, 5);
    });
    const burst = 5 * EXCHANGES_PER_ORIGIN;
    const answers = await Promise.all(
      Array.from({ length: burst }, async (_, id) =>
        postJson(
          node.url,
          { jsonrpc: '2.0', id, method: 'm' },
          LIMITS,
          byTwo(id),
        ),
      ),
    );
    expect(answers).toStrictEqual(
      Array.from({ length: burst }, (_, id) => ({ id, result: id })),
    );
    expect(most).toBe(EXCHANGES_PER_ORIGIN);
    expect(2 * TURNS_PER_REQUESTER).toBe(EXCHANGES_PER_ORIGIN);
    // The first turns go to the first exchanges asked.
    const arrived = node.posts.map(([request]) => request?.id ?? -1);
    expect(
      arrived
        .slice(0, EXCHANGES_PER_ORIGIN)
        .sort((left, right) => left - right),
    ).toStrictEqual(
      Array.from({ length: EXCHANGES_PER_ORIGIN }, (_, id) => id),
    );
  });

  it('a failed exchange gives its turn to the next', async () => {
    const node = await scriptedNode(([request], response) => {
      if (request?.method === 'fail') {
        response.destroy();
        return;
      }
      sendJson(response, { id: request?.id, result: 'ok' });
    });
    const failing = Array.from(
      { length: 2 * EXCHANGES_PER_ORIGIN },
      async (_, index) =>
        postJson(
          node.url,
          { id: 0, method: 'fail' },
          LIMITS,
          byTwo(index),
        ).catch((error: unknown) => error),
    );
    const after = postJson(node.url, { id: 1, method: 'ok' }, LIMITS);
    await Promise.all(failing);
    expect(await after).toStrictEqual({ id: 1, result: 'ok' });
  });

  it('an exchange whose turn does not come within its limit leaves the line and fails, never sent; the turns held go on', async () => {
    const held: ServerResponse[] = [];
    const node = await scriptedNode(([request], response) => {
      if (request?.method === 'hold') {
        held.push(response);
        return;
      }
      sendJson(response, { id: request?.id, result: 'ok' });
    });
    const holding = Array.from(
      { length: EXCHANGES_PER_ORIGIN },
      async (_, index) =>
        postJson(node.url, { id: 0, method: 'hold' }, LIMITS, byTwo(index)),
    );
    const asked = Date.now();
    const waiting = postJson(
      node.url,
      { id: 1, method: 'late' },
      { timeoutMs: 300, maxBytes: 10_000 },
      byTwo(0),
    );
    await expect(waiting).rejects.toThrow(
      new ExchangeFailure('no complete answer within 0.3 s'),
    );
    // Given up on at its limit, not when a turn came (none did).
    expect(Date.now() - asked).toBeLessThan(LIMITS.timeoutMs);
    expect(held).toHaveLength(EXCHANGES_PER_ORIGIN);
    expect(node.posts.map(([request]) => request?.method)).not.toContain(
      'late',
    );

    for (const response of held) {
      sendJson(response, { id: 0, result: 'held' });
    }
    expect(await Promise.all(holding)).toStrictEqual(
      Array.from({ length: EXCHANGES_PER_ORIGIN }, () => ({
        id: 0,
        result: 'held',
      })),
    );
    // No turn was lost to the exchange that left.
    expect(
      await postJson(node.url, { id: 2, method: 'after' }, LIMITS),
    ).toStrictEqual({ id: 2, result: 'ok' });
  });

  it('an exchange that waited for its turn has only what is left of its limit', async () => {
    const node = await scriptedNode(([request], response) => {
      // The first turns are held 400 ms; the one that waited is answered
      // 800 ms after it is sent: 1.2 s in all, over its 1 s.
      const delay = request?.method === 'first' ? 400 : 800;
      setTimeout(
        () => sendJson(response, { id: request?.id, result: 'ok' }),
        delay,
      );
    });
    const first = Array.from(
      { length: EXCHANGES_PER_ORIGIN },
      async (_, index) =>
        postJson(node.url, { id: 0, method: 'first' }, LIMITS, byTwo(index)),
    );
    const waited = postJson(
      node.url,
      { id: 1, method: 'waited' },
      { timeoutMs: 1000, maxBytes: 10_000 },
      byTwo(1),
    );
    await expect(waited).rejects.toThrow(
      new ExchangeFailure('no complete answer within 1 s'),
    );
    await Promise.all(first);
    expect(node.posts.map(([request]) => request?.method)).toContain('waited');
  });
});

import type { ServerResponse } from 'http';

import { EXCHANGES_PER_ORIGIN, postJson } from './exchange';
import {
  closeScriptedNodes,
  scriptedNode,
  sendJson,
} from '../../test/scriptedNode';

afterAll(closeScriptedNodes);

const LIMITS = { timeoutMs: 10_000, maxBytes: 10_000 };

describe('exchanges to one origin', () => {
  it('a burst keeps at most EXCHANGES_PER_ORIGIN in flight, the others answered in their turn, first come first served', async () => {
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
        postJson(node.url, { jsonrpc: '2.0', id, method: 'm' }, LIMITS),
      ),
    );
    expect(answers).toStrictEqual(
      Array.from({ length: burst }, (_, id) => ({ id, result: id })),
    );
    expect(most).toBe(EXCHANGES_PER_ORIGIN);
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
    const failing = Array.from({ length: 2 * EXCHANGES_PER_ORIGIN }, async () =>
      postJson(node.url, { id: 0, method: 'fail' }, LIMITS).catch(
        (error: unknown) => error,
      ),
    );
    const after = postJson(node.url, { id: 1, method: 'ok' }, LIMITS);
    await Promise.all(failing);
    expect(await after).toStrictEqual({ id: 1, result: 'ok' });
  });
});

import type { ServerResponse } from 'http';

import { postJson } from './exchange';
import {
  EXCHANGES_PER_ORIGIN,
  ExchangeFailure,
  takeTurn,
  TURNS_PER_REQUESTER,
  WAITING_PER_REQUESTER,
} from './turns';
import {
  closeScriptedNodes,
  scriptedNode,
  sendJson,
} from '../../test/scriptedNode';
import { inRequest, RequestScope } from '../requestScope';

afterAll(closeScriptedNodes);

const LIMITS = { timeoutMs: 10_000, maxBytes: 10_000 };

const FLOODER = 'https://flood.example';

describe('fair turns', () => {
  it('one site flooding a slow node: the rest of its flood is refused at once naming the limit; another site and the page are answered at once; nothing is lost or answered twice', async () => {
    const held: { id: number; response: ServerResponse }[] = [];
    const node = await scriptedNode(([request], response) => {
      if (request?.method === 'slow') {
        held.push({ id: request.id, response });
        return;
      }
      sendJson(response, { id: request?.id, result: request?.id });
    });
    const flood = new RequestScope(FLOODER);
    const asked = 3 * WAITING_PER_REQUESTER;
    const flooding = Array.from({ length: asked }, async (_, id) =>
      postJson(node.url, { id, method: 'slow' }, LIMITS, {
        scope: flood,
      }).then(
        (answer) => ({ answer }),
        (error: unknown) => ({ error }),
      ),
    );
    // The others are served beside the flood, within a fraction of a limit.
    const started = Date.now();
    const others = await Promise.all([
      postJson(node.url, { id: 1001, method: 'read' }, LIMITS, {
        scope: new RequestScope('https://other.example'),
      }),
      postJson(node.url, { id: 1002, method: 'read' }, LIMITS, {
        scope: new RequestScope('the page'),
      }),
      postJson(node.url, { id: 1003, method: 'read' }, LIMITS, {
        scope: new RequestScope('the background check'),
      }),
    ]);
    expect(others).toStrictEqual([
      { id: 1001, result: 1001 },
      { id: 1002, result: 1002 },
      { id: 1003, result: 1003 },
    ]);
    expect(Date.now() - started).toBeLessThan(LIMITS.timeoutMs / 4);
    expect(held).toHaveLength(TURNS_PER_REQUESTER);

    // The node answers the flood, a turn at a time.
    const answerHeld = (): void => {
      for (const { id, response } of held.splice(0)) {
        sendJson(response, { id, result: id });
      }
    };
    const pump = setInterval(answerHeld, 5);
    const outcomes = await Promise.all(flooding);
    clearInterval(pump);

    const refused = outcomes.flatMap((outcome) =>
      'error' in outcome ? [outcome.error] : [],
    );
    const answered = outcomes.flatMap((outcome) =>
      'answer' in outcome ? [outcome.answer] : [],
    );
    expect(answered).toHaveLength(TURNS_PER_REQUESTER + WAITING_PER_REQUESTER);
    expect(refused).toHaveLength(
      asked - TURNS_PER_REQUESTER - WAITING_PER_REQUESTER,
    );
    for (const error of refused) {
      expect(error).toStrictEqual(
        new ExchangeFailure(
          `refused at once: ${WAITING_PER_REQUESTER} requests from the same requester already wait for their turn (at most ${WAITING_PER_REQUESTER} wait, ${TURNS_PER_REQUESTER} run)`,
        ),
      );
    }
    // Each accepted exchange reached the node once, in the order asked.
    const slowIds = node.posts
      .map(([request]) => request)
      .filter((request) => request?.method === 'slow')
      .map((request) => request?.id);
    expect(slowIds).toStrictEqual(
      Array.from(
        { length: TURNS_PER_REQUESTER + WAITING_PER_REQUESTER },
        (_, id) => id,
      ),
    );
    expect(answered).toStrictEqual(slowIds.map((id) => ({ id, result: id })));
  });

  it('a freed turn goes to the requesters in rotation, each one first come first served', async () => {
    const held: { id: number; response: ServerResponse }[] = [];
    const node = await scriptedNode(([request], response) => {
      held.push({ id: request?.id ?? -1, response });
    });
    const ask = async (requester: string, id: number): Promise<unknown> =>
      postJson(node.url, { id, method: 'm' }, LIMITS, {
        scope: new RequestScope(requester),
      });
    // Two requesters fill every turn; then A, A, B, C wait.
    const first = [0, 1, 2].map(async (id) => ask('A', id));
    const second = [3, 4, 5].map(async (id) => ask('B', id));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(held).toHaveLength(EXCHANGES_PER_ORIGIN);
    const waiting = [ask('A', 6), ask('A', 7), ask('B', 8), ask('C', 9)];
    const freeOne = async (): Promise<number> => {
      const arrived = held.length;
      const oldest = held.shift();
      if (oldest) {
        sendJson(oldest.response, { id: oldest.id, result: oldest.id });
      }
      for (let tries = 0; tries < 200 && held.length < arrived; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return held[held.length - 1]?.id ?? -1;
    };
    // Each freed turn goes to the first requester in rotation under its
    // share: A (waited first), then C (A went to the back, B is at its
    // share), then A again (B still at its share), then B once its own
    // turn ends.
    const order: number[] = [];
    for (let freed = 0; freed < 4; freed++) {
      order.push(await freeOne());
    }
    for (const { id, response } of held.splice(0)) {
      sendJson(response, { id, result: id });
    }
    await Promise.all([...first, ...second, ...waiting]);
    expect(order).toStrictEqual([6, 9, 7, 8]);
  });
});

/* eslint-disable n/no-unsupported-features/node-builtins, no-restricted-globals -- Node 20 has fetch and Response; this test stands in for the executor's fetch */
describe('turns and the end of a request', () => {
  const realFetch = globalThis.fetch;

  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it("a request's exchanges cut off as MetaMask's teardown does (the fetch never settles, the timers never fire) give their turns back when the request ends: the next request is served at once", async () => {
    // Timers set by the requests are cleared: none fires in this test.
    jest.useFakeTimers();
    const node = 'https://teardown.example';
    // The executor drops a torn-down fetch's promise: it never settles,
    // whatever its signal does. The node answers the balance read.
    const asked: string[] = [];
    globalThis.fetch = async (_input, init): Promise<Response> => {
      const { method } = JSON.parse(
        typeof init?.body === 'string' ? init.body : '{}',
      );
      asked.push(method);
      return method === 'names'
        ? new Promise<Response>(() => undefined)
        : new Response(JSON.stringify({ id: 9, result: 'ok' }));
    };
    const site = 'https://quick.example';
    for (let request = 0; request < 4; request++) {
      await inRequest(site, async (scope) => {
        // Name reads left running while a dialog is answered at once.
        for (let read = 0; read < TURNS_PER_REQUESTER; read++) {
          postJson(node, { id: read, method: 'names' }, LIMITS, {
            scope,
          }).catch(() => undefined);
        }
        await Promise.resolve();
        return 'signed';
      });
    }
    expect(asked).toHaveLength(4 * TURNS_PER_REQUESTER);
    // The site's next request gets a turn at once, as if nothing had run
    // (no timer has fired: its turn did not come from a limit passing).
    const answer = await inRequest(site, async (scope) =>
      postJson(node, { id: 9, method: 'balance' }, LIMITS, { scope }),
    );
    expect(answer).toStrictEqual({ id: 9, result: 'ok' });
    jest.clearAllTimers();
    jest.useRealTimers();
  });
  /* eslint-enable n/no-unsupported-features/node-builtins, no-restricted-globals */

  it('a place in line is given back when its request ends, and a request that has ended takes no turn', async () => {
    const scope = new RequestScope('https://ended.example');
    const origin = 'https://line.example';
    const turns = await Promise.all(
      Array.from({ length: TURNS_PER_REQUESTER }, async () =>
        takeTurn(origin, scope.requester, 60_000, scope),
      ),
    );
    const waiting = takeTurn(origin, scope.requester, 60_000, scope);
    scope.end();
    await expect(waiting).rejects.toThrow(
      new ExchangeFailure('the request that asked has ended'),
    );
    await expect(
      takeTurn(origin, scope.requester, 60_000, scope),
    ).rejects.toThrow(new ExchangeFailure('the request that asked has ended'));
    // Its turns were given back: another request of the same site takes
    // all of its share at once.
    const next = new RequestScope(scope.requester);
    const again = await Promise.all(
      Array.from({ length: TURNS_PER_REQUESTER }, async () =>
        takeTurn(origin, next.requester, 60_000, next),
      ),
    );
    expect(again).toHaveLength(TURNS_PER_REQUESTER);
    for (const turn of [...turns, ...again]) {
      turn.release();
    }
  });
});

describe('the backstop', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('a turn whose limit has passed comes back when the next exchange asks, though no timer fired', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const origin = 'https://backstop.example';
    const requester = 'the snap';
    // Never given back, and no timer will run: as after a teardown.
    await Promise.all(
      Array.from({ length: TURNS_PER_REQUESTER }, async () =>
        takeTurn(origin, requester, 1_000),
      ),
    );
    let granted = false;
    const waiting = takeTurn(origin, requester, 500).then((turn) => {
      granted = true;
      return turn;
    });
    await Promise.resolve();
    expect(granted).toBe(false);
    // Before any limit has passed, nothing comes back.
    jest.setSystemTime(1_000_000 + 400);
    const stillWaiting = takeTurn(origin, requester, 5_000);
    await Promise.resolve();
    expect(granted).toBe(false);
    jest.setSystemTime(1_000_000 + 1_000);
    const late = takeTurn(origin, requester, 5_000);
    // The first waiting one's own limit passed: it fails, as its timer
    // would have failed it.
    await expect(waiting).rejects.toThrow(
      new ExchangeFailure('no complete answer within 0.5 s'),
    );
    // The held turns' limit (1 s) has passed too: the next in line and the
    // late one are served.
    const turns = await Promise.all([stillWaiting, late]);
    expect(turns).toHaveLength(2);
    for (const turn of turns) {
      turn.release();
    }
  });
});

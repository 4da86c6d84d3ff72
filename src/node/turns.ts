import type { RequestEnd, Requester } from '../requestScope';

/**
 * Turns among the exchanges with one origin (a node, a paymaster), shared
 * fairly between requesters: each site, the page, the background check.
 *
 * - At most EXCHANGES_PER_ORIGIN exchanges are in flight (a browser's
 *   HTTP/1.1 connections per host), and one requester holds at most
 *   TURNS_PER_REQUESTER of them, so one site's flood always leaves turns
 *   free for the others: their requests do not wait behind it.
 * - A freed turn goes to the requesters in rotation (the one served last
 *   goes to the back), each requester's own exchanges first come first
 *   served.
 * - A requester has at most WAITING_PER_REQUESTER exchanges waiting; the
 *   next is refused at once, naming the limit.
 * - A turn is given back when its exchange ends, when the request that
 *   asked for it ends (a callback of its end), and, as a backstop, once
 *   its exchange's limit has passed, measured when the next exchange asks
 *   (a torn-down request's timers never fire).
 */

/** Exchanges in flight to one origin at most. */
export const EXCHANGES_PER_ORIGIN = 6;

/** Turns of one origin one requester holds at most: half of them. */
export const TURNS_PER_REQUESTER = EXCHANGES_PER_ORIGIN / 2;

/** Exchanges of one requester that may wait for an origin's turns. */
export const WAITING_PER_REQUESTER = 16;

/**
 * Why an exchange failed, in words for the dapp (the caller names the
 * network).
 */
export class ExchangeFailure extends Error {}

/** A turn held: given back once, by whichever comes first. */
export type Turn = { release: () => void };

type Held = { requester: Requester; deadline: number };

type Waiter = {
  requester: Requester;
  deadline: number;
  limitMs: number;
  request: RequestEnd | undefined;
  grant: (turn: Turn) => void;
  fail: (error: ExchangeFailure) => void;
};

/** One origin's turns: those held, and those waited for by requester. */
class Line {
  readonly held = new Set<Held>();

  /** In the order turns go to them: the requester served last is last. */
  readonly waiting = new Map<Requester, Waiter[]>();

  /**
   * Whether a requester may take a turn now.
   *
   * @param requester - Who asks.
   * @returns Whether a turn is free for it.
   */
  isFreeFor(requester: Requester): boolean {
    if (this.held.size >= EXCHANGES_PER_ORIGIN) {
      return false;
    }
    let mine = 0;
    for (const turn of this.held) {
      if (turn.requester === requester) {
        mine += 1;
      }
    }
    return mine < TURNS_PER_REQUESTER;
  }

  /**
   * Takes a turn.
   *
   * @param requester - Who takes it.
   * @param deadline - When its exchange's limit passes.
   * @returns The turn.
   */
  take(requester: Requester, deadline: number): Turn {
    const held: Held = { requester, deadline };
    this.held.add(held);
    return { release: () => this.giveBack(held) };
  }

  /**
   * Gives a turn back (once), and the freed turns to those waiting.
   *
   * @param held - The turn.
   */
  giveBack(held: Held): void {
    if (this.held.delete(held)) {
      this.grantWaiting();
    }
  }

  /** Hands free turns to waiting requesters, in rotation. */
  grantWaiting(): void {
    for (;;) {
      const next = [...this.waiting].find(([requester]) =>
        this.isFreeFor(requester),
      );
      if (!next) {
        return;
      }
      const [requester, queue] = next;
      const waiter = queue.shift();
      this.waiting.delete(requester);
      if (queue.length > 0) {
        this.waiting.set(requester, queue);
      }
      if (waiter?.request?.ended) {
        waiter.fail(requestEnded());
      } else if (waiter) {
        waiter.grant(this.take(requester, waiter.deadline));
      }
    }
  }

  /**
   * Leaves the line (a waiter whose limit passed or whose request ended).
   *
   * @param waiter - The waiter.
   * @returns Whether it was still waiting.
   */
  leave(waiter: Waiter): boolean {
    const queue = this.waiting.get(waiter.requester);
    const place = queue?.indexOf(waiter) ?? -1;
    if (!queue || place === -1) {
      return false;
    }
    queue.splice(place, 1);
    if (queue.length === 0) {
      this.waiting.delete(waiter.requester);
    }
    return true;
  }

  /**
   * The backstop: turns and places whose limit has passed are given back
   * (their exchange's own timer, cleared by a teardown, may never fire).
   *
   * @param now - The time.
   */
  reclaimOverdue(now: number): void {
    for (const held of this.held) {
      if (held.deadline <= now) {
        this.held.delete(held);
      }
    }
    for (const queue of [...this.waiting.values()]) {
      for (const waiter of queue.filter(({ deadline }) => deadline <= now)) {
        this.leave(waiter);
        waiter.fail(tookTooLong(waiter.limitMs));
      }
    }
    this.grantWaiting();
  }

  /**
   * Whether nothing is held or waited for.
   *
   * @returns Whether the line is empty.
   */
  isEmpty(): boolean {
    return this.held.size === 0 && this.waiting.size === 0;
  }
}

const lines = new Map<string, Line>();

/**
 * The failure of an exchange that took longer than its limit.
 *
 * @param timeoutMs - The limit.
 * @returns The failure.
 */
export function tookTooLong(timeoutMs: number): ExchangeFailure {
  return new ExchangeFailure(`no complete answer within ${timeoutMs / 1000} s`);
}

/**
 * The failure of an exchange whose request ended first (nobody reads it:
 * the request has answered).
 *
 * @returns The failure.
 */
function requestEnded(): ExchangeFailure {
  return new ExchangeFailure('the request that asked has ended');
}

/**
 * Waits for a turn among an origin's exchanges, `timeoutMs` at most from
 * now; refused at once when the requester already has
 * WAITING_PER_REQUESTER exchanges waiting, and when its request has ended.
 *
 * @param origin - The origin (a URL's scheme, host and port).
 * @param requester - Who asks.
 * @param timeoutMs - The exchange's whole limit.
 * @param request - The asking request's end: when it ends, the place in
 * line, then the turn, is given back at once.
 * @returns The turn; the caller gives it back when its exchange ends.
 */
export async function takeTurn(
  origin: string,
  requester: Requester,
  timeoutMs: number,
  request?: RequestEnd,
): Promise<Turn> {
  const line = lines.get(origin) ?? new Line();
  lines.set(origin, line);
  const now = Date.now();
  line.reclaimOverdue(now);
  const deadline = now + timeoutMs;
  const forget = (): void => {
    if (line.isEmpty() && lines.get(origin) === line) {
      lines.delete(origin);
    }
  };
  const tied = (turn: Turn): Turn => {
    let forgetEnd = (): void => undefined;
    const release = (): void => {
      forgetEnd();
      turn.release();
      forget();
    };
    forgetEnd = request?.onEnd(release) ?? forgetEnd;
    return { release };
  };
  if (request?.ended) {
    forget();
    throw requestEnded();
  }
  if (line.isFreeFor(requester)) {
    return tied(line.take(requester, deadline));
  }
  const queue = line.waiting.get(requester) ?? [];
  if (queue.length >= WAITING_PER_REQUESTER) {
    throw new ExchangeFailure(
      `refused at once: ${WAITING_PER_REQUESTER} requests from the same requester already wait for their turn (at most ${WAITING_PER_REQUESTER} wait, ${TURNS_PER_REQUESTER} run)`,
    );
  }
  line.waiting.set(requester, queue);
  return new Promise<Turn>((resolve, reject) => {
    let forgetEnd = (): void => undefined;
    const limit: { timer?: ReturnType<typeof setTimeout> } = {};
    const done = (): void => {
      clearTimeout(limit.timer);
      forgetEnd();
    };
    const waiter: Waiter = {
      requester,
      deadline,
      limitMs: timeoutMs,
      request,
      grant: (turn) => {
        done();
        resolve(tied(turn));
      },
      fail: (error) => {
        done();
        forget();
        reject(error);
      },
    };
    queue.push(waiter);
    forgetEnd =
      request?.onEnd(() => {
        if (line.leave(waiter)) {
          waiter.fail(requestEnded());
        }
      }) ?? forgetEnd;
    limit.timer = setTimeout(() => {
      if (line.leave(waiter)) {
        waiter.fail(tookTooLong(timeoutMs));
      }
    }, timeoutMs);
  });
}

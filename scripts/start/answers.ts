/* eslint-disable n/no-unsupported-features/node-builtins -- Node 20's fetch */
import { StartError } from './start-error';

/** How long each part may take to answer once it has started. */
const ANSWER_LIMIT_MS = 15_000;

export type AnswerCheck = {
  /** What answers, for the message. */
  what: string;
  url: string;
  /** The request; a GET when absent. */
  init?: RequestInit;
};

/**
 * Waits until one part answers with a 2xx.
 *
 * @param check - The part and its request.
 */
async function waitForAnswer(check: AnswerCheck): Promise<void> {
  const deadline = Date.now() + ANSWER_LIMIT_MS;
  let last = 'no attempt';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(check.url, {
        ...check.init,
        signal: AbortSignal.timeout(ANSWER_LIMIT_MS),
      });
      await response.arrayBuffer();
      if (response.ok) {
        return;
      }
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new StartError(
    `${check.what} at ${check.url} did not answer within ${ANSWER_LIMIT_MS / 1000} s (${last}).`,
  );
}

/**
 * Waits until every part answers a real request, so that the banner that
 * follows is true when it appears.
 *
 * @param checks - The parts.
 */
export async function waitForAnswers(checks: AnswerCheck[]): Promise<void> {
  await Promise.all(checks.map(waitForAnswer));
}

import { createServer } from 'http';
import type { Server, ServerResponse } from 'http';

/**
 * A node that tells on everyone: it answers its chain id and spec version
 * truly (so the wallet uses it) and every other call by echoing each number
 * it was sent — in several spellings (padded digits, upper case without `0x`,
 * decimal) — into its answer: an error's message and data, a malformed
 * result, or an HTTP status text, by turns. Whatever the wallet lets
 * through of a node's words, this node fills with the accounts it saw.
 */

/**
 * The numbers (digits or decimal strings) anywhere in a value.
 *
 * @param value - A request's params.
 * @returns The numbers.
 */
function numbersIn(value: unknown): bigint[] {
  if (typeof value === 'string') {
    if (/^0x[0-9a-f]+$/iu.test(value) || /^[0-9]+$/u.test(value)) {
      return [BigInt(value)];
    }
    return [];
  }
  if (Array.isArray(value)) {
    return value.flatMap(numbersIn);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.values(value).flatMap(numbersIn);
  }
  return [];
}

/**
 * Every way the node writes a number it saw.
 *
 * @param value - The number.
 * @returns Its spellings.
 */
function spellings(value: bigint): string[] {
  const digits = value.toString(16);
  return [
    `0x${digits.padStart(64, '0')}`,
    digits.toUpperCase(),
    value.toString(10),
  ];
}

/** The error codes the node answers by turns: Starknet's and a provider's. */
const CODES = [20, 41, 55, 63, -32603, -32005, 1234];

type Call = { id?: unknown; method?: unknown; params?: unknown };

/**
 * The node's answer to one call.
 *
 * @param call - The call.
 * @param chainId - The chain it claims.
 * @param turn - A counter choosing how to echo.
 * @returns The JSON-RPC response.
 */
function answerTo(call: Call, chainId: string, turn: number): unknown {
  const envelope = { jsonrpc: '2.0', id: call.id };
  if (call.method === 'starknet_chainId') {
    return { ...envelope, result: chainId };
  }
  if (call.method === 'starknet_specVersion') {
    return { ...envelope, result: '0.10.2' };
  }
  const echoed = numbersIn(call.params).flatMap(spellings);
  const text = `Requested contract address ${echoed.join(', ')} is unavailable`;
  if (turn % 4 === 3) {
    return { ...envelope, result: { unexpected: text, list: echoed } };
  }
  return {
    ...envelope,
    error: {
      code: CODES[turn % CODES.length],
      message: text,
      data: { execution_error: text, seen: echoed },
    },
  };
}

export type EchoNode = { close(): Promise<void> };

/**
 * Starts an echo node on a loopback port.
 *
 * @param port - The port.
 * @param chainId - The chain it claims to serve.
 * @returns The node.
 */
export async function startEchoNode(
  port: number,
  chainId: string,
): Promise<EchoNode> {
  let turn = 0;
  const server: Server = createServer((request, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk) => chunks.push(Buffer.from(chunk)));
    request.on('end', () => {
      turn += 1;
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.concat(chunks).toString());
      } catch {
        response.writeHead(400).end();
        return;
      }
      const calls = [parsed]
        .flat()
        .filter(
          (call): call is Call => typeof call === 'object' && call !== null,
        );
      const checksOnly = calls.every(
        (call) =>
          call.method === 'starknet_chainId' ||
          call.method === 'starknet_specVersion',
      );
      if (!checksOnly && turn % 9 === 8) {
        // The status text is the server's own words too.
        const seen = numbersIn(calls.map((call) => call.params))
          .map((value) => `0x${value.toString(16)}`)
          .join(' ');
        response.writeHead(500, `Internal ${seen}`.slice(0, 2000)).end();
        return;
      }
      const answers = calls.map((call, index) =>
        answerTo(call, chainId, turn + index),
      );
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify(Array.isArray(parsed) ? answers : answers[0]),
      );
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(port, '127.0.0.1', resolve),
  );
  return {
    close: async (): Promise<void> => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

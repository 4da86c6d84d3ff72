import * as fc from 'fast-check';
import { performance } from 'node:perf_hooks';

import { ACCOUNT_0, DAPP_ORIGIN } from './fixtures';
import { enumHeavy } from './fuzzLarge';
import { paramNamesOf, paramsFor } from './fuzzParams';
import type { RequestParams } from './fuzzParams';
import { askDeclining } from './siteRequests';
import { installSimulatedSnap, storedState } from './snapState';
import type { SimulatedSnap } from './snapState';
import { METHOD_DOCS } from '../scripts/openrpc/method-docs';
import { methods } from '../src/methods/router';
import type { MethodName } from '../src/methods/router';

/**
 * Property: whatever params a site sends, every method of the router's table
 * answers a result or an error a dapp can act on — invalid params (-32602),
 * declined (4001), not allowed (4100), and for methods that ask the node,
 * the node failing (-32002: no node runs for this project, the test build's
 * Testnet port has nothing listening) — never an internal error (-32603) or
 * a crash; and a refused call leaves the snap's stored state byte for byte
 * as it was. Every dialog that opens is declined.
 *
 * Every request is also timed, and fails past a time linear in the size of
 * its params (`timeBoundMs`): the large inputs of fuzzLarge.ts give that
 * bound its teeth. FUZZ_TIMINGS, a file path, receives every request's
 * method, size and time as JSON, to see how near the bound they come.
 *
 * Cases per method: FUZZ_RUNS (default 100, about 30 s of requests in all), from FUZZ_SEED (default fixed,
 * so `npm test` is repeatable; set another to explore). Params that once
 * failed are replayed on their own (REGRESSIONS).
 */

// eslint-disable-next-line n/no-process-env
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
// eslint-disable-next-line n/no-process-env
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

/** Account 0 of the test phrase: an address of this wallet. */
const OWN_ADDRESS = ACCOUNT_0.address;

/**
 * Params that once answered -32603, replayed in order on one snap per
 * method. JSON text keeps `toString` members as data, as a dapp's JSON
 * would.
 */
const REGRESSIONS: Partial<Record<MethodName, RequestParams[]>> = {
  // superstruct's failure message of an object whose `toString` is data
  // threw ("Cannot convert object to primitive value").
  snapnet_addErc20Token: [JSON.parse('{"address":{"toString":null}}')],
  snapnet_recoverAccounts: [JSON.parse('{"startScanIndex":{"toString":null}}')],
  snapnet_executeTxn: [
    JSON.parse(`{"address":"${OWN_ADDRESS}","calls":{"toString":""}}`),
  ],
  snapnet_signMessage: [
    {
      signerAddress: OWN_ADDRESS,
      typedDataMessage:
        '{"types":{"Mail":[{"name":{"toString":1},"type":"felt"}]},"primaryType":"Mail","domain":{},"message":{}}',
    },
  ],
  snapnet_verifySignedMessage: [
    JSON.parse(
      `{"address":"${OWN_ADDRESS}","signature":"0x1,0x2","typedDataMessage":{"types":{"Mail":[{"name":{"toString":{}}}]},"primaryType":"Mail","domain":{},"message":{}}}`,
    ),
  ],
  // BIP-32 refused the index the struct let through.
  snapnet_estimateAccountDeployFee: [{ addressIndex: 4294967296 }],
  // The next index after 2^31 − 1 does not exist.
  snapnet_createAccount: [{ addressIndex: 2147483647 }, {}],
  // An ABI that is not JSON text reached JSON.parse unguarded.
  snapnet_declareContract: [
    {
      senderAddress: OWN_ADDRESS,
      contractPayload: {
        contract: {
          sierra_program: ['0x1', '0x2'],
          contract_class_version: '0.1.0',
          entry_points_by_type: {
            CONSTRUCTOR: [],
            EXTERNAL: [],
            L1_HANDLER: [],
          },
          abi: '',
        },
        compiledClassHash: '0x1234',
      },
    },
  ],
};

/**
 * A fixed allowance for one request, in ms: the round trip through the
 * simulator (its worker, postMessage both ways, the snap's JSON checks, a
 * dialog opened and declined, a key derived), with room for a loaded 2-core
 * machine running other suites beside this one under coverage. Requests of
 * small params take tens of ms here, the slowest (deriving keys) 300 ms.
 */
const BASE_MS = 2_000;

/**
 * Bytes of params allowed per ms on top of it: 100 (10 µs a byte). Linear
 * work — copying, parsing, checking or hashing each byte a fixed number of
 * times — stays well below it: the slowest measured, 2.3 MB of contract
 * class hashed in 6 s, came to a quarter of its bound. Work past linear does
 * not: the SVG comments a regular expression once backtracked on took tens
 * of seconds for 211 bytes, and 85 KB of enum-heavy typed data over a
 * minute in verifySignedMessage before it took signMessage's bounds.
 */
const BYTES_PER_MS = 100;

/**
 * The longest a request with these params may take.
 *
 * @param bytes - The size of its params (UTF-8 JSON).
 * @returns The bound, in ms.
 */
function timeBoundMs(bytes: number): number {
  return BASE_MS + bytes / BYTES_PER_MS;
}

/** Each request's time, as the fuzz test records it. */
type Timing = { method: string; bytes: number; ms: number };

const timings: Timing[] = [];

/**
 * Large params replayed under the time bound on every run, whatever the
 * seed draws: 85 KB of enum-heavy typed data (2,500 items of a 1,200-variant
 * enum), which verifySignedMessage once hashed, with none of signMessage's
 * bounds, for over a minute while every other site's request waited; for
 * both methods that read typed data.
 */
const LARGE: Partial<Record<MethodName, RequestParams[]>> = {
  snapnet_verifySignedMessage: [
    {
      typedDataMessage: enumHeavy(2_500, 1, 1_200),
      address: OWN_ADDRESS,
      signature: '0x1,0x2',
    },
  ],
  snapnet_signMessage: [
    {
      typedDataMessage: enumHeavy(2_500, 1, 1_200),
      signerAddress: OWN_ADDRESS,
    },
  ],
};

/** How a call ended. */
type Answer = {
  /** The error code, when it failed. */
  code?: number;
  message?: string;
  /** Whether it opened a dialog (which was declined). */
  dialog: boolean;
};

/**
 * Calls a method as a site would, declining any dialog it opens.
 *
 * @param snap - The snap.
 * @param method - The method.
 * @param params - The params.
 * @returns How it ended.
 */
async function ask(
  snap: SimulatedSnap,
  method: string,
  params: RequestParams,
): Promise<Answer> {
  const { response, dialog } = await askDeclining(snap, {
    origin: DAPP_ORIGIN,
    method,
    params,
  });
  const answer: Answer = { dialog };
  if ('error' in response) {
    const { error } = response;
    const fields =
      typeof error === 'object' && error !== null && !Array.isArray(error)
        ? error
        : {};
    answer.code = typeof fields.code === 'number' ? fields.code : NaN;
    answer.message =
      typeof fields.message === 'string' ? fields.message : 'no message';
  }
  return answer;
}

/**
 * A short text of params for failure messages.
 *
 * @param params - The params.
 * @returns At most 300 characters of their JSON.
 */
function preview(params: RequestParams): string {
  const text = JSON.stringify(params);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/**
 * Calls a method and checks the property: a result, or an allowed error
 * that left the state as it was (and 4001 when a dialog was declined).
 *
 * @param snap - The method's snap.
 * @param name - The method.
 * @param params - The params.
 */
async function expectActionableAnswer(
  snap: SimulatedSnap,
  name: MethodName,
  params: RequestParams,
): Promise<void> {
  const allowed = [
    -32602,
    4001,
    4100,
    ...(METHOD_DOCS[name].node ? [-32002] : []),
  ];
  const before = storedState(snap);
  const bytes = Buffer.byteLength(JSON.stringify(params));
  const started = performance.now();
  const answer = await ask(snap, name, params);
  const ms = performance.now() - started;
  timings.push({ method: name, bytes, ms });
  const context = `${name} ${preview(params)} → ${answer.code ?? 'a result'} ${String(answer.message ?? '')}`;
  if (ms > timeBoundMs(bytes)) {
    throw new Error(
      `Took ${Math.round(ms)} ms for ${bytes} bytes of params, past the ${Math.round(timeBoundMs(bytes))} ms bound: ${context}`,
    );
  }
  if (answer.code === undefined) {
    return;
  }
  if (!allowed.includes(answer.code)) {
    throw new Error(`Unexpected error: ${context}`);
  }
  if (answer.dialog && answer.code !== 4001) {
    throw new Error(`A declined dialog did not answer 4001: ${context}`);
  }
  if (JSON.stringify(storedState(snap)) !== JSON.stringify(before)) {
    throw new Error(`A refused call changed the state: ${context}`);
  }
}

const methodNames = Object.keys(methods).filter(
  (name): name is MethodName => name in METHOD_DOCS,
);

describe('fuzz: every method answers any params with an error a dapp can act on', () => {
  afterAll(async () => {
    // eslint-disable-next-line n/no-process-env
    if (process.env.FUZZ_TIMINGS) {
      const { writeFile } = await import('node:fs/promises');
      // eslint-disable-next-line n/no-process-env
      await writeFile(process.env.FUZZ_TIMINGS, JSON.stringify(timings));
    }
  });

  it('covers every method of the router table', () => {
    expect(methodNames).toStrictEqual(Object.keys(methods));
  });

  it.each(
    Object.entries(REGRESSIONS).filter(
      (entry): entry is [MethodName, RequestParams[]] =>
        entry[0] in METHOD_DOCS,
    ),
  )(
    '%s: params that once answered -32603 (replayed in order)',
    async (name, calls) => {
      const snap = await installSimulatedSnap();
      for (const params of calls) {
        await expectActionableAnswer(snap, name, params);
      }
    },
  );

  it.each(
    Object.entries(LARGE).filter(
      (entry): entry is [MethodName, RequestParams[]] =>
        entry[0] in METHOD_DOCS,
    ),
  )('%s: large params answered within the time bound', async (name, calls) => {
    const snap = await installSimulatedSnap();
    for (const params of calls) {
      await expectActionableAnswer(snap, name, params);
    }
  });

  it.each(methodNames)('%s', async (name) => {
    const snap = await installSimulatedSnap();
    const examples = METHOD_DOCS[name].examples.map(
      (example) => example.params,
    );
    await fc.assert(
      fc.asyncProperty(
        paramsFor(paramNamesOf(name), examples),
        async (params) => expectActionableAnswer(snap, name, params),
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });
});

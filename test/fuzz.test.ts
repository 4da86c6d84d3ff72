import type { SnapInterface } from '@metamask/snaps-jest';
import * as fc from 'fast-check';

import { ACCOUNT_0, DAPP_ORIGIN } from './fixtures';
import { paramsFor } from './fuzzParams';
import type { RequestParams } from './fuzzParams';
import { recordedResponses } from './installedWallet';
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
 * Cases per method: FUZZ_RUNS (default 100, about 15 s in all), from FUZZ_SEED (default fixed,
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

/** How a call ended. */
type Answer = {
  /** The error code, when it failed. */
  code?: number;
  message?: string;
  /** Whether it opened a dialog (which was declined). */
  dialog: boolean;
};

/**
 * Declines a dialog: cancels a confirmation or prompt, dismisses an alert.
 *
 * @param dialog - The dialog.
 */
async function decline(dialog: SnapInterface): Promise<void> {
  if ('cancel' in dialog) {
    await dialog.cancel();
  } else if ('ok' in dialog) {
    await dialog.ok();
  }
}

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
  const pending = snap.request({ origin: DAPP_ORIGIN, method, params });
  const answer: Answer = { dialog: false };
  // Resolves only if a dialog opens while this request runs (and never
  // otherwise, which is fine: requests run one at a time).
  pending
    .getInterface()
    .then(async (dialog) => {
      answer.dialog = true;
      await decline(dialog);
      return undefined;
    })
    .catch(() => undefined);
  const { response } = await pending;
  recordedResponses.push(response);
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
 * The names of a method's params, from its struct in the router's table.
 *
 * @param name - The method.
 * @returns Its top-level param names.
 */
function paramNames(name: MethodName): string[] {
  const { schema }: { schema: unknown } = methods[name].params;
  return typeof schema === 'object' && schema !== null
    ? Object.keys(schema)
    : [];
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
  const answer = await ask(snap, name, params);
  if (answer.code === undefined) {
    return;
  }
  const context = `${name} ${preview(params)} → ${answer.code} ${String(answer.message)}`;
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

  it.each(methodNames)('%s', async (name) => {
    const snap = await installSimulatedSnap();
    const examples = METHOD_DOCS[name].examples.map(
      (example) => example.params,
    );
    await fc.assert(
      fc.asyncProperty(paramsFor(paramNames(name), examples), async (params) =>
        expectActionableAnswer(snap, name, params),
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });
});

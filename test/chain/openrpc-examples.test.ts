import type { Json } from '@metamask/snaps-sdk';

import { nodeRequest, startTestNode } from './node';
import {
  EXAMPLE_DEVNET,
  EXAMPLE_FUNDING,
  METHOD_DOCS,
} from '../../scripts/openrpc/method-docs';
import type { MethodExample } from '../../scripts/openrpc/method-docs';
import { createValidator } from '../../scripts/openrpc/validation';
import { defaultState } from '../../src/state/schema';
import { TESTNET } from '../fixtures';
import { installWallet, invoke } from '../installedWallet';
import type { Wallet } from '../installedWallet';
import { startLocalNode } from '@snapnet/local-node';
import type { LocalNode } from '@snapnet/local-node';

/** The shipped document: what dapp developers read. */
type Document = {
  methods: {
    name: string;
    result: { schema: Record<string, Json> };
    examples: { name: string; params: { name: string; value: Json }[] }[];
  }[];
};
// The examples become test cases, so the document is read as the file loads.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const document: Document = require('../../openrpc.json');

const validator = createValidator();

/**
 * The example's entry in the method docs (for `resultVaries`).
 *
 * @param method - The method.
 * @param name - The example's name.
 * @returns The example.
 */
function docOf(method: string, name: string): MethodExample {
  const doc = Object.entries(METHOD_DOCS).find(([key]) => key === method)?.[1];
  const example = doc?.examples.find((each) => each.name === name);
  if (!example) {
    throw new Error(`${method} has no documented example "${name}"`);
  }
  return example;
}

/**
 * Sends a request and approves every MetaMask dialog it opens, as a user
 * who accepts everything would.
 *
 * @param pending - The request.
 * @returns Its response.
 */
async function approvingDialogs(
  pending: ReturnType<typeof invoke>,
): Promise<Awaited<ReturnType<typeof invoke>>['response']> {
  const answered = pending.then(({ response }) => response);
  for (;;) {
    const shown = pending.getInterface();
    shown.catch(() => undefined);
    const next = await Promise.race([answered.then(() => undefined), shown]);
    if (!next) {
      return answered;
    }
    if (next.type === 'confirmation' || next.type === 'alert') {
      await next.ok();
    } else {
      throw new Error(`Unexpected ${String(next.type)} dialog`);
    }
  }
}

describe('the OpenRPC examples, run through the snap against a local node', () => {
  let node: LocalNode;
  let devnet: LocalNode;
  let wallet: Wallet;

  beforeAll(async () => {
    node = await startTestNode();
    // The addNetwork example's node: another chain, on a free port.
    devnet = await startLocalNode({ host: '127.0.0.1', chainId: 'SN_DEVNET' });
    const minted = await nodeRequest(node, 'devnet_mint', {
      address: EXAMPLE_FUNDING.address,
      amount: EXAMPLE_FUNDING.amountFri,
      unit: 'FRI',
    });
    expect(minted).toMatchObject({
      tx_hash: EXAMPLE_FUNDING.transactionHash,
    });
    // A wallet that does not track ETH on Testnet yet (the token example).
    const state = defaultState();
    state.tokens = state.tokens.filter(
      (token) => token.symbol !== 'ETH' || token.chainId !== TESTNET,
    );
    wallet = await installWallet({ state: JSON.parse(JSON.stringify(state)) });
  });

  afterAll(async () => {
    await node.stop();
    await devnet.stop();
  });

  const runs = document.methods.flatMap((method) =>
    method.examples.map((example) => ({ method, example })),
  );

  it.each(runs)('$method.name: $example.name', async ({ method, example }) => {
    const params = Object.fromEntries(
      example.params.map((param) => [
        param.name,
        param.value === EXAMPLE_DEVNET.rpcUrl ? devnet.url : param.value,
      ]),
    );
    const response = await approvingDialogs(
      invoke(wallet, method.name, params),
    );
    if ('error' in response) {
      throw new Error(
        `${method.name} failed: ${JSON.stringify(response.error)}`,
      );
    }
    const result: Json = JSON.parse(JSON.stringify(response.result));
    const validate = validator.compileSchema(method.result.schema);
    expect(validate(result) || validator.errorsText(validate)).toBe(true);
    const documented = docOf(method.name, example.name);
    if (documented.resultVaries === undefined) {
      expect(result).toStrictEqual(documented.result);
    }
  });
});

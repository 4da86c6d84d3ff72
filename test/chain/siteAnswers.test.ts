import type { Json } from '@metamask/snaps-sdk';
import * as fc from 'fast-check';

import { startEchoNode } from './echo-node';
import type { EchoNode } from './echo-node';
import { METHOD_DOCS } from '../../scripts/openrpc/method-docs';
import { methods } from '../../src/methods/router';
import type { MethodName } from '../../src/methods/router';
import { DAPP_ORIGIN, MAINNET, STRK, TESTNET } from '../fixtures';
import { paramNamesOf, paramsFor } from '../fuzzParams';
import type { RequestParams } from '../fuzzParams';
import {
  confirmationOf,
  installWallet,
  invoke,
  plainResultOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';
import { TEST_MAINNET_PORT, TEST_NODE_PORT } from '../ports';
import { askDeclining } from '../siteRequests';

/**
 * Property (issue: nothing a site was not given, in any answer): with the
 * wallet's accounts 0 and 1 shared with site A only, site B calls every
 * method with generated params — its own indices, chain ids, tokens, and
 * the fuzz tier's hostile and broken params — against nodes that echo every
 * number they are sent into their answers (errors, data, malformed results,
 * HTTP status texts). No answer to B contains A's addresses or public keys
 * in any spelling (hex padded or not, any case, decimal), unless B itself
 * wrote that value in its params (echoing a site's own input tells it
 * nothing, and keeps a wallet's address and a stranger's answered alike).
 */

const SITE_B = 'https://other-site.example';

// eslint-disable-next-line n/no-process-env
const RUNS = Number(process.env.LEAK_RUNS ?? 20);
// eslint-disable-next-line n/no-process-env
const SEED = Number(process.env.LEAK_SEED ?? 20261125);

/** A's accounts as numbers: addresses and public keys. */
const secrets: bigint[] = [];

let wallet: Wallet;
const nodes: EchoNode[] = [];

beforeAll(async () => {
  nodes.push(
    await startEchoNode(TEST_NODE_PORT, TESTNET),
    await startEchoNode(TEST_MAINNET_PORT, MAINNET),
  );
  wallet = await installWallet();
  for (const addressIndex of [0, 1]) {
    const pending = invoke(wallet, 'snapnet_createAccount', { addressIndex });
    await (await confirmationOf(pending)).ok();
    const { address } = await plainResultOf(pending);
    const publicKey = await plainResultOf(
      invoke(wallet, 'snapnet_extractPublicKey', { userAddress: address }),
    );
    secrets.push(BigInt(address), BigInt(publicKey));
  }
});

afterAll(async () => {
  await Promise.all(nodes.map(async (node) => node.close()));
});

/**
 * How a value may be written, lower case: hex digits without leading zeros
 * (a padded or `0x` spelling contains them) and decimal.
 *
 * @param value - The value.
 * @returns Its spellings.
 */
function spellingsOf(value: bigint): string[] {
  return [value.toString(16), value.toString(10)];
}

/**
 * Params a site that knows the wallet's indices would send: each of the
 * method's params drawn from A's indices, both networks, a token, flags.
 *
 * @param name - The method.
 * @returns The arbitrary.
 */
function probingParams(name: MethodName): fc.Arbitrary<RequestParams> {
  const value = fc.constantFrom<Json>(
    0,
    1,
    2,
    true,
    false,
    TESTNET,
    MAINNET,
    STRK,
    '0x1',
  );
  const names = paramNamesOf(name);
  if (names.length === 0) {
    return fc.constant({});
  }
  return fc.dictionary(fc.constantFrom(...names), value, {
    maxKeys: names.length,
  });
}

/**
 * The probes that once leaked, tried first on every method (as far as its
 * params allow): A's indices on both networks, deploying included.
 *
 * @param name - The method.
 * @returns The examples, as fast-check takes them.
 */
function probesOf(name: MethodName): [RequestParams][] {
  const names = paramNamesOf(name);
  return [
    { addressIndex: 0 },
    { addressIndex: 1, chainId: MAINNET },
    { addressIndex: 0, deploy: true },
    { addressIndex: 1, deploy: true, chainId: MAINNET },
    { startScanIndex: 0, maxScanned: 2 },
  ]
    .map((probe) =>
      Object.fromEntries(
        Object.entries(probe).filter(([key]) => names.includes(key)),
      ),
    )
    .map((probe): [RequestParams] => [probe]);
}

const methodNames = Object.keys(methods).filter(
  (name): name is MethodName => name in METHOD_DOCS,
);

describe('nothing a site was not given, in any answer (echoing nodes)', () => {
  it('site A was given its accounts; the echo nodes saw them', () => {
    expect(secrets).toHaveLength(4);
  });

  it.each(methodNames)('%s from site B', async (name) => {
    const examples = METHOD_DOCS[name].examples.map(
      (example) => example.params,
    );
    const params = fc.oneof(
      probingParams(name),
      paramsFor(paramNamesOf(name), examples),
    );
    await fc.assert(
      fc.asyncProperty(params, async (sent) => {
        const { response } = await askDeclining(wallet, {
          origin: SITE_B,
          method: name,
          params: sent,
        });
        const named = JSON.stringify(sent).toLowerCase();
        const answer = JSON.stringify(response).toLowerCase();
        const leaked = secrets
          .filter(
            (secret) =>
              !spellingsOf(secret).some((spelling) => named.includes(spelling)),
          )
          .filter((secret) =>
            spellingsOf(secret).some((spelling) => answer.includes(spelling)),
          );
        if (leaked.length > 0) {
          throw new Error(
            `${name} ${JSON.stringify(sent)} answered B ${JSON.stringify(response)}`,
          );
        }
      }),
      { numRuns: RUNS, seed: SEED, examples: probesOf(name) },
    );
  });
});

// The answers A gets still name its own accounts (the rule hides only what a
// site was not given).
describe('site A', () => {
  it('still reads its own account in an answer', async () => {
    const { response } = await askDeclining(wallet, {
      origin: DAPP_ORIGIN,
      method: 'snapnet_extractPublicKey',
      params: { userAddress: `0x${secrets[0]?.toString(16) ?? ''}` },
    });
    expect(JSON.stringify(response)).toContain(
      secrets[1]?.toString(16) ?? 'missing',
    );
  });
});

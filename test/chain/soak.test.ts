import { RpcProvider, typedData as snip12 } from 'starknet';
import { assert } from 'superstruct';

import { receiptOf } from './actions';
import { BACKEND } from './backend';
import {
  freshStateWithoutEth,
  mintStrk,
  ONE_STRK,
  useFundedNode,
} from './node';
import { WalletStateStruct } from '../../src/state/schema';
import { ETH, MAINNET, STRK, TESTNET, typedDataRevision1 } from '../fixtures';
import { recordedResponses } from '../installedWallet';
import { signedBy } from '../signatures';
import { installSimulatedSnap, storedState } from '../snapState';
import type { SimulatedSnap } from '../snapState';
import { testPhraseKeys } from '../testKeys';

/**
 * Under load, nothing lost: five sites send 200 mixed requests at once —
 * sign, send, add a token, switch network, revoke — against the local
 * node, each dialog approved. Every answer is right for its site (a
 * signature by its own account, a transaction from its own account), the
 * nonces of each account's transactions are distinct, every transaction the
 * wallet sent is recorded exactly once, and the stored state reads back
 * valid. Bounded: 200 requests, each of which the test awaits.
 */

const SITES = [1, 2, 3, 4, 5].map((site) => `https://site${site}.example`);

/** One round of a site's requests: every kind, signing between them. */
const ROUND: Kind[] = [
  'send',
  'sign',
  'token',
  'sign',
  'switch',
  'sign',
  'revoke',
  'sign',
];

/** What each site asks: five rounds, 40 requests. */
const PLAN: Kind[] = Array.from(
  { length: 40 },
  (_, turn) => ROUND[turn % ROUND.length] ?? 'sign',
);

type Kind = 'send' | 'sign' | 'token' | 'switch' | 'revoke';

/**
 * The message a site signs at a turn (each one different).
 *
 * @param turn - The turn.
 * @returns The typed data.
 */
function messageOf(turn: number): typeof typedDataRevision1 {
  return {
    ...typedDataRevision1,
    message: { ...typedDataRevision1.message, contents: `0x${turn + 1}` },
  };
}

/** Where the sends go (an address no one holds). */
const SINK = '0x0123456789abcdef';

const testNode = useFundedNode(SINK, 1n);

/** A site's two accounts: it sends from the first and revokes the second. */
type SiteAccounts = { sender: string; privateKey: string; revoked: string };

let snap: SimulatedSnap;
const accounts = new Map<string, SiteAccounts>();

/** Whether the approver (below) runs. */
let approving = false;

/**
 * Approves every dialog that opens, for as long as the file runs. The
 * simulator shows one dialog at a time and resolves every open one with the
 * user's answer, so dialogs are approved by one loop, not per request.
 *
 * @param source - Any request of the snap (its getInterface reads the
 * dialog on screen, whoever opened it).
 */
function approveEveryDialog(
  source: ReturnType<SimulatedSnap['request']>,
): void {
  if (approving) {
    return;
  }
  approving = true;
  const loop = async (): Promise<void> => {
    for (;;) {
      const ui = await source.getInterface();
      if ('ok' in ui) {
        await ui.ok();
      }
    }
  };
  loop().catch(() => undefined);
}

/**
 * Sends a request as a site, every dialog approved.
 *
 * @param origin - The site.
 * @param method - The method.
 * @param params - Its params.
 * @returns The result (or the error, for the caller to judge).
 */
async function approved(
  origin: string,
  method: string,
  params: Record<string, unknown>,
): Promise<{ result?: unknown; error?: unknown }> {
  const pending = snap.request({
    origin,
    method,
    params: JSON.parse(JSON.stringify(params)),
  });
  approveEveryDialog(pending);
  const { response } = await pending;
  recordedResponses.push(response);
  return JSON.parse(JSON.stringify(response));
}

/**
 * The result of a request that must succeed.
 *
 * @param origin - The site.
 * @param method - The method.
 * @param params - Its params.
 * @returns The result.
 */
async function resultFrom(
  origin: string,
  method: string,
  params: Record<string, unknown>,
): Promise<any> {
  const response = await approved(origin, method, params);
  if (!('result' in response)) {
    throw new Error(
      `${origin} ${method} failed: ${JSON.stringify(response.error)}`,
    );
  }
  return response.result;
}

beforeAll(async () => {
  snap = await installSimulatedSnap(
    JSON.parse(JSON.stringify(freshStateWithoutEth())),
  );
  const keys = await testPhraseKeys(2 * SITES.length);
  for (const [site, origin] of SITES.entries()) {
    const sender = await resultFrom(origin, 'snapnet_createAccount', {
      addressIndex: 2 * site,
    });
    const revoked = await resultFrom(origin, 'snapnet_createAccount', {
      addressIndex: 2 * site + 1,
    });
    await mintStrk(testNode(), sender.address, 50n * ONE_STRK);
    const deployed = await resultFrom(origin, 'snapnet_createAccount', {
      addressIndex: 2 * site,
      deploy: true,
    });
    await receiptOf(testNode(), deployed.transaction_hash);
    accounts.set(origin, {
      sender: sender.address,
      revoked: revoked.address,
      privateKey: keys[2 * site]?.stark ?? '',
    });
  }
}, 300_000);

/** What one request answered, with what it was. */
type Outcome = { origin: string; kind: Kind; turn: number; result: unknown };

/**
 * One request of the plan.
 *
 * @param origin - The site.
 * @param kind - What it asks.
 * @param turn - Its place in the site's plan.
 * @returns Its outcome.
 */
async function ask(origin: string, kind: Kind, turn: number): Promise<Outcome> {
  const own = accounts.get(origin);
  if (!own) {
    throw new Error(`no accounts for ${origin}`);
  }
  const request: Record<Kind, [string, Record<string, unknown>]> = {
    send: [
      'snapnet_executeTxn',
      {
        address: own.sender,
        calls: [
          {
            contractAddress: STRK,
            entrypoint: 'transfer',
            calldata: [SINK, String(turn + 1), '0'],
          },
        ],
      },
    ],
    sign: [
      'snapnet_signMessage',
      {
        signerAddress: own.sender,
        typedDataMessage: messageOf(turn),
      },
    ],
    token: [
      'snapnet_addErc20Token',
      {
        tokenAddress: ETH,
        tokenName: 'Ether',
        tokenSymbol: 'ETH',
        tokenDecimals: 18,
        chainId: TESTNET,
      },
    ],
    switch: [
      'snapnet_switchNetwork',
      { chainId: turn % 2 === 0 ? MAINNET : TESTNET },
    ],
    revoke: ['snapnet_revokeAccess', { addresses: [own.revoked] }],
  };
  const [method, params] = request[kind];
  // A token another request added first is refused as already there: the
  // answer is kept for the test to judge.
  return {
    origin,
    kind,
    turn,
    result:
      kind === 'token'
        ? await approved(origin, method, params)
        : await resultFrom(origin, method, params),
  };
}

// On starknet-devnet too: the snap keeps at most EXCHANGES_PER_ORIGIN
// exchanges in flight to a node (src/node/exchange.ts), so a burst never
// opens hundreds of connections to it (devnet 0.10.1's HTTP server
// answered 200 requests' connections "fetch failed"). Devnet answers one
// request at a time, slowly on this 2-core machine (an exchange waited
// more than the test build's 10 s behind the others): there the sites
// keep 5 requests outstanding, not 200.
const AT_ONCE = BACKEND === 'devnet' ? 5 : 200;

describe(`five sites, 200 requests, ${AT_ONCE} at once`, () => {
  let outcomes: Outcome[];

  beforeAll(async () => {
    const asks = SITES.flatMap((origin) =>
      PLAN.map(
        (kind, turn) => async (): Promise<Outcome> => ask(origin, kind, turn),
      ),
    );
    outcomes = [];
    // At most AT_ONCE requests outstanding, each next one sent as one ends.
    const next = async (): Promise<void> => {
      for (let task = asks.shift(); task; task = asks.shift()) {
        outcomes.push(await task());
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, next));
  }, 600_000);

  it('answers every request', () => {
    expect(outcomes).toHaveLength(200);
  });

  it("signs each message with the site's own account", () => {
    const signed = outcomes.filter(({ kind }) => kind === 'sign');
    expect(signed).toHaveLength(
      SITES.length * PLAN.filter((kind) => kind === 'sign').length,
    );
    for (const { origin, turn, result } of signed) {
      const own = accounts.get(origin);
      const hash = snip12.getMessageHash(messageOf(turn), own?.sender ?? '');
      expect(
        signedBy(own?.privateKey ?? '0x1', String(result).split(','), hash),
      ).toBe(true);
    }
  });

  it("sends each transaction from the site's own account, nonces distinct, every record kept once", async () => {
    const provider = new RpcProvider({ nodeUrl: testNode().url });
    for (const origin of SITES) {
      const own = accounts.get(origin);
      const hashes = outcomes
        .filter(
          (outcome) => outcome.origin === origin && outcome.kind === 'send',
        )
        .map(
          ({ result }) =>
            (result as { transaction_hash: string }).transaction_hash,
        );
      expect(hashes).toHaveLength(
        PLAN.filter((kind) => kind === 'send').length,
      );
      const nonces: bigint[] = [];
      for (const hash of hashes) {
        expect((await receiptOf(testNode(), hash)).execution_status).toBe(
          'SUCCEEDED',
        );
        const sent = await provider.getTransactionByHash(hash);
        expect(BigInt(String(Reflect.get(sent, 'sender_address')))).toBe(
          BigInt(own?.sender ?? 0),
        );
        nonces.push(BigInt(String(Reflect.get(sent, 'nonce'))));
      }
      expect(new Set(nonces).size).toBe(hashes.length);
      const records = await resultFrom(origin, 'snapnet_getTransactions', {
        senderAddress: own?.sender,
        onlyFromState: true,
        pageSize: 50,
      });
      const recorded = (records as { txnHash: string }[]).map((record) =>
        BigInt(record.txnHash),
      );
      for (const hash of hashes) {
        expect(recorded.filter((value) => value === BigInt(hash))).toHaveLength(
          1,
        );
      }
    }
  });

  it('adds the token, switches and revokes as each site asked', async () => {
    // Each token request adds it, or is refused naming the field once
    // another had added it (which comes first depends on how many are at
    // once).
    const tokens = outcomes
      .filter(({ kind }) => kind === 'token')
      .map(({ result }) => result as { result?: unknown; error?: unknown });
    const added = tokens.filter(({ result }) => result !== undefined);
    expect(added.length).toBeGreaterThan(0);
    for (const { result } of added) {
      expect(result).toMatchObject({ address: ETH, symbol: 'ETH' });
    }
    for (const { error } of tokens.filter(({ result }) => !result)) {
      expect(error).toMatchObject({
        code: -32602,
        message: expect.stringContaining('is already in the wallet'),
      });
    }
    for (const { origin, kind, result } of outcomes) {
      if (kind === 'switch') {
        expect(result).toBe(true);
      }
      if (kind === 'revoke') {
        // What the site still sees: its sender, never the revoked one.
        expect(result).toStrictEqual([accounts.get(origin)?.sender]);
      }
    }
    const { encrypted } = storedState(snap);
    const state = JSON.parse(encrypted ?? 'null');
    expect(() => assert(state, WalletStateStruct)).not.toThrow();
    for (const origin of SITES) {
      const own = accounts.get(origin);
      expect(
        state.permissions.find(
          (permission: { origin: string }) => permission.origin === origin,
        )?.accounts,
      ).toStrictEqual([own?.sender]);
    }
    expect(
      state.tokens.filter(
        (token: { address: string; chainId: string }) =>
          BigInt(token.address) === BigInt(ETH) && token.chainId === TESTNET,
      ),
    ).toHaveLength(1);
  });
});

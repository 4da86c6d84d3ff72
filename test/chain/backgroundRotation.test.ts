import { startHostileNode } from './hostile-node';
import type { HostileNode } from './hostile-node';
import { MAX_BALANCES_PER_RUN } from '../../src/background/refresh';
import { ETH, STRK, TESTNET } from '../fixtures';
import {
  installWallet,
  invoke,
  plainResultOf,
  stateSharing,
} from '../installedWallet';
import { TEST_NODE_PORT } from '../ports';
import { startLocalNode } from '@snapnet/local-node';
import type { LocalNode } from '@snapnet/local-node';

/**
 * The background check reads at most MAX_BALANCES_PER_RUN balances a run:
 * with more (account, token) pairs than that, each run goes on where the
 * last one stopped (a cursor kept in state), so an arrival at any account
 * is read within a bounded number of runs.
 */

const ACCOUNTS = 25;
const address = (index: number): string =>
  `0x${(0xacc000 + index).toString(16).padStart(64, '0')}`;

let real: LocalNode;
let front: HostileNode;

beforeAll(async () => {
  real = await startLocalNode({ host: '127.0.0.1', seed: 42 });
  front = await startHostileNode({ target: real.url, port: TEST_NODE_PORT });
});

afterAll(async () => {
  await front.close();
  await real.stop();
});

/**
 * The (account, token) pairs whose balances the node was asked about since
 * it last forgot.
 *
 * @returns The pairs, as `<token>:<account>`.
 */
function pairsAsked(): string[] {
  return front
    .seen()
    .filter(({ method }) => method === 'starknet_call')
    .map(({ params }) => {
      const { request } = params as {
        request: { contract_address: string; calldata: string[] };
      };
      return `${BigInt(request.contract_address)}:${BigInt(request.calldata[0] ?? '0x0')}`;
    });
}

describe('the background check with more balances than a run reads', () => {
  it('reads every (account, token) pair within two runs, at most 40 a run', async () => {
    const wallet = await installWallet({
      state: {
        ...stateSharing([]),
        accounts: Array.from({ length: ACCOUNTS }, (_, index) => ({
          address: address(index),
          addressIndex: index,
          publicKey: '0x1',
          addressSalt: '0x1',
          deployTxnHash: '',
          derivationPath: `m/44'/9004'/0'/0/${index}`,
          chainId: TESTNET,
          kind: 'argent-cairo1',
        })),
      },
    });
    const every = Array.from({ length: ACCOUNTS }, (_, index) =>
      [STRK, ETH].map((token) => `${BigInt(token)}:${BigInt(address(index))}`),
    ).flat();
    front.forget();
    await wallet.onCronjob({ method: 'refreshTransactions' });
    const first = pairsAsked();
    expect(first).toHaveLength(MAX_BALANCES_PER_RUN);
    front.forget();
    await wallet.onCronjob({ method: 'refreshTransactions' });
    const second = pairsAsked();
    expect(second).toHaveLength(MAX_BALANCES_PER_RUN);
    // The second run starts where the first stopped.
    expect(second.slice(0, every.length - MAX_BALANCES_PER_RUN)).toStrictEqual(
      every.slice(MAX_BALANCES_PER_RUN),
    );
    expect(new Set([...first, ...second])).toStrictEqual(new Set(every));
    // The cursor is the state's: the wallet reads it as valid state.
    expect(
      await plainResultOf(invoke(wallet, 'snapnet_getCurrentNetwork')),
    ).toMatchObject({ chainId: TESTNET });
  });
});

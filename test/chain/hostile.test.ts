import { addSiteNetwork, startHostileNode } from './hostile-node';
import type { HostileNode } from './hostile-node';
import {
  mintStrk,
  ONE_STRK,
  SN_DEVNET,
  STRK,
  useRuntimeNetworkNode,
} from './node';
import { ACCOUNT_0, errorOf, installSharedWallet, invoke } from '../helpers';

// A site that brings its own node, and the node lies: every answer the
// wallet signs or shows from must be checked, never just repeated.

const devnet = useRuntimeNetworkNode();
let hostile: HostileNode;

beforeAll(async () => {
  hostile = await startHostileNode({ target: devnet().url });
  await mintStrk(devnet(), ACCOUNT_0.address, 100n * ONE_STRK);
});

afterAll(async () => {
  await hostile.close();
});

afterEach(() => {
  hostile.clearScripts();
  hostile.forget();
});

const transfer = {
  contractAddress: STRK,
  entrypoint: 'transfer',
  calldata: ['0xabcdef', '1000', '0'],
};

describe('a node whose fee estimate is past its protocol types', () => {
  it('is a node error (-32002) before any dialog: an amount past u64 would spill into its price when signed', async () => {
    const wallet = await installSharedWallet();
    await addSiteNetwork(wallet, hostile.url, SN_DEVNET);
    hostile.script('starknet_simulateTransactions', (_call, honest) => {
      const traces = honest.result as { fee_estimation: object }[];
      return {
        result: traces.map((trace) => ({
          ...trace,
          fee_estimation: {
            ...trace.fee_estimation,
            l2_gas_consumed: `0x${(2n ** 64n).toString(16)}`,
          },
        })),
      };
    });
    const error = await errorOf(
      invoke(wallet, 'snapnet_executeTxn', {
        address: ACCOUNT_0.address,
        calls: [transfer],
        chainId: SN_DEVNET,
      }),
    );
    expect(error.code).toBe(-32002);
    expect(error.message).toContain('l2_gas_consumed');
    expect(hostile.seen().map(({ method }) => method)).not.toContain(
      'starknet_addInvokeTransaction',
    );
  });
});
